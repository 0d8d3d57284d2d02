"""The campaign where its systems meet: carried items are single cards that
keep their own card, and the dead do not come back.

Rulebook: "Each Player may choose 1 Item card to carry over into the next
campaign scenario. The chosen Item regains all of its starting Item use
tokens." -- "their Character is permanently removed from the game and
considered dead." """

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from tales.authoring.bots import POLICIES
from tales.rules.activities import gain_item
from tales.rules.decisions import Decision, DecisionKind
from tales.rules.events import NothingToCarry
from tales.rules.options import GiveItem
from tales.rules.terms import Track
from tales.saves.session import SavedGame, load_saved
from tales.saves.store import SaveFiles
from tales.story.campaign import CampaignState, NextScenario, _carry_choice, next_team
from tales.story.game import GameSetup, start_game
from tales.story.loader import load_tale
from tales.ui.render import render_events
from tests.conftest import ruling
from tests.saves.helpers import DEADLY, Bell, new_saved, setup_for

EZRA, PHILIP = "ezra-marsh", "philip-harris"
TEAM = ((EZRA, PHILIP), ("irene-dubois", "arthur-blackwood"))


@pytest.fixture(scope="module")
def deadly() -> Bell:
    tale, problems = load_tale(DEADLY)
    assert tale is not None, problems
    return Bell(DEADLY, tale)


def _holders(game_table, item: str) -> list[str]:
    return [
        inv.slug
        for inv in game_table.investigators.values()
        for held in inv.items
        if held.slug == item
    ]


@ruling("carried-starting-item")
def test_a_carried_starting_item_of_another_investigator_is_one_card_in_the_next_scenario(
    core, deadly: Bell
) -> None:
    hatchet = core.investigators[EZRA].starting_item
    campaign = CampaignState(carried={PHILIP: hatchet})
    game = start_game(core, deadly.tale, GameSetup("deeps", *TEAM, "standard", 3), campaign)
    assert _holders(game.table, hatchet) == [PHILIP], "one card: the carrier holds it"
    held = game.table.investigator(PHILIP).item(hatchet)
    assert held is not None and held.uses == held.card.uses
    uses = sum(h.uses for inv in game.table.investigators.values() for h in inv.items)
    assert game.table.supply.use_markers + uses == core.supply.use_markers


def test_a_carried_item_keeps_its_own_card(core, deadly: Bell) -> None:
    """The Shallows' Gaff Hook carried into The Deeps, which prints a Rusted
    Hook under the same slug: the carrier holds the Gaff Hook."""
    gaff = deadly.tale.scenarios["shallows"].scenario.items["hook"]
    campaign = CampaignState(carried={PHILIP: "hook"})
    game = start_game(core, deadly.tale, GameSetup("deeps", *TEAM, "standard", 3), campaign)
    held = game.table.investigator(PHILIP).item("hook")
    assert held is not None and held.card == gaff and held.uses == gaff.uses


def _play_campaign_until(
    core, deadly: Bell, saves: Path, wanted: Callable[[NextScenario, SavedGame], bool]
) -> tuple[SavedGame, SaveFiles, NextScenario]:
    """The first seeded game of The Shallows, carrying the hook whenever it is
    offered, whose way into The Deeps is ``wanted``."""
    for seed in range(300):
        files = SaveFiles.named(saves, f"shallows-{seed}")
        saved = new_saved(core, deadly, setup_for(seed, "shallows"), files)
        rng = random.Random(seed)
        while saved.game.engine.pending is not None:
            decision = saved.game.engine.pending
            if decision.kind is DecisionKind.CARRY_OVER and "carry:hook" in decision.ids:
                saved.apply("carry:hook")
                continue
            saved.apply(POLICIES["random"](decision, saved.game.view, rng).id)
        going_on = saved.game.next_scenario
        if going_on is not None and wanted(going_on, saved):
            return saved, files, going_on
    raise AssertionError("no seed plays the campaign on as wanted")


def test_a_carried_item_is_not_dealt_again_as_the_next_scenarios_setup_item(
    core, deadly: Bell, tmp_path: Path
) -> None:
    """The Deeps hands out a hook at setup; the hook carried in is that card,
    so no one holds two and no `give:` id is offered twice."""
    saves = tmp_path / "saves"
    saves.mkdir()
    _, files, going_on = _play_campaign_until(
        core, deadly, saves, lambda on, _: "hook" in on.campaign.carried.values()
    )
    loaded, warnings = load_saved(files, core)
    assert warnings == []
    table = loaded.game.table
    assert loaded.game.setup.scenario == "deeps"
    (carrier,) = [who for who, item in going_on.campaign.carried.items() if item == "hook"]
    assert _holders(table, "hook") == [carrier]
    gaff = deadly.tale.scenarios["shallows"].scenario.items["hook"]
    held = table.investigator(carrier).item("hook")
    assert held is not None and held.card == gaff, "the carried card, not The Deeps' own"
    while (pending := loaded.game.engine.pending) is not None:
        assert len(pending.ids) == len(set(pending.ids)), "no id offered twice"
        if pending.kind is DecisionKind.ACTIVITY:
            gives = [o.id for o in pending.options if isinstance(o, GiveItem)]
            assert len(gives) == len(set(gives))
            break
        loaded.apply(pending.ids[0])
    # The round-end sheet of The Deeps still knows the hook is the carried card.
    rng = random.Random(7)
    while loaded.game.engine.pending is not None and loaded.sheet.round_played < 1:
        game = loaded.game
        loaded.apply(POLICIES["random"](game.pending, game.view, rng).id)
    if loaded.game.engine.pending is not None:
        again, warnings = load_saved(files, core)
        assert warnings == []
        hooks = [h.card for i in again.table.investigators.values() for h in i.items]
        assert [c for c in hooks if c.slug == "hook"] in ([gaff], [])
        assert again.table.snapshot() == loaded.table.snapshot()


@ruling("dead-replaced")
def test_a_dead_investigator_does_not_come_back_in_the_next_scenario(
    core, deadly: Bell, tmp_path: Path
) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()

    def someone_died(on: NextScenario, saved: SavedGame) -> bool:
        return any(i.dead for i in saved.game.table.investigators.values())

    saved, files, going_on = _play_campaign_until(core, deadly, saves, someone_died)
    table = saved.game.table
    dead = {i.slug for i in table.investigators.values() if i.dead}
    alive = [i.slug for i in table.investigators.values() if not i.companion and not i.dead]
    assert dead and not dead & set(going_on.players)
    assert set(going_on.campaign.fallen) == dead
    newcomers = [p for p in going_on.players if p not in table.investigators]
    assert len(newcomers) == len(dead), "the team is always four"
    box_order = [s for s in core.investigators if s not in table.investigators]
    assert newcomers == box_order[: len(dead)]
    assert [p for p in going_on.players if p in table.investigators] == alive
    assert going_on.companions == tuple(i.slug for i in table.companions())

    loaded, warnings = load_saved(files, core)
    assert warnings == []
    team = loaded.game.table.investigators
    assert not dead & set(team)
    for slug in newcomers:  # a newcomer starts at full strength
        inv = team[slug]
        assert not inv.dead and not inv.companion
        assert inv.vitality == inv.sheet.maxima[Track.VITALITY]
        assert inv.sanity == inv.sheet.maxima[Track.SANITY]
    assert set(loaded.game.book.fallen) == dead


@ruling("dead-replaced")
def test_no_seat_is_filled_once_the_box_has_no_one_left(core, deadly: Bell) -> None:
    game = start_game(core, deadly.tale, GameSetup("shallows", *TEAM, "standard", 3))
    game.table.investigator(EZRA).dead = True
    others = [s for s in core.investigators if s not in game.table.investigators]
    assert next_team(game.table, list(core.investigators), others) is None
    players, companions = next_team(game.table, list(core.investigators), others[1:]) or ((), ())
    assert players == (others[0], PHILIP) and companions == TEAM[1]


def _ask_carry(game_table, slug: str) -> tuple[object, list[object]]:
    """The carry-over step for one player: its question (None when not asked)
    and the events it emitted."""
    game_table.sink.take()
    step = _carry_choice(game_table, game_table.investigator(slug))
    try:
        asked: object = next(step)
    except StopIteration:
        asked = None
    return asked, list(game_table.sink.take())


@ruling("carried-starting-item")
def test_a_player_holding_only_the_starting_item_is_told_why_no_question_comes(
    core, deadly: Bell
) -> None:
    """Playtest 6: Margaret, with only her starting Pocket Pistol, was not
    asked to carry an item, and nothing said why."""
    game = start_game(core, deadly.tale, GameSetup("deeps", *TEAM, "standard", 3))
    own = core.investigators[PHILIP].starting_item
    assert [h.slug for h in game.table.investigator(PHILIP).items] == [own]
    asked, events = _ask_carry(game.table, PHILIP)
    assert asked is None
    assert events == [NothingToCarry(PHILIP, own)]
    told = " ".join(line.text for line in render_events(events, game.view))
    assert "Philip Harris carries nothing over" in told
    assert "own Starting Item, dealt again with all its uses at every setup" in told


@ruling("carried-starting-item")
def test_the_carry_question_says_the_starting_item_comes_back_anyway(core, deadly: Bell) -> None:
    gaff = deadly.tale.scenarios["shallows"].scenario.items["hook"]
    game = start_game(core, deadly.tale, GameSetup("deeps", *TEAM, "standard", 3))
    philip = game.table.investigator(PHILIP)
    gain_item(game.table, philip, gaff)
    asked, events = _ask_carry(game.table, PHILIP)
    assert isinstance(asked, Decision) and asked.kind is DecisionKind.CARRY_OVER
    own = philip.item(core.investigators[PHILIP].starting_item)
    assert own is not None
    assert f"{own.card.name}, Philip Harris's Starting Item, comes back" in asked.prompt
    assert [o.label for o in asked.options] == [f"Carry {gaff.name}", "Carry nothing"]
    assert not [e for e in events if isinstance(e, NothingToCarry)]
