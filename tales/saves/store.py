"""The saves folder: where a save lives, safe names, atomic writes.

A save named ``friday`` is three files in the saves folder:

* ``friday.yaml``: the save sheet of the last round end (or of the setup);
* ``friday.yaml.bak``: the sheet it replaced, kept in case of regret;
* ``friday.journal``: the inputs given since that sheet, one per line.

Names are checked before any path is built, so a save can never be read
or written outside the folder.
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from tales.errors import SaveNameError

SAVES_ENV = "TALES_SAVES"
SHEET_SUFFIX = ".yaml"
BACKUP_SUFFIX = ".yaml.bak"
JOURNAL_SUFFIX = ".journal"
# Lower-case words joined by hyphens, dots or underscores; "@" joins a
# session and one of its checkpoints ("friday@before-the-reef").
_NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,63}(@[a-z0-9][a-z0-9._-]{0,63})?")


def saves_dir(option: str | os.PathLike[str] | None = None) -> Path:
    """``--saves DIR``, else ``$TALES_SAVES``, else ``./saves``."""
    if option:
        return Path(option)
    from_env = os.environ.get(SAVES_ENV)
    return Path(from_env) if from_env else Path("saves")


def check_name(name: str) -> str:
    """The name, lower-cased, or :class:`SaveNameError` saying what is wrong."""
    wanted = name.strip().lower()
    if _NAME.fullmatch(wanted) and ".." not in wanted:
        return wanted
    shown = name if len(name) <= 40 else name[:40] + "..."
    raise SaveNameError(
        f"{shown!r} cannot be a save name: use letters, digits, '-', '_' or '.', "
        "starting with a letter or digit (at most 64), such as 'friday-night'"
    )


@dataclass(frozen=True, slots=True)
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

    def exists(self) -> bool:
        return self.sheet.is_file()


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


def write_atomic(path: Path, text: str, *, keep: Path | None = None) -> None:
    """Write ``text`` so that ``path`` holds either the old or the new
    content, never a mixture: write a temporary file beside it, flush it to
    the disk, then rename it over. The old file becomes ``keep`` if given."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        if keep is not None and path.exists():
            _copy_atomic(path, keep)  # the sheet itself stays in place throughout
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _copy_atomic(source: Path, target: Path) -> None:
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(source.read_bytes())
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (a no-op where folders cannot be opened)."""
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
        if path.exists():
            path.unlink()
            removed.append(path)
    return removed
