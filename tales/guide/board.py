"""A player board, and the rules for drawing route segments on it.

Each action follows pokerkit's shape: ``verify_x`` raises with a full
sentence naming the rule, ``can_x`` answers yes or no, and ``x`` returns the
new board (boards are frozen values; nothing is changed in place).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from tales.guide.citymap import CityMap, Road
from tales.guide.errors import GuideError, IllegalDrawingError
from tales.guide.geometry import District, Kind, Node, Segment
from tales.guide.terms import Bonus, BonusFace, Colour
from tales.records import record
from tales.rules.events import Event


@dataclass(frozen=True, slots=True)
class PlayerBoard:
    tourists: Mapping[District, tuple[Colour, ...]] = field(default_factory=dict)
    segments: frozenset[Segment] = frozenset()  # canonical names only
    threats: tuple[District, ...] = ()  # a district may hold several symbols
    caches: frozenset[Node] = frozenset()
    bonuses: tuple[Bonus, ...] = ()  # circled and not yet crossed out
    skipped_threat: bool = False  # Deep Ones: the city's name circled
    checked: frozenset[Node] = frozenset()  # Detective: caches and shelters circled

    def is_occupied(self, district: District) -> bool:
        return bool(self.tourists.get(district))

    def with_tourists(self, district: District, tourists: Iterable[Colour]) -> PlayerBoard:
        added = (*self.tourists.get(district, ()), *tourists)
        return replace(self, tourists={**self.tourists, district: added})

    def without_tourists(self, district: District) -> PlayerBoard:
        return replace(self, tourists={d: t for d, t in self.tourists.items() if d != district})

    def with_segments(self, segments: Iterable[Segment]) -> PlayerBoard:
        return replace(self, segments=self.segments | frozenset(segments))

    def with_threat(self, district: District) -> PlayerBoard:
        return replace(self, threats=tuple(sorted((*self.threats, district))))

    def without_threat(self, district: District) -> PlayerBoard:
        threats = list(self.threats)
        threats.remove(district)
        return replace(self, threats=tuple(threats))

    def using(self, bonus: Bonus) -> PlayerBoard:
        """Cross out one circled bonus."""
        left = list(self.bonuses)
        left.remove(bonus)
        return replace(self, bonuses=tuple(left))

    def threat_count(self, district: District) -> int:
        return self.threats.count(district)


class Way(StrEnum):
    """The three ways of phase 4, and the bonus die's shapes."""

    TWO = "a"  # two segments, the first along the district just filled
    ONE = "b"  # one segment next to any district
    FALLBACK = "c"  # one tourist placed: one segment next to any district
    NEW_TURN = "new-turn"  # an L of two segments next to any districts
    ZIGZAG = "zigzag"  # three segments, the first along the district just filled


@dataclass(frozen=True, slots=True)
class Drawing:
    """What a player draws in phase 4 of one round."""

    district: District  # where tourists were just placed
    segments: tuple[Segment, ...]
    fallback: bool = False  # phase 3 b: only one tourist was placed
    bonus: BonusFace = BonusFace.BLANK  # this round's bonus die


FALLBACK_ONE = "phase 4 c: after placing only 1 tourist you must draw exactly 1 route segment"


def roads_of(city: CityMap, board: PlayerBoard, segments: Iterable[Segment]) -> list[Road]:
    """The roads named, refusing unknown, doubled and already drawn ones."""
    roads: list[Road] = []
    for segment in segments:
        try:
            road = city.road(segment)
        except GuideError as error:
            raise IllegalDrawingError(str(error)) from None
        if road.segment in board.segments:
            raise IllegalDrawingError(
                f"{segment.id!r} is already drawn: each road holds a route segment only once"
            )
        if any(r.segment == road.segment for r in roads):
            raise IllegalDrawingError(f"{segment.id!r} is named twice in one drawing")
        roads.append(road)
    return roads


def verify_drawing(city: CityMap, board: PlayerBoard, drawing: Drawing) -> Way:
    """Raise :class:`IllegalDrawingError` unless legal; return the way it is drawn."""
    if drawing.fallback and len(drawing.segments) != 1:  # the rule broken first, not a road's
        raise IllegalDrawingError(FALLBACK_ONE)
    roads = roads_of(city, board, drawing.segments)
    diagonals = [r for r in roads if r.segment.kind is Kind.DIAGONAL]
    if diagonals and drawing.bonus is not BonusFace.SECRET_ALLEY:
        raise IllegalDrawingError(
            f"{diagonals[0].segment.id!r} runs diagonally through a district: in phase 4 that"
            " needs the bonus die's Secret alley"
        )
    if len(diagonals) > 1:
        raise IllegalDrawingError("Secret alley lets only 1 of the route segments be diagonal")
    count = len(roads)
    if drawing.fallback:
        return Way.FALLBACK
    if count == 1:
        return Way.ONE
    if count == 2:
        if drawing.bonus is BonusFace.NEW_TURN and not _along(roads[0], drawing.district):
            _verify_shape(roads, "New turn", "an L of two connected segments")
            return Way.NEW_TURN
        _verify_first_along(roads[0], drawing.district)
        _verify_chain(city, roads)
        return Way.TWO
    if count == 3:
        if drawing.bonus is not BonusFace.ZIGZAG:
            raise IllegalDrawingError(
                "phase 4: draw two route segments (way a) or one (way b); three need the"
                " bonus die's Zigzag"
            )
        _verify_first_along(roads[0], drawing.district)
        _verify_shape(roads, "Zigzag", "three connected segments shaped as a zigzag")
        return Way.ZIGZAG
    raise IllegalDrawingError(
        f"phase 4: draw one, two or (with Zigzag) three route segments, not {count}"
    )


def can_draw(city: CityMap, board: PlayerBoard, drawing: Drawing) -> bool:
    try:
        verify_drawing(city, board, drawing)
    except IllegalDrawingError:
        return False
    return True


def draw(city: CityMap, board: PlayerBoard, drawing: Drawing) -> PlayerBoard:
    verify_drawing(city, board, drawing)
    return board.with_segments(city.road(s).segment for s in drawing.segments)


def _along(road: Road, district: District) -> bool:
    return district in road.along


def _verify_first_along(road: Road, district: District) -> None:
    if not _along(road, district):
        river = _other_bank(road, district)
        why = " (a road on the other bank of the river is not along it)" if river else ""
        raise IllegalDrawingError(
            f"phase 4 a: the first route segment must be drawn along a side of district"
            f" {district.id}, where you just placed tourists; {road.segment.id!r} is not{why}"
        )


def _other_bank(road: Road, district: District) -> bool:
    """Whether ``road`` is the embankment road across the river from a side of ``district``."""
    named = road.segment.district
    if road.segment.kind is not Kind.SIDE or named is None or len(road.along) != 1:
        return False
    dx, dy = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}[road.segment.way]
    return (named.x + dx, named.y + dy) == (district.x, district.y)


def _verify_chain(city: CityMap, roads: list[Road]) -> None:
    """Each segment continues the one before; say so when the river is why not."""
    for before, after in itertools.pairwise(roads):
        if {before.a, before.b} & {after.a, after.b}:
            continue
        points = {before.a.point, before.b.point} & {after.a.point, after.b.point}
        if points:
            point = points.pop()
            dead = any(n.point == point for n in city.dead_ends())
            rule = (
                "a dead-end road cannot be continued across the river"
                if dead
                else "the Manuxet river: to reach the opposite bank the first segment"
                " must be drawn across a bridge"
            )
            raise IllegalDrawingError(
                f"{after.segment.id!r} does not continue {before.segment.id!r}: {rule}"
            )
        raise IllegalDrawingError(
            f"phase 4 a: the second route segment must continue the first;"
            f" {after.segment.id!r} does not touch {before.segment.id!r}"
        )


def _straight(road: Road) -> bool:
    return road.segment.kind in (Kind.SIDE, Kind.BRIDGE)


def _verify_shape(roads: list[Road], bonus: str, shape: str) -> None:
    """New turn's L and Zigzag's S/Z, rotated or mirrored (ruling bonus-shapes)."""
    if not all(_straight(r) for r in roads):
        raise IllegalDrawingError(f"{bonus} draws {shape} of straight roads")
    path = _as_path(roads)
    if path is None:
        raise IllegalDrawingError(f"{bonus} draws {shape}; these segments are not connected")
    steps = [road.leaving(node)[0] for road, node in path]
    perpendicular = all(a[0] * b[0] + a[1] * b[1] == 0 for a, b in itertools.pairwise(steps))
    zig = len(steps) < 3 or steps[0] == steps[2]
    if not (perpendicular and zig):
        raise IllegalDrawingError(f"{bonus} draws {shape}; these segments make another shape")


def _as_path(roads: list[Road]) -> list[tuple[Road, Node]] | None:
    """The roads as one path in the order given: (road, node it is left from)."""
    for start in (roads[0].a, roads[0].b):
        here, path = start, []
        for road in roads:
            if here not in (road.a, road.b):
                break
            path.append((road, here))
            here = road.other(here)
        else:
            return path
    return None


def verify_adjustment(city: CityMap, board: PlayerBoard, erase: Segment, new: Segment) -> None:
    """Bonus die Route adjustment: erase one segment, draw one joined to another."""
    old = city.road(erase)
    if old.segment not in board.segments:
        raise IllegalDrawingError(
            f"Route adjustment: {erase.id!r} is not drawn, so cannot be erased"
        )
    kept = board.segments - {old.segment}
    road = roads_of(city, replace(board, segments=kept), [new])[0]
    if road.segment.kind is Kind.DIAGONAL:
        raise IllegalDrawingError(
            "Route adjustment draws the new segment along a district, not diagonally"
        )
    touching = {s for n in (road.a, road.b) for s in (r.segment for r in city.at_node[n])}
    if not (touching - {road.segment}) & kept:
        raise IllegalDrawingError(
            f"Route adjustment: {new.id!r} must be connected to another segment already drawn"
            " (a crossing cannot connect it)"
        )


def adjust(city: CityMap, board: PlayerBoard, erase: Segment, new: Segment) -> PlayerBoard:
    verify_adjustment(city, board, erase, new)
    kept = board.segments - {city.road(erase).segment}
    return replace(board, segments=kept | {city.road(new).segment})


def verify_bonus_segment(city: CityMap, board: PlayerBoard, bonus: Bonus, segment: Segment) -> None:
    """End of the game: Extra route segment (along a district) or Diagonal route segment."""
    if bonus not in board.bonuses:
        raise IllegalDrawingError(f"the bonus {bonus.value!r} is not circled on this board")
    road = roads_of(city, board, [segment])[0]
    diagonal = road.segment.kind is Kind.DIAGONAL
    if bonus is Bonus.EXTRA_SEGMENT and diagonal:
        raise IllegalDrawingError("Extra route segment is drawn along a district, not through it")
    if bonus is Bonus.DIAGONAL_SEGMENT and not diagonal:
        raise IllegalDrawingError(
            f"Diagonal route segment is drawn diagonally through a district; {segment.id!r} is not"
        )
    if bonus is Bonus.COORDINATE_CHANGE:
        raise IllegalDrawingError("Coordinate change is used in phase 2, not to draw a segment")


def use_bonus_segment(
    city: CityMap, board: PlayerBoard, bonus: Bonus, segment: Segment
) -> PlayerBoard:
    verify_bonus_segment(city, board, bonus, segment)
    return board.using(bonus).with_segments([city.road(segment).segment])


@record
class BoardUpdated(Event):
    """A player's whole board after a step that changed it, for a prompt to draw."""

    player: str
    board: PlayerBoard
