"""A playtest's crashes written where an author finds them: for each crashed
run, its inputs as a script the prompt replays (``crash-SEED.txt``) and the
traceback beside it. Scenario runs and campaign runs both write them so."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Protocol


class Crashable(Protocol):
    """A run as the crash files need it (RunResult, CampaignRun)."""

    @property
    def seed(self) -> int: ...

    @property
    def crash(self) -> str: ...  # the traceback, or "" for a run that did not crash

    @property
    def inputs(self) -> list[str]: ...  # of the game that crashed


def write_crashes(runs: Iterable[Crashable], folder: Path) -> None:
    """The two files of each crashed run; the folder is made only for a crash."""
    for run in runs:
        if run.crash:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"crash-{run.seed}.txt").write_text("\n".join(run.inputs) + "\n")
            (folder / f"crash-{run.seed}.traceback.txt").write_text(run.crash)
