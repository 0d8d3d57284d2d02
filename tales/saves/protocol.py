"""How a save's sheet and journal change together, correct at every crash.

A save is the sheet its journal follows, then the journal's inputs. The
journal names that sheet by the SHA-256 of its bytes, and it follows either
``NAME.yaml`` or, while a round end is being saved, ``NAME.yaml.bak``. A
round end (or an undo, a rewind, a load that repairs) writes, in order:

1. the new sheet to a temporary file beside it, flushed to the disk;
2. if the journal follows ``NAME.yaml``, a copy of it as ``NAME.yaml.bak``
   (temporary file, flushed, renamed), so the journal's sheet stays on disk;
3. the new sheet renamed over ``NAME.yaml``;
4. the new journal, naming the new sheet, to a temporary file, flushed, and
   renamed over ``NAME.journal``: this rename commits the save.

Killed before step 4's rename, the old journal still follows the sheet it
was written for (``NAME.yaml``, or ``NAME.yaml.bak`` after step 3), and
that sheet and journal are the game at the last acknowledged input; killed
after, the new ones are. Loading takes whichever sheet the journal follows,
removes the temporary files (naming them), and keeps aside, renamed, a
journal that follows neither.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from tales.saves import journal
from tales.saves.journal import JournalText
from tales.saves.store import (
    SaveFiles,
    commit,
    excerpt,
    read_regular,
    sync_folder,
    write_atomic,
    write_temp,
)


def follows(files: SaveFiles) -> tuple[Path | None, JournalText | None]:
    """The sheet the save's journal follows (None: neither), and the journal."""
    text = journal.read(files.journal)
    if text is None or text.digest is None:
        return None, text
    for path in (files.sheet, files.backup):
        data = read_regular(path)
        if data is not None and journal.digest(data) == text.digest:
            return path, text
    return None, text


def write_save(files: SaveFiles, sheet: bytes, label: str, inputs: list[str]) -> None:
    """The sheet ``sheet`` and a journal of ``inputs`` after it (steps 1-4)."""
    temporary = write_temp(files.sheet, sheet)  # 1
    try:
        base, _ = follows(files)
        if base != files.backup:  # 2: the journal's own sheet must survive step 3
            old = read_regular(files.sheet)
            if old is not None:
                commit(write_temp(files.backup, old), files.backup)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    commit(temporary, files.sheet)  # 3
    journal.start(files.journal, label, inputs, sheet_digest=journal.digest(sheet))  # 4


def keep_aside(path: Path, why: str, *, move: bool = False) -> Path:
    """Copy (or ``move``) ``path`` to a new name beside it; nothing is deleted."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    kept = path.with_name(f"{path.name}.{why}-{stamp}")
    number = 1
    while os.path.lexists(kept):
        number += 1
        kept = path.with_name(f"{path.name}.{why}-{stamp}-{number}")
    if move:
        os.rename(path, kept)
        sync_folder(path.parent)
    else:
        write_atomic(kept, read_regular(path) or b"")
    return kept


@dataclass
class LoadPlan:
    """What loading a save reads: a sheet, the journal to replay onto it
    (None: none), and what the disk held beyond that. Nothing is changed on
    disk until :meth:`carry_out`, after the sheet has loaded."""

    sheet: Path
    journal: JournalText | None
    warnings: list[str] = field(default_factory=list)
    repair: bool = False  # the files on disk must be rewritten before play goes on
    leftovers: list[Path] = field(default_factory=list)
    unbound: JournalText | None = None  # a journal that follows no sheet of the save

    def carry_out(self, files: SaveFiles) -> list[str]:
        """Remove the temporary files and keep aside an unbound journal;
        every warning of the load so far."""
        warnings = []
        for path in self.leftovers:
            path.unlink(missing_ok=True)
            warnings.append(
                f"an interrupted save left the temporary file {path.name}; it held nothing "
                "the save lacks and was removed"
            )
        if self.unbound is not None:
            kept = keep_aside(files.journal, "unbound", move=True)
            text = self.unbound
            what = f"names {excerpt(text.sheet)}" if journal.headed(text) else "has no header"
            warnings.append(
                f"{files.journal.name} follows no sheet of this save (it {what}); it was kept "
                f"as {kept.name} and not replayed"
            )
        return warnings + self.warnings


def plan_load(files: SaveFiles) -> LoadPlan:
    """Find the save a crash may have left half-written, and what it left:
    a journal following the backup, temporary files, a journal of another
    sheet, a torn line, Windows line endings. Only reads."""
    plan = LoadPlan(files.sheet, None, leftovers=files.leftovers())
    base, text = follows(files)
    if text is None:
        return plan
    if base is None and text.digest is None and journal.headed(text):
        plan.journal = text  # an older journal, named by words: load_saved compares them
    elif base is None:
        plan.unbound, plan.repair = text, True
        return plan
    else:
        plan.sheet, plan.journal = base, text
    if base == files.backup:
        plan.warnings.append(
            f"the last save was cut off after writing its sheet; the game resumes from "
            f"{files.backup.name} and the {len(text.inputs)} input(s) of its journal"
        )
    if text.torn:
        plan.warnings.append("the journal's last line was cut off by a crash and was dropped")
    if text.crlf:
        plan.warnings.append("the journal's lines ended in CRLF; they were read as plain lines")
    plan.repair = base == files.backup or text.torn or text.crlf
    return plan
