"""A seeded pick (drawn from the game's seed, kept, written on the sheet) and
an encounter laid at a named location, on tests/data/crossroads-tale."""

from __future__ import annotations

from pathlib import Path

import pytest

from tales.authoring.checking import check_paths
from tales.rules.decisions import Engine
from tales.rules.exploration import reveal_location
from tales.saves.sheet import SheetContext, capture
from tales.story.effects import parse_effect
from tales.story.game import Game, GameSetup, start_game
from tales.story.loader import load_tale
from tales.story.model import Where
from tales.story.state import LogEntryRecorded
from tests.story.editing import edited_copy

ROOT = Path(__file__).resolve().parents[2]
CROSSROADS = ROOT / "tests" / "data" / "crossroads-tale"
EZRA = "ezra-marsh"


@pytest.fixture(scope="module")
def tale():
    loaded, problems = load_tale(CROSSROADS)
    assert loaded is not None and problems == [], problems
    return loaded


def start(core, tale, seed: int) -> Game:
    setup = GameSetup(
        "cove", (EZRA, "philip-harris"), ("irene-dubois", "arthur-blackwood"), seed=seed
    )
    return start_game(core, tale, setup)


def culprit(game: Game) -> list[str]:
    return [e for e, out in game.book.state.log.get("culprit", {}).items() if not out]


def test_a_pick_draws_one_outcome_from_the_games_seed(core, tale):
    drawn = {seed: culprit(start(core, tale, seed)) for seed in range(1, 13)}
    assert all(len(one) == 1 for one in drawn.values()), "exactly one entry is recorded"
    assert {one[0] for one in drawn.values()} == {"gull", "crab"}, "both can be drawn"
    again = {seed: culprit(start(core, tale, seed)) for seed in range(1, 13)}
    assert again == drawn, "the same seed draws the same outcome"


def test_a_pick_is_told_and_written_on_the_save_sheet(core, tale):
    game = start(core, tale, 3)
    told = [e for e in game.events if isinstance(e, LogEntryRecorded) and e.section == "culprit"]
    assert [e.entry for e in told] == culprit(game)
    context = SheetContext("s", "crossroads-tale", "cove", tale.content_hash, {})
    sheet = capture(game.table, game.book, context)
    assert list(sheet["campaign"]["log"]["culprit"]) == culprit(game)


def test_a_pick_keeps_what_was_drawn(core, tale):
    game = start(core, tale, 3)
    kept = culprit(game)
    pick, _ = parse_effect({"pick": {"section": "culprit", "from": ["gull", "crab"]}}, Where("t"))
    assert pick is not None
    for _ in range(8):  # whatever the stream would draw next
        Engine(game.book.apply(game.table, (pick,), None), game.table.sink)
    assert culprit(game) == kept


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ({"section": "culprit", "from": ["gull"]}, "two or more different entries"),
        ({"section": "culprit", "from": ["gull", "gull"]}, "two or more different entries"),
        ({"section": "culprit"}, "not"),
    ],
)
def test_a_bad_pick_is_refused(value, words):
    effect, problem = parse_effect({"pick": value}, Where("t"))
    assert effect is None and problem is not None and words in problem


def test_a_pick_from_undeclared_entries_is_an_error(tmp_path):
    edit = ("cove/paragraphs/cove.yaml", "from: [gull, crab]", "from: [gull, crib]")
    root = edited_copy(CROSSROADS, tmp_path / "tale", edit)
    found = [(p.code, p.message) for p in load_tale(root)[1]]
    assert any(c == "E209" and "no entry 'crib'; did you mean 'crab'?" in m for c, m in found)


def test_an_encounter_can_be_laid_at_a_named_location(core, tale):
    game = start(core, tale, 1)
    table = game.table
    assert table.investigator(EZRA).location == "beach"
    reveal_location(table, "cave")
    elsewhere, problem = parse_effect({"encounter": {"name": "the-crab", "at": "cave"}}, Where("t"))
    assert problem is None and elsewhere is not None
    Engine(game.book.apply(table, (elsewhere,), table.investigator(EZRA)), table.sink)
    assert list(table.encounters) == ["cave"], "laid at the cave, not where Ezra stands"


def test_an_encounter_at_an_unknown_location_is_an_error(tmp_path):
    edit = ("cove/paragraphs/cove.yaml", "the-crab, at: cave}", "the-crab, at: cove}")
    root = edited_copy(CROSSROADS, tmp_path / "tale", edit)
    found = [(p.code, p.message) for p in load_tale(root)[1]]
    assert any(c == "E203" and "'cove'" in m for c, m in found), found


# Tokens with limits ---------------------------------------------------------------------


@pytest.mark.parametrize(("flood", "left"), [(5, 2), (-5, 1), (1, 2)])
def test_location_tokens_stay_within_the_cards_limits(core, tale, flood, left):
    game = start(core, tale, 1)
    table = game.table
    assert table.location_tokens["cave"] == {"flood": 1}
    change, _ = parse_effect({"location_token": {"location": "cave", "flood": flood}}, Where("t"))
    assert change is not None
    Engine(game.book.apply(table, (change,), None), table.sink)
    assert table.location_tokens["cave"]["flood"] == left


@pytest.mark.parametrize(
    ("limits", "words"),
    [
        ("{flood: {min: 3, max: 2}}", "min 3 above max 2"),
        ("{flood: {min: 2}}", "starts with 1 flood, outside its limits"),
        ("{flood: {max: 0}}", "a limit"),
    ],
)
def test_limits_a_card_cannot_keep_are_refused(tmp_path, limits, words):
    edit = ("cove/locations.yaml", "{flood: {min: 1, max: 2}}", limits)
    root = edited_copy(CROSSROADS, tmp_path / "tale", edit)
    found = [(p.code, p.message) for p in load_tale(root)[1]]
    assert any(words in m for _, m in found), found


# Naming an investigator -------------------------------------------------------------------


def test_an_effect_may_name_an_investigator_and_a_condition_ask_who_is_playing(core, tale):
    game = start(core, tale, 1)
    table = game.table
    ezra, philip = table.investigator(EZRA), table.investigator("philip-harris")
    before = (ezra.vitality, philip.vitality)
    named = {"investigator": "philip-harris"}
    hurt, problem = parse_effect({"damage": {"VITALITY": 1}, "who": named}, Where("t"))
    assert problem is None and hurt is not None
    Engine(game.book.apply(table, (hurt,), ezra), table.sink)
    assert (ezra.vitality, philip.vitality) == (before[0], before[1] - 1), "Philip, not the actor"
    playing = game.book.context(table, ezra)["playing"]
    assert playing("philip-harris") and not playing("laszlo-varga")


@pytest.mark.parametrize("who", ["everyone", "ezra-marsh", {"investigator": "Ezra Marsh"}])
def test_who_is_actor_here_all_or_a_named_investigator(who):
    effect, problem = parse_effect({"status": "BLEEDING", "who": who}, Where("t"))
    assert effect is None and problem is not None and "{investigator: ezra-marsh}" in problem


@pytest.mark.parametrize(
    ("old", "new", "name"),
    [
        ("investigator: philip-harris}", "investigator: philip-haris}", "philip-haris"),
        ('playing("philip-harris")', 'playing("philip-haris")', "philip-haris"),
    ],
)
def test_tales_check_refuses_an_investigator_the_core_does_not_have(tmp_path, old, new, name):
    root = edited_copy(CROSSROADS, tmp_path / "tale", ("cove/paragraphs/cove.yaml", old, new))
    problems, _ = check_paths([root])
    assert [(p.code, p.message) for p in problems] == [
        ("E214", f"there is no investigator {name!r}; did you mean 'philip-harris'?")
    ]
