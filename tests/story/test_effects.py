"""The effect registry (tales/story/effects): one list of kinds that the
docs, the schema, the loader and the interpreter all follow."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from tales.authoring.schema import schema
from tales.rules.decisions import Engine, EventSink
from tales.rules.events import ItemLost
from tales.story.core import tale_path
from tales.story.effects import KINDS, UnknownEffect, kind_of, parse_effect
from tales.story.game import GameSetup, set_up
from tales.story.interlude import play_interlude
from tales.story.interpreter import Book, StoryRead
from tales.story.loader import INTERLUDE_EFFECTS, load_tale
from tales.story.model import Effect, Interlude, Paragraph, Where
from tales.story.state import (
    CounterChanged,
    LogEntryCrossedOut,
    LogEntryRecorded,
    StoryState,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "storybook.md"


def _load(text: str) -> object:
    """YAML as the loader reads it (safe, no tags)."""
    return YAML(typ="safe").load(text)


def effects_table() -> list[str]:
    """The rows of the table under "## Effects" in docs/storybook.md."""
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("\n## Effects\n", 1)[1].split("\n## ", 1)[0]
    return [line for line in section.splitlines() if line.startswith("| `{")]


def test_every_registered_effect_has_its_row_in_the_docs() -> None:
    rows = "\n".join(effects_table())
    missing = [name for name in KINDS if f"`{{{name}:" not in rows and f"/ `{{{name}:" not in rows]
    assert missing == []


def test_the_docs_table_names_only_registered_effects() -> None:
    named = {m for row in effects_table() for m in re.findall(r"`\{(\w+):", row)}
    assert named - set(KINDS) == set()


def test_the_docs_say_which_kinds_take_who_and_count() -> None:
    text = " ".join(DOCS.read_text(encoding="utf-8").split("\n## Effects\n", 1)[1].split())
    takes_who = text.split("is taken by", 1)[1].split("only;", 1)[0]
    takes_count = text.split("`count`", 1)[1].split("only.", 1)[0]
    assert set(re.findall(r"`(\w+)`", takes_who)) == {n for n, k in KINDS.items() if k.who}
    assert set(re.findall(r"`(\w+)`", takes_count)) == {n for n, k in KINDS.items() if k.count}


def test_each_kinds_example_is_a_valid_effect_of_that_kind() -> None:
    """The example each kind gives parses as an effect of that kind."""
    for name, kind in KINDS.items():
        effect, problem = parse_effect(_load(kind.example), Where("docs"))
        assert problem is None, (name, problem)
        assert effect is not None and effect.kind == name


def test_the_schema_has_one_variant_per_kind_with_the_keys_it_takes() -> None:
    variants = schema("paragraphs")["$defs"]["effects"]["items"]["oneOf"]
    by_kind = {next(iter(v["required"])): v for v in variants}
    assert list(by_kind) == list(KINDS)
    for name, kind in KINDS.items():
        keys = set(by_kind[name]["properties"])
        assert keys == {name, "if"} | ({"who"} if kind.who else set()) | (
            {"count"} if kind.count else set()
        ), "every kind takes 'if'"


def test_interludes_take_exactly_the_kinds_that_say_so() -> None:
    assert {name for name, kind in KINDS.items() if kind.interlude} == INTERLUDE_EFFECTS
    assert {"log", "cross_out", "counter", "set_counter", "read", "lose_campaign"} == (
        INTERLUDE_EFFECTS
    )


@pytest.mark.parametrize("node", ["{reveal: cave, count: 2}", "{time: 1, count: 3}"])
def test_count_is_refused_where_a_kind_takes_none(node: str) -> None:
    effect, problem = parse_effect(_load(node), Where("x"))
    assert effect is None and problem is not None and "takes no 'count'" in problem


@pytest.mark.parametrize(
    ("node", "fits"),
    [
        ("{drive: {vehicle: launch, to: reef}}", True),
        ("{drive: {vehicle: launch}}", False),
        ("{drive: {vehicle: launch, to: ''}}", False),
        ("{drive: {vehicle: launch, to: reef, by: night}}", False),
        ("{encounter: {name: the-wrecker, at: quay}}", True),
        ("{encounter: {name: the-wrecker, at: 3}}", False),
        ("{encounter: {name: the-wrecker}}", False),
    ],
)
def test_a_value_of_named_parts_takes_exactly_those_parts_each_a_name(
    node: str, fits: bool
) -> None:
    effect, problem = parse_effect(_load(node), Where("x"))
    assert (effect is not None, problem is None) == (fits, fits), problem


def test_an_unknown_kind_in_play_raises_instead_of_doing_nothing(core, make_book) -> None:
    with pytest.raises(UnknownEffect, match="'tiem' is not an effect; did you mean 'time'"):
        kind_of("tiem")
    table, book = make_book
    bogus = Effect("tiem", 1)
    with pytest.raises(UnknownEffect):
        list(book.apply(table, [bogus], None))


@pytest.fixture
def make_book(core):
    """A table and storybook of the starter tale, as a game lays them out."""
    tale, problems = load_tale(tale_path("the-drowned-bell"))
    assert tale is not None, problems
    companions = ("arthur-blackwood", "irene-dubois", "laszlo-varga")
    laid = set_up(core, tale, GameSetup("bell-house", ("ezra-marsh",), companions))
    assert isinstance(laid.book, Book)
    return laid.table, laid.book


# remove_item: the registry's point, one entry in tales/story/effects/found.py ------------


BELL = Path(tale_path("the-drowned-bell"))
CLAPPER = "success: {effects: [{item: bell-clapper}, {card: STRESS}]}"


@pytest.mark.parametrize(
    ("effect", "problem"),
    [
        ("{remove_item: storm-lantern}", None),
        ("{remove_item: storm-lamp}", ("E204", "there is no item 'storm-lamp'")),
        ("{remove_item: storm-lantern, who: all}", ("E207", "'remove_item' takes no 'who'")),
        ("{remove_item: [storm-lantern]}", ("E207", "'remove_item' takes a scenario item")),
    ],
)
def test_remove_item_names_a_scenario_item(tmp_path: Path, effect: str, problem) -> None:
    root = tmp_path / "tale"
    shutil.copytree(BELL, root)
    paragraphs = root / "bell-house" / "paragraphs" / "bell-house.yaml"
    text = paragraphs.read_text(encoding="utf-8")
    assert CLAPPER in text
    paragraphs.write_text(text.replace(CLAPPER, f"success: {{effects: [{effect}]}}"))
    _, problems = load_tale(root)
    found = [(p.code, p.message) for p in problems if p.severity == "error"]
    if problem is None:
        assert found == []
    else:
        assert any(code == problem[0] and problem[1] in message for code, message in found)


def test_remove_item_takes_the_item_from_the_team_and_says_so(make_book) -> None:
    table, book = make_book
    Engine(book.begin(table), table.sink)  # the setup item goes to the first player
    ezra = table.investigator("ezra-marsh")
    held = ezra.item("storm-lantern")
    assert held is not None
    markers = table.supply.use_markers
    spend = Engine(book.apply(table, [Effect("remove_item", "storm-lantern")], None), table.sink)
    assert ezra.item("storm-lantern") is None
    assert table.supply.use_markers == markers + held.uses, "its use markers go back to the box"
    assert book.context(table, ezra)["item"]("storm-lantern") is False
    assert spend.opening_events == (ItemLost("ezra-marsh", "storm-lantern"),)
    again = Engine(book.apply(table, [Effect("remove_item", "storm-lantern")], None), table.sink)
    assert again.opening_events == (), "nobody holds it any more: nothing happens, nothing is told"


def test_an_interludes_effects_are_told_as_events() -> None:
    state = StoryState(log={"the-bell": {}}, counters={"innsmouth-watch": 1})
    interlude = Interlude(
        "dawn",
        "bell-house",
        1,
        {
            1: Paragraph(
                1,
                effects=(
                    Effect("log", {"section": "the-bell", "entry": "rung"}),
                    Effect("cross_out", {"section": "the-bell", "entry": "rung"}),
                    Effect("counter", {"innsmouth-watch": 2}),
                ),
            )
        },
    )
    sink = EventSink()
    Engine(play_interlude(interlude, state, sink), sink)
    assert state.log == {"the-bell": {"rung": True}} and state.counters == {"innsmouth-watch": 3}
    told = Engine(play_interlude(interlude, StoryState(), sink), sink).opening_events
    assert [type(e) for e in told if not isinstance(e, StoryRead)] == [
        LogEntryRecorded,
        LogEntryCrossedOut,
        CounterChanged,
    ]
    assert CounterChanged("innsmouth-watch", 0, 2) in told
