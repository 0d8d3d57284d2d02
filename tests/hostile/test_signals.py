"""SIGINT, SIGTERM and SIGHUP end any command cleanly, at any moment: one
line, no traceback, exit 128+N; play says where the game is saved. Each
signal is sent once the process has shown some output (never after a sleep)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hostile.conftest import SECONDS, _bounded

SIGNALS = {
    "SIGINT": (signal.SIGINT, 130, "Interrupted."),
    "SIGTERM": (signal.SIGTERM, 143, "Terminated."),
}
SIGNALS["SIGHUP"] = (signal.SIGHUP, 129, "Hung up.")


def _start(args: list[str], tmp_path: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "TALES_SAVES": str(tmp_path / "saves")}
    return subprocess.Popen(
        [sys.executable, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=tmp_path,
        preexec_fn=_bounded,
    )


def _finish(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    try:
        out, err = process.communicate(timeout=SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        raise
    return process.returncode, out, err


@pytest.mark.parametrize("name", sorted(SIGNALS))
def test_a_signal_during_piped_play_ends_it_saying_where_it_is_saved(
    tmp_path: Path, name: str
) -> None:
    signum, code, words = SIGNALS[name]
    process = _start(["-m", "tales", "play", "--seed", "1", "--save", "kept"], tmp_path)
    assert process.stdout is not None
    process.stdout.readline()  # the game has started; it now waits on its input
    process.send_signal(signum)
    returncode, _, err = _finish(process)
    assert returncode == code
    assert "Traceback" not in err
    assert err.strip().splitlines() == [
        f"{words} The game is saved as 'kept' (tales play --load kept)."
    ]


@pytest.mark.parametrize("name", sorted(SIGNALS))
def test_a_signal_during_start_up_is_clean(tmp_path: Path, name: str) -> None:
    """``python -v`` tells each import as it happens: the signal comes while
    the command line is still being imported."""
    signum, code, words = SIGNALS[name]
    process = _start(["-v", "-m", "tales", "check", str(tmp_path)], tmp_path)
    assert process.stderr is not None
    for line in process.stderr:
        if "click" in line:
            break
    process.send_signal(signum)
    returncode, _, err = _finish(process)
    assert returncode == code
    assert "Traceback" not in err and words in err
