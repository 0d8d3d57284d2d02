"""Damaged and hand-edited sheets are refused with every problem named by
file, line and field path (and the nearest word, where one was misspelt),
and the file is left exactly as it was."""

from __future__ import annotations

import difflib
import random
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from tales.errors import SheetError, TalesError
from tales.saves.load import read_sheet
from tales.saves.session import load_saved
from tales.saves.store import SaveFiles
from tests.saves.helpers import DATA, copy_sheet, new_saved, random_input, setup_for

DAMAGED = DATA / "damaged"
SMALL = DATA / "small-sheet.yaml"


@dataclass(frozen=True)
class Damage:
    field: str | None  # the field path the problem names; None: the YAML itself
    line: int | None  # the line it names; None: any (a field that is missing)
    words: str  # a piece of the message
    nearest: str | None = None  # "did you mean ...?"
    header: bool = False  # read_sheet alone refuses it
    derived: bool = True  # small-sheet.yaml with a line or two changed


EXPECTED = {
    "truncated": Damage(None, 17, "YAML syntax", header=True, derived=False),
    "wrong-type": Damage("players.Ezra Marsh.VITALITY", 13, "whole number, found 'six'"),
    "unknown-investigator": Damage("players.Ezra Marhs", 11, "no character", "Ezra Marsh"),
    "vitality-above-maximum": Damage("players.Ezra Marsh.VITALITY", 13, "maximum VITALITY, 7"),
    "misspelt-item": Damage("players.Ezra Marsh.items.hatchett", 18, "no item", "hatchet"),
    "unknown-keyword": Damage("keywords", 23, "'BOTA'", "BOAT"),
    "unknown-location": Damage("players.Ezra Marsh.location", 12, "no location", "boat-shed"),
    "python-tag": Damage(None, 7, "tag", header=True),
    "a-list": Damage(None, None, "not a list", header=True, derived=False),
    "future-format": Damage("format_version", 2, "newer tales", header=True),
    "missing-round": Damage("round", None, "is missing"),
    "status-cards-a-list": Damage("players.Ezra Marsh.status_cards", 17, "a mapping"),
    "misspelt-field": Damage("keywrods", 23, "not a field", "keywords"),
    "misspelt-scenario": Damage("scenario", 5, "no scenario", "bell-house", header=True),
    "time-off-board": Damage("time", 8, "off the Event board"),
    "negative-round": Damage("round", 7, "-1"),
    "setup-unknown-investigator": Damage("players", 8, "no character", "Ezra Marsh", derived=False),
    "setup-seed-not-a-number": Damage("digital.seed", 10, "three", derived=False),
    "setup-unknown-difficulty": Damage("difficulty", 6, "hardd", "hard", derived=False),
}


def _cases() -> list[str]:
    names = sorted(p.stem for p in DAMAGED.glob("*.yaml"))
    assert names == sorted(EXPECTED), "every damaged sheet has its expectation, and only those"
    return names


def _refusal(error: SheetError, sheet: Path, damage: Damage) -> None:
    message = str(error)
    assert isinstance(error, TalesError)
    assert str(sheet) in message and "left as it was" in message
    matching = [
        p
        for p in error.problems
        if p.path == str(sheet)
        and (damage.field is None or p.field == damage.field)
        and (damage.line is None or p.line == damage.line)
        and damage.words in p.message
    ]
    assert matching, f"no problem names {damage} in:\n{message}"
    problem = matching[0]
    assert str(problem) in message
    shown = re.escape(f"{sheet}:") + (str(damage.line) if damage.line else r"\d+") + r":\d+: "
    assert re.search(shown + (re.escape(f"{damage.field}: ") if damage.field else ""), message)
    if damage.nearest is not None:
        assert f"did you mean {damage.nearest!r}?" in problem.message


@pytest.mark.parametrize("name", _cases())
def test_a_damaged_sheet_is_refused_naming_its_field_and_line(core, saves, name):
    damage = EXPECTED[name]
    files = copy_sheet(DAMAGED / f"{name}.yaml", saves, "damaged")
    before = files.sheet.read_bytes()
    with pytest.raises(SheetError) as refused:
        load_saved(files, core)
    _refusal(refused.value, files.sheet, damage)
    if damage.header:
        with pytest.raises(SheetError) as again:
            read_sheet(files, core)
        _refusal(again.value, files.sheet, damage)
    assert files.sheet.read_bytes() == before
    assert sorted(p.name for p in saves.iterdir()) == ["damaged.yaml"]  # no backup, no journal


def test_the_damaged_sheets_spoil_one_thing_each():
    """Each sheet derived from small-sheet.yaml differs from it in its first
    line (what is wrong) and at most two more: the damage is all it tests."""
    base = SMALL.read_text(encoding="utf-8").splitlines()
    for name, damage in EXPECTED.items():
        if not damage.derived:
            continue
        spoilt = (DAMAGED / f"{name}.yaml").read_text(encoding="utf-8").splitlines()
        changed = [
            line
            for line in difflib.unified_diff(base[1:], spoilt[1:], lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))
        ]
        assert 1 <= len(changed) <= 3, (name, changed)


def test_the_undamaged_small_sheet_loads(core, saves):
    files = copy_sheet(SMALL, saves, "small")
    game, warnings = load_saved(files, core)
    assert game.table.investigators["ezra-marsh"].vitality == 6
    assert all("ruling sheet-" in w for w in warnings), warnings


def test_a_dead_flag_that_is_not_true_or_false_is_refused(core, saves):
    text = SMALL.read_text(encoding="utf-8").replace(
        "    VITALITY: 6\n", "    VITALITY: 6\n    dead: 'no'\n"
    )
    files = copy_sheet(SMALL, saves, "dead")
    files.sheet.write_text(text, encoding="utf-8")
    with pytest.raises(SheetError) as refused:
        load_saved(files, core)
    _refusal(refused.value, files.sheet, Damage("players.Ezra Marsh.dead", 14, "true or false"))


def test_a_digital_sheet_missing_a_track_is_refused(core, bell, saves):
    """A digital sheet always writes every track; one deleted by hand is named,
    never quietly taken at the character's maximum."""
    files = SaveFiles.named(saves, "digital")
    saved = new_saved(core, bell, setup_for(3), files)
    rng = random.Random(3)
    while saved.sheet.round_played < 1:
        saved.apply(random_input(saved.game, rng))
    text = files.sheet.read_text(encoding="utf-8")
    damaged = re.sub(r"\n    ENERGY: \d+", "", text, count=1)
    assert damaged != text
    files.sheet.write_text(damaged, encoding="utf-8")
    with pytest.raises(SheetError, match=r"players\.[A-Za-z ]+\.ENERGY: is missing"):
        load_saved(files, core)
    assert files.sheet.read_text(encoding="utf-8") == damaged
