"""Campaign saves: when a scenario of a campaign ends, the save becomes the
sheet between scenarios (the next scenario's setup, the campaign log, the
items carried, the exploration points carried), and loading it starts the
next scenario from there."""

from __future__ import annotations

from pathlib import Path

import pytest

from tales.errors import SheetError
from tales.saves.session import load_saved, new_context, start_saved
from tales.saves.store import SaveFiles
from tales.story.game import GameSetup, start_game
from tales.story.loader import load_tale
from tests.story.test_campaign import TEAM, golden_inputs, two_scenario_tale


@pytest.fixture
def finished(core, tmp_path: Path) -> SaveFiles:
    """A save of the campaign's first scenario played to its end."""
    root = two_scenario_tale(tmp_path)
    tale, problems = load_tale(root)
    assert tale is not None, problems
    setup = GameSetup("bell-house", *TEAM, "standard", 21)
    files = SaveFiles.named(tmp_path / "saves", "campaign")
    context = new_context("campaign", root, "bell-house", tale.content_hash)
    saved = start_saved(lambda: start_game(core, tale, setup), files, context, core)
    for option_id in golden_inputs():  # the first scenario, to its true ending
        saved.apply(option_id)
    while saved.game.pending is not None:  # the carry-over, then the interlude
        decision = saved.game.pending
        assert decision.kind in ("carry-over", "story-choice")
        wanted = "carry:flensing-spade"
        saved.apply(wanted if wanted in decision.ids else decision.ids[-1])
    assert saved.game.next_scenario is not None
    return files


def test_the_end_of_a_scenario_leaves_the_sheet_between_scenarios(finished: SaveFiles) -> None:
    text = finished.sheet.read_text(encoding="utf-8")
    assert "scenario: bell-house-again" in text
    assert "after: bell-house" in text
    assert "carried: {Philip Harris: flensing-spade}" in text
    assert "round: 0" in text
    journal = finished.journal.read_text(encoding="utf-8").splitlines()
    assert len(journal) == 1  # only the header: nothing follows the sheet yet


def test_loading_it_starts_the_next_scenario_with_what_was_carried(
    core, finished: SaveFiles
) -> None:
    saved, warnings = load_saved(finished, core)
    assert warnings == []
    game = saved.game
    assert game.setup.scenario == "bell-house-again"
    assert game.table.round == 1 and not game.table.ended
    spade = game.table.investigator("philip-harris").item("flensing-spade")
    assert spade is not None and spade.uses == spade.card.uses
    assert game.book.continues_campaign
    assert game.book.state.log  # the first scenario's log entries came along


def test_a_misspelt_carried_item_is_refused_with_a_suggestion(core, finished: SaveFiles) -> None:
    text = finished.sheet.read_text(encoding="utf-8")
    finished.sheet.write_text(text.replace("flensing-spade}", "flensing-spadd}"), encoding="utf-8")
    before = finished.sheet.read_bytes()
    with pytest.raises(
        SheetError, match=r"carried\.Philip Harris: .*did you mean 'flensing-spade'"
    ):
        load_saved(finished, core)
    assert finished.sheet.read_bytes() == before
