"""A paper Save sheet typed as it is written (issue 20): the rulebook's own
field names, printed card and location names, the scenario by number, no
format_version; it loads as the same game as the sheet written in slugs.

Rulebook, Saving System: "Write down ... Scenario number, round in which you
are saving the game, Number of Event board tokens placed on the board, and
discovered Location cards ... For all the Characters that are not
controlled by any player, only note their name, ENERGY, and MAGIC."
"""

from __future__ import annotations

from pathlib import Path

from tales.rules.table import Table
from tales.saves.fields import Fields, spoken
from tales.saves.load import read_sheet
from tales.saves.restore import restore
from tales.saves.session import load_saved
from tales.saves.store import SaveFiles
from tales.story.core import Core
from tests.saves.helpers import DATA, copy_sheet

RULEBOOK = DATA / "rulebook-sheet.yaml"
SLUGS = DATA / "paper-sheet.yaml"


def _table(files: SaveFiles, core: Core) -> Table:
    loaded = read_sheet(files, core)
    fields = Fields(str(files.sheet))
    result = restore(loaded.data, fields, core, loaded.tale, fresh_seed=11)
    assert result is not None, [str(p) for p in fields.problems]
    return result.table


def test_the_rulebook_sheet_typed_with_printed_names_loads(core: Core, saves: Path) -> None:
    files = copy_sheet(RULEBOOK, saves, "sunday")
    saved, warnings = load_saved(files, core)
    assert any("no format_version" in w for w in warnings)
    table = saved.game.table
    assert table.round == 4 and saved.game.pending is not None
    ezra = table.investigators["ezra-marsh"]
    assert ezra.location == "sea-stair"
    assert {i.slug for i in ezra.items} == {"hatchet", "storm-lantern", "bell-clapper"}
    assert table.revealed == {"landing", "nave", "bell-house", "boat-shed", "sea-stair"}
    assert "sea-stair" in table.encounters


def test_printed_names_load_the_same_table_as_slugs(core: Core, saves: Path) -> None:
    typed = _table(copy_sheet(RULEBOOK, saves, "typed"), core)
    slugs = _table(copy_sheet(SLUGS, saves, "slugs"), core)
    assert typed.snapshot() == slugs.snapshot()


def test_a_printed_name_the_game_does_not_know_is_refused_with_the_nearest(
    core: Core, saves: Path
) -> None:
    files = copy_sheet(RULEBOOK, saves, "sunday")
    text = files.sheet.read_text(encoding="utf-8")
    text = text.replace("Location card: The Sea Stair", "Location card: The Sea Stairs")
    files.sheet.write_text(text, encoding="utf-8")
    try:
        load_saved(files, core)
    except Exception as error:
        assert "players.Ezra Marsh.location" in str(error)
        assert ":13:" in str(error), "the problem points at the line typed"
    else:
        raise AssertionError("a location no card prints must be refused")


def test_names_are_compared_as_spoken() -> None:
    assert spoken("The  Sea_Stair") == "the sea stair"
    assert spoken("Ruth Pardee\u2019s Storm Lantern") == "ruth pardee's storm lantern"
