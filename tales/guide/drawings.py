"""Every legal way to draw in phase 4, for decisions and bots.

Candidates are built from the road graph, then each is put through
:func:`tales.guide.board.can_draw`, so the list can never disagree with the
rules that refuse a drawing.
"""

from __future__ import annotations

from collections.abc import Iterator

from tales.guide.board import Drawing, PlayerBoard, can_draw
from tales.guide.citymap import CityMap, Road
from tales.guide.geometry import District, Kind, Segment
from tales.guide.terms import BonusFace


def legal_drawings(
    city: CityMap, board: PlayerBoard, district: District, fallback: bool, bonus: BonusFace
) -> tuple[tuple[Segment, ...], ...]:
    """Each legal drawing once, singles first, in a stable order."""
    free = [r for r in city.roads.values() if r.segment not in board.segments]
    seen: set[tuple[Segment, ...]] = set()
    found: list[tuple[Segment, ...]] = []
    for candidate in _candidates(city, free, district, fallback, bonus):
        if candidate in seen:
            continue
        seen.add(candidate)
        drawing = Drawing(district, candidate, fallback, bonus)
        if can_draw(city, board, drawing):
            found.append(candidate)
    return tuple(found)


def _candidates(
    city: CityMap, free: list[Road], district: District, fallback: bool, bonus: BonusFace
) -> Iterator[tuple[Segment, ...]]:
    yield from ((r.segment,) for r in free)
    if fallback:
        return
    taken = {r.segment for r in free}
    for first in free:
        if district in first.along:
            for second in _next(city, first, taken):
                yield (first.segment, second.segment)
                if bonus is BonusFace.ZIGZAG:
                    for third in _next(city, second, taken - {first.segment}):
                        yield (first.segment, second.segment, third.segment)
    if bonus is BonusFace.NEW_TURN:
        for first in free:
            for second in _next(city, first, taken):
                yield tuple(sorted((first.segment, second.segment)))


def _next(city: CityMap, road: Road, free: set[Segment]) -> Iterator[Road]:
    for node in (road.a, road.b):
        for other in city.at_node[node]:
            if other.segment != road.segment and other.segment in free:
                if other.segment.kind is Kind.DIAGONAL and road.segment.kind is Kind.DIAGONAL:
                    continue
                yield other
