"""Round-end sheets of The Reef Ledger with the map's pieces in play, for the
tests that damage them and the tests that crash while writing them: The
Gannet Light with two investigators in the boat and the ledge's flood
risen, and The Settling with the group hidden, a prisoner freed in a
player's charge and an Investigation token laid."""

from __future__ import annotations

from pathlib import Path

from tales.rules.exploration import change_location_tokens, reveal_location
from tales.rules.group import hide, move_group
from tales.rules.prisoners import free, place_investigation
from tales.rules.table import Table
from tales.rules.vehicles import board
from tales.saves.session import SavedGame, new_context, start_saved
from tales.saves.store import SaveFiles
from tales.story.core import Core, tale_path
from tales.story.game import GameSetup, start_game
from tales.story.model import Tale

REEF = "the-reef-ledger"
TEAM = ("arthur-blackwood", "elizabeth-hawthorne")
COMPANIONS = ("ezra-marsh", "irene-dubois")
GANNET = GameSetup("gannet-light", TEAM, COMPANIONS, "easy", 7)
SETTLING = GameSetup("the-settling", TEAM, COMPANIONS, "easy", 7)


def saved_game(core: Core, tale: Tale, setup: GameSetup, files: SaveFiles) -> SavedGame:
    context = new_context(files.name, tale_path(REEF), setup.scenario, tale.content_hash)
    return start_saved(lambda: start_game(core, tale, setup), files, context, core)


def to_activity(saved: SavedGame) -> None:
    """Play the first choice of each decision up to the first activity."""
    while saved.game.pending is not None and saved.game.pending.kind != "activity":
        ids = saved.game.pending.ids
        saved.apply("draw" if "draw" in ids else ids[0])


def end_round(saved: SavedGame) -> None:
    """Play on to the end of the round under way: its sheet is then written."""
    played = saved.table.round
    while saved.table.round == played:
        assert saved.game.pending is not None
        ids = saved.game.pending.ids
        saved.apply("end-round" if "end-round" in ids else ids[0])


def gannet_aboard(core: Core, tale: Tale, folder: Path) -> SaveFiles:
    """The Gannet Light at its first round end: Arthur at the tiller of the
    boat with Elizabeth aboard, the North Ledge at flood 2."""
    files = SaveFiles.named(folder, "gannet")
    saved = saved_game(core, tale, GANNET, files)
    to_activity(saved)
    table = saved.table
    for slug in TEAM:
        table.investigator(slug).location = "boatyard"
        assert board(table, table.investigator(slug), "boat")
    change_location_tokens(table, "north-ledge", "flood", 2)
    end_round(saved)
    return files


def settling_pieces(core: Core, tale: Tale, folder: Path) -> SaveFiles:
    """The Settling at its first round end: the group hidden at Wick's
    garage, Abel Wick freed in Arthur's charge, an Investigation token laid."""
    files = SaveFiles.named(folder, "settle")
    saved = saved_game(core, tale, SETTLING, files)
    to_activity(saved)
    arrange_settling(saved.table)
    end_round(saved)
    return files


def arrange_settling(table: Table) -> None:
    """Arthur at Wick's garage with the group, hidden, Abel Wick freed in his
    charge, an Investigation token laid there."""
    reveal_location(table, "wicks-garage")
    table.investigator("arthur-blackwood").location = "wicks-garage"
    move_group(table, "wicks-garage")
    assert free(table, table.investigator("arthur-blackwood"), "abel-wick")
    hide(table, True)
    assert place_investigation(table, "wicks-garage")
