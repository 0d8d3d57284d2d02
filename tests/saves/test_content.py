"""A save of a storybook changed since: what changed is named, and an id
the sheet uses that the storybook no longer has is refused by name."""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

import pytest

from tales.errors import SheetError
from tales.saves.session import SavedGame, load_saved
from tales.saves.store import SaveFiles
from tales.story.core import tale_path
from tests.saves.helpers import Bell, load_bell, new_saved, picture, random_input, setup_for

SEED = 3


@pytest.fixture
def copied(tmp_path: Path, bell: Bell) -> Bell:
    """The Drowned Bell copied out of the storybooks folder, named by its path."""
    target = tmp_path / "the-drowned-bell"
    shutil.copytree(bell.root, target)
    root = tale_path(str(target))
    assert root == target
    return load_bell(str(root))


@pytest.fixture
def saved_game(core, copied: Bell, saves: Path) -> tuple[SavedGame, SaveFiles]:
    """A game of the copy, saved at the end of round 2 with inputs since."""
    files = SaveFiles.named(saves, "edited")
    saved = new_saved(core, copied, setup_for(SEED), files)
    rng = random.Random(SEED)
    while saved.sheet.round_played < 2 or len(saved.inputs) == saved.sheet.after:
        saved.apply(random_input(saved.game, rng))
    assert str(copied.root) in files.sheet.read_text(encoding="utf-8")  # `tale:` is its path
    return saved, files


def test_a_changed_paragraph_file_is_named(core, copied, saved_game):
    saved, files = saved_game
    shore = copied.root / "bell-house" / "paragraphs" / "shore.yaml"
    text = shore.read_text(encoding="utf-8")
    assert "black coat gone brown" in text
    shore.write_text(
        text.replace("black coat gone brown", "grey coat gone green"), encoding="utf-8"
    )
    loaded, warnings = load_saved(files, core)
    assert len(warnings) == 1, warnings
    assert "changed: bell-house/paragraphs/shore.yaml" in warnings[0]
    assert "locations.yaml" not in warnings[0]
    assert picture(loaded.game) == picture(saved.game)


def test_an_unchanged_storybook_gives_no_warning(core, saved_game):
    saved, files = saved_game
    loaded, warnings = load_saved(files, core)
    assert warnings == []
    assert picture(loaded.game) == picture(saved.game)


def test_a_location_the_sheet_uses_that_is_gone_is_refused_by_name(core, copied, saved_game):
    """The Landing Stage renamed `jetty` in every file, so the storybook still
    loads but has no location `landing`, which every sheet of it uses."""
    _, files = saved_game
    for path in copied.root.rglob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r"\blanding\b", "jetty", text), encoding="utf-8")
    assert load_bell(str(copied.root)).tale.scenarios["bell-house"].scenario.start == "jetty"
    before = files.sheet.read_bytes()
    with pytest.raises(SheetError) as refused:
        load_saved(files, core)
    message = str(refused.value)
    assert "'landing'" in message
    revealed = [p for p in refused.value.problems if p.field == "revealed"]
    assert revealed and "there is no location 'landing'" in revealed[0].message
    assert files.sheet.read_bytes() == before


def test_a_location_deleted_from_locations_yaml_is_refused_clearly(core, copied, saved_game):
    """Deleting the vestry from locations.yaml alone breaks the storybook
    (its paragraphs still lead there): loading says the tale has errors."""
    _, files = saved_game
    locations = copied.root / "bell-house" / "locations.yaml"
    text = locations.read_text(encoding="utf-8")
    text = re.sub(r"(?ms)^vestry:\n(  .*?\n)+", "", text)
    assert "\nvestry:" not in text
    locations.write_text(text, encoding="utf-8")
    before = files.sheet.read_bytes()
    with pytest.raises(SheetError) as refused:
        load_saved(files, core)
    message = str(refused.value)
    assert "has errors" in message and f"tales check {copied.root}" in message
    assert files.sheet.read_bytes() == before
