"""Points, intersections and route segments, with a text form that round-trips.

The city map is a 6x6 grid of districts ``(x, y)``, x from 1 (west) to 6
(east, the sea), y from 1 (north) to 6. Roads meet at grid points ``(i, j)``,
i and j from 0 to 6: district ``(x, y)`` has the corners ``(x-1, y-1)`` to
``(x, y)``. Where the Manuxet runs along the grid, a point has one
intersection on each bank, so an intersection is a point plus, there only, a
bank.

The notation, like python-chess's UCI moves, is map-independent syntax;
:class:`tales.guide.citymap.CityMap` says which segments exist and resolves
two names for one road to one canonical segment:

* ``34n``: the road along the north side of district (3, 4) (also ``e s w``);
* ``11c``: the rounded road in the corner at district (1, 1);
* ``34ne`` / ``34nw``: the diagonal through district (3, 4) towards its
  north-east (from the south-west) or north-west (from the south-east) corner;
* ``b23``: the bridge at point (2, 3);
* intersections ``2.3``, and ``2.3n`` / ``2.3s`` on the river's two banks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from tales.guide.errors import NotationError
from tales.guide.terms import Bank

SIZE = 6

Vector = tuple[int, int]


@dataclass(frozen=True, slots=True, order=True)
class District:
    x: int
    y: int

    def __post_init__(self) -> None:
        if not (1 <= self.x <= SIZE and 1 <= self.y <= SIZE):
            raise NotationError(f"district ({self.x}, {self.y}) is off the 6x6 city map")

    @property
    def id(self) -> str:
        return f"{self.x}{self.y}"

    @classmethod
    def parse(cls, text: str) -> District:
        if not re.fullmatch(r"[1-6][1-6]", text.strip()):
            raise NotationError(
                f"{text!r} is not a district: write its X and Y coordinates, such as '34'"
            )
        return cls(int(text.strip()[0]), int(text.strip()[1]))

    def corners(self) -> tuple[Point, Point, Point, Point]:
        """North-west, north-east, south-east, south-west."""
        x, y = self.x, self.y
        return (Point(x - 1, y - 1), Point(x, y - 1), Point(x, y), Point(x - 1, y))

    def neighbours(self) -> tuple[District, ...]:
        """Districts touching this one along a side (the river does not matter)."""
        steps = ((0, -1), (1, 0), (0, 1), (-1, 0))
        return tuple(
            District(self.x + dx, self.y + dy)
            for dx, dy in steps
            if 1 <= self.x + dx <= SIZE and 1 <= self.y + dy <= SIZE
        )

    def __str__(self) -> str:
        return self.id


@dataclass(frozen=True, slots=True, order=True)
class Point:
    """A grid point where roads may meet."""

    i: int
    j: int

    def __post_init__(self) -> None:
        if not (0 <= self.i <= SIZE and 0 <= self.j <= SIZE):
            raise NotationError(f"point ({self.i}, {self.j}) is off the city map")

    @property
    def id(self) -> str:
        return f"{self.i}.{self.j}"

    @property
    def is_map_corner(self) -> bool:
        return self.i in (0, SIZE) and self.j in (0, SIZE)


@dataclass(frozen=True, slots=True, order=True)
class Node:
    """An intersection: a point, and its bank where the river splits the point."""

    i: int
    j: int
    bank: Bank | None = None

    @property
    def point(self) -> Point:
        return Point(self.i, self.j)

    @property
    def id(self) -> str:
        return f"{self.i}.{self.j}{self.bank.value if self.bank else ''}"

    @classmethod
    def at(cls, point: Point, bank: Bank | None = None) -> Node:
        return cls(point.i, point.j, bank)

    @classmethod
    def parse(cls, text: str) -> Node:
        match = re.fullmatch(r"([0-6])\.([0-6])([ns]?)", text.strip())
        if not match:
            raise NotationError(
                f"{text!r} is not an intersection: write 'i.j' such as '2.3',"
                " with 'n' or 's' for a bank of the river, such as '2.3n'"
            )
        bank = Bank(match[3]) if match[3] else None
        return cls(int(match[1]), int(match[2]), bank)

    def __str__(self) -> str:
        return self.id


class Kind(StrEnum):
    SIDE = "side"
    CORNER = "corner"
    DIAGONAL = "diagonal"
    BRIDGE = "bridge"


SIDES = ("n", "e", "s", "w")
DIAGONALS = ("ne", "nw")
_SEGMENT = re.compile(r"(?:([1-6])([1-6])(ne|nw|n|e|s|w|c)|b([0-6])([0-6]))")


@dataclass(frozen=True, slots=True, order=True)
class Segment:
    """A route segment as written; ``Segment.parse(s.id) == s``."""

    kind: Kind
    a: int  # x of the district, or i of a bridge's point
    b: int  # y of the district, or j of a bridge's point
    way: str = ""  # the side letter or the diagonal's corner

    @classmethod
    def parse(cls, text: str) -> Segment:
        match = _SEGMENT.fullmatch(text.strip().lower())
        if not match:
            raise NotationError(
                f"{text!r} is not a route segment: write a district and a side such as"
                " '34n', a corner road such as '11c', a diagonal such as '34ne' or '34nw',"
                " or a bridge such as 'b23'"
            )
        if match[4] is not None:
            return cls(Kind.BRIDGE, int(match[4]), int(match[5]))
        x, y, way = int(match[1]), int(match[2]), match[3]
        if way == "c":
            if x not in (1, SIZE) or y not in (1, SIZE):
                raise NotationError(
                    f"{text!r} is not a route segment: only the four corner districts"
                    " (11, 61, 16, 66) have a rounded corner road"
                )
            return cls(Kind.CORNER, x, y)
        kind = Kind.DIAGONAL if way in DIAGONALS else Kind.SIDE
        return cls(kind, x, y, way)

    @classmethod
    def from_id(cls, text: str) -> Segment:
        """Strict: only the exact text :attr:`id` writes (no spaces, lower case)."""
        segment = cls.parse(text)
        if segment.id != text:
            raise NotationError(f"{text!r} is not written as a segment id; write {segment.id!r}")
        return segment

    @property
    def id(self) -> str:
        if self.kind is Kind.BRIDGE:
            return f"b{self.a}{self.b}"
        if self.kind is Kind.CORNER:
            return f"{self.a}{self.b}c"
        return f"{self.a}{self.b}{self.way}"

    @property
    def district(self) -> District | None:
        """The district a side, corner or diagonal is named after."""
        return None if self.kind is Kind.BRIDGE else District(self.a, self.b)

    def __str__(self) -> str:
        return self.id


def side_points(district: District, side: str) -> tuple[Point, Point]:
    """The two ends of a district's side, west to east or north to south."""
    nw, ne, se, sw = district.corners()
    return {"n": (nw, ne), "e": (ne, se), "s": (sw, se), "w": (nw, sw)}[side]


def unit(frm: Point, to: Point) -> Vector:
    """The direction of travel from one point to another, as unit steps."""
    di, dj = to.i - frm.i, to.j - frm.j
    return ((di > 0) - (di < 0), (dj > 0) - (dj < 0))
