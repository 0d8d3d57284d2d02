"""Phase 1: choosing the round dice, as the rulebook writes it for 2, 3 and 4 players.

The first player rolls all six dice, takes one tourist die for the first
round slot; the player to their left, then the one to their right, each make
one die unavailable (in a two-player game the second player makes both); the
first player takes one of the last two for the second slot, and the last die
is the fate die. Players are named in clockwise order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tales.guide.components import Components, TouristFace
from tales.guide.kinds import Decision, Kind, Proc
from tales.guide.options import DiePick
from tales.guide.terms import BonusFace
from tales.records import record
from tales.rules.decisions import EventSink
from tales.rules.events import Event


@record
class Rolled:
    die: int  # 1 to 5, the die's place in the box
    face: TouristFace

    @property
    def label(self) -> str:
        return f"die {self.die} showing {self.face.number} ({'+'.join(self.face.tourists)})"


@record
class RoundDice:
    round_dice: tuple[Rolled, Rolled]
    fate: Rolled
    bonus: BonusFace

    @property
    def numbers(self) -> tuple[int, int]:
        return (self.round_dice[0].face.number, self.round_dice[1].face.number)


@record
class DiceRolled(Event):
    player: str
    dice: tuple[Rolled, ...]
    bonus: BonusFace
    # Solo: the dice in the unavailable zone. The available ones then lie as
    # they were left, not rolled ("Do not reroll them!"): only the bonus die is.
    unavailable: tuple[Rolled, ...] = ()


@record
class DieTaken(Event):
    player: str
    die: Rolled
    slot: int  # 1 or 2: the lower slots of the dice selection card


@record
class DieRemoved(Event):
    player: str
    die: Rolled


@record
class FateDie(Event):
    die: Rolled


def roll_tourist_die(components: Components, die: int, rng: random.Random) -> Rolled:
    """A tourist die shows each number once, so the number rolled names the face."""
    number = rng.randint(1, 6)
    face = next(f for f in components.tourist_dice[die - 1].faces if f.number == number)
    return Rolled(die, face)


def roll_bonus_die(components: Components, rng: random.Random) -> BonusFace:
    return components.bonus_die[rng.randint(1, 6) - 1]


def removers(players: Sequence[str], first: int) -> tuple[str, str]:
    """Who makes the two dice unavailable: left then right of the first player."""
    n = len(players)
    if n == 2:
        second = players[(first + 1) % 2]
        return second, second
    if n not in (3, 4):
        raise ValueError(f"the dice draft is for 2 to 4 players, not {n}")
    return players[(first + 1) % n], players[(first - 1) % n]


def _pick(actor: str, kind: Kind, prompt: str, dice: Sequence[Rolled]) -> Decision:
    return Decision(actor, kind, prompt, tuple(DiePick(d.die) for d in dice))


def choose_round_dice(
    players: Sequence[str],
    first: int,
    components: Components,
    rng: random.Random,
    sink: EventSink,
) -> Proc[RoundDice]:
    """Phase 1 of a normal round."""
    first_player = players[first]
    available = [roll_tourist_die(components, d, rng) for d in range(1, 6)]
    bonus = roll_bonus_die(components, rng)
    sink.emit(DiceRolled(first_player, tuple(available), bonus))
    taken: list[Rolled] = []
    prompt = "Take a die for the first round slot"
    choice = yield _pick(first_player, Kind.TAKE_DIE, prompt, available)
    taken.append(_take(available, choice))
    sink.emit(DieTaken(first_player, taken[0], 1))
    for remover in removers(players, first):
        prompt = "Make one of the available dice unavailable"
        choice = yield _pick(remover, Kind.REMOVE_DIE, prompt, available)
        sink.emit(DieRemoved(remover, _take(available, choice)))
    prompt = "Take a die for the second round slot; the other becomes the fate die"
    choice = yield _pick(first_player, Kind.TAKE_DIE, prompt, available)
    taken.append(_take(available, choice))
    sink.emit(DieTaken(first_player, taken[1], 2))
    fate = available.pop()
    sink.emit(FateDie(fate))
    return RoundDice((taken[0], taken[1]), fate, bonus)


def _take(available: list[Rolled], choice: object) -> Rolled:
    assert isinstance(choice, DiePick)  # the engine sends only offered options
    die = next(d for d in available if d.die == choice.die)
    available.remove(die)
    return die


@record
class SoloDice:
    """The solo game's dice between rounds: three available, two unavailable."""

    available: tuple[Rolled, ...]
    unavailable: tuple[Rolled, ...]


def solo_setup(components: Components, rng: random.Random) -> SoloDice:
    """Setup 3: roll 3 random tourist dice as available, the other 2 as unavailable."""
    order = [1, 2, 3, 4, 5]
    rng.shuffle(order)
    dice = [roll_tourist_die(components, d, rng) for d in order]
    return SoloDice(tuple(dice[:3]), tuple(dice[3:]))


def choose_solo_dice(
    player: str, state: SoloDice, components: Components, rng: random.Random, sink: EventSink
) -> Proc[RoundDice]:
    """Solo phase 1: roll the bonus die, take 2 of the 3 available dice; the last is fate."""
    bonus = roll_bonus_die(components, rng)
    available = list(state.available)
    sink.emit(DiceRolled(player, tuple(available), bonus, state.unavailable))
    taken: list[Rolled] = []
    for slot in (1, 2):
        prompt = f"Take an available die for round slot {slot}"
        choice = yield _pick(player, Kind.TAKE_DIE, prompt, available)
        taken.append(_take(available, choice))
        sink.emit(DieTaken(player, taken[-1], slot))
    sink.emit(FateDie(available[0]))
    return RoundDice((taken[0], taken[1]), available[0], bonus)


def solo_round_end(
    state: SoloDice, dice: RoundDice, components: Components, rng: random.Random
) -> SoloDice:
    """Solo phase 5: the unavailable dice come back as they lie; the round dice are
    rerolled into the unavailable zone; the fate die is rerolled and made available."""
    rerolled = tuple(roll_tourist_die(components, d.die, rng) for d in dice.round_dice)
    fate = roll_tourist_die(components, dice.fate.die, rng)
    return SoloDice((*state.unavailable, fate), rerolled)
