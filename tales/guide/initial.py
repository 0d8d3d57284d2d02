"""The initial rounds of the three- and four-player games.

Each player, from the first clockwise, takes one tourist die; all roll them
and set them aside; the first player rolls the bonus die and a remaining
tourist die, the fate die (the ``initial-fate-die`` ruling). Each player then
chooses, on their own, 2 of the set-aside dice: their round dice. With four
players the other 2 are their dice for the second round, for which the bonus
and fate dice are rolled again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tales.guide.components import Components
from tales.guide.draft import (
    DiceRolled,
    DieTaken,
    FateDie,
    Rolled,
    RoundDice,
    roll_bonus_die,
    roll_tourist_die,
)
from tales.guide.kinds import Decision, Kind, Proc
from tales.guide.options import DiePick
from tales.guide.terms import BonusFace
from tales.records import record
from tales.rules.decisions import EventSink
from tales.rules.events import Event


@record
class DiceRerolled(Event):
    """Four players, round 2: the bonus die and the fate die rolled again."""

    bonus: BonusFace
    fate: Rolled


@record
class Opening:
    first_round: tuple[RoundDice, ...]  # per player, in seat order
    second_pairs: tuple[tuple[Rolled, Rolled], ...]  # four players: per player
    fate_die: int


def initial_dice(
    components: Components, names: Sequence[str], first: int, rng: random.Random, sink: EventSink
) -> Proc[Opening]:
    n = len(names)
    order = [(first + k) % n for k in range(n)]
    left = [1, 2, 3, 4, 5]
    chosen: dict[int, int] = {}
    for i in order:
        pick = yield Decision(
            names[i],
            Kind.TAKE_DIE,
            "Initial round: take a tourist die",
            tuple(DiePick(d) for d in left),
        )
        assert isinstance(pick, DiePick)
        left.remove(pick.die)
        chosen[i] = pick.die
    aside = [roll_tourist_die(components, chosen[i], rng) for i in order]
    bonus = roll_bonus_die(components, rng)
    fate = roll_tourist_die(components, rng.choice(left), rng)
    sink.emit(DiceRolled(names[first], tuple(aside), bonus))
    sink.emit(FateDie(fate))
    rounds, seconds = [], []
    for i in range(n):
        mine = list(aside)
        taken: list[Rolled] = []
        for slot in (1, 2):
            pick = yield Decision(
                names[i],
                Kind.TAKE_DIE,
                f"Take a set-aside die for slot {slot}",
                tuple(DiePick(d.die) for d in mine),
            )
            assert isinstance(pick, DiePick)
            die = next(d for d in mine if d.die == pick.die)
            mine.remove(die)
            taken.append(die)
            sink.emit(DieTaken(names[i], die, slot))
        rounds.append(RoundDice((taken[0], taken[1]), fate, bonus))
        if n == 4:
            seconds.append((mine[0], mine[1]))
    return Opening(tuple(rounds), tuple(seconds), fate.die)


def second_round(
    components: Components, opening: Opening, rng: random.Random, sink: EventSink
) -> list[RoundDice]:
    """Four players, round 2: the bonus and fate dice are rolled again."""
    bonus = roll_bonus_die(components, rng)
    fate = roll_tourist_die(components, opening.fate_die, rng)
    sink.emit(DiceRerolled(bonus, fate))
    return [RoundDice(pair, fate, bonus) for pair in opening.second_pairs]
