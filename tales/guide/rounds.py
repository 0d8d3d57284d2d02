"""Phases 2, 3 and 5 of a round, as pure functions of the board and the dice.

Phase 2 offers the empty districts the round dice name, either way round,
with any coordinate changes the player holds (the ``coordinate-change-cost``
ruling); when none is empty the player takes any empty
district and one tourist. Phase 5 writes the fate die on the round board and
says where a threat symbol goes, on either side of the board.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from tales.guide.board import PlayerBoard
from tales.guide.components import RoundBoardSide
from tales.guide.draft import RoundDice
from tales.guide.geometry import SIZE, District
from tales.guide.terms import Colour, ThreatSide


@dataclass(frozen=True, slots=True, order=True)
class DistrictChoice:
    district: District
    changes: int  # coordinate changes spent to reach it
    fallback: bool  # phase 2 c: no named district was empty


def wrap(number: int) -> int:
    """A die result changed past 6 comes round to 1, and past 1 to 6."""
    return (number - 1) % SIZE + 1


def reachable(numbers: tuple[int, int], changes: int) -> dict[tuple[int, int], int]:
    """Every pair of results the changes can make, with the fewest changes each needs."""
    best: dict[tuple[int, int], int] = {numbers: 0}
    for used in range(1, changes + 1):
        for steps in itertools.product((0, 1), (-1, 1), repeat=used):
            a, b = numbers
            for die, delta in zip(steps[::2], steps[1::2], strict=True):
                a, b = (wrap(a + delta), b) if die == 0 else (a, wrap(b + delta))
            best.setdefault((a, b), used)
    return best


def district_options(
    board: PlayerBoard, numbers: tuple[int, int], changes: int
) -> tuple[DistrictChoice, ...]:
    """Phase 2: the districts a player may choose, each at its cheapest; where
    the dice's own are occupied, every empty one with 1 tourist as well (a
    district a change reaches is offered both ways)."""
    named: dict[District, int] = {}
    for (a, b), cost in sorted(reachable(numbers, changes).items(), key=lambda kv: kv[1]):
        for x, y in {(a, b), (b, a)}:
            named.setdefault(District(x, y), cost)
    options = [DistrictChoice(d, c, False) for d, c in named.items() if not board.is_occupied(d)]
    if not any(o.changes == 0 for o in options):
        # Every district the dice name unchanged is occupied: any empty one, one
        # tourist. A change is used "before choosing a district" only if the
        # player wants: a district it reaches may be taken with 1 tourist too.
        empty = (d for d in _all_districts() if not board.is_occupied(d))
        options += [DistrictChoice(d, 0, True) for d in empty]
    return tuple(sorted(options))


def _all_districts() -> list[District]:
    return [District(x, y) for y in range(1, SIZE + 1) for x in range(1, SIZE + 1)]


def tourists_of(dice: RoundDice) -> tuple[Colour, ...]:
    """Phase 3 a: the tourists from both round dice."""
    return (*dice.round_dice[0].face.tourists, *dice.round_dice[1].face.tourists)


def threat_district(side: RoundBoardSide, written: Sequence[int]) -> District | None:
    """Phase 5.1: where the number just written (the last of ``written``) puts a threat."""
    slot = len(written)
    if slot not in side.threat_slots:
        return None
    if side.side is ThreatSide.CULTISTS:
        return District(written[slot - 2], written[slot - 1])
    return District(side.columns[slot], written[slot - 1])


def must_skip(side: RoundBoardSide, board: PlayerBoard, slot: int) -> bool:
    """Deep Ones: a player who has not skipped must skip the last threat slot."""
    return (
        side.side is ThreatSide.DEEP_ONES
        and not board.skipped_threat
        and slot == max(side.threat_slots)
    )


def may_skip(side: RoundBoardSide, board: PlayerBoard) -> bool:
    return side.side is ThreatSide.DEEP_ONES and not board.skipped_threat
