"""A sheet of an older format loads through the named upgrade steps."""

from __future__ import annotations

import pytest

from tales.rules.terms import EventSymbol
from tales.saves.load import SheetError, read_sheet
from tales.saves.session import load_saved
from tales.saves.sheet import FORMAT_VERSION
from tales.saves.upgrades import UPGRADES, upgrade
from tests.saves.helpers import DATA, copy_sheet

VERSION_1 = DATA / "version-1.yaml"
STEP = "characters-split-into-players-and-companions"


def test_a_version_1_sheet_loads_and_the_warning_names_the_step(core, saves):
    files = copy_sheet(VERSION_1, saves, "old-friday")
    game, warnings = load_saved(files, core)
    upgraded = [w for w in warnings if STEP in w]
    assert len(upgraded) == 1 and "format 1" in upgraded[0], warnings
    table = game.table
    players = {s for s, inv in table.investigators.items() if not inv.companion}
    companions = {s for s, inv in table.investigators.items() if inv.companion}
    assert players == {"ezra-marsh", "margaret-sinclair"}
    assert companions == {"irene-dubois", "arthur-blackwood"}
    irene, arthur = table.investigators["irene-dubois"], table.investigators["arthur-blackwood"]
    assert (irene.energy, irene.magic, arthur.energy, arthur.magic) == (2, 3, 3, 1)
    assert table.investigators["ezra-marsh"].location == "vestry"
    assert table.investigators["margaret-sinclair"].location == "nave"
    # The format-1 `tokens` are the Event board's.
    assert table.event_tokens[EventSymbol.SKULL] == 1
    assert table.event_tokens[EventSymbol.STAR] == 1
    assert table.event_tokens[EventSymbol.TENTACLE] == 0
    assert table.keywords == {"FAITH"}


def test_read_sheet_lists_the_steps_applied(core, saves):
    files = copy_sheet(VERSION_1, saves, "old-friday")
    loaded = read_sheet(files, core)
    assert loaded.upgrades == [STEP, "map-pieces-onto-the-paper-sheet"]
    assert loaded.data["format_version"] == FORMAT_VERSION
    assert "characters" not in loaded.data and "tokens" not in loaded.data
    assert set(loaded.data["players"]) == {"Ezra Marsh", "Margaret Sinclair"}
    assert loaded.data["companions"]["Irene Dubois"] == {"ENERGY": 2, "MAGIC": 3}
    assert loaded.data["event_tokens"] == {"skull": 1, "tentacle": 0, "star": 1}


def test_the_upgrade_steps_run_in_order_to_the_current_format():
    assert [u.source for u in UPGRADES] == list(range(1, FORMAT_VERSION))
    assert len({u.name for u in UPGRADES}) == len(UPGRADES)
    current = {"format_version": FORMAT_VERSION, "players": {}}
    assert upgrade(dict(current)) == (current, [])


def test_a_version_1_sheet_with_a_damaged_character_is_refused_at_its_line(core, saves):
    text = VERSION_1.read_text(encoding="utf-8").replace("VITALITY: 5", "VITALITY: 50")
    files = copy_sheet(VERSION_1, saves, "old-friday")
    files.sheet.write_text(text, encoding="utf-8")
    with pytest.raises(SheetError) as refused:
        load_saved(files, core)
    [problem] = refused.value.problems
    assert (problem.field, problem.line) == ("players.Margaret Sinclair.VITALITY", 24)
    assert files.sheet.read_text(encoding="utf-8") == text
