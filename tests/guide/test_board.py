"""Phase 4 and the bonuses: drawing route segments, each refusal naming its rule."""

from __future__ import annotations

import pytest

from tales.guide.board import (
    Drawing,
    PlayerBoard,
    Way,
    adjust,
    can_draw,
    draw,
    use_bonus_segment,
    verify_bonus_segment,
    verify_drawing,
)
from tales.guide.citymap import CityMap
from tales.guide.errors import IllegalDrawingError
from tales.guide.geometry import District, Segment
from tales.guide.terms import Bonus, BonusFace
from tests.guide.conftest import guide_rule

EMPTY = PlayerBoard()


def drawing(district: str, *segments: str, **kw: object) -> Drawing:
    return Drawing(District.parse(district), tuple(Segment.parse(s) for s in segments), **kw)  # type: ignore[arg-type]


def test_way_a_two_segments_the_first_along_the_district(city: CityMap) -> None:
    assert verify_drawing(city, EMPTY, drawing("33", "33n", "32w")) is Way.TWO
    board = draw(city, EMPTY, drawing("33", "33n", "32w"))
    assert board.segments == {Segment.parse("33n"), Segment.parse("32w")}


def test_way_a_refuses_a_first_segment_away_from_the_district(city: CityMap) -> None:
    with pytest.raises(IllegalDrawingError, match="phase 4 a: the first route segment must be"):
        verify_drawing(city, EMPTY, drawing("33", "11c", "12w"))


def test_way_a_refuses_a_second_segment_that_does_not_continue(city: CityMap) -> None:
    with pytest.raises(IllegalDrawingError, match="must continue the first"):
        verify_drawing(city, EMPTY, drawing("33", "33n", "55n"))


def test_way_b_one_segment_next_to_any_district(city: CityMap) -> None:
    assert verify_drawing(city, EMPTY, drawing("33", "55n")) is Way.ONE


def test_way_c_one_tourist_placed_means_exactly_one_segment(city: CityMap) -> None:
    assert verify_drawing(city, EMPTY, drawing("33", "55n", fallback=True)) is Way.FALLBACK
    with pytest.raises(IllegalDrawingError, match="phase 4 c"):
        verify_drawing(city, EMPTY, drawing("33", "33n", "32w", fallback=True))
    # Two segments after one tourist, one of them drawn already: the count is
    # the rule broken, and is the one told (a playtest was told "already drawn").
    board = draw(city, EMPTY, drawing("33", "33n"))
    with pytest.raises(IllegalDrawingError, match="phase 4 c"):
        verify_drawing(city, board, drawing("33", "33n", "32w", fallback=True))


def test_the_river_the_other_bank_is_reached_only_across_a_bridge(city: CityMap) -> None:
    assert can_draw(city, EMPTY, drawing("33", "b23", "34n"))
    with pytest.raises(IllegalDrawingError, match="first segment must be drawn across a bridge"):
        verify_drawing(city, EMPTY, drawing("33", "33s", "34n"))


def test_a_dead_end_cannot_be_continued_across_the_river(city: CityMap) -> None:
    with pytest.raises(IllegalDrawingError, match="dead-end road cannot be continued"):
        verify_drawing(city, EMPTY, drawing("13", "13w", "14w"))


@guide_rule("one-segment-per-road")
def test_a_road_is_drawn_once_whatever_its_name(city: CityMap) -> None:
    board = draw(city, EMPTY, drawing("33", "33n"))
    with pytest.raises(IllegalDrawingError, match="already drawn"):
        verify_drawing(city, board, drawing("32", "32s"))
    with pytest.raises(IllegalDrawingError, match="named twice"):
        verify_drawing(city, EMPTY, drawing("33", "33n", "32s"))


@guide_rule("diagonal-segments")
def test_secret_alley_lets_one_segment_run_through_a_district(city: CityMap) -> None:
    assert city.road("33ne").along == {District(3, 3)}
    with pytest.raises(IllegalDrawingError, match="needs the bonus die's Secret alley"):
        verify_drawing(city, EMPTY, drawing("33", "33ne", "43w"))
    alley = BonusFace.SECRET_ALLEY
    assert verify_drawing(city, EMPTY, drawing("33", "33ne", "43w", bonus=alley)) is Way.TWO
    with pytest.raises(IllegalDrawingError, match="only 1 of the route segments"):
        verify_drawing(city, EMPTY, drawing("33", "33ne", "43nw", bonus=alley))
    with pytest.raises(IllegalDrawingError, match="map corner"):
        verify_drawing(city, EMPTY, drawing("11", "11nw", bonus=alley))
    assert can_draw(city, EMPTY, drawing("11", "11ne", bonus=alley))


@guide_rule("bonus-shapes")
def test_new_turn_draws_an_l_and_zigzag_a_step(city: CityMap) -> None:
    turn = BonusFace.NEW_TURN
    assert verify_drawing(city, EMPTY, drawing("11", "55n", "65w", bonus=turn)) is Way.NEW_TURN
    with pytest.raises(IllegalDrawingError, match="another shape"):
        verify_drawing(city, EMPTY, drawing("11", "22n", "32n", bonus=turn))
    with pytest.raises(IllegalDrawingError, match="phase 4 a"):
        verify_drawing(city, EMPTY, drawing("11", "55n", "65w"))
    zig = BonusFace.ZIGZAG
    assert verify_drawing(city, EMPTY, drawing("22", "22n", "32w", "33n", bonus=zig)) is Way.ZIGZAG
    with pytest.raises(IllegalDrawingError, match="another shape"):
        verify_drawing(city, EMPTY, drawing("22", "22n", "32w", "23n", bonus=zig))
    with pytest.raises(IllegalDrawingError, match=r"Zigzag draws .* straight roads"):
        verify_drawing(city, EMPTY, drawing("11", "11c", "12w", "22w", bonus=zig))
    with pytest.raises(IllegalDrawingError, match="three need the bonus die's Zigzag"):
        verify_drawing(city, EMPTY, drawing("22", "22n", "32w", "33n"))


def test_route_adjustment_moves_one_segment_next_to_another(city: CityMap) -> None:
    board = draw(city, EMPTY, drawing("33", "33n", "43w"))
    moved = adjust(city, board, Segment.parse("43w"), Segment.parse("42w"))
    assert moved.segments == {Segment.parse("33n"), Segment.parse("42w")}
    with pytest.raises(IllegalDrawingError, match="must be connected to another segment"):
        adjust(city, board, Segment.parse("43w"), Segment.parse("66c"))
    with pytest.raises(IllegalDrawingError, match="not diagonally"):
        adjust(city, board, Segment.parse("43w"), Segment.parse("33nw"))
    with pytest.raises(IllegalDrawingError, match="is not drawn"):
        adjust(city, board, Segment.parse("55n"), Segment.parse("42w"))


def test_end_of_game_bonus_segments(city: CityMap) -> None:
    board = PlayerBoard(bonuses=(Bonus.EXTRA_SEGMENT, Bonus.DIAGONAL_SEGMENT))
    after = use_bonus_segment(city, board, Bonus.DIAGONAL_SEGMENT, Segment.parse("45ne"))
    assert after.bonuses == (Bonus.EXTRA_SEGMENT,)
    assert Segment.parse("45ne") in after.segments
    with pytest.raises(IllegalDrawingError, match="not circled"):
        verify_bonus_segment(city, after, Bonus.DIAGONAL_SEGMENT, Segment.parse("45nw"))
    with pytest.raises(IllegalDrawingError, match="along a district, not through it"):
        verify_bonus_segment(city, board, Bonus.EXTRA_SEGMENT, Segment.parse("45nw"))
    with pytest.raises(IllegalDrawingError, match="diagonally through a district"):
        verify_bonus_segment(city, board, Bonus.DIAGONAL_SEGMENT, Segment.parse("45n"))
