"""What ``tales play`` imports to reach its first screen (issue 16): a start
costs what it imports, so what the first screen does not use stays out, and a
change that pulls it back in fails here rather than silently slowing every
start. Reading a tale again comes from the tale cache, not the loader; the
voice's processes, the lock's network module, reading a save back and the
author tools load only when used."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

# Each is imported by what uses it, never by the first screen of a new game.
NOT_AT_FIRST_SCREEN = {
    "subprocess",  # tales.ui.voice: only a paragraph read aloud (--voice) runs one
    "socket",  # tales.saves.lock: the host name comes from os.uname()
    "tales.story.loader",  # a tale read before comes from the cache
    "tales.saves.load",  # reading a sheet back: --load only
    "tales.authoring",
    "tales.cli_saves",
    "tales.cli_simulate",
    "prompt_toolkit",  # a terminal's console; the input here is a pipe
}

FIRST_SCREEN = (
    "import io, sys\n"
    "sys.stdin = io.StringIO('\\n')\n"
    "from tales.cli import cli\n"
    "try:\n"
    "    cli.main(['play', '--seed', '1', '--players', '2', '--saves', sys.argv[1]], "
    "prog_name='tales')\n"
    "except SystemExit:\n"
    "    pass\n"
    "open(sys.argv[2], 'w').write('\\n'.join(sorted(sys.modules)))\n"
)


def first_screen_modules(tmp_path: Path, run: str) -> set[str]:
    listing = tmp_path / f"modules-{run}.txt"
    env = {**os.environ, "TALES_CACHE": str(tmp_path / "cache")}
    done = subprocess.run(
        [sys.executable, "-c", FIRST_SCREEN, str(tmp_path / f"saves-{run}"), str(listing)],
        capture_output=True,
        text=True,
        env=env,
    )
    assert "-- Paragraph 1 --" in done.stdout, done.stderr  # the first screen was shown
    return set(listing.read_text().split())


def test_the_first_screen_imports_only_what_it_uses(tmp_path: Path) -> None:
    first_screen_modules(tmp_path, "cold")  # fills the tale cache
    modules = first_screen_modules(tmp_path, "warm")
    assert {"tales.ui.session", "tales.saves.session", "tales.saves.journal"} <= modules
    pinned = {m for m in modules for p in NOT_AT_FIRST_SCREEN if m == p or m.startswith(f"{p}.")}
    assert pinned == set()
