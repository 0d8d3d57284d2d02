"""The components in storybooks/guide: loaded, checked, and as the rulings say."""

from __future__ import annotations

import re
import shutil
import sys
from collections import Counter
from pathlib import Path

import pytest

from tales.guide.components import Components
from tales.guide.data import guide_dir, load_components, read_yaml
from tales.guide.errors import GuideDataError, NoSuchRoadError
from tales.guide.geometry import District, Node
from tales.guide.terms import (
    TOURIST_COLOURS,
    Artifact,
    Bank,
    BonusFace,
    Character,
    Colour,
    ThreatSide,
)
from tests.guide.conftest import guide_rule

ROOT = Path(__file__).resolve().parents[2]


@guide_rule("map-districts")
def test_every_row_and_column_holds_each_kind_of_district_once(components: Components) -> None:
    colours = components.city.colours
    for n in range(1, 7):
        assert {colours[District(x, n)] for x in range(1, 7)} == set(Colour)
        assert {colours[District(n, y)] for y in range(1, 7)} == set(Colour)


@guide_rule("map-stars")
def test_only_yellow_districts_have_stars(components: Components) -> None:
    city = components.city
    yellow = {d for d, c in city.colours.items() if c is Colour.YELLOW}
    assert set(city.stars) == yellow
    assert sum(city.stars.values()) == 21
    assert city.stars[District(3, 4)] == 5


@guide_rule("map-orientation")
@guide_rule("map-river")
def test_the_river_divides_the_city_into_north_and_south(components: Components) -> None:
    banks = components.city.banks
    assert Counter(banks.values()) == {Bank.NORTH: 21, Bank.SOUTH: 15}
    assert banks[District(1, 3)] is Bank.NORTH and banks[District(1, 4)] is Bank.SOUTH
    assert banks[District(6, 4)] is Bank.NORTH and banks[District(6, 5)] is Bank.SOUTH
    assert components.city.is_near_water(Node(6, 1))  # the sea is the east edge


@guide_rule("map-embankments")
def test_each_bank_has_its_own_embankment_along_its_own_district(components: Components) -> None:
    city = components.city
    north, south = city.road("33s"), city.road("34n")
    assert north.segment != south.segment
    assert north.along == {District(3, 3)} and south.along == {District(3, 4)}
    assert (north.a, north.b) == (Node(2, 3, Bank.NORTH), Node(3, 3, Bank.NORTH))
    assert city.road("22s").segment == city.road("23n").segment  # no river: one road


@guide_rule("map-bridges")
def test_a_bridge_joins_the_banks_and_is_along_the_riverside_districts(
    components: Components,
) -> None:
    bridge = components.city.road("b23")
    assert (bridge.a, bridge.b) == (Node(2, 3, Bank.NORTH), Node(2, 3, Bank.SOUTH))
    assert bridge.along == {District(2, 3), District(3, 3), District(2, 4), District(3, 4)}
    with pytest.raises(NoSuchRoadError, match=r"bridges stand at 2\.3, 5\.4"):
        components.city.road("b13")


@guide_rule("map-dead-ends")
def test_the_quays_leave_three_dead_ends(components: Components) -> None:
    city = components.city
    assert city.dead_ends() == {Node.parse("0.3n"), Node.parse("3.4n"), Node.parse("6.4s")}
    with pytest.raises(NoSuchRoadError, match="quay"):
        city.road("13s")


@guide_rule("map-rounded-corners")
def test_corner_roads_are_rounded_single_segments(components: Components) -> None:
    city = components.city
    corner = city.road("11c")
    assert corner.along == {District(1, 1)} and corner.turns == 1
    assert {corner.a, corner.b} == {Node(1, 0), Node(0, 1)}
    assert Node(0, 0) not in city.at_node
    with pytest.raises(NoSuchRoadError, match="rounded"):
        city.road("11n")


@guide_rule("map-shelters")
def test_shelters_hide_two_tourists_each_and_every_kind_twice(components: Components) -> None:
    city = components.city
    tourists = Counter(t for group in city.shelters.values() for t in group)
    assert tourists == dict.fromkeys(TOURIST_COLOURS, 2)
    assert Counter(city.bank_of(n) for n in city.shelters) == {Bank.NORTH: 2, Bank.SOUTH: 2}
    assert all(n in city.at_node for n in city.shelters)


@guide_rule("tourist-dice-faces")
def test_tourist_dice_show_each_number_once_and_each_kind_twice(components: Components) -> None:
    assert len(components.tourist_dice) == 5
    for die in components.tourist_dice:
        assert sorted(f.number for f in die.faces) == [1, 2, 3, 4, 5, 6]
        symbols = Counter(t for f in die.faces for t in f.tourists)
        assert symbols == dict.fromkeys(TOURIST_COLOURS, 2), die.name
        assert sorted(len(f.tourists) for f in die.faces) == [1, 1, 1, 1, 2, 2]


@guide_rule("bonus-die-faces")
def test_the_bonus_die_has_the_six_faces_the_rulebook_lists(components: Components) -> None:
    assert sorted(components.bonus_die) == sorted(BonusFace)


@guide_rule("round-board-cultists")
@guide_rule("round-board-deep-ones")
def test_both_sides_of_the_round_board(components: Components) -> None:
    cultists = components.round_board[ThreatSide.CULTISTS]
    deep = components.round_board[ThreatSide.DEEP_ONES]
    assert cultists.threat_slots == (2, 4, 6, 8, 10)
    assert [deep.columns[s] for s in deep.threat_slots] == [6, 5, 4, 3, 2, 1]


@guide_rule("artifact-deck")
def test_each_deck_holds_seven_artifacts(components: Components) -> None:
    assert Counter(components.artifact_deck) == {
        Artifact.MANUSCRIPT: 2,
        Artifact.DAGGER: 2,
        Artifact.AMULET: 2,
        Artifact.TIARA: 1,
    }
    assert len(components.deck_colours) == 4
    assert tuple(components.artifact_effects) == tuple(Artifact)  # in the order applied
    assert "+2" in components.artifact_effects[Artifact.DAGGER]


@guide_rule("cache-cards")
def test_cache_cards_mark_five_caches_with_a_dead_end(components: Components) -> None:
    dead = components.city.dead_ends()
    assert len(components.cache_cards) == 4
    for card in components.cache_cards.values():
        assert len(card.caches) == 5
        assert card.caches & dead, card.name
        assert not card.caches & components.city.shelters.keys()


@guide_rule("goal-cards")
def test_goal_cards_pay_8_16_24_and_two_reach_the_challenge_top(components: Components) -> None:
    winding = components.goals["winding-route"]
    assert winding.tiers == ((10, 8), (12, 16), (14, 24))
    assert [winding.points(n) for n in (9, 10, 13, 14, 30)] == [0, 8, 16, 24, 24]
    assert len(components.goals) == 5
    assert all([vp for _, vp in g.tiers] == [8, 16, 24] for g in components.goals.values())
    assert max(components.challenge.goals) == 2 * 24


@guide_rule("character-bonuses")
def test_each_character_card_shows_two_bonuses(components: Components) -> None:
    assert set(components.characters) == set(Character)
    assert all(len(card.bonuses) == 2 for card in components.characters.values())
    assert components.challenge.totals["legendary"] == 240


def test_yaml_tags_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("a: !!python/object:os.system echo\n", encoding="utf-8")
    with pytest.raises(GuideDataError, match="tag"):
        read_yaml(path)


def test_every_problem_in_the_data_is_reported_at_once(tmp_path: Path) -> None:
    broken = tmp_path / "guide"
    shutil.copytree(guide_dir(), broken)
    cards = (broken / "cards.yaml").read_text(encoding="utf-8")
    (broken / "cards.yaml").write_text(cards.replace('"2.2", "4.1"', '"2.2", "0.0"'), "utf-8")
    dice = (broken / "die-faces.yaml").read_text(encoding="utf-8")
    (broken / "die-faces.yaml").write_text(
        dice.replace('"6: green+purple"', '"5: green+purple"'), "utf-8"
    )
    with pytest.raises(GuideDataError) as raised:
        load_components(broken)
    text = str(raised.value)
    assert "0.0 is not an intersection" in text
    assert "die-1: a die shows each number 1 to 6 once" in text


def _pinned() -> set[str]:
    pattern = re.compile(r"""guide_rule\(\s*["']([a-z0-9-]+)["']\s*\)""")
    found: set[str] = set()
    for path in Path(__file__).parent.glob("*.py"):
        found |= set(pattern.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_ruling_is_pinned_by_a_test_and_every_pin_exists(components: Components) -> None:
    rulings = set(components.rulings.rulings)
    assert sorted(rulings - _pinned()) == []
    assert sorted(_pinned() - rulings) == []


def test_docs_list_every_ruling_as_the_data_says(components: Components) -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_guide_doc
    finally:
        sys.path.remove(str(ROOT / "tools"))
    marker, render = make_guide_doc.MARKER, make_guide_doc.render
    doc = (ROOT / "docs" / "guide.md").read_text(encoding="utf-8")
    assert doc.split(marker, 1)[1] == render(components.rulings), "run tools/make_guide_doc.py"


def test_rulings_named_in_the_code_exist(components: Components) -> None:
    """Docstrings name rulings as "the ``id`` ruling"."""
    pattern = re.compile(r"``([a-z0-9-]+)``\s+ruling")
    named: set[str] = set()
    for path in (ROOT / "tales" / "guide").glob("*.py"):
        named |= set(pattern.findall(path.read_text(encoding="utf-8")))
    assert named and sorted(named - set(components.rulings.rulings)) == []


def test_the_guide_folder_is_not_taken_for_storybook_content() -> None:
    # `tales check storybooks` treats a folder with dice.yaml as a core, tale.yaml as a tale.
    assert not (guide_dir() / "dice.yaml").exists()
    assert not (guide_dir() / "tale.yaml").exists()
