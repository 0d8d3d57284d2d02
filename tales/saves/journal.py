"""The journal: the inputs given since the last save sheet, one a line.

Each input is appended and flushed to the disk before the game goes on, so
a game killed at any moment resumes exactly where it stood. The first line
names the sheet the journal continues (its session and round), so a journal
left over from an earlier sheet is never replayed onto a later one. A last
line without its newline was torn by a crash while being written: it is
dropped, never fatal.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from tales.saves.store import write_atomic

MAGIC = "# tales journal"


@dataclass(frozen=True, slots=True)
class JournalText:
    sheet: str  # "<session> round <n>": the sheet these inputs follow
    inputs: tuple[str, ...]
    torn: bool  # a torn last line was dropped


def header(session: str, round_played: int) -> str:
    return f"{session} round {round_played}"


def start(path: Path, sheet: str, inputs: list[str] | tuple[str, ...] = ()) -> None:
    """A fresh journal for ``sheet``, holding ``inputs`` (atomically)."""
    write_atomic(path, "".join(f"{line}\n" for line in (f"{MAGIC} after {sheet}", *inputs)))


class JournalWriter:
    """Appends inputs, each durable before :meth:`append` returns."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def append(self, option_id: str) -> None:
        # One write of a whole line: a crash leaves it complete or torn, never mixed.
        with self.path.open("a", encoding="utf-8", newline="\n") as out:
            out.write(f"{option_id}\n")
            out.flush()
            os.fsync(out.fileno())


def read(path: Path) -> JournalText | None:
    """The journal's inputs, or None when there is no journal, or it is not one."""
    try:
        text = path.read_bytes().decode("utf-8", errors="replace")
    except FileNotFoundError:
        return None
    lines = text.split("\n")
    torn = lines[-1] != ""  # everything after the last newline never finished
    lines = lines[:-1]
    if not lines or not lines[0].startswith(f"{MAGIC} after "):
        return None
    sheet = lines[0][len(f"{MAGIC} after ") :]
    inputs = tuple(line for line in lines[1:] if line and not line.startswith("#"))
    return JournalText(sheet, inputs, torn)
