"""Setup items, location tokens, thresholds by difficulty, and interludes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tales.authoring.check import check_tale
from tales.authoring.schema import FILES
from tales.cli import FILE_KINDS
from tales.rules.decisions import Engine, EventSink
from tales.rules.eventboard import place_event_token
from tales.rules.terms import EventSymbol
from tales.story.game import GameSetup, start_game
from tales.story.interlude import play_interlude
from tales.story.interpreter import StoryRead, StoryState
from tales.story.loader import load_tale
from tales.story.model import Effect
from tests.story.editing import edited_copy

ROOT = Path(__file__).resolve().parents[2]
BELL = ROOT / "storybooks" / "the-drowned-bell"


@pytest.fixture(scope="module")
def tale():
    loaded, problems = load_tale(BELL)
    assert loaded is not None, problems
    return loaded


def game(core, tale, difficulty: str = "standard"):
    setup = GameSetup(
        "bell-house",
        ("ezra-marsh", "philip-harris"),
        ("irene-dubois", "arthur-blackwood"),
        difficulty,
        1,
    )
    return start_game(core, tale, setup)


def codes(root: Path) -> list[tuple[str, str]]:
    _, problems = load_tale(root)
    return [(p.code, p.message) for p in problems]


def test_the_command_line_knows_every_schema_file_kind():
    assert tuple(FILE_KINDS) == FILES


# Setup items --------------------------------------------------------------------------


def test_setup_items_go_to_the_first_player(core, tale):
    started = game(core, tale)
    ezra, philip = (started.table.investigator(s) for s in ("ezra-marsh", "philip-harris"))
    assert ezra.item("storm-lantern") is not None and philip.item("storm-lantern") is None


def test_an_unknown_setup_item_is_refused(tmp_path):
    edit = ("bell-house/scenario.yaml", "items: [storm-lantern]", "items: [storm-lamp]")
    root = edited_copy(BELL, tmp_path / "tale", edit)
    assert any(code == "E204" and "'storm-lamp'" in m for code, m in codes(root))


# Location tokens ----------------------------------------------------------------------


def test_location_tokens_start_from_the_card_and_change_by_effect(core, tale):
    started = game(core, tale)
    book, table = started.book, started.table
    assert table.location_tokens["sea-stair"] == {"flood": 0}
    rise = Effect("location_token", {"location": "sea-stair", "flood": 2})
    Engine(book.apply(table, [rise], None), table.sink)
    assert book.context(table, None)["location_token"]("sea-stair", "flood") == 2
    fall = Effect("location_token", {"location": "sea-stair", "flood": -5})
    Engine(book.apply(table, [fall], None), table.sink)
    assert table.location_tokens["sea-stair"]["flood"] == 0, "never below zero"


def test_a_flooded_stair_reads_differently(core, tale):
    started = game(core, tale)
    book, table = started.book, started.table
    ezra = table.investigator("ezra-marsh")
    texts = []
    for flood in (0, 2):
        table.location_tokens["sea-stair"]["flood"] = flood
        engine = Engine(book.read_as(table, 14, ezra), table.sink)
        texts.append(next(e.text for e in engine.opening_events if isinstance(e, StoryRead)))
    assert "iron ring" not in texts[0] and "iron ring" in texts[1]


def test_bad_location_tokens_are_refused(tmp_path):
    edit = ("bell-house/locations.yaml", "tokens: {flood: 0}", "tokens: {flood: -1}")
    root = edited_copy(BELL, tmp_path / "tale", edit)
    assert any(code == "E104" and "tokens" in m for code, m in codes(root))


# Thresholds by difficulty -------------------------------------------------------------


@pytest.mark.parametrize(("difficulty", "fires"), [("hard", True), ("standard", False)])
def test_a_threshold_can_belong_to_one_difficulty(core, tale, difficulty, fires):
    """The bell house's hull gives way at the 2nd skull on hard only (27)."""
    table = game(core, tale, difficulty).table
    table.to_read.clear()
    place_event_token(table, EventSymbol.SKULL)
    place_event_token(table, EventSymbol.SKULL)
    assert ((27, "2nd skull token") in table.to_read) is fires


def test_an_unknown_difficulty_on_a_threshold_is_refused(tmp_path):
    edit = ("bell-house/scenario.yaml", "difficulties: [hard]", "difficulties: [brutal]")
    root = edited_copy(BELL, tmp_path / "tale", edit)
    assert any(code == "E104" and "difficulties" in m for code, m in codes(root))


# Interludes ---------------------------------------------------------------------------


def run_interlude(tale, state: StoryState) -> tuple[Engine[None], EventSink]:
    sink = EventSink()
    return Engine(play_interlude(tale.interludes["the-bar-at-dawn"], state, sink), sink), sink


def test_an_interlude_branches_on_the_campaign_log(tale):
    answered = StoryState(
        log={"the-bell": {"patience-answered": False}}, counters={"innsmouth-watch": 2}
    )
    engine, _ = run_interlude(tale, answered)
    assert [o.label for o in engine.pending.options] == [
        "Tell her the bell has been answered",
        "Say only that it is quiet now",
    ]
    engine.apply("choice:0")
    assert engine.finished and answered.counters["innsmouth-watch"] == 1

    crossed = StoryState(log={"the-bell": {"patience-answered": True}})
    engine, _ = run_interlude(tale, crossed)
    assert [o.id for o in engine.pending.options] == ["choice:2"], "a crossed-out entry is not held"
    engine.apply("choice:2")
    assert crossed.log["the-bell"]["left-unspoken"] is False


def test_an_interlude_renders_its_text_from_the_campaign(tale):
    watched = StoryState(counters={"innsmouth-watch": 1})
    engine, _ = run_interlude(tale, watched)
    text = next(e.text for e in engine.opening_events if isinstance(e, StoryRead))
    assert "motor launch" in text
    engine, _ = run_interlude(tale, StoryState())
    text = next(e.text for e in engine.opening_events if isinstance(e, StoryRead))
    assert "motor launch" not in text


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "        goto: 503\n",
            "        goto: 503\n    options: [{label: Wait, goto: 501}]\n",
            "offer 'choices', not 'options'",
        ),
        (
            "      - {counter: {innsmouth-watch: -1}}",
            "      - {status: BLEEDING}",
            "'status' needs a scenario",
        ),
        (
            '        if: log("the-lost", "taken-by-the-gut")',
            '        if: keyword("SEA")',
            "'keyword' needs a scenario",
        ),
    ],
)
def test_an_interlude_uses_only_the_campaign(tmp_path, old, new, message):
    root = edited_copy(BELL, tmp_path / "tale", ("interludes/the-bar-at-dawn.yaml", old, new))
    found = codes(root)
    assert any(code == "E213" and message in m for code, m in found), found


def test_an_interlude_after_an_unknown_scenario_is_refused(tmp_path):
    edit = ("interludes/the-bar-at-dawn.yaml", "after: bell-house", "after: bell-hous")
    root = edited_copy(BELL, tmp_path / "tale", edit)
    assert any(code == "E210" and "did you mean 'bell-house'?" in m for code, m in codes(root))


def test_the_checker_finds_unreachable_and_looping_interlude_paragraphs(tmp_path):
    root = edited_copy(BELL, tmp_path / "tale")
    path = root / "interludes" / "the-bar-at-dawn.yaml"
    path.write_text(
        path.read_text() + "  504:\n    text: Nobody reads this.\n    goto: 505\n"
        "  505:\n    text: Nor this.\n    goto: 504\n"
    )
    loaded, problems = load_tale(root)
    assert loaded is not None, problems
    found = [(p.code, p.message) for p in check_tale(loaded, set(), set())]
    assert ("W301", "interlude paragraph 504 can never be read") in found
    assert any(code == "E211" and "504 -> 505 -> 504" in m for code, m in found)
