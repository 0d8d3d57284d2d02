"""A playtest's crashes written where an author finds them: for each crashed
run, its inputs as a script the prompt replays (``crash-SEED.txt``), the
traceback beside it, and the ``tales play`` command that replays it. Scenario
runs and campaign runs both write and name them so."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Protocol

from tales.story.game import GameSetup


class Crashable(Protocol):
    """A run as the crash files need it (RunResult, CampaignRun)."""

    @property
    def seed(self) -> int: ...

    @property
    def crash(self) -> str: ...  # the traceback, or "" for a run that did not crash

    @property
    def inputs(self) -> list[str]: ...  # of the game that crashed


def crash_script(folder: Path, seed: int) -> Path:
    """Where the inputs of the run played with ``seed`` are written."""
    return folder / f"crash-{seed}.txt"


def write_crashes(runs: Iterable[Crashable], folder: Path) -> None:
    """The two files of each crashed run; the folder is made only for a crash."""
    for run in runs:
        if run.crash:
            folder.mkdir(parents=True, exist_ok=True)
            crash_script(folder, run.seed).write_text("\n".join(run.inputs) + "\n")
            (folder / f"crash-{run.seed}.traceback.txt").write_text(run.crash)


def replay_command(tale: str, setup: GameSetup, script: Path | str) -> str:
    """The ``tales play`` line that sets up the crashed game and feeds it the
    crash's script, so an author sees the crash at the prompt."""
    people = " ".join(f"--investigator {p}" for p in setup.players)
    people += "".join(f" --companion {c}" for c in setup.companions)
    return (
        f"tales play {tale} --scenario {setup.scenario} --difficulty {setup.difficulty} "
        f"--players {len(setup.players)} {people} --seed {setup.seed} --script {script}"
    )
