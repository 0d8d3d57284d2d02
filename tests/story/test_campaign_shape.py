"""The campaign's shape (issue 14): a prologue read once before the first
scenario, an epilogue after the last, a resolution when every investigator
is defeated that continues the campaign, "the investigators lose the
campaign" as its own ending, and the final sheet that says it is over.

The campaign guide of the Innsmouth Conspiracy (reference/003) is the model:
"If no resolution was reached (each investigator was defeated): Proceed to
Resolution 1." -- "The investigators lose the campaign."
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tales.errors import TalesError
from tales.rules.decisions import DecisionKind
from tales.saves.catalog import list_lines, read_named
from tales.saves.session import load_saved, new_context, start_saved
from tales.saves.store import SaveFiles
from tales.story.campaign import CampaignState
from tales.story.campaign_shape import COMPLETE, LOST
from tales.story.game import start_game
from tales.story.loader import load_tale
from tales.story.state import CampaignLost
from tales.story.story_events import InterludeRead, StoryRead
from tests.story.campaign_tale import CAMPAIGN, campaign_tale, edited_campaign, play, setup


def _read(game, kind=StoryRead) -> list[int]:
    return [e.paragraph for e in game.events if type(e) is kind]


def test_the_prologue_is_read_once_before_the_first_introduction(core) -> None:
    game = start_game(core, campaign_tale(), setup("harbour"))
    assert game.pending is not None and game.pending.kind is DecisionKind.STORY_CHOICE
    assert game.pending.options[0].label == "Answer the letter"
    assert _read(game) == [] and _read(game, InterludeRead) == [1]
    play(game, ["Answer the letter"])
    # The prologue's 1 and 2, then the harbour's own 1: each keeps its paragraphs read.
    assert _read(game, InterludeRead)[:2] == [1, 2]
    assert _read(game)[0] == 1
    assert game.book.state.log["letters"] == {"answered": False}
    assert game.book.state.counters["resolve"] >= 2  # started from 1, +1 for the answer


def test_a_scenario_that_continues_a_campaign_reads_no_prologue(core) -> None:
    game = start_game(core, campaign_tale(), setup("harbour"), CampaignState())
    assert _read(game, InterludeRead) == [] and _read(game)[0] == 1


def test_the_epilogue_is_read_after_the_last_scenario_and_the_campaign_is_complete(core) -> None:
    game = start_game(core, campaign_tale(), setup("reef"))
    play(game, ["Unlock the sea gate"])
    assert _read(game, InterludeRead) == [900, 901], "the gate shut: the epilogue's 901"
    assert game.next_scenario is None and game.finished == [COMPLETE]


def test_every_investigator_defeated_reads_on_defeat_and_the_campaign_goes_on(core) -> None:
    brave = CampaignState(counters={"resolve": 5, "xp": 0})
    game = start_game(core, campaign_tale(), setup("archive"), brave)
    play(game, ["Ask the archivist", "Open the forbidden folio"])
    assert game.table.ended == "every investigator is dead"
    assert 40 in _read(game) and 42 in _read(game) and 41 not in _read(game)
    # Recorded by the resolution, then crossed out by the interlude that follows.
    assert game.book.state.log["fates"]["warned"] is True
    assert 501 in _read(game, InterludeRead)
    going_on = game.next_scenario
    assert going_on is not None and going_on.scenario == "reef"
    assert not set(going_on.players) & set(game.setup.players), "the dead are replaced"


def test_a_defeat_with_no_resolve_left_loses_the_campaign(core) -> None:
    game = start_game(core, campaign_tale(), setup("archive"), CampaignState())
    play(game, ["Ask the archivist", "Open the forbidden folio"])
    assert 41 in _read(game)
    assert any(isinstance(e, CampaignLost) for e in game.events)
    assert game.next_scenario is None and game.finished == [LOST]
    assert _read(game, InterludeRead) == [], "no interlude after a lost campaign"


def test_an_interlude_may_lose_the_campaign(core) -> None:
    """The archive survived but nobody believes any more: "Abandon the search"."""
    tale = campaign_tale()
    game = start_game(core, tale, setup("archive"), CampaignState(counters={"resolve": 0}))
    play(game, ["Leave by the back stair", "Carry nothing", "Abandon the search"])
    assert 500 in _read(game, InterludeRead) and 501 not in _read(game, InterludeRead)
    assert game.next_scenario is None and game.finished == [LOST]


def test_the_final_sheet_says_the_campaign_is_over(core, tmp_path: Path) -> None:
    tale = campaign_tale()
    files = SaveFiles.named(tmp_path, "last")
    context = new_context("last", CAMPAIGN, "reef", tale.content_hash)
    plan = setup("reef")
    saved = start_saved(lambda: start_game(core, tale, plan), files, context, core)
    play_saved(saved, ["Unlock the sea gate"])
    assert saved.sheet.data["finished"] == COMPLETE
    assert saved.sheet.data["campaign"]["log"]["fates"]["gate-opened"] == "recorded"
    assert "finished: the campaign is complete" in list_lines(tmp_path)[0]
    assert read_named(tmp_path, "last").data["finished"] == COMPLETE  # tales saves show
    with pytest.raises(TalesError, match="is over"):
        load_saved(files, core)


def play_saved(saved, wanted) -> None:
    import random

    from tales.authoring.bots import POLICIES

    rng = random.Random(0)
    while (pending := saved.game.pending) is not None:
        chosen = next((o for w in wanted for o in pending.options if w in o.label), None)
        saved.apply((chosen or POLICIES["random"](pending, saved.game.view, rng)).id)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("start: 1\nparagraphs: {1: {text: x}}\n", "says one of 'after"),
        ("before: reef\nstart: 1\nparagraphs: {1: {text: x}}\n", "first scenario, 'harbour'"),
    ],
)
def test_an_interlude_says_when_it_is_read(tmp_path: Path, text: str, message: str) -> None:
    root = edited_campaign(tmp_path)
    (root / "interludes" / "odd.yaml").write_text(text, encoding="utf-8")
    tale, problems = load_tale(root)
    assert tale is None
    assert [p.code for p in problems if message in p.message] == ["E210"]


def test_a_game_saved_in_the_prologue_loads_where_it_was(core, tmp_path: Path) -> None:
    """The prologue is part of the first scenario's game: its choice is an
    input in the journal, replayed on load, and it is not read twice."""
    tale = campaign_tale()
    files = SaveFiles.named(tmp_path, "start")
    context = new_context("start", CAMPAIGN, "harbour", tale.content_hash)
    plan = setup("harbour")
    saved = start_saved(lambda: start_game(core, tale, plan), files, context, core)
    assert saved.game.pending is not None
    (answer,) = [o for o in saved.game.pending.options if o.label == "Answer the letter"]
    saved.apply(answer.id)
    loaded, warnings = load_saved(files, core)
    assert warnings == []
    assert loaded.game.book.state.log == saved.game.book.state.log
    assert loaded.game.book.state.log["letters"] == {"answered": False}
    reads = [e.paragraph for e in loaded.game.events if type(e) is InterludeRead]
    assert reads == [1, 2], "read once, in the replay"
    assert loaded.game.pending is not None and saved.game.pending is not None
    assert loaded.game.pending.ids == saved.game.pending.ids


def test_lose_campaign_in_play_ends_the_scenario_as_its_own_ending(core, tmp_path: Path) -> None:
    shell = "effects: [{clue: shell}]"
    lost = "effects: [{clue: shell}, {lose_campaign: true}]"
    tale, problems = load_tale(
        edited_campaign(tmp_path, ("reef/paragraphs/reef.yaml", shell, lost))
    )
    assert tale is not None, problems
    game = start_game(core, tale, setup("reef"))
    play(game, ["Search the rock pools"])
    assert game.table.ended == LOST
    assert 12 in _read(game) and 35 not in _read(game), "no rate's paragraph after it"
    assert _read(game, InterludeRead) == [], "nor the epilogue"
    assert game.finished == [LOST]


def test_an_on_defeat_that_leads_nowhere_is_refused(tmp_path: Path) -> None:
    edit = ("archive/scenario.yaml", "{goto: 40}", "{goto: 400}")
    tale, problems = load_tale(edited_campaign(tmp_path, edit))
    assert tale is None
    assert [(p.code, p.message) for p in problems] == [
        ("E202", "there is no paragraph 400; did you mean '40'?")
    ]
