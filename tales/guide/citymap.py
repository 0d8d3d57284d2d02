"""The city map as a graph of roads: built once from the map's data.

Each :class:`Road` knows its canonical :class:`Segment`, its two
intersections, the districts it runs along (the ones it counts for when
scoring) and the direction of travel at each end (for counting turns). The
river is structural: an embankment road has only the district on its own bank
along it, and the two banks meet only at bridges, so a route can reach the
other bank only across a bridge, and never from a dead end.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from tales.guide.errors import NoSuchRoadError
from tales.guide.geometry import (
    SIDES,
    SIZE,
    District,
    Kind,
    Node,
    Point,
    Segment,
    Vector,
    side_points,
    unit,
)
from tales.guide.terms import Bank, Colour

Edge = frozenset[Point]
_OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}
_STEP = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}


@dataclass(frozen=True, slots=True)
class Road:
    segment: Segment
    a: Node
    b: Node
    along: frozenset[District]
    out_a: Vector  # direction of travel leaving ``a`` towards ``b``
    in_b: Vector  # direction of travel arriving at ``b``
    turns: int = 0  # turns inside the road itself: 1 for a rounded corner road

    def other(self, node: Node) -> Node:
        return self.b if node == self.a else self.a

    def leaving(self, node: Node) -> tuple[Vector, Vector]:
        """(direction leaving ``node``, direction arriving at the other end)."""
        if node == self.a:
            return self.out_a, self.in_b
        return (-self.in_b[0], -self.in_b[1]), (-self.out_a[0], -self.out_a[1])


@dataclass(frozen=True, slots=True)
class MapSpec:
    """The printed map, as data: see ``storybooks/guide/map.yaml``."""

    colours: Mapping[District, Colour]
    stars: Mapping[District, int]
    river: tuple[Point, ...]  # the river's course along the grid, west to the sea
    bridges: tuple[Point, ...]
    quays: frozenset[tuple[Edge, Bank]]  # river edges with no embankment road on a bank
    shelters: Mapping[Node, tuple[Colour, ...]] = field(default_factory=dict)


class CityMap:
    """The roads of Innsmouth and what stands along them."""

    def __init__(self, spec: MapSpec) -> None:
        self.spec = spec
        self.colours = dict(spec.colours)
        self.stars = dict(spec.stars)
        self.river_points = frozenset(spec.river)
        self.river_edges: frozenset[Edge] = frozenset(
            frozenset((p, q)) for p, q in itertools.pairwise(spec.river)
        )
        self.banks = _banks(self.river_edges)
        self.shelters = dict(spec.shelters)
        roads = [*self._sides(), *self._corners(), *self._bridges(), *self._diagonals()]
        self.roads: dict[Segment, Road] = {r.segment: r for r in roads}
        self.at_node: dict[Node, tuple[Road, ...]] = {}
        for road in roads:
            for node in (road.a, road.b):
                self.at_node[node] = (*self.at_node.get(node, ()), road)
        self.water = frozenset(n for n in self.at_node if self.is_near_water(n))

    # -- building -------------------------------------------------------

    def node(self, point: Point, bank: Bank) -> Node:
        """The intersection at ``point`` on ``bank``'s side."""
        return Node.at(point, bank if point in self.river_points else None)

    def across(self, district: District, side: str) -> District | None:
        dx, dy = _STEP[side]
        x, y = district.x + dx, district.y + dy
        return District(x, y) if 1 <= x <= SIZE and 1 <= y <= SIZE else None

    def _sides(self) -> Iterable[Road]:
        for y in range(1, SIZE + 1):
            for x in range(1, SIZE + 1):
                district = District(x, y)
                for side in SIDES:
                    road = self._side(district, side)
                    if road is not None:
                        yield road

    def _side(self, district: District, side: str) -> Road | None:
        p, q = side_points(district, side)
        if p.is_map_corner or q.is_map_corner:
            return None  # replaced by the rounded corner road
        bank = self.banks[district]
        other = self.across(district, side)
        if frozenset((p, q)) in self.river_edges:
            if (frozenset((p, q)), bank) in self.spec.quays:
                return None
            along = frozenset({district})
        elif other is not None and side in ("s", "e"):
            return None  # the same road is named from the other district
        else:
            along = frozenset({district} | ({other} if other else set()))
        a, b = self.node(p, bank), self.node(q, bank)
        step = unit(p, q)
        return Road(Segment(Kind.SIDE, district.x, district.y, side), a, b, along, step, step)

    def _corners(self) -> Iterable[Road]:
        for x in (1, SIZE):
            for y in (1, SIZE):
                district = District(x, y)
                corner = Point(0 if x == 1 else SIZE, 0 if y == 1 else SIZE)
                flat = Point(1 if x == 1 else SIZE - 1, corner.j)  # on the north/south border
                steep = Point(corner.i, 1 if y == 1 else SIZE - 1)
                bank = self.banks[district]
                yield Road(
                    Segment(Kind.CORNER, x, y),
                    self.node(flat, bank),
                    self.node(steep, bank),
                    frozenset({district}),
                    unit(flat, corner),
                    unit(corner, steep),
                    turns=1,
                )

    def _bridges(self) -> Iterable[Road]:
        for point in self.spec.bridges:
            edges = [e for e in self.river_edges if point in e]
            along = frozenset(
                d
                for d in self.colours
                for side in SIDES
                if frozenset(side_points(d, side)) in edges
            )
            yield Road(
                Segment(Kind.BRIDGE, point.i, point.j),
                self.node(point, Bank.NORTH),
                self.node(point, Bank.SOUTH),
                along,
                (0, 1),
                (0, 1),
            )

    def _diagonals(self) -> Iterable[Road]:
        for district in self.colours:
            nw, ne, se, sw = district.corners()
            bank = self.banks[district]
            for way, frm, to in (("ne", sw, ne), ("nw", se, nw)):
                if frm.is_map_corner or to.is_map_corner:
                    continue
                step = unit(frm, to)
                segment = Segment(Kind.DIAGONAL, district.x, district.y, way)
                a, b = self.node(frm, bank), self.node(to, bank)
                yield Road(segment, a, b, frozenset({district}), step, step)

    # -- questions ------------------------------------------------------

    def road(self, segment: Segment | str) -> Road:
        """The road a segment names, under its canonical name."""
        if isinstance(segment, str):
            segment = Segment.parse(segment)
        canonical = self.canonical(segment)
        road = self.roads.get(canonical)
        if road is None:
            raise NoSuchRoadError(self._why_missing(segment))
        return road

    def canonical(self, segment: Segment) -> Segment:
        """``33s`` and ``34n`` name one road unless the river runs between."""
        district = segment.district
        if segment.kind is not Kind.SIDE or district is None or segment.way in ("n", "w"):
            return segment
        other = self.across(district, segment.way)
        if other is None or frozenset(side_points(district, segment.way)) in self.river_edges:
            return segment
        return Segment(Kind.SIDE, other.x, other.y, _OPPOSITE[segment.way])

    def _why_missing(self, segment: Segment) -> str:
        text = f"there is no road {segment.id!r} on the city map"
        district = segment.district
        if segment.kind is Kind.BRIDGE:
            return f"{text}: the bridges stand at {', '.join(p.id for p in self.spec.bridges)}"
        if district is None:
            return text
        if segment.kind is Kind.SIDE:
            p, q = side_points(district, segment.way)
            if p.is_map_corner or q.is_map_corner:
                return f"{text}: in the corners of the map the road is rounded ({district.id}c)"
            return f"{text}: the embankment there is a quay with no road (a dead end)"
        return f"{text}: a diagonal cannot start or end in a map corner, which has no intersection"

    def bank_of(self, node: Node) -> Bank:
        if node.bank is not None:
            return node.bank
        for district in self.colours:
            if node.point in district.corners():
                return self.banks[district]
        raise NoSuchRoadError(f"{node.id!r} is not an intersection of the city map")

    def is_near_water(self, node: Node) -> bool:
        """At the sea along the right edge of the map, or at the river."""
        return node.i == SIZE or node.point in self.river_points

    def dead_ends(self) -> frozenset[Node]:
        """River intersections that only one road (not a diagonal) reaches."""
        return frozenset(
            node
            for node, roads in self.at_node.items()
            if node.bank is not None
            and len([r for r in roads if r.segment.kind is not Kind.DIAGONAL]) == 1
        )

    def district_roads(self, district: District) -> tuple[Road, ...]:
        """The roads along a district's sides (and its bridge), not its diagonals."""
        return tuple(
            r
            for r in self.roads.values()
            if district in r.along and r.segment.kind is not Kind.DIAGONAL
        )


def _banks(river_edges: frozenset[Edge]) -> dict[District, Bank]:
    """Flood the north from district (1, 1); whatever the river cuts off is south."""
    north = {District(1, 1)}
    todo = [District(1, 1)]
    while todo:
        here = todo.pop()
        for side in SIDES:
            dx, dy = _STEP[side]
            x, y = here.x + dx, here.y + dy
            if not (1 <= x <= SIZE and 1 <= y <= SIZE):
                continue
            there = District(x, y)
            if there not in north and frozenset(side_points(here, side)) not in river_edges:
                north.add(there)
                todo.append(there)
    return {
        District(x, y): Bank.NORTH if District(x, y) in north else Bank.SOUTH
        for x in range(1, SIZE + 1)
        for y in range(1, SIZE + 1)
    }
