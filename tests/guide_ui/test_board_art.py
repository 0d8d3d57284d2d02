"""The board in box-drawing characters shows what is on the board, and only that."""

from __future__ import annotations

from tales.guide.board import PlayerBoard
from tales.guide.components import Components
from tales.guide.geometry import District, Node, Segment
from tales.guide.terms import Colour
from tales.guide_ui.board_art import NE, render_board
from tales.guide_ui.screens import board_words


def cell(x: int) -> slice:
    """The columns of district x's interior."""
    return slice(4 + 6 * (x - 1), 9 + 6 * (x - 1))


def column(i: int) -> int:
    """The column of the grid's points i.j."""
    return 3 + 6 * i


def drawn(components: Components, *names: str) -> PlayerBoard:
    city = components.city
    return PlayerBoard().with_segments(city.road(Segment.parse(n)).segment for n in names)


def test_an_empty_board_is_a_thin_grid_with_the_river_and_the_sea(
    components: Components,
) -> None:
    lines = render_board(components.city, PlayerBoard())
    assert len(lines) == 1 + 7 + 12  # the header, seven rows of roads, six of districts
    art = "\n".join(lines)
    assert "━" not in art and "┃" not in art
    assert "≈" in art and all(line.endswith("~") for line in lines[1:])
    assert lines[2].startswith(" 1 │r")  # district 11 is red


def test_drawn_roads_are_thick_and_each_bank_of_the_river_shows_apart(
    components: Components,
) -> None:
    plain = render_board(components.city, PlayerBoard())
    lines = render_board(components.city, drawn(components, "22s", "32w", "33s"))
    # Lines: the header, then points row j at 1 + 3j and district row y below it.
    assert lines[7][cell(2)] == "━━━━━" and plain[7][cell(2)] == "─────"  # 22s
    assert lines[5][column(2)] == "┃" and plain[5][column(2)] == "│"  # 32w
    assert lines[10][cell(3)] == "▀▀▀▀▀"  # 33s: the north bank's road only
    both = render_board(components.city, drawn(components, "33s", "34n"))
    assert both[10][cell(3)] == "█████"


def test_tourists_threats_diagonals_and_caches_are_marked(components: Components) -> None:
    board = drawn(components, "45ne").with_tourists(District(3, 3), [Colour.RED, Colour.BLUE])
    board = board.with_threat(District(2, 2))
    board = PlayerBoard(
        tourists=board.tourists,
        segments=board.segments,
        threats=board.threats,
        caches=frozenset({Node(4, 1)}),
    )
    lines = render_board(components.city, board)
    assert lines[9][cell(3)] == "RB   "  # the second line of district 33
    assert lines[5][cell(2)].startswith("y2!")  # district 22: yellow, 2 stars, a threat
    assert NE in lines[14][cell(4)]  # the diagonal of district 45
    assert lines[4][column(4)] == "◆"  # the cache at point 4.1


def test_the_board_in_words_lists_the_same(components: Components) -> None:
    board = drawn(components, "33n").with_tourists(District(3, 3), [Colour.GREEN])
    words = board_words(board)
    assert words[0] == "Tourists: 33:G." and words[1] == "Route segments: 33n."
