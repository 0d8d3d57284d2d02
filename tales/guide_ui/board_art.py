"""A player board drawn with box-drawing characters: a pure function of the board.

Each district is a cell of five characters by two lines between the grid's
roads. The first line shows the district's colour (a lower-case letter), its
stars, its threat symbols (``!``), a diagonal drawn through it (a slanting line)
and a rounded corner road drawn in it (``╭`` ...); the second its tourists
(upper-case letters). Roads not drawn are thin (``─`` ``│``), drawn roads thick
(``━`` ``┃``). Along the Manuxet each bank has its own road: ``≈`` is water
with neither drawn, ``▀``/``▄`` (``▌``/``▐``) the bank drawn on that side,
``█`` both. At the grid's points: ``◆`` a cache, ``◇`` a cache checked by the
Detective, ``⌂`` a shelter, ``b`` a bridge and ``╬`` a bridge drawn.
"""

from __future__ import annotations

from collections.abc import Iterable

from tales.guide.board import PlayerBoard
from tales.guide.citymap import CityMap, Road
from tales.guide.geometry import SIZE, District, Point, Segment
from tales.guide.geometry import Kind as SegmentKind
from tales.guide.terms import Colour

CELL = 5  # characters across a district
NE, NW = "\u2571", "\u2572"  # box-drawing diagonals (escaped: they look like slashes)
LETTER = {
    Colour.RED: "r",
    Colour.GREEN: "g",
    Colour.BLUE: "b",
    Colour.PURPLE: "p",
    Colour.YELLOW: "y",
    Colour.WHITE: "w",
}
CORNER_MARK = {(1, 1): "╭", (SIZE, 1): "╮", (SIZE, SIZE): "╯", (1, SIZE): "╰"}
LEGEND = (
    "r g b p y w: district colours; R G B P: tourists; digit: stars; !: threat",
    "━ ┃: drawn; ≈: the Manuxet (▀ ▄ ▌ ▐ █: its bank roads drawn); " + NE + " " + NW + " diagonals",
    "◆ cache, ◇ checked cache, ⌂ shelter, b bridge (╬ drawn); ~ the sea",
)

Edge = tuple[str, int, int]  # ("h" or "v", i, j) from grid point (i, j) east or south


def _edge(road: Road) -> Edge | None:
    """The grid edge a side road runs along, or None for another kind of road."""
    if road.segment.kind is not SegmentKind.SIDE:
        return None
    a, b = sorted((road.a.point, road.b.point), key=lambda p: (p.i, p.j))
    return ("h" if a.j == b.j else "v", a.i, a.j)


def _drawn_sides(city: CityMap, segments: Iterable[Segment]) -> dict[Edge, set[District]]:
    """For each grid edge, the districts its drawn roads run along."""
    drawn: dict[Edge, set[District]] = {}
    for segment in segments:
        road = city.road(segment)
        edge = _edge(road)
        if edge is not None:
            drawn.setdefault(edge, set()).update(road.along)
    return drawn


def _is_river(city: CityMap, edge: Edge) -> bool:
    kind, i, j = edge
    far = Point(i + 1, j) if kind == "h" else Point(i, j + 1)
    return frozenset((Point(i, j), far)) in city.river_edges


def _horizontal(city: CityMap, edge: Edge, along: set[District]) -> str:
    if not _is_river(city, edge):
        return ("━" if along else "─") * CELL
    _, i, j = edge
    north = j >= 1 and District(i + 1, j) in along
    south = j < SIZE and District(i + 1, j + 1) in along
    return {(False, False): "≈", (True, False): "▀", (False, True): "▄"}.get(
        (north, south), "█"
    ) * CELL


def _vertical(city: CityMap, edge: Edge, along: set[District]) -> str:
    if not _is_river(city, edge):
        return "┃" if along else "│"
    _, i, j = edge
    west = i >= 1 and District(i, j + 1) in along
    east = i < SIZE and District(i + 1, j + 1) in along
    return {(False, False): "≈", (True, False): "▌", (False, True): "▐"}.get((west, east), "█")


def _point(city: CityMap, board: PlayerBoard, point: Point, segments: set[Segment]) -> str:
    nodes = [n for n in (*board.caches, *city.shelters) if n.point == point]
    if any(n in board.checked for n in nodes):
        return "◇"
    if any(n in board.caches for n in nodes):
        return "◆"
    if nodes:
        return "⌂"
    if point in city.spec.bridges:
        return "╬" if Segment(SegmentKind.BRIDGE, point.i, point.j) in segments else "b"
    return "┼"


def _interior(city: CityMap, board: PlayerBoard, district: District) -> tuple[str, str]:
    """The two lines inside a district."""
    drawn = board.segments
    x, y = district.x, district.y
    stars = city.stars.get(district)
    threats = board.threat_count(district)
    diagonal = "".join(
        NE if way == "ne" else NW
        for way in ("ne", "nw")
        if Segment(SegmentKind.DIAGONAL, x, y, way) in drawn
    )
    corner = CORNER_MARK.get((x, y), "")
    corner = corner if Segment(SegmentKind.CORNER, x, y) in drawn else ""
    top = LETTER[city.colours[district]] + (str(stars) if stars else "")
    top += "!" * threats + diagonal + corner
    tourists = "".join(LETTER[c].upper() for c in board.tourists.get(district, ()))
    if len(tourists) > CELL:
        tourists = tourists[: CELL - 2] + f"+{len(tourists) - CELL + 2}"
    return top[:CELL].ljust(CELL), tourists.ljust(CELL)


def render_board(city: CityMap, board: PlayerBoard) -> list[str]:
    """The board as lines of text, north at the top, the sea to the east."""
    drawn = _drawn_sides(city, board.segments)
    segments = set(board.segments)
    header = "   " + "".join(f"  {x}   " for x in range(1, SIZE + 1))
    lines = [header.rstrip()]
    for j in range(SIZE + 1):
        row = "   "
        for i in range(SIZE + 1):
            row += _point(city, board, Point(i, j), segments)
            if i < SIZE:
                row += _horizontal(city, ("h", i, j), drawn.get(("h", i, j), set()))
        lines.append(row + " ~")
        if j == SIZE:
            break
        cells = [_interior(city, board, District(x, j + 1)) for x in range(1, SIZE + 1)]
        for part in (0, 1):
            text = f" {j + 1} " if part == 0 else "   "
            for i in range(SIZE + 1):
                text += _vertical(city, ("v", i, j), drawn.get(("v", i, j), set()))
                if i < SIZE:
                    text += cells[i][part]
            lines.append(text + " ~")
    return lines
