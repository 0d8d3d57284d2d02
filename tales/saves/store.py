"""The saves folder: where a save lives, safe names, atomic writes.

A save named ``friday`` is three files in the saves folder:

* ``friday.yaml``: the save sheet of the last round end (or of the setup);
* ``friday.yaml.bak``: the sheet it replaced, kept in case of regret;
* ``friday.journal``: the inputs given since that sheet, one per line.

Names are checked before any path is built, and a save's files are opened
without following a symbolic link and only when they are regular files, so
a save can never be read or written outside the folder. Every write goes
through ``os.write``, ``os.fsync`` and ``os.replace`` on raw descriptors:
the crash tests make those calls fail one after another.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Any

from tales.errors import SaveFileError, SaveNameError, YamlFileError
from tales.problems import Problem
from tales.records import record

SAVES_ENV = "TALES_SAVES"
SHEET_SUFFIX = ".yaml"
BACKUP_SUFFIX = ".yaml.bak"
JOURNAL_SUFFIX = ".journal"
LOCK_SUFFIX = ".lock"
# A temporary file beside its target: ".friday.yaml.tmp-k3j_x9a2".
TEMP_MARK = ".tmp-"
# Far above any real sheet or journal; a bigger file is not one tales wrote.
MAX_FILE_BYTES = 64 * 1024 * 1024
# Lower-case words joined by hyphens, dots or underscores; "@" joins a
# session and one of its checkpoints ("friday@before-the-reef").
_NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,63}(@[a-z0-9][a-z0-9._-]{0,63})?")
_TEMP_TAIL = re.compile(r"[a-z0-9_]+")
_READ = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


def saves_dir(option: str | os.PathLike[str] | None = None) -> Path:
    """``--saves DIR``, else ``$TALES_SAVES``, else ``./saves``."""
    if option:
        return Path(option)
    from_env = os.environ.get(SAVES_ENV)
    return Path(from_env) if from_env else Path("saves")


def excerpt(text: str, limit: int = 40) -> str:
    """A short, escaped quotation of text read from a file, for a message."""
    return repr(text[:limit]) + ("..." if len(text) > limit else "")


def check_name(name: str) -> str:
    """The name, lower-cased, or :class:`SaveNameError` saying what is wrong."""
    wanted = name.strip().lower()
    if _NAME.fullmatch(wanted) and ".." not in wanted:
        return wanted
    raise SaveNameError(
        f"{excerpt(name)} cannot be a save name: use letters, digits, '-', '_' or '.', "
        "starting with a letter or digit (at most 64), such as 'friday-night'"
    )


@record
class SaveFiles:
    folder: Path
    name: str

    @classmethod
    def named(cls, folder: Path, name: str) -> SaveFiles:
        return cls(folder, check_name(name))

    @property
    def sheet(self) -> Path:
        return self.folder / f"{self.name}{SHEET_SUFFIX}"

    @property
    def backup(self) -> Path:
        return self.folder / f"{self.name}{BACKUP_SUFFIX}"

    @property
    def journal(self) -> Path:
        return self.folder / f"{self.name}{JOURNAL_SUFFIX}"

    @property
    def lock(self) -> Path:
        return self.folder / f"{self.name}{LOCK_SUFFIX}"

    def exists(self) -> bool:
        """A sheet is there (a symbolic link counts: it is refused on loading,
        never taken for a free name)."""
        return os.path.lexists(self.sheet)

    def leftovers(self) -> list[Path]:
        """Temporary files an interrupted write of this save left behind."""
        if not self.folder.is_dir():
            return []
        found = []
        for target in (self.sheet, self.backup, self.journal):
            prefix = f".{target.name}."
            for path in self.folder.glob(f"{glob_escape(prefix)}*"):
                tail = path.name[len(prefix) :]
                # ".tmp-" and mkstemp's letters; or, as older tales wrote them, 8 letters alone
                if _TEMP_TAIL.fullmatch(tail.removeprefix(TEMP_MARK[1:])) and (
                    tail.startswith(TEMP_MARK[1:]) or len(tail) == 8
                ):
                    found.append(path)
        return sorted(found)


def glob_escape(text: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", text)


def list_saves(folder: Path) -> list[SaveFiles]:
    """Every save in the folder, by name; stray files are left alone."""
    if not folder.is_dir():
        return []
    found = []
    for path in sorted(folder.glob(f"*{SHEET_SUFFIX}")):
        name = path.name[: -len(SHEET_SUFFIX)]
        if _NAME.fullmatch(name):
            found.append(SaveFiles(folder, name))
    return found


def read_regular(path: Path) -> bytes | None:
    """The bytes of a save's file, or None when there is none. A symbolic
    link, a FIFO, a device or a folder in its place is refused unread."""
    try:
        fd = os.open(path, _READ)
    except FileNotFoundError:
        return None
    except OSError as error:
        if os.path.islink(path):
            raise SaveFileError(path, "is a symbolic link") from None
        raise SaveFileError(path, f"cannot be opened ({error.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SaveFileError(path, "is not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise SaveFileError(path, f"is larger than {MAX_FILE_BYTES // 2**20} MiB")
        chunks, total = [], 0
        while chunk := os.read(fd, 1 << 20):  # a file may grow after fstat
            chunks.append(chunk)
            total += len(chunk)
            if total > MAX_FILE_BYTES:
                raise SaveFileError(path, f"is larger than {MAX_FILE_BYTES // 2**20} MiB")
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_sheet_yaml(path: Path) -> Any:
    """The YAML of a save's sheet, from the one file opened: without following
    a link (``O_NOFOLLOW``) and checked by ``fstat`` of what was opened, so a
    link swapped in after a check is never read through. Raises
    :class:`SaveFileError` (a link, not a file, missing) and
    :class:`~tales.errors.YamlFileError` (not YAML, past a limit)."""
    from tales.story.yamlio import parse_yaml

    data = read_regular(path)
    if data is None:
        raise SaveFileError(path, "is missing")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        where = data[: error.start]
        line, col = where.count(b"\n") + 1, error.start - (where.rfind(b"\n") + 1) + 1
        raise YamlFileError(Problem(str(path), line, col, "E001", "not UTF-8 text")) from None
    return parse_yaml(path, text)


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def write_temp(path: Path, data: bytes) -> Path:
    """A temporary file beside ``path`` holding ``data``, on the disk."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=f".{path.name}{TEMP_MARK}", dir=path.parent)
    temporary = Path(name)
    try:
        write_all(fd, data)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        temporary.unlink(missing_ok=True)
        raise
    os.close(fd)
    return temporary


def commit(temporary: Path, path: Path) -> None:
    """Rename ``temporary`` over ``path`` (the link itself, if ``path`` is a
    symbolic link: rename never writes through one) and make it durable."""
    try:
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    sync_folder(path.parent)


def write_atomic(path: Path, text: str | bytes, *, keep: Path | None = None) -> None:
    """Write so that ``path`` holds either the old or the new content, never
    a mixture: a temporary file beside it, flushed to the disk, renamed over
    it. The old file becomes ``keep`` if given (copied, so ``path`` itself is
    never missing)."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    temporary = write_temp(path, data)
    if keep is not None:
        try:
            old = read_regular(path)
            if old is not None:
                commit(write_temp(keep, old), keep)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise
    commit(temporary, path)


def sync_folder(folder: Path) -> None:
    """Make a rename durable (a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove(files: SaveFiles) -> list[Path]:
    """Delete a save's files; the paths removed."""
    removed = []
    for path in (files.sheet, files.backup, files.journal):
        if os.path.lexists(path):
            path.unlink()
            removed.append(path)
    return removed
