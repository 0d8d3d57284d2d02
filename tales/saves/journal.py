"""The journal: the inputs given since the last save sheet, one a line.

Each input is appended and flushed to the disk before the game goes on, so
a game killed at any moment resumes exactly where it stood. The first line
names the sheet the journal continues by the SHA-256 of its bytes (and, for
a person reading it, its session and round), so a journal is only ever
replayed onto the very sheet it follows. A last line without its newline
was torn by a crash while being written: it is dropped, never fatal.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from pathlib import Path

from tales.errors import SaveFileError
from tales.records import record
from tales.saves.store import commit, read_regular, write_all, write_temp

MAGIC = "# tales journal"
_HEADER = re.compile(rf"{MAGIC} after (?P<label>.+?)(?: sha256=(?P<digest>[0-9a-f]{{64}}))?")
_APPEND = os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW | os.O_CLOEXEC


@record
class JournalText:
    sheet: str  # "<session> round <n>": the sheet these inputs follow, in words
    inputs: tuple[str, ...]
    torn: bool  # a torn last line was dropped
    digest: str | None = None  # the SHA-256 of that sheet (None: an older journal)
    crlf: bool = False  # lines ended "\r\n" (edited elsewhere): read as plain ones


def header(session: str, round_played: int) -> str:
    return f"{session} round {round_played}"


def digest(sheet: bytes) -> str:
    return hashlib.sha256(sheet).hexdigest()


def render(sheet: str, sheet_digest: str | None, inputs: tuple[str, ...] | list[str]) -> bytes:
    bound = f" sha256={sheet_digest}" if sheet_digest else ""
    lines = (f"{MAGIC} after {sheet}{bound}", *inputs)
    return "".join(f"{line}\n" for line in lines).encode("utf-8")


def start(
    path: Path,
    sheet: str,
    inputs: list[str] | tuple[str, ...] = (),
    *,
    sheet_digest: str | None = None,
) -> None:
    """A fresh journal for ``sheet``, holding ``inputs``: written beside,
    flushed, renamed over the old one (the step that commits a save)."""
    commit(write_temp(path, render(sheet, sheet_digest, inputs)), path)


class JournalWriter:
    """Appends inputs, each durable before :meth:`append` returns."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def append(self, option_id: str) -> None:
        # Never through a symbolic link, never creating a journal that is not there.
        try:
            fd = os.open(self.path, _APPEND)
        except OSError as error:
            if os.path.islink(self.path):
                raise SaveFileError(self.path, "is a symbolic link") from None
            raise SaveFileError(self.path, f"cannot be written ({error.strerror})") from None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise SaveFileError(self.path, "is not a regular file")
            # One write of a whole line: a crash leaves it complete or torn, never mixed.
            write_all(fd, f"{option_id}\n".encode())
            os.fsync(fd)
        finally:
            os.close(fd)


def read(path: Path) -> JournalText | None:
    """The journal, or None when there is none. A journal whose first line
    is not a header tales wrote has ``sheet`` "" and no inputs."""
    data = read_regular(path)
    if data is None:
        return None
    lines = data.decode("utf-8", errors="replace").split("\n")
    torn = lines[-1] != ""  # everything after the last newline never finished
    lines = lines[:-1]
    crlf = any(line.endswith("\r") for line in lines)
    lines = [line.removesuffix("\r") for line in lines]
    found = _HEADER.fullmatch(lines[0]) if lines else None
    if found is None:
        return JournalText("", (), torn, None, crlf)
    inputs = tuple(line for line in lines[1:] if line and not line.startswith("#"))
    return JournalText(found["label"], inputs, torn, found["digest"], crlf)


def headed(text: JournalText | None) -> bool:
    """A journal with a header tales wrote."""
    return text is not None and text.sheet != ""
