"""A crash at every write step of a save: the process dies before (or, for a
write, halfway through) the k-th call that changes the disk, for every k,
by an exception nothing catches or by a real SIGKILL in a forked process,
and the save it leaves loads at exactly the last input made durable, with
nothing lost afterwards."""

from __future__ import annotations

import os
import random
import shutil
import signal
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tales.saves.session import SavedGame, load_saved
from tales.saves.store import SaveFiles
from tests.saves.helpers import new_saved, picture, random_input, setup_for

SEED = 1  # short rounds: round 2 ends at input 29, round 3 at input 41
# The calls through which a save changes the disk (tales.saves.store uses
# raw descriptors, so no write escapes these).
WRITE_CALLS = ("write", "fsync", "replace", "rename", "unlink")
# What a crash may leave for the next load to say; anything else is a failure.
CRASH_WARNINGS = (
    "was cut off by a crash",
    "the last save was cut off after writing its sheet",
    "an interrupted save left the temporary file",
)


class Death(BaseException):
    """The process dies: nothing after it runs, not even clean-up."""


@dataclass
class Killer:
    """Counts the write calls; dies at call ``at`` and stays dead."""

    journal: Path
    at: int | None = None
    torn: bool = False  # die halfway through the write (only for os.write)
    sigkill: bool = False  # die for real, by SIGKILL, rather than by an exception
    calls: list[tuple[str, bool]] = field(default_factory=list)  # (name, changes the journal)
    dead: bool = False

    def wrap(self, name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            if self.dead:
                raise Death(f"{name} after death")
            index = len(self.calls)
            self.calls.append((name, self._journal(name, args)))
            if index == self.at:
                self.dead = True
                if self.torn and name == "write":
                    real(args[0], bytes(args[1])[: max(1, len(args[1]) // 2)])
                if self.sigkill:
                    os.kill(os.getpid(), signal.SIGKILL)
                raise Death(f"killed at {name} #{index}")
            return real(*args)

        return call

    def _journal(self, name: str, args: tuple[Any, ...]) -> bool:
        if name in ("replace", "rename"):
            return Path(args[1]) == self.journal
        if name == "write":
            return os.readlink(f"/proc/self/fd/{args[0]}") == str(self.journal.resolve())
        return False

    def commit(self) -> int:
        """The last call that changed the journal: after it, the input is durable."""
        return max(i for i, (_, journal) in enumerate(self.calls) if journal)


@dataclass
class Script:
    """A seeded game played by the random bot: its inputs, its picture after
    each number of them, and which inputs ended a round."""

    inputs: list[str]
    pictures: list[dict[str, Any]]
    round_ends: list[int]


def AFTER(script: Script) -> int:
    """Play on to two inputs past the third round end."""
    return script.round_ends[2] + 2 if len(script.round_ends) == 3 else 10_000


@pytest.fixture(scope="module")
def script(core, bell) -> Script:
    saved = new_saved(core, bell, setup_for(SEED), None)
    rng = random.Random(SEED)
    script = Script([], [picture(saved.game)], [])
    while saved.game.pending is not None and len(script.inputs) < AFTER(script):
        sheet = saved.sheet
        script.inputs.append(random_input(saved.game, rng))
        saved.apply(script.inputs[-1])
        script.pictures.append(picture(saved.game))
        if saved.sheet is not sheet:
            script.round_ends.append(len(script.inputs) - 1)
    assert len(script.round_ends) == 3
    return script


@pytest.fixture(scope="module")
def before_round_end(core, bell, script, tmp_path_factory) -> tuple[Path, int]:
    """A saves folder as it stands just before the input that ends round 2
    (so a backup and a journal of several inputs are there)."""
    folder = tmp_path_factory.mktemp("template")
    at = script.round_ends[1]
    saved = new_saved(core, bell, setup_for(SEED), SaveFiles.named(folder, "friday"))
    for option_id in script.inputs[:at]:
        saved.apply(option_id)
    return folder, at


def crash_at(
    monkeypatch: pytest.MonkeyPatch,
    files: SaveFiles,
    saved: SavedGame,
    option_id: str | None,
    *,
    act: Callable[[SavedGame], object] | None = None,
    **how: Any,
) -> Killer:
    """Give ``option_id`` (or do ``act``) with the write calls counted, dying at one."""
    killer = Killer(files.journal, **how)
    with monkeypatch.context() as patch:
        for name in WRITE_CALLS:
            patch.setattr(os, name, killer.wrap(name, getattr(os, name)))
        try:
            if act is not None:
                act(saved)
            else:
                assert option_id is not None
                saved.apply(option_id)
        except Death:
            assert killer.dead
    return killer


def sigkill_at(files: SaveFiles, saved: SavedGame, option_id: str, at: int, torn: bool) -> None:
    """The same crash in a forked process that SIGKILLs itself at the call."""
    pid = os.fork()
    if pid == 0:  # never returns into the test
        try:
            killer = Killer(files.journal, at=at, torn=torn, sigkill=True)
            for name in WRITE_CALLS:
                setattr(os, name, killer.wrap(name, getattr(os, name)))
            saved.apply(option_id)
        finally:
            os._exit(3)  # not killed: the call was never made
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, (at, torn, status)


def fresh(template: Path, folder: Path, core) -> tuple[SaveFiles, SavedGame]:
    shutil.copytree(template, folder)
    files = SaveFiles.named(folder, "friday")
    saved, warnings = load_saved(files, core)
    assert warnings == []
    return files, saved


def check_resume(core, files: SaveFiles, script: Script, expected: int) -> list[str]:
    """The save loads at input ``expected``; play on across the next round
    end, load again, and nothing given after the crash is lost."""
    left = files.leftovers()
    loaded, warnings = load_saved(files, core)
    assert all(any(w in warning for w in CRASH_WARNINGS) for warning in warnings), warnings
    for path in left:  # each one named, and gone
        assert f"left the temporary file {path.name}; it held nothing" in " ".join(warnings)
    assert files.leftovers() == []
    assert not list(files.folder.glob("*.unbound-*")), "no journal of the save was set aside"
    assert picture(loaded.game) == script.pictures[expected]
    further = script.round_ends[2] + 2
    for option_id in script.inputs[expected:further]:
        loaded.apply(option_id)
    again, later = load_saved(files, core)
    assert later == []
    assert picture(again.game) == script.pictures[further]
    return warnings


def crash_at_every_point(
    core, script, template, at, tmp_path, monkeypatch, *, sigkill: bool = False
) -> dict[str, int]:
    """Input ``at`` given to the save in ``template``, killed at each of its
    write calls in turn (before the call, and halfway through each write)."""
    files, saved = fresh(template, tmp_path / f"dry-{at}", core)
    dry = crash_at(monkeypatch, files, saved, script.inputs[at])
    assert not dry.dead and picture(saved.game) == script.pictures[at + 1]
    commit = dry.commit()
    points = [(k, False) for k in range(len(dry.calls))]
    points += [(k, True) for k, (name, _) in enumerate(dry.calls) if name == "write"]
    seen = {"points": len(points), "before": 0, "after": 0, "commit": commit}
    for k, torn in points:
        files, saved = fresh(template, tmp_path / f"crash-{at}-{k}-{torn}", core)
        if sigkill:
            sigkill_at(files, saved, script.inputs[at], k, torn)
        else:
            killer = crash_at(monkeypatch, files, saved, script.inputs[at], at=k, torn=torn)
            assert killer.dead, (k, torn)
            assert [name for name, _ in killer.calls] == [name for name, _ in dry.calls[: k + 1]]
        # Durable once the journal holds it; before that, the input never happened.
        expected = at + 1 if k > commit else at
        check_resume(core, files, script, expected)
        seen["before" if expected == at else "after"] += 1
    return seen


def test_a_crash_at_every_write_step_of_a_round_end_resumes_at_the_last_durable_input(
    core, script, before_round_end, tmp_path, monkeypatch
):
    template, at = before_round_end
    seen = crash_at_every_point(core, script, template, at, tmp_path, monkeypatch)
    # 12 calls (sheet, backup, journal: write, fsync, rename; 3 folder syncs)
    # and the 3 writes torn; the commit is call 10, the journal's rename.
    assert seen == {"points": 15, "before": 14, "after": 1, "commit": 10}, seen


def test_a_sigkill_at_every_write_step_of_a_round_end_resumes_at_the_last_durable_input(
    core, script, before_round_end, tmp_path, monkeypatch
):
    """As above, but the process really dies there: no exception unwinds,
    no clean-up runs, and what the kernel had been given is on disk."""
    template, at = before_round_end
    seen = crash_at_every_point(core, script, template, at, tmp_path, monkeypatch, sigkill=True)
    assert seen == {"points": 15, "before": 14, "after": 1, "commit": 10}, seen


def test_a_crash_at_every_write_step_of_an_input_resumes_at_the_last_durable_input(
    core, script, before_round_end, tmp_path, monkeypatch
):
    template, at = before_round_end
    files, saved = fresh(template, tmp_path / "round-end", core)
    saved.apply(script.inputs[at])
    assert at + 1 not in script.round_ends  # the next input only adds a line
    seen = crash_at_every_point(core, script, files.folder, at + 1, tmp_path, monkeypatch)
    # The line's write (whole or torn), then its fsync.
    assert seen == {"points": 3, "before": 2, "after": 1, "commit": 0}, seen


def test_a_crash_at_every_write_step_of_an_undo_across_a_round_end(
    core, script, before_round_end, tmp_path, monkeypatch
):
    """Undo of the input that ended a round writes the earlier sheet back:
    until its journal is renamed the round end stands, then it is undone."""
    template, at = before_round_end

    def ended(name: str) -> tuple[SaveFiles, SavedGame]:
        files, saved = fresh(template, tmp_path / name, core)
        saved.apply(script.inputs[at])
        return files, saved

    def undo(saved: SavedGame) -> object:
        return saved.undo(1)

    files, saved = ended("dry")
    dry = crash_at(monkeypatch, files, saved, None, act=undo)
    assert not dry.dead and picture(saved.game) == script.pictures[at]
    commit = dry.commit()
    for k in range(len(dry.calls)):
        files, saved = ended(f"undo-{k}")
        assert crash_at(monkeypatch, files, saved, None, act=undo, at=k).dead
        check_resume(core, files, script, at if k > commit else at + 1)
    assert (len(dry.calls), commit) == (12, 10)
