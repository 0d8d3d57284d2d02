"""A whole game: setup, ten rounds of five phases, and the end of the game.

:func:`play` is one decision procedure for 1 to 4 players (1 is the solo
game, with its own dice rules; 3 and 4 start with the initial rounds). Every
roll comes from the ``rng`` given, so the same seed and the same inputs
replay the same game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from tales.guide.board import BoardUpdated, PlayerBoard
from tales.guide.components import CacheCard, Components, GoalCard
from tales.guide.draft import (
    RoundDice,
    SoloDice,
    choose_round_dice,
    choose_solo_dice,
    solo_round_end,
    solo_setup,
)
from tales.guide.endgame import PlayerResult, bonus_segments, final_scores
from tales.guide.initial import Opening, initial_dice, second_round
from tales.guide.kinds import Decision, Kind, Proc
from tales.guide.options import Skip
from tales.guide.rounds import may_skip, must_skip, threat_district
from tales.guide.terms import Artifact, Character, ThreatSide
from tales.guide.turn import player_turn
from tales.records import record
from tales.rules.decisions import EventSink
from tales.rules.events import Event

ROUNDS = 10


@record
class Seat:
    name: str
    character: Character
    deck: tuple[Artifact, ...]  # shuffled, top card first


@record
class Game:
    seats: tuple[Seat, ...]
    side: ThreatSide
    goals: tuple[GoalCard, ...]
    cache_card: CacheCard
    first: int


@record
class FateWritten(Event):
    slot: int
    number: int


@record
class RoundStarted(Event):
    number: int


@record
class ThreatDrawn(Event):
    player: str
    district: str
    skipped: bool


def setup(
    components: Components,
    names: Sequence[str],
    rng: random.Random,
    *,
    advanced: bool = False,
    side: ThreatSide | None = None,
    character: Character | None = None,
) -> Game:
    """Setup 4 to 10, each "in any way" chosen by the seeded ``rng`` unless given."""
    if not 1 <= len(names) <= 4:
        raise ValueError(f"the Travel Guide is for 1 to 4 players, not {len(names)}")
    side = side or rng.choice(list(ThreatSide))
    if advanced:
        characters = rng.sample(sorted(Character), len(names))
    else:
        characters = [character or rng.choice(sorted(Character))] * len(names)
    goals = tuple(components.goals[g] for g in rng.sample(sorted(components.goals), 2))
    cache = components.cache_cards[rng.choice(sorted(components.cache_cards))]
    seats = []
    for name, who in zip(names, characters, strict=True):
        deck = list(components.artifact_deck)
        rng.shuffle(deck)
        seats.append(Seat(name, who, tuple(deck)))
    return Game(tuple(seats), side, goals, cache, rng.randrange(len(names)))


def play(
    components: Components, game: Game, rng: random.Random, sink: EventSink
) -> Proc[tuple[PlayerResult, ...]]:
    city = components.city
    names = [s.name for s in game.seats]
    boards = initial_boards(components, game)
    written: list[int] = []
    first = game.first
    solo = solo_setup(components, rng) if len(names) == 1 else None
    opening: Opening | None = None
    for number in range(1, ROUNDS + 1):
        sink.emit(RoundStarted(number))
        dice, solo, opening = yield from _round_dice(
            components, names, first, number, solo, opening, rng, sink
        )
        for offset in range(len(names)):
            i = (first + offset) % len(names)
            seat = game.seats[i]
            boards[i] = yield from player_turn(
                city, seat.name, seat.character, boards[i], dice[i], sink
            )
            sink.emit(BoardUpdated(seat.name, boards[i]))
        boards = yield from _phase_five(components, game, boards, written, dice[0], sink)
        if solo is not None:
            solo = solo_round_end(solo, dice[0], components, rng)
        last_first = first
        if number > initial_rounds(len(names)):
            first = (first + 1) % len(names)  # the setup's first player begins after them
    for i, seat in enumerate(game.seats):
        boards[i] = yield from bonus_segments(city, seat.name, boards[i], sink)
        sink.emit(BoardUpdated(seat.name, boards[i]))
    return (yield from final_scores(components, game, boards, last_first, rng, sink))


def initial_boards(components: Components, game: Game) -> list[PlayerBoard]:
    """Each player's board at the start: the cache card's caches, the character's bonuses."""
    return [
        PlayerBoard(
            caches=game.cache_card.caches, bonuses=components.characters[s.character].bonuses
        )
        for s in game.seats
    ]


def initial_rounds(players: int) -> int:
    """How many rounds open the game with the initial-round dice: 1 for three, 2 for four."""
    return max(0, players - 2)


def _round_dice(
    components: Components,
    names: list[str],
    first: int,
    number: int,
    solo: SoloDice | None,
    opening: Opening | None,
    rng: random.Random,
    sink: EventSink,
) -> Proc[tuple[list[RoundDice], SoloDice | None, Opening | None]]:
    """Phase 1: each player's round dice (all the same except in the initial rounds)."""
    n = len(names)
    if solo is not None:
        dice = yield from choose_solo_dice(names[0], solo, components, rng, sink)
        return [dice], solo, opening
    if n >= 3 and number == 1:
        opening = yield from initial_dice(components, names, first, rng, sink)
        return list(opening.first_round), solo, opening
    if n == 4 and number == 2 and opening is not None:
        return second_round(components, opening, rng, sink), solo, opening
    dice = yield from choose_round_dice(names, first, components, rng, sink)
    return [dice] * n, solo, opening


def _phase_five(
    components: Components,
    game: Game,
    boards: list[PlayerBoard],
    written: list[int],
    dice: RoundDice,
    sink: EventSink,
) -> Proc[list[PlayerBoard]]:
    """Write the fate die; draw (or, once with Deep Ones, skip) any threat symbol."""
    written.append(dice.fate.face.number)
    sink.emit(FateWritten(len(written), written[-1]))
    side = components.round_board[game.side]
    district = threat_district(side, written)
    if district is None:
        return boards
    result = []
    for seat, board in zip(game.seats, boards, strict=True):
        skip = must_skip(side, board, len(written))
        if not skip and may_skip(side, board):
            prompt = f"Deep Ones in {district.id}: skip this threat symbol (once per game)?"
            pick = yield Decision(seat.name, Kind.SKIP, prompt, (Skip(False), Skip(True)))
            assert isinstance(pick, Skip)
            skip = pick.skip
        sink.emit(ThreatDrawn(seat.name, district.id, skip))
        # A skip circles the city's name; otherwise the symbol is drawn.
        board = replace(board, skipped_threat=True) if skip else board.with_threat(district)
        sink.emit(BoardUpdated(seat.name, board))
        result.append(board)
    return result
