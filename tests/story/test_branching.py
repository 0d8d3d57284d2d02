"""Branching without a decision, on the fixture tale tests/data/crossroads-tale:
``if:`` on effects, a conditional ``goto``, a lone open choice taken without
asking (``lone_choice: take``), ``choices`` plus ``goto`` read alike in a
scenario and an interlude, ``tales check``'s W303, and ``hardened_by``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tales.authoring.check import check_tale
from tales.authoring.graph import edges
from tales.rules.activities import gain_item
from tales.rules.decisions import DecisionKind, Engine, EventSink
from tales.rules.events import Event, TestResolved
from tales.story.campaign import CampaignState
from tales.story.game import Game, GameSetup, start_game
from tales.story.interlude import play_interlude
from tales.story.interpreter import StoryDeadEnd, StoryRead, StoryState
from tales.story.loader import load_tale
from tales.story.options import StoryChoice, StoryOption
from tests.conftest import load_dice, white

ROOT = Path(__file__).resolve().parents[2]
CROSSROADS = ROOT / "tests" / "data" / "crossroads-tale"
EZRA, PHILIP = "ezra-marsh", "philip-harris"
COVE = Path("cove") / "paragraphs" / "cove.yaml"
TOLD = Path("interludes") / "the-crab-told.yaml"


@pytest.fixture(scope="module")
def tale():
    loaded, problems = load_tale(CROSSROADS)
    assert loaded is not None and problems == [], problems
    return loaded


def start(core, tale, trust: int = 0) -> Game:
    setup = GameSetup("cove", (EZRA, PHILIP), ("irene-dubois", "arthur-blackwood"), seed=1)
    campaign = CampaignState(counters={"trust": trust}) if trust else None
    return start_game(core, tale, setup, campaign)


def reads(events) -> list[int]:
    return [e.paragraph for e in events if isinstance(e, StoryRead)]


def edited(tmp_path: Path, file: Path, *pairs: str) -> Path:
    """A copy of the fixture with ``file`` edited: old, new, old, new..."""
    root = tmp_path / "tale"
    shutil.copytree(CROSSROADS, root)
    path = root / file
    for old, new in zip(pairs[::2], pairs[1::2], strict=True):
        assert old in path.read_text(), f"the edit must match the fixture: {old!r}"
        path.write_text(path.read_text().replace(old, new))
    return root


def problems_of(root: Path) -> list[tuple[str, str]]:
    loaded, problems = load_tale(root)
    found = [(p.code, p.message) for p in problems]
    if loaded is not None:
        found += [(p.code, p.message) for p in check_tale(loaded, set(), set())]
    return found


# In a scenario ------------------------------------------------------------------------


def test_an_effect_applies_only_when_its_if_holds_and_goto_takes_the_first_branch(core, tale):
    trusted = start(core, tale, trust=1)
    assert trusted.table.keyword_validated("LAMP"), "counter('trust') > 0: the lamp is lent"
    assert reads(trusted.events)[:2] == [1, 17], "keyword('LAMP') holds: the first branch"

    stranger = start(core, tale)
    assert reads(stranger.events)[:2] == [1, 16], "no branch holds: the fallback goto"


def test_a_lone_open_choice_is_taken_without_asking(core, tale):
    game = start(core, tale)
    assert reads(game.events)[:4] == [1, 16, 3, 17], "'Light the lamp' was the only open choice"
    assert game.table.keyword_validated("LAMP")
    assert game.pending is not None and game.pending.kind != DecisionKind.STORY_CHOICE


def test_a_tale_that_does_not_say_lone_choice_take_still_asks(core, tmp_path):
    root = edited(tmp_path, Path("tale.yaml"), "lone_choice: take", "lone_choice: ask")
    loaded, _ = load_tale(root)
    assert loaded is not None
    game = start(core, loaded)
    assert game.pending is not None and game.pending.kind == DecisionKind.STORY_CHOICE
    # The one choice is asked (abilities usable "at any time" are offered beside it).
    choices = [o.label for o in game.pending.options if isinstance(o, StoryChoice)]
    assert choices == ["Light the lamp"]


def test_a_wrong_lone_choice_is_refused(tmp_path):
    root = edited(tmp_path, Path("tale.yaml"), "lone_choice: take", "lone_choice: always")
    assert any(c == "E104" and "'always'" in m for c, m in problems_of(root))


def test_hardened_by_raises_the_need_and_eased_by_still_lowers_it(core, tale):
    needs = []
    for rope in (False, True):
        game = start(core, tale)
        table = game.table
        ezra = table.investigator(EZRA)
        if rope:
            gain_item(table, ezra, table.scenario.items["rope"])
        load_dice(table, white(*["success"] * 8))
        engine = Engine(game.book.perform(table, StoryOption(EZRA, 2, 1)), table.sink)
        events = list(engine.opening_events)
        while engine.pending is not None:
            ids = engine.legal_ids()
            answer = next((a for a in ("roll", "accept") if a in ids), ids[0])
            events += engine.apply(answer)
        needs += [e.need for e in events if isinstance(e, TestResolved)]
    assert needs == [3, 2], "need 2, hardened by the lamp (+1), eased by the rope (-1)"


def test_an_epilogue_records_only_the_effects_whose_if_holds(core, tale):
    trusts = []
    for pearl in (False, True):
        game = start(core, tale)
        if pearl:
            game.table.found.setdefault("objective", set()).add("find-the-pearl")
        game.book.finish(game.table, 12)
        trusts.append(game.book.state.counters.get("trust", 0))
    assert trusts == [0, 1]


# In an interlude: the same reading ---------------------------------------------------


def interlude(tale, state: StoryState) -> tuple[Engine[None], list[Event]]:
    """The interlude played on ``state``, and the events it told so far."""
    sink = EventSink()
    engine = Engine(play_interlude(tale.interludes["the-crab-told"], state, sink), sink)
    return engine, list(engine.opening_events)


def test_an_interlude_takes_a_lone_choice_then_goes_on_by_the_paragraphs_goto(tale):
    state = StoryState(log={"fates": {"crab-fled": False}})
    engine, told = interlude(tale, state)
    assert engine.finished, "'Mourn the crab' is closed: nobody is asked"
    assert state.counters == {"trust": 1}, "the if'd counter effect applied"
    assert state.log["fates"]["toasted"] is False
    assert reads(told) == [600, 602], "the choice has no goto: the paragraph's, trust 1"


def test_an_interlude_with_every_choice_closed_goes_on_by_its_conditional_goto(tale):
    state = StoryState(counters={"trust": 2})
    engine, told = interlude(tale, state)
    assert engine.finished and state.counters["trust"] == 2, "the crab did not flee"
    assert reads(told) == [600, 601]
    assert not any(isinstance(e, StoryDeadEnd) for e in told)


def test_an_interlude_asks_when_two_choices_are_open(tale):
    state = StoryState(log={"fates": {"crab-fled": False}}, counters={"trust": 5})
    engine, told = interlude(tale, state)
    assert [o.label for o in engine.pending.options] == ["Toast the crab", "Mourn the crab"]
    told += engine.apply("choice:1")
    assert engine.finished and reads(told) == [600, 602]


# The loader and the checker ------------------------------------------------------------


def test_a_branch_after_the_fallback_is_refused(tmp_path):
    root = edited(
        tmp_path, COVE, "    - {goto: 16}\n", "    - {goto: 16}\n    - {if: round > 2, goto: 3}\n"
    )
    assert ("E104", "a goto branch after the fallback {goto} is never read") in problems_of(root)


@pytest.mark.parametrize(
    ("old", "new", "code", "words"),
    [
        ("if: counter(", "if: countr(", "E206", "countr"),
        ('if: counter("trust") > 0}', "if: 'counter(\"trust\", 2) > 0'}", "E206", "given 2"),
        ('{keyword: LAMP, if: counter("trust") > 0}', "{keyword: LAMP, if: 3}", "E207", "if is"),
    ],
)
def test_a_bad_if_on_an_effect_is_refused(tmp_path, old, new, code, words):
    root = edited(tmp_path, COVE, old, new)
    assert any(c == code and words in m for c, m in problems_of(root)), problems_of(root)


def test_an_interlude_effect_may_not_ask_about_the_table(tmp_path):
    root = edited(tmp_path, TOLD, 'if: \'log("fates", "crab-fled")\'}', 'if: keyword("LAMP")}')
    assert any(c == "E213" and "'keyword'" in m for c, m in problems_of(root))


NEVER = 'item("rope") and not item("rope")'  # no game can make it true


def test_the_checker_warns_when_no_goto_branch_can_be_taken(tmp_path):
    root = edited(tmp_path, COVE, 'if: keyword("LAMP"), goto: 17}', f"if: '{NEVER}', goto: 17}}")
    assert ("W303", "no 'if' of paragraph 1's goto can ever hold") in problems_of(root)


def test_the_checker_warns_when_no_choice_can_be_open_and_nothing_goes_on(tmp_path):
    closed = ("W303", "no choice of paragraph 16 can ever be open, and it has no goto")
    lamp = ('if: not keyword("LAMP")', f"if: '{NEVER}'", 'if: keyword("LAMP")', f"if: '{NEVER}'")
    with_goto = edited(tmp_path / "a", COVE, *lamp)
    assert closed not in problems_of(with_goto), "the paragraph's goto goes on"
    root = edited(tmp_path / "b", COVE, *lamp, "  goto: 17  ", "  #")
    assert closed in problems_of(root)


def test_tales_graph_draws_every_branch_of_a_conditional_goto(tale):
    drawn = [(e.target, e.label) for e in edges(tale.scenarios["cove"]) if e.source == 1]
    assert drawn == [(17, 'if keyword("LAMP")'), (16, "")]
