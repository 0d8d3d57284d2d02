"""Opening a content file safely: the one way ``tales`` reads a file it was given.

A storybook file, a script or a save sheet comes from someone else. It is
read only when it is a regular file (a FIFO named ``*.yaml`` would block for
ever, ``/dev/zero`` would fill the memory), never through a symlink that
leads out of its folder, and never past a size limit. Errors quote a file's
content only through :func:`excerpt`: short and escaped.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from tales.errors import LimitExceeded, UnsafeFile

MAX_FILE_BYTES = 8 * 1024 * 1024  # the largest tale file is ~100 KB; 8 MiB is generous


def printable(text: str, limit: int = 0) -> str:
    """``text`` with every control character (an escape sequence, a bell,
    a carriage return) shown as its code, never sent to a terminal; cut to
    ``limit`` characters when ``limit`` is given. Newlines and tabs are kept."""
    shown = text
    if not text.isprintable():  # most text is: only lines that are not pay for the scan
        shown = "\n".join(map(_escaped, text.split("\n")))
    if limit and len(shown) > limit:
        return shown[: max(0, limit - 3)] + "..."
    return shown


def _escaped(line: str) -> str:
    if line.isprintable():
        return line
    # repr's own escape (\x1b, \u202e) for each character a terminal would act on
    return "".join(c if c.isprintable() or c == "\t" else repr(c)[1:-1] for c in line)


def excerpt(text: str, limit: int = 60) -> str:
    """A piece of a file's content fit for an error message: one line, short, escaped."""
    return printable(text.replace("\n", "\\n"), limit)


def within(path: Path, folder: Path) -> bool:
    """Whether ``path``, symlinks followed, stays inside ``folder`` (followed too)."""
    try:
        path.resolve(strict=True).relative_to(folder.resolve())
    except (OSError, ValueError, RuntimeError):  # RuntimeError: a symlink loop
        return False
    return True


def read_bytes(path: Path, *, folder: Path | None = None, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes.

    A symlink (of the file or of a folder on its way) is followed only when
    the file stays inside ``folder`` (default: the folder it is in). Raises :class:`UnsafeFile` or
    :class:`LimitExceeded` with a sentence naming the file, and OSError when
    the file cannot be opened at all.
    """
    home = folder or path.parent
    if not within(path, home) and (path.exists() or path.is_symlink()):
        raise UnsafeFile(
            f"{printable(str(path))} leads out of {printable(str(home))}: "
            "a symlink out of its folder is not followed"
        )
    # O_NONBLOCK: opening a FIFO must not wait for a writer; fstat refuses it next.
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnsafeFile(f"{printable(str(path))} is not a regular file ({_kind(info)})")
        if info.st_size > limit:
            raise _too_large(path, limit)
        os.set_blocking(fd, True)
        chunks, total = [], 0
        while chunk := os.read(fd, 1 << 20):  # a file may grow after fstat
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise _too_large(path, limit)
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_text(path: Path, *, folder: Path | None = None, limit: int = MAX_FILE_BYTES) -> str:
    """:func:`read_bytes` decoded as UTF-8 (UnicodeDecodeError if it is not)."""
    return read_bytes(path, folder=folder, limit=limit).decode("utf-8")


def _too_large(path: Path, limit: int) -> LimitExceeded:
    return LimitExceeded(
        f"{printable(str(path))} is larger than the limit of {limit // 1024:,} KiB a file may have"
    )


def _kind(info: os.stat_result) -> str:
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file"
