"""House rules are part of a game's setup: the save sheet records them and a
loaded game keeps them, while an older sheet without them plays by the defaults."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from tales.saves.export import export
from tales.saves.load import SheetError, read_sheet
from tales.saves.session import load_saved
from tales.saves.store import SaveFiles
from tales.story.yamlio import read_yaml
from tests.saves.helpers import new_saved, random_input, setup_for

HOUSE = (("explosions-optional", False), ("test-once-a-round", False))


def test_a_sheet_written_at_setup_keeps_the_house_rules(core, bell, saves: Path) -> None:
    files = SaveFiles.named(saves, "house")
    saved = new_saved(core, bell, replace(setup_for(3), rulings=HOUSE), files)
    assert read_yaml(files.sheet)["rulings"] == dict(HOUSE)

    loaded, _ = load_saved(files, core)
    assert loaded.game.setup.rulings == HOUSE
    assert loaded.table.rulings.flag("explosions-optional") is False
    assert loaded.table.snapshot() == saved.table.snapshot()


def test_a_round_end_sheet_keeps_the_house_rules(core, bell, saves: Path) -> None:
    files = SaveFiles.named(saves, "house")
    saved = new_saved(core, bell, replace(setup_for(5), rulings=HOUSE), files)
    rng = random.Random(5)
    while saved.game.pending is not None and saved.sheet.round_played < 1:
        saved.apply(random_input(saved.game, rng))
    assert saved.sheet.round_played == 1
    assert read_yaml(files.sheet)["rulings"] == dict(HOUSE)

    loaded, _ = load_saved(files, core)
    assert loaded.game.setup.rulings == HOUSE
    assert loaded.table.rulings.house_rules() == dict(HOUSE)
    assert loaded.table.snapshot() == saved.table.snapshot()


def test_a_sheet_without_house_rules_has_no_field_and_plays_by_the_defaults(
    core, bell, saves: Path
) -> None:
    files = SaveFiles.named(saves, "plain")
    new_saved(core, bell, setup_for(3), files)
    assert "rulings" not in read_yaml(files.sheet)
    loaded, _ = load_saved(files, core)
    assert loaded.game.setup.rulings == ()
    assert loaded.table.rulings.house_rules() == {}


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("rulings: {explosion-optional: false}", "did you mean 'explosions-optional'"),
        ("rulings: {explosions-optional: maybe}", "expected true or false"),
        ("rulings: {tracks-capped: false}", "a ruling a group may switch"),
    ],
)
def test_a_bad_house_rule_on_a_sheet_is_refused(core, bell, saves: Path, line, message) -> None:
    files = SaveFiles.named(saves, "bad")
    new_saved(core, bell, setup_for(3), files)
    files.sheet.write_text(files.sheet.read_text(encoding="utf-8") + line + "\n", "utf-8")
    with pytest.raises(SheetError, match=message):
        load_saved(files, core)


def test_a_bad_house_rule_on_a_round_end_sheet_is_refused(core, bell, saves: Path) -> None:
    files = SaveFiles.named(saves, "bad")
    saved = new_saved(core, bell, setup_for(5), files)
    rng = random.Random(5)
    while saved.game.pending is not None and saved.sheet.round_played < 1:
        saved.apply(random_input(saved.game, rng))
    text = files.sheet.read_text(encoding="utf-8")
    files.sheet.write_text(text + "rulings: {explosion-optional: false}\n", "utf-8")
    with pytest.raises(SheetError, match="did you mean 'explosions-optional'"):
        load_saved(files, core)


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_the_printed_sheet_shows_the_house_rules(core, bell, saves: Path, fmt: str) -> None:
    files = SaveFiles.named(saves, "house")
    new_saved(core, bell, replace(setup_for(3), rulings=HOUSE), files)
    printed = export(read_sheet(files, core), fmt)
    assert "House rules:</b> " in printed or "**House rules:** " in printed
    assert "explosions-optional=false, test-once-a-round=false" in printed
    plain = SaveFiles.named(saves, "plain")
    new_saved(core, bell, setup_for(3), plain)
    assert "House rules" not in export(read_sheet(plain, core), fmt)
