"""Items across a campaign (issue 14): an item removed (a key spent),
items bound to each other ("a key bound to its idol: one leaves, both
leave"), and a carried card that keeps its identity through the sheets
between scenarios, even where a later scenario prints another card under
the same slug.

Rulebook: "Each Player may choose 1 Item card to carry over into the next
campaign scenario. The chosen Item regains all of its starting Item use
tokens."
"""

from __future__ import annotations

from pathlib import Path

from tales.saves.fields import Fields
from tales.saves.session import new_context
from tales.saves.setup_sheet import read_setup
from tales.saves.sheet import capture_between
from tales.saves.sheet_fields import carried_in
from tales.story.campaign import CampaignState, NextScenario
from tales.story.game import start_game
from tales.story.loader import load_tale
from tests.story.campaign_tale import CAMPAIGN, TEAM, campaign_tale, edited_campaign, play, setup

EZRA = "ezra-marsh"


def _held(game) -> set[str]:
    return {h.slug for inv in game.table.investigators.values() for h in inv.items}


def test_an_item_bound_to_another_leaves_with_it(core) -> None:
    """The brass key set in the reliquary: the reliquary, bound to it, goes too."""
    game = start_game(core, campaign_tale(), setup("archive"), CampaignState())
    play(game, ["Ask the archivist", "Set the brass key", "Leave by the back stair"])
    read = [e.paragraph for e in game.events if type(e).__name__ == "StoryRead"]
    assert 11 in read and 12 in read
    assert not {"brass-key", "reliquary"} & _held(game)
    assert {"brass-key", "reliquary"} <= game.table.found.get("item", set()), "found all the same"


def test_a_bound_item_must_be_another_item_of_the_scenario(tmp_path: Path) -> None:
    edit = ("archive/cards.yaml", "bound: [reliquary]", "bound: [reliqary]")
    tale, problems = load_tale(edited_campaign(tmp_path, edit))
    assert tale is None
    (problem,) = [p for p in problems if "bound" in p.message]
    assert problem.code == "E204" and "did you mean 'reliquary'" in problem.message


def test_a_carried_key_stays_the_harbours_card_through_two_sheets_between(core) -> None:
    """The harbour's key carried through the archive (which prints another
    silver key) into the reef (which prints a third): on the sheet between
    the archive and the reef it is still the harbour's card."""
    tale = campaign_tale()
    harbour_key = tale.scenarios["harbour"].scenario.items["silver-key"]
    came_in = CampaignState(carried={EZRA: "silver-key"}, cards={EZRA: harbour_key})
    game = start_game(core, tale, setup("archive"), came_in)
    held = game.table.investigator(EZRA).item("silver-key")
    assert held is not None and held.card == harbour_key
    going_on = NextScenario(
        "reef",
        "archive",
        11,
        CampaignState(carried={EZRA: "silver-key"}, cards={EZRA: held.card}),
        *TEAM,
    )
    context = new_context("c", CAMPAIGN, "reef", tale.content_hash)
    sheet = capture_between(game.table, going_on, context)
    assert sheet["campaign"]["carried_from"] == {"silver-key": "harbour"}
    read = read_setup(sheet, Fields("sheet"), core, tale)
    assert read is not None
    plan, campaign = read
    assert campaign is not None and campaign.cards[EZRA] == harbour_key
    reef = start_game(core, tale, plan, campaign)
    keys = [h.card for i in reef.table.investigators.values() for h in i.items]
    assert [k for k in keys if k.slug == "silver-key"] == [harbour_key], "not the reef's own"


def test_a_round_end_sheet_names_the_scenario_of_a_carried_card(core) -> None:
    tale = campaign_tale()
    data = {"scenario": "reef", "campaign": {"carried": ["silver-key"]}}
    assert carried_in(data, core, tale)["silver-key"].origin == "archive"  # by its slug alone
    data["campaign"]["carried_from"] = {"silver-key": "harbour"}
    card = carried_in(data, core, tale)["silver-key"]
    assert card == tale.scenarios["harbour"].scenario.items["silver-key"]


def test_the_key_spent_on_the_gate_leaves_the_team(core) -> None:
    game = start_game(core, campaign_tale(), setup("reef"))
    assert "silver-key" in _held(game)
    play(game, ["Unlock the sea gate"])
    assert "silver-key" not in _held(game)
