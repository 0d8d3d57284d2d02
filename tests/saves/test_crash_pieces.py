"""A crash at every write step of the two saves the new pieces added: the
round end of The Gannet Light that writes a sheet with two investigators in
the boat, and the last input of a campaign's scenario, which writes the
sheet between scenarios. At each call that changes the disk the process
dies (by an exception nothing catches, and, for the boat, by a real
SIGKILL), before the call or halfway through a write; the save it leaves
loads either as before the input or as after it, never anything else and
never refused, and the input given again after a load before it is kept.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tales.saves.session import SavedGame, load_saved
from tales.saves.store import SaveFiles
from tales.story.core import Core, tale_path
from tales.story.game import GameSetup
from tales.story.model import Tale
from tests.saves.helpers import Bell, new_saved, picture, random_input, setup_for
from tests.saves.test_crash_points import CRASH_WARNINGS, crash_at, sigkill_at

BOAT_SEED = 3  # the first seed tried for a round end with someone seated in the boat


@dataclass
class Template:
    """A saves folder just before ``option``: the input whose save is crashed."""

    folder: Path
    name: str
    option: str


def _scripted(
    core: Core, bell: Bell, setup: GameSetup, seed: int, stop: Callable[[SavedGame, bool], bool]
) -> list[str]:
    """The random bot's inputs up to the one after which ``stop(game, a new
    sheet was made)`` holds (or the game ends)."""
    saved, rng = new_saved(core, bell, setup, None), random.Random(seed)
    while saved.game.pending is not None:
        sheet = saved.sheet
        saved.apply(random_input(saved.game, rng))
        if stop(saved, saved.sheet is not sheet):
            break
    return list(saved.inputs)


def _template(
    core: Core, bell: Bell, setup: GameSetup, inputs: list[str], folder: Path, name: str
) -> Template:
    """The save as it stands when every input but the last has been given."""
    saved = new_saved(core, bell, setup, SaveFiles.named(folder, name))
    assert saved.replay(inputs[:-1]) == inputs[:-1]
    saved.persist()
    return Template(folder, name, inputs[-1])


@pytest.fixture(scope="module")
def boat(core: Core, reef_ledger: Tale, tmp_path_factory: pytest.TempPathFactory) -> Template:
    """The Gannet Light just before the round end whose sheet has the boat manned."""
    reef = Bell(tale_path("the-reef-ledger"), reef_ledger)

    def manned(saved: SavedGame, new_sheet: bool) -> bool:
        # A round end's sheet: the one written when the scenario ends is the
        # next scenario's setup, with no map pieces on it.
        round_end = new_sheet and saved.game.next_scenario is None and not saved.game.finished
        return round_end and any(v.aboard for v in saved.table.vehicles.values())

    # The first seed whose random game reaches such a round end (content
    # changes move it: a boat that asks before leaving anyone puts out later).
    for seed in range(BOAT_SEED, BOAT_SEED + 40):
        setup = setup_for(seed, "gannet-light")
        inputs = _scripted(core, reef, setup, seed, manned)
        probe = new_saved(core, reef, setup, None)
        probe.replay(inputs)
        if probe.game.pending is not None:  # stopped by the predicate, not by the end
            return _template(core, reef, setup, inputs, tmp_path_factory.mktemp("boat"), "boat")
    raise AssertionError("no seed of 40 mans the boat at a round end")


@pytest.fixture(scope="module")
def between(core: Core, deadly: Bell, tmp_path_factory: pytest.TempPathFactory) -> Template:
    """The deadly campaign's first scenario just before its last input."""
    for seed in range(40):
        setup = setup_for(seed, "shallows")
        inputs = _scripted(core, deadly, setup, seed, lambda saved, new: False)
        probe = new_saved(core, deadly, setup, None)
        probe.replay(inputs)
        if probe.game.next_scenario is not None:  # not the whole team dead
            return _template(core, deadly, setup, inputs, tmp_path_factory.mktemp("camp"), "camp")
    raise AssertionError("no seed under 40 plays the first scenario to its end")


def _load(folder: Path, name: str, core: Core) -> tuple[SavedGame, list[str]]:
    return load_saved(SaveFiles.named(folder, name), core)


def _copy(template: Template, folder: Path) -> Path:
    shutil.copytree(template.folder, folder)
    return folder


def crash_everywhere(
    core: Core, template: Template, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *,
    sigkill: bool = False,
) -> dict[str, int]:  # fmt: skip
    """The input given at each write call in turn, dying there; what each
    crash left loads as before the input or as after it."""
    before = picture(_load(_copy(template, tmp_path / "before"), template.name, core)[0].game)
    dry_folder = _copy(template, tmp_path / "dry")
    saved, _ = _load(dry_folder, template.name, core)
    dry = crash_at(monkeypatch, SaveFiles.named(dry_folder, template.name), saved, template.option)
    assert not dry.dead
    after = picture(_load(dry_folder, template.name, core)[0].game)
    assert after != before
    points = [(k, False) for k in range(len(dry.calls))]
    points += [(k, True) for k, (name, _) in enumerate(dry.calls) if name == "write"]
    seen = {"points": len(points), "before": 0, "after": 0}
    for k, torn in points:
        folder = _copy(template, tmp_path / f"crash-{k}-{torn}")
        files = SaveFiles.named(folder, template.name)
        saved, _ = load_saved(files, core)
        if sigkill:
            sigkill_at(files, saved, template.option, k, torn)
        else:
            assert crash_at(monkeypatch, files, saved, template.option, at=k, torn=torn).dead
        loaded, warnings = load_saved(files, core)
        assert all(any(w in warning for w in CRASH_WARNINGS) for warning in warnings), warnings
        now = picture(loaded.game)
        assert now in (before, after), (k, torn, dry.calls[k])
        seen["before" if now == before else "after"] += 1
        if now == before:  # the input never happened: given again, it is kept
            loaded.apply(template.option)
            assert picture(_load(folder, template.name, core)[0].game) == after, (k, torn)
    return seen


def test_a_crash_at_every_write_of_a_round_end_with_the_boat_manned(
    core: Core, boat: Template, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = crash_everywhere(core, boat, tmp_path, monkeypatch)
    assert seen["before"] and seen["after"], seen
    files = SaveFiles.named(_copy(boat, tmp_path / "done"), boat.name)
    saved, _ = load_saved(files, core)
    saved.apply(boat.option)  # the round end: its sheet lists who sits in the boat
    sheet = files.sheet.read_text(encoding="utf-8")
    boat_lines = sheet.split("\n  boat:\n")[1].split("\n  cg-2317:")[0]
    assert "aboard: [" in boat_lines and "aboard: []" not in boat_lines, boat_lines


def test_a_sigkill_at_every_write_of_a_round_end_with_the_boat_manned(
    core: Core, boat: Template, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = crash_everywhere(core, boat, tmp_path, monkeypatch, sigkill=True)
    assert seen["before"] and seen["after"], seen


def test_a_crash_at_every_write_of_the_sheet_between_two_scenarios(
    core: Core, between: Template, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = crash_everywhere(core, between, tmp_path, monkeypatch)
    assert seen["before"] and seen["after"], seen
    files = SaveFiles.named(_copy(between, tmp_path / "done"), between.name)
    saved, _ = load_saved(files, core)
    saved.apply(between.option)
    assert load_saved(files, core)[0].game.setup.scenario == "deeps"
