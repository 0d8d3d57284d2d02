"""A declared, typed campaign log on tests/data/crossroads-tale: declared
entries (a typo is an error), crossed_out() and entries(), set_counter with
an expression, counters that start from declared values, and standalone
presets checked like everything else."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tales.rules.decisions import Engine, EventSink
from tales.story.effects import kind_of, parse_effect
from tales.story.game import GameSetup, start_game
from tales.story.interlude import play_interlude
from tales.story.interpreter import StoryRead, StoryState
from tales.story.loader import load_tale
from tales.story.model import Where
from tales.story.state import CounterNotSet

ROOT = Path(__file__).resolve().parents[2]
CROSSROADS = ROOT / "tests" / "data" / "crossroads-tale"
COVE = Path("cove") / "paragraphs" / "cove.yaml"
TOLD = Path("interludes") / "the-crab-told.yaml"
TALE = Path("tale.yaml")


@pytest.fixture(scope="module")
def tale():
    loaded, problems = load_tale(CROSSROADS)
    assert loaded is not None and problems == [], problems
    return loaded


def problems_after(tmp_path: Path, file: Path, old: str, new: str) -> list[tuple[str, str]]:
    root = tmp_path / "tale"
    shutil.copytree(CROSSROADS, root)
    path = root / file
    assert old in path.read_text(), f"the edit must match the fixture: {old!r}"
    path.write_text(path.read_text().replace(old, new))
    return [(p.code, p.message) for p in load_tale(root)[1]]


def told(tale, state: StoryState) -> list[StoryRead]:
    sink = EventSink()
    engine = Engine(play_interlude(tale.interludes["the-crab-told"], state, sink), sink)
    assert engine.finished
    return [e for e in engine.opening_events if isinstance(e, StoryRead)]


@pytest.mark.parametrize(
    ("file", "old", "new"),
    [
        (COVE, "entry: crab-fled}", "entry: crab-fld}"),  # an effect
        (TOLD, 'if: log("fates", "crab-fled")\n', 'if: log("fates", "crab-fld")\n'),  # a condition
        (TOLD, 'crossed_out("fates", "crab-fled")', 'crossed_out("fates", "crab-fld")'),  # a text
    ],
)
def test_an_entry_the_section_does_not_declare_is_an_error(tmp_path, file, old, new):
    found = problems_after(tmp_path, file, old, new)
    assert (
        "E209",
        "the campaign log section 'fates' declares no entry 'crab-fld'; did you mean "
        "'crab-fled'? (it declares crab-fled, toasted)",
    ) in found


def test_a_section_listed_without_entries_takes_any_entry(tmp_path):
    found = problems_after(
        tmp_path, TALE, "    fates: [crab-fled, toasted]", "    fates: []\n    other: []"
    )
    assert found == []


def test_crossed_out_and_entries_ask_about_the_log(tale):
    crossed = StoryState(
        log={"fates": {"crab-fled": True, "toasted": False}}, counters={"trust": 2}
    )
    assert [r.paragraph for r in told(tale, crossed)] == [600, 601], "log() is false: crossed out"
    assert crossed.counters == {"trust": 2, "xp": 2}, "xp = 0 + 2 * one entry standing"

    alone = StoryState(log={"fates": {"crab-fled": True}})
    assert "scratched from the slip" in told(tale, alone)[-1].text


def test_set_counter_works_out_every_expression_before_setting_any():
    effect, problem = parse_effect(
        {"set_counter": {"a": "counter('b')", "b": "counter('a') + 1"}}, Where("t")
    )
    assert problem is None and effect is not None
    state, sink = StoryState(counters={"a": 1, "b": 5}), EventSink()
    kind_of("set_counter").record(state, sink, effect)  # type: ignore[misc]
    assert state.counters == {"a": 5, "b": 2}


def test_a_set_counter_that_fails_in_play_leaves_the_counter_and_says_so():
    effect, _ = parse_effect({"set_counter": {"xp": "counter('xp') + 'a'"}}, Where("t"))
    assert effect is not None
    state, sink = StoryState(counters={"xp": 4}), EventSink()
    kind_of("set_counter").record(state, sink, effect)  # type: ignore[misc]
    assert state.counters == {"xp": 4}
    assert [type(e) for e in sink.take()] == [CounterNotSet]


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ({"xp": 'keyword("LAMP")'}, "asks only counter, crossed_out, entries, log, visited"),
        ({"xp": True}, "a whole number or an expression"),
        ({"xp": "counter('xp' +"}, "'xp'"),
        ({}, "not {}"),
    ],
)
def test_a_bad_set_counter_is_refused(value, words):
    effect, problem = parse_effect({"set_counter": value}, Where("t"))
    assert effect is None and problem is not None and words in problem


def test_an_unknown_counter_in_a_set_counter_is_an_error(tmp_path):
    found = problems_after(tmp_path, TOLD, "xp: \"counter('xp')", "xq: \"counter('xp')")
    assert any(code == "E209" and "'xq'" in message for code, message in found)


def test_counters_start_from_their_declared_values(core, tale):
    setup = GameSetup("cove", ("ezra-marsh", "philip-harris"), ("irene-dubois", "arthur-blackwood"))
    game = start_game(core, tale, setup)
    assert game.book.state.counters == {"xp": 3, "trust": 0}, "the preset says trust 0"


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("counters: {trust: 0}}", "counters: {trust: 0, trsut: 1}}", "no counter 'trsut'"),
        ("{log: {}", "{log: {fates: [crab-fld]}", "declares no entry 'crab-fld'"),
        ("{log: {}", "{log: {fatse: [crab-fled]}", "no campaign log section 'fatse'"),
    ],
)
def test_a_standalone_preset_is_checked_like_everything_else(tmp_path, old, new, words):
    found = problems_after(tmp_path, TALE, old, new)
    assert any(code == "E209" and words in message for code, message in found), found
