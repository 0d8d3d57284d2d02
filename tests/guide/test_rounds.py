"""Phases 2, 3 and 5: choosing a district, placing tourists, the threat symbols."""

from __future__ import annotations

from tales.guide.board import PlayerBoard
from tales.guide.components import Components
from tales.guide.draft import Rolled, RoundDice
from tales.guide.geometry import District
from tales.guide.rounds import (
    DistrictChoice,
    district_options,
    may_skip,
    must_skip,
    reachable,
    threat_district,
    tourists_of,
)
from tales.guide.terms import BonusFace, Colour, ThreatSide
from tests.guide.conftest import guide_rule

D = District


def districts(options: tuple[DistrictChoice, ...]) -> set[str]:
    return {o.district.id for o in options}


def test_equal_dice_name_one_district_and_different_dice_two() -> None:
    assert districts(district_options(PlayerBoard(), (2, 2), 0)) == {"22"}
    assert districts(district_options(PlayerBoard(), (2, 1), 0)) == {"21", "12"}
    taken = PlayerBoard().with_tourists(D(2, 1), [Colour.RED])
    assert districts(district_options(taken, (2, 1), 0)) == {"12"}


def test_when_both_districts_are_occupied_any_empty_one_takes_one_tourist() -> None:
    board = PlayerBoard().with_tourists(D(2, 1), [Colour.RED]).with_tourists(D(1, 2), [Colour.RED])
    options = district_options(board, (2, 1), 0)
    assert len(options) == 34 and all(o.fallback for o in options)
    assert D(2, 1) not in {o.district for o in options}


@guide_rule("coordinate-change-cost")
def test_coordinate_changes_wrap_round_and_cost_the_fewest() -> None:
    assert reachable((6, 3), 1) == {(6, 3): 0, (1, 3): 1, (5, 3): 1, (6, 2): 1, (6, 4): 1}
    assert reachable((6, 3), 2)[(2, 3)] == 2
    options = {o.district.id: o for o in district_options(PlayerBoard(), (6, 3), 1)}
    assert set(options) == {"63", "36", "13", "31", "53", "35", "62", "26", "64", "46"}
    assert options["63"].changes == 0 and options["13"].changes == 1
    board = PlayerBoard().with_tourists(D(6, 3), [Colour.RED]).with_tourists(D(3, 6), [Colour.RED])
    spent = {o.district.id: o for o in district_options(board, (6, 3), 1)}
    assert not spent["13"].fallback and spent["13"].changes == 1
    assert spent["11"].fallback and spent["11"].changes == 0


def test_tourists_come_from_both_round_dice(components: Components) -> None:
    die1, die2 = components.tourist_dice[0], components.tourist_dice[1]
    dice = RoundDice(
        (Rolled(1, die1.faces[4]), Rolled(2, die2.faces[0])),
        Rolled(3, die1.faces[0]),
        BonusFace.BLANK,
    )
    assert tourists_of(dice) == (Colour.RED, Colour.BLUE, Colour.GREEN, Colour.PURPLE)


def test_cultists_pair_the_slots_and_deep_ones_walk_the_columns(components: Components) -> None:
    cultists = components.round_board[ThreatSide.CULTISTS]
    assert threat_district(cultists, [3]) is None
    assert threat_district(cultists, [3, 4]) == D(3, 4)
    assert threat_district(cultists, [3, 4, 1, 6]) == D(1, 6)
    deep = components.round_board[ThreatSide.DEEP_ONES]
    assert threat_district(deep, [1, 5]) == D(6, 5)
    assert threat_district(deep, [1, 5, 2]) is None
    assert threat_district(deep, [1, 5, 2, 2, 4]) == D(4, 4)
    board = PlayerBoard()
    assert may_skip(deep, board) and not must_skip(deep, board, 8) and must_skip(deep, board, 10)
    assert not may_skip(cultists, board)
