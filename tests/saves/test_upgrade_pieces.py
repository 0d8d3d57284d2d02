"""A format-2 sheet read through the upgrade step map-pieces-onto-the-paper-
sheet, damaged where a person edits one: every problem still names the
line and column where it is written (the step moved the pieces from under
``digital`` and rebuilt each prisoner, and their problems were all said at
1:1), a piece written both on the paper part and under ``digital`` is
refused rather than one copy silently dropped, and so are Investigation
tokens written twice, and a ``digital`` part that is not a mapping."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from tales.errors import SheetError
from tales.saves.session import load_saved
from tales.saves.sheet import dump
from tales.saves.store import SaveFiles
from tales.story.core import Core
from tales.story.model import Tale
from tests.saves.reef_sheets import settling_pieces


@pytest.fixture(scope="module")
def format_2(core: Core, reef_ledger: Tale, tmp_path_factory: pytest.TempPathFactory) -> dict:
    """The Settling's round-end sheet as format 2 wrote it: the pieces under
    ``digital``, in slugs, the escort as ``escort``."""
    text = settling_pieces(core, reef_ledger, tmp_path_factory.mktemp("v2")).sheet.read_text()
    data = YAML(typ="safe").load(text)
    digital = data.pop("digital")
    for key in ("barriers", "group"):
        digital[key] = data.pop(key)
    digital["prisoners"] = {
        "abel-wick": {"at": "wicks-garage", "escort": "arthur-blackwood", "fate": "freed"}
    }
    data.pop("prisoners")
    digital["location_tokens"] = {
        p: {"investigation": n} for p, n in data.pop("investigation").items()
    }
    data.pop("location_tokens", None)
    data["format_version"] = 2
    data["digital"] = digital
    return data


def _refused(saves: Path, core: Core, data: dict[str, Any]) -> tuple[str, SheetError]:
    text = dump(data)  # (each test damages its own copy of the module's sheet)
    files = SaveFiles.named(saves, "old")
    files.sheet.write_text(text, encoding="utf-8")
    before = files.sheet.read_bytes()
    with pytest.raises(SheetError) as refused:
        load_saved(files, core)
    assert files.sheet.read_bytes() == before
    return text, refused.value


def _line_of(text: str, words: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if words in line)


def test_the_format_2_sheet_loads(format_2: dict, saves: Path, core: Core) -> None:
    format_2 = copy.deepcopy(format_2)
    files = SaveFiles.named(saves, "old")
    files.sheet.write_text(dump(format_2), encoding="utf-8")
    table = load_saved(files, core)[0].table
    assert table.prisoners["abel-wick"].escort == "arthur-blackwood"


def test_a_damaged_escort_is_said_where_it_is_written(
    format_2: dict, saves: Path, core: Core
) -> None:
    format_2 = copy.deepcopy(format_2)
    format_2["digital"]["prisoners"]["abel-wick"]["escort"] = "ezra-marsh"
    text, refused = _refused(saves, core, format_2)
    [problem] = refused.problems
    assert "there is no player 'ezra-marsh'" in problem.message
    line = _line_of(text, "escort: ezra-marsh")
    assert (problem.line, problem.col) == (line, text.splitlines()[line - 1].index("escort") + 1)


def test_a_damaged_moved_piece_is_said_where_it_is_written(
    format_2: dict, saves: Path, core: Core
) -> None:
    format_2 = copy.deepcopy(format_2)
    format_2["digital"]["location_tokens"] = ["wicks-garage"]
    text, refused = _refused(saves, core, format_2)
    [problem] = refused.problems
    assert "expected a mapping, found a list" in problem.message
    assert problem.line == _line_of(text, "location_tokens: [wicks-garage]")


def test_a_piece_written_on_paper_and_under_digital_is_refused(
    format_2: dict, saves: Path, core: Core
) -> None:
    format_2 = copy.deepcopy(format_2)
    format_2["group"] = {"at": "old-depot", "hidden": False}
    text, refused = _refused(saves, core, format_2)
    [problem] = refused.problems
    assert "group" in problem.field and "written twice" in problem.message
    assert problem.line == _line_of(text, "  group: {at: wicks-garage")


def test_investigation_tokens_written_twice_are_refused(
    format_2: dict, saves: Path, core: Core
) -> None:
    format_2 = copy.deepcopy(format_2)
    format_2["investigation"] = {"old-depot": 1}
    _, refused = _refused(saves, core, format_2)
    assert any("written twice" in p.message for p in refused.problems), refused.problems


def test_a_digital_part_that_is_not_a_mapping_is_refused(
    format_2: dict, saves: Path, core: Core
) -> None:
    format_2 = copy.deepcopy(format_2)
    format_2["format_version"] = 3
    format_2["digital"] = ["seed"]
    text, refused = _refused(saves, core, format_2)
    [problem] = refused.problems
    assert problem.field == "digital" and "a mapping" in problem.message
    assert problem.line == _line_of(text, "digital: [seed]")
