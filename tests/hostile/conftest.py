"""Hostile inputs: every command is run in a subprocess bounded in time and
memory, so a regression fails here instead of hanging or swapping CI.

The time bound is CPU time (the kernel stops a child that has used it up),
so a loaded machine cannot fail a command that would finish; the wall-clock
timeout is only a last guard against a child that waits for ever."""

from __future__ import annotations

import os
import resource
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

DATA = Path(__file__).parent.parent / "data"
CPU_SECONDS = 10  # the bounds for each command on each hostile input
SECONDS = 600  # wall clock: only for a child blocked without using CPU
MEMORY = 500 * 1024 * 1024


def _bounded() -> None:
    # A child started from a background job inherits SIGINT ignored; a player's
    # terminal program starts with it at its default, as the signal tests need.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS + 1))


def tales(
    *args: str, cwd: Path | None = None, stdin: str = "", timeout: float = SECONDS
) -> subprocess.CompletedProcess[str]:
    """``python -m tales ARGS`` under the issue's time and memory bounds."""
    env = {**os.environ, "TALES_SAVES": str((cwd or Path.cwd()) / "saves")}
    return subprocess.run(
        [sys.executable, "-m", "tales", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=_bounded,
        cwd=cwd,
        env=env,
        check=False,
    )


@pytest.fixture
def tale(tmp_path: Path) -> Path:
    """A copy of the tiny tale to spoil."""
    root = tmp_path / "tiny-tale"
    shutil.copytree(DATA / "tiny-tale", root)
    return root


@pytest.fixture
def run() -> Callable[..., subprocess.CompletedProcess[str]]:
    return tales


def no_traceback(result: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in result.stderr + result.stdout, result.stderr[-2000:]
