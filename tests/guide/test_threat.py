"""Steps 2 and 3: the threat level, the artifacts, the punishments."""

from __future__ import annotations

import pytest

from tales.guide.board import PlayerBoard
from tales.guide.citymap import CityMap
from tales.guide.components import Components
from tales.guide.errors import IllegalCheckError
from tales.guide.geometry import District
from tales.guide.route import FinalRoute, facts
from tales.guide.scoring import CheckSummary, face_value, on_route_only, score
from tales.guide.terms import Artifact, Character, Colour
from tales.guide.threat import (
    Targets,
    add_dagger,
    best_targets,
    caches_on,
    check_order,
    finish,
    hunt_options,
    outcome,
    punish,
    punishment_options,
    reroll,
    rituals,
    roll,
    sensible_rerolls,
    threat_level,
    verify_hunt,
)
from tests.guide.conftest import ScriptedDice, guide_rule

D = District


@guide_rule("dagger-plus-two")
def test_maxims_threat_check(components: Components, maxim: tuple[PlayerBoard, FinalRoute]) -> None:
    """Threat level 3, four caches, Tiara then Dagger revealed, 1 2 4 rolled."""
    city = components.city
    board, route = maxim
    f = facts(city, board, route)
    board = on_route_only(board, f)  # step 1 c, before the check
    assert threat_level(board, f, None) == 3
    assert caches_on(board, f) == 4
    deck = (Artifact.TIARA, Artifact.DAGGER, Artifact.AMULET, Artifact.MANUSCRIPT)
    taken = deck[: caches_on(board, f)]
    revealed = taken[:2]  # he reveals the Tiara, then the Dagger, and stops
    rolls = roll(ScriptedDice([1, 2, 4]), threat_level(board, f, None))
    assert rolls == (1, 2, 4)
    final = finish(rolls, revealed, Targets(daggers=((1, 2),), tiaras=(0,)))
    assert final == (6, 4, 6)  # the example prints 3 and 5: ruling dagger-plus-two
    assert outcome(final, None) == (2, 1, 2)
    # The one failure: the district with most tourists next to a threat symbol.
    assert punishment_options(board) == (D(2, 5),)
    board, record = punish(board, D(2, 5))
    assert record.tourists == (Colour.PURPLE, Colour.PURPLE, Colour.RED, Colour.BLUE)
    assert record.threat == D(3, 5)  # the symbol in the neighbouring district
    assert board.threats == (D(2, 2),)
    sheet = score(city, board, f, None, (), CheckSummary(taken=4, revealed=2))
    assert sheet.artifacts == 14  # two cards kept face down


@guide_rule("artifact-order")
def test_artifacts_apply_manuscript_then_dagger_amulet_tiara() -> None:
    assert finish((1,), (Artifact.TIARA, Artifact.AMULET), Targets(tiaras=(0,))) == (6,)
    assert finish((3, 1), (Artifact.DAGGER, Artifact.AMULET), Targets(daggers=((0, 1),))) == (6, 4)
    assert reroll((1, 5, 2), (0, 2), ScriptedDice([6, 3])) == (6, 5, 3)
    with pytest.raises(IllegalCheckError, match="each revealed artifact is applied once"):
        finish((1, 2), (Artifact.DAGGER,), Targets())


def test_a_dagger_cannot_raise_one_die_twice() -> None:
    assert add_dagger((3,), (0,)) == (5,)  # a single die takes the whole dagger
    with pytest.raises(IllegalCheckError, match="different dice"):
        add_dagger((2, 4), (0, 0))
    with pytest.raises(IllegalCheckError, match="two different dice"):
        add_dagger((2, 4, 1), (0,))


def test_best_targets_pass_most_dice_and_rerolls_go_to_the_hopeless() -> None:
    revealed = (Artifact.TIARA, Artifact.DAGGER)
    targets = best_targets((1, 2, 4), revealed, None)
    assert outcome(finish((1, 2, 4), revealed, targets), None)[0] == 2
    assert sensible_rerolls((1, 2, 6), (Artifact.MANUSCRIPT, Artifact.AMULET), None) == (0, 1)


@guide_rule("punish-threat-district")
def test_among_equals_the_district_with_the_threat_symbol_is_punished() -> None:
    board = PlayerBoard(
        tourists={D(3, 3): (Colour.RED,) * 2, D(3, 4): (Colour.BLUE,) * 2},
        threats=(D(3, 4),),
    )
    assert punishment_options(board) == (D(3, 4),)


def test_ties_go_to_the_lowest_sum_of_coordinates_then_to_the_player() -> None:
    board = PlayerBoard(
        tourists={D(2, 2): (Colour.RED,), D(4, 4): (Colour.RED,), D(1, 3): (Colour.RED,)},
        threats=(D(2, 3), D(4, 3)),
    )
    # 2.2 and 1.3 both sum to 4 and both touch 2.3; 4.4 sums to 8.
    assert punishment_options(board) == (D(1, 3), D(2, 2))
    with pytest.raises(IllegalCheckError, match="44 is not one of them"):
        punish(board, D(4, 4))


@guide_rule("punish-which-symbol")
def test_the_symbol_erased_is_the_neighbours_with_the_lowest_sum() -> None:
    board = PlayerBoard(tourists={D(3, 3): (Colour.RED,) * 3}, threats=(D(4, 3), D(3, 2)))
    board, record = punish(board, D(3, 3))
    assert record.threat == D(3, 2)
    assert board.threats == (D(4, 3),)


@guide_rule("punish-no-threat-left")
def test_with_no_threat_symbol_left_nothing_is_punished() -> None:
    board = PlayerBoard(tourists={D(3, 3): (Colour.RED,)})
    assert punishment_options(board) == ()
    with pytest.raises(IllegalCheckError, match="no threat symbol is left"):
        punish(board, D(3, 3))


@guide_rule("huntress-results")
def test_the_huntress_succeeds_on_4_and_is_paid_for_5_and_6(
    city: CityMap, maxim: tuple[PlayerBoard, FinalRoute]
) -> None:
    assert outcome((4, 5, 6, 3, 8), Character.HUNTRESS) == (4, 1, 3)
    assert outcome((4, 5, 6, 3, 8), None) == (3, 2, 3)
    board, route = maxim
    f = facts(city, board, route, Character.HUNTRESS)
    assert hunt_options(board, f) == (D(2, 2), D(3, 5))
    verify_hunt(board, f, D(2, 2))
    with pytest.raises(IllegalCheckError, match="along the final route"):
        verify_hunt(board, f, D(3, 4))
    sheet = score(city, board, f, Character.HUNTRESS, (), CheckSummary(high=3))
    assert sheet.character == 30


@guide_rule("warlock-rituals")
def test_the_warlocks_rituals_take_every_threat_symbol_in_turn(
    components: Components, maxim: tuple[PlayerBoard, FinalRoute]
) -> None:
    city = components.city
    board, route = maxim
    board = board.with_threat(D(6, 6))  # off the route: still a ritual
    f = facts(city, board, route, Character.WARLOCK)
    assert threat_level(board, f, Character.WARLOCK) == 0
    after, done = rituals(on_route_only(board, f))
    assert [p.district for p in done] == [D(2, 5), D(2, 2), D(6, 6)]
    assert sum(len(p.tourists) for p in done) == 7
    assert after.threats == ()
    sheet = face_value(city, board, f, Character.WARLOCK, ())
    assert sheet.character == 7 * 4  # tourists erased x caches on the route
    assert sheet.unrevealed == 0  # no artifact cards


@guide_rule("artifact-cards-cap")
def test_no_more_cards_are_taken_than_the_deck_holds(
    city: CityMap, maxim: tuple[PlayerBoard, FinalRoute]
) -> None:
    board, route = maxim
    f = facts(city, board, route)
    everywhere = PlayerBoard(board.tourists, board.segments, board.threats, f.nodes)
    assert caches_on(everywhere, f) == 15
    assert face_value(city, everywhere, f, None, ()).unrevealed == 7


def test_players_check_by_threat_level_then_clockwise_from_the_first_player() -> None:
    assert check_order([3, 5, 3, 1], first=2) == (1, 2, 0, 3)
    assert check_order([2, 2], first=1) == (1, 0)
