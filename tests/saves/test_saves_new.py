"""``tales saves new`` (issue 20): the paper sheet typed in field by field,
scripted here the way the other prompts are (answers one a line); the sheet
it writes loads as the same table as the sheet typed in YAML."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tales.cli import cli
from tales.saves.fields import Fields
from tales.saves.load import read_sheet
from tales.saves.restore import restore
from tales.saves.store import SaveFiles
from tales.story.core import Core
from tests.saves.helpers import DATA, copy_sheet

ANSWERS = DATA / "typed-answers.txt"


def _snapshot(files: SaveFiles, core: Core) -> dict[str, object]:
    loaded = read_sheet(files, core)
    fields = Fields(str(files.sheet))
    result = restore(loaded.data, fields, core, loaded.tale, fresh_seed=11)
    assert result is not None, [str(p) for p in fields.problems]
    return result.table.snapshot()


def test_a_sheet_typed_field_by_field_loads_as_the_paper_sheet(core: Core, saves: Path) -> None:
    args = ["saves", "new", "sunday", "--script", str(ANSWERS), "--saves", str(saves)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "Scenario number or title [1] > The Bell House" in result.output
    assert "Ezra Marsh: Item cards with their uses left" in result.output
    assert "play on with: tales play --load sunday" in result.output
    typed = _snapshot(SaveFiles.named(saves, "sunday"), core)
    paper = _snapshot(copy_sheet(DATA / "paper-sheet.yaml", saves, "paper"), core)
    assert typed == paper


def test_input_that_ends_early_writes_no_sheet(saves: Path, tmp_path: Path) -> None:
    short = tmp_path / "short.txt"
    short.write_text("1\n3\n", encoding="utf-8")
    args = ["saves", "new", "cut", "--script", str(short), "--saves", str(saves)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code != 0
    assert "no sheet was written" in result.output
    assert not SaveFiles.named(saves, "cut").exists()
