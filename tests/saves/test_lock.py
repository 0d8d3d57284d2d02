"""One writer per save: a second tales on a save being played is refused
with the other's process id; a lock left by a killed process is taken over;
reading a save never waits for its lock."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tales.cli import cli
from tales.errors import SaveLocked
from tales.saves.lock import Holder, SaveLock
from tales.saves.store import SaveFiles
from tests.saves.helpers import ROOT

SOLO = ["the-drowned-bell", "--seed", "5", "--players", "1", "--investigator", "ezra"]


def tales_process(saves: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tales", "play", "--saves", str(saves), *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def tales(saves: Path, *args: str, stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(cli, [*args, "--saves", str(saves)], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.output


@pytest.fixture
def friday(saves: Path) -> SaveFiles:
    code, output = tales(saves, "play", *SOLO, "--save", "friday", stdin="1\n")
    assert code == 0, output
    return SaveFiles.named(saves, "friday")


def wait_for(process: subprocess.Popen[str], words: str) -> None:
    """Read the process's output until it says ``words`` (it is then past loading)."""
    assert process.stdout is not None
    for line in process.stdout:
        if words in line:
            return
    raise AssertionError(f"the process ended without saying {words!r}: {process.stderr}")


def test_a_second_tales_on_a_save_is_refused_until_the_first_quits(friday, saves):
    first = tales_process(saves, "--load", "friday")
    try:
        wait_for(first, "Loaded 'friday'")
        second = tales_process(saves, "--load", "friday")
        _, errors = second.communicate("1\n", timeout=60)
        assert second.returncode == 1
        assert errors.startswith("Error: the save 'friday' is being played by another tales ")
        assert f"(process {first.pid} on this host, since " in errors
        assert f"or end that process (kill {first.pid})" in errors
        assert "Traceback" not in errors
        journal = friday.journal.read_bytes()
        _, errors = first.communicate("1\nquit\n", timeout=60)
        assert first.returncode == 0, errors
        assert friday.journal.read_bytes().startswith(journal)  # only the first one wrote
        assert not friday.lock.exists()  # let go on leaving
    finally:
        first.kill()
        first.wait()
    again = tales_process(saves, "--load", "friday")
    output, errors = again.communicate("quit\n", timeout=60)
    assert again.returncode == 0, errors
    assert "Loaded 'friday'" in output and "lock" not in output


def test_a_lock_left_by_a_killed_tales_is_taken_over_with_a_warning(friday, saves):
    player = tales_process(saves, "--load", "friday")
    wait_for(player, "Loaded 'friday'")
    os.kill(player.pid, signal.SIGKILL)
    player.communicate(timeout=60)
    assert Holder.parse(friday.lock.read_bytes()) is not None  # left behind
    code, output = tales(saves, "play", "--load", "friday", stdin="quit\n")
    assert code == 0, output
    assert f"Note: the save's lock was left by process {player.pid} on this host, since " in output
    assert "(no longer running, it must have been killed); it was taken over" in output
    assert not friday.lock.exists()


def test_a_lock_written_on_another_host_is_not_broken(friday, saves):
    other = Holder(4242, "elsewhere.example", "2026-12-01 09:00:00 UTC")
    friday.lock.write_bytes(other.text())
    code, output = tales(saves, "play", "--load", "friday", stdin="quit\n")
    assert code == 1
    assert output == (
        "Error: the save 'friday' is being played by another tales (process 4242 on host "
        "'elsewhere.example', since '2026-12-01 09:00:00 UTC'); if no tales is playing it "
        f"there any more, remove the lock and try again: rm {friday.lock}\n"
    )
    assert friday.lock.read_bytes() == other.text()


def test_reading_a_save_never_waits_for_its_lock(friday, saves):
    lock = SaveLock.take(friday)
    try:
        for command in (["list"], ["show", "friday"], ["export", "friday", "--format", "md"]):
            code, output = tales(saves, "saves", *command)
            assert code == 0, output
            assert "friday" in output.lower() or "Ezra Marsh" in output
        code, output = tales(saves, "play", "--load", "friday", stdin="quit\n")
        assert code == 1 and f"(process {os.getpid()} on this host" in output
        code, output = tales(saves, "play", *SOLO, "--save", "friday", stdin="quit\n")
        assert code == 1 and "is being played by another tales" in output
        code, output = tales(saves, "saves", "rm", "friday", "--yes")
        assert code == 1 and "is being played by another tales" in output
        assert friday.exists() and friday.journal.exists()
    finally:
        lock.release()
    assert not friday.lock.exists()


def test_saving_under_a_name_another_tales_plays_is_refused(friday, saves, core):
    lock = SaveLock.take(SaveFiles.named(saves, "saturday"))
    try:
        code, output = tales(saves, "play", "--load", "friday", stdin="save saturday\nquit\n")
        assert code == 0, output
        assert "is being played by another tales" in output
        assert not SaveFiles.named(saves, "saturday").exists()
    finally:
        lock.release()
    assert not friday.lock.exists()  # the game let go of its own lock on leaving


def test_the_lock_names_this_process(saves):
    files = SaveFiles.named(saves, "friday")
    lock = SaveLock.take(files)
    try:
        holder = Holder.parse(files.lock.read_bytes())
        assert holder is not None
        assert (holder.pid, holder.host) == (os.getpid(), socket.gethostname())
        with pytest.raises(SaveLocked, match=f"process {os.getpid()} on this host"):
            SaveLock.take(files)
    finally:
        lock.release()
    SaveLock.take(files).release()  # free again
