"""The final route: a trail of drawn segments, its sections joined by crossings.

A route is written as its sections, each an intersection followed by the
segments walked from it, sections joined by ``~`` (a crossing)::

    1.0 11c 12w 13e ~ 2.3s 34n 34e

The rules of step 1: each segment at most once; a route may cross itself and
may close; at most four crossings, each joining the end of one section and
the start of the next at intersections near water on different banks (the
Boatman may join sections on one bank). The ``crossing-chain`` ruling reads the
route as one chain of non-empty sections.
"""

from __future__ import annotations

from dataclasses import dataclass

from tales.guide.board import PlayerBoard
from tales.guide.citymap import CityMap, Road
from tales.guide.errors import GuideError, IllegalRouteError, NotationError
from tales.guide.geometry import District, Node, Segment
from tales.guide.terms import Character

MAX_CROSSINGS = 4


@dataclass(frozen=True, slots=True)
class Section:
    start: Node
    segments: tuple[Segment, ...]

    @property
    def id(self) -> str:
        return " ".join([self.start.id, *(s.id for s in self.segments)])


@dataclass(frozen=True, slots=True)
class FinalRoute:
    sections: tuple[Section, ...] = ()

    @classmethod
    def parse(cls, text: str) -> FinalRoute:
        if not text.strip():
            return cls()
        sections = []
        for part in text.split("~"):
            tokens = part.split()
            if not tokens:
                raise NotationError(
                    f"{text!r} has an empty section: write sections as"
                    " 'start segment ...' joined by '~'"
                )
            start = Node.parse(tokens[0])
            sections.append(Section(start, tuple(Segment.parse(t) for t in tokens[1:])))
        return cls(tuple(sections))

    @property
    def id(self) -> str:
        return " ~ ".join(s.id for s in self.sections)

    @property
    def crossings(self) -> int:
        return max(len(self.sections) - 1, 0)

    def __str__(self) -> str:
        return self.id


@dataclass(frozen=True, slots=True)
class RouteFacts:
    """Everything the threat check and the score sheet need to know of a route."""

    along: frozenset[District]
    nodes: frozenset[Node]
    segments: int
    turns: int
    crossings: int
    normal_crossings: int  # joining sections on different banks


def trace(
    city: CityMap, board: PlayerBoard, route: FinalRoute, character: Character | None = None
) -> list[list[tuple[Road, Node]]]:
    """Walk the route: per section, (road, node left from); raise if illegal."""
    walked: list[list[tuple[Road, Node]]] = []
    used: set[Segment] = set()
    for index, section in enumerate(route.sections):
        here, steps = section.start, []
        if not section.segments:
            raise IllegalRouteError(f"section {index + 1} ({section.id!r}) has no segment")
        for segment in section.segments:
            road = _drawn(city, board, segment)
            if road.segment in used:
                raise IllegalRouteError(
                    f"{segment.id!r} is used twice:"
                    " each segment of the final route counts only once"
                )
            if here not in (road.a, road.b):
                raise IllegalRouteError(
                    f"{segment.id!r} does not continue the route at {here.id}; it joins"
                    f" {road.a.id} and {road.b.id}"
                )
            used.add(road.segment)
            steps.append((road, here))
            here = road.other(here)
        walked.append(steps)
    _verify_crossings(city, route, walked, character)
    return walked


def _drawn(city: CityMap, board: PlayerBoard, segment: Segment) -> Road:
    try:
        road = city.road(segment)
    except GuideError as error:
        raise IllegalRouteError(str(error)) from None
    if road.segment not in board.segments:
        raise IllegalRouteError(f"{segment.id!r} was not drawn during the game")
    return road


def _end(steps: list[tuple[Road, Node]]) -> Node:
    road, node = steps[-1]
    return road.other(node)


def _verify_crossings(
    city: CityMap,
    route: FinalRoute,
    walked: list[list[tuple[Road, Node]]],
    character: Character | None,
) -> None:
    if route.crossings > MAX_CROSSINGS:
        raise IllegalRouteError(
            f"the route uses {route.crossings} crossings: no more than four are allowed"
        )
    for steps, section in zip(walked, route.sections[1:], strict=False):
        frm, to = _end(steps), section.start
        for node in (frm, to):
            if node not in city.water:
                raise IllegalRouteError(
                    f"a crossing needs intersections near water (the sea or the river);"
                    f" {node.id} is not"
                )
        if frm == to:
            raise IllegalRouteError(f"a crossing joins two intersections, not {frm.id} to itself")
        if city.bank_of(frm) is city.bank_of(to) and character is not Character.BOATMAN:
            raise IllegalRouteError(
                f"the crossing from {frm.id} to {to.id} stays on one bank: sections joined by"
                " a crossing must be on different sides of the river"
            )


def turns_of(steps: list[tuple[Road, Node]]) -> int:
    """Turns where one segment passes into the next, and inside rounded roads."""
    turns, arriving = 0, None
    for road, node in steps:
        leave, arrive = road.leaving(node)
        if arriving is not None and leave != arriving:
            turns += 1
        turns += road.turns
        arriving = arrive
    return turns


def facts(
    city: CityMap, board: PlayerBoard, route: FinalRoute, character: Character | None = None
) -> RouteFacts:
    walked = trace(city, board, route, character)
    roads = [road for steps in walked for road, _ in steps]
    along = frozenset(d for road in roads for d in road.along)
    nodes = frozenset(n for road in roads for n in (road.a, road.b))
    normal = sum(
        city.bank_of(_end(steps)) is not city.bank_of(section.start)
        for steps, section in zip(walked, route.sections[1:], strict=False)
    )
    turns = sum(turns_of(steps) for steps in walked)
    return RouteFacts(along, nodes, len(roads), turns, route.crossings, normal)
