"""A game that keeps itself saved: a sheet at every round end, the journal
after every input, undo and checkpoints by replaying a shorter log.

The session starts from an origin (a new setup, or a loaded sheet); its
game's engine logs every input since, and any earlier position of the
session is the origin replayed with fewer inputs (DESIGN principle 1).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tales.errors import NotSaved, TalesError
from tales.rules.events import Event, RoundEnded
from tales.rules.table import Table
from tales.saves import journal
from tales.saves.content import content_files, tale_name
from tales.saves.lock import SaveLock
from tales.saves.protocol import LoadPlan, keep_aside, plan_load, write_save
from tales.saves.sheet import SheetContext, capture, capture_between, capture_finished, dump
from tales.saves.store import SaveFiles, excerpt, list_saves, read_regular, saves_dir, write_atomic
from tales.story.core import Core
from tales.story.game import Game

if TYPE_CHECKING:  # reading a sheet back is not needed to start a game
    from tales.saves.load import LoadedSheet


@dataclass
class Sheet:
    data: dict[str, Any]
    after: int  # how many of the session's inputs it includes
    round_played: int


class SavedGame:
    """A :class:`Game` with its save: every change is on disk before the
    next input is asked for (when ``files`` is given)."""

    def __init__(
        self,
        origin: Callable[[], Game],
        first_sheet: Sheet,
        files: SaveFiles | None,
        context: SheetContext,
        game: Game | None = None,
    ) -> None:
        """``game``: the origin already built, so it is not built twice."""
        self.origin = origin  # the session's starting point, built afresh
        self.first_sheet = first_sheet  # the sheet of that starting point
        self.files = files
        self.context = context
        self.journal = journal.JournalWriter(files.journal) if files else None
        self.sheet = first_sheet
        self._sheet_changed = False
        self.unsaved: str | None = None  # why the last input is not on disk, if it is not
        self.core: Core | None = None  # to load checkpoints
        self.locking = False  # a player at the prompt: one writer a save, by its lock
        self.lock: SaveLock | None = None
        # Fields the prompt adds to each round-end sheet (the table timer's).
        self.annotate: Callable[[], dict[str, Any]] | None = None
        self.game = self._start(game)

    @property
    def inputs(self) -> list[str]:
        """The inputs since the origin: the engine's own log, never a copy."""
        return self.game.inputs

    def _start(self, game: Game | None = None) -> Game:
        game = game or self.origin()
        game.table.sink.subscribe(self._heard)
        return game

    def replay(self, inputs: list[str]) -> list[str]:
        """Apply inputs without writing (a journal being replayed); stop at
        the first one the game refuses and return those applied."""
        applied = []
        for option_id in inputs:
            if self.game.pending is None:
                break
            try:
                self._apply(option_id)
            except TalesError:
                break
            applied.append(option_id)
        return applied

    def _rebuild(self, inputs: list[str]) -> None:
        self.sheet = self.first_sheet
        self.game = self._start()
        for option_id in inputs:
            self._apply(option_id)

    def _apply(self, option_id: str) -> tuple[Event, ...]:
        # The engine logs the input while it is applied: a round end this
        # input reaches writes a sheet that includes it.
        return self.game.apply(option_id)

    def _heard(self, event: Event) -> None:
        """The save point: at a round end the sheet is written as the table
        stands, before the next round's start effects (heard as it happens)."""
        if isinstance(event, RoundEnded):
            sheet = capture(self.game.table, self.game.book, self.context)
            if self.annotate is not None:
                sheet.update(self.annotate())
            self.sheet = Sheet(sheet, len(self.inputs), event.round)
            self._sheet_changed = True

    # Playing ----------------------------------------------------------------------

    @property
    def table(self) -> Table:
        return self.game.table

    def apply(self, option_id: str) -> tuple[Event, ...]:
        """One input; the sheet and journal on disk follow it at once."""
        self._sheet_changed = False
        played = len(self.inputs)
        events = self._apply(option_id)
        going_on = self.game.next_scenario
        if going_on is not None and self.game.pending is None:
            # A campaign goes on: the sheet becomes the next scenario's setup.
            data = capture_between(self.table, going_on, self.context)
            self.sheet = Sheet(data, len(self.inputs), 0)
            self._sheet_changed = True
        elif self.game.finished and self.game.pending is None:
            # The campaign goes no further: its final state, marked so.
            game = self.game
            data = capture_finished(
                game.table, game.book, game.setup, game.finished[0], self.context
            )
            self.sheet = Sheet(data, len(self.inputs), 0)
            self._sheet_changed = True
        try:
            if self._sheet_changed:
                self.persist()
            elif self.journal is not None and len(self.inputs) > played:
                self._journal_last_input()
        except (TalesError, OSError) as error:  # played, but not on disk: say so
            self.unsaved = _why_not_written(error)
            raise NotSaved(events, self.unsaved) from None
        self.unsaved = None
        return events

    def _journal_last_input(self) -> None:
        assert self.journal is not None and self.files is not None
        path = self.files.journal
        # After a failed write, or with the journal gone (removed by hand), the
        # sheet and the whole journal are written again, so it has no gap. A
        # link or a FIFO in its place is never replaced: the append refuses it.
        whole_again = self.unsaved is not None or not os.path.lexists(path)
        if whole_again and not path.is_symlink() and (path.is_file() or not path.exists()):
            self.persist()
        else:
            self.journal.append(self.inputs[-1])  # as logged: typed faces become their id

    def persist(self) -> None:
        """Write the latest sheet and the journal of the inputs since it."""
        if self.files is None:
            return
        sheet = dump(self.sheet.data).encode("utf-8")
        write_save(self.files, sheet, self.journal_header(), self.inputs[self.sheet.after :])

    def journal_header(self) -> str:
        return journal.header(self.context.session, self.sheet.round_played)

    @property
    def name(self) -> str | None:
        return self.files.name if self.files is not None else None

    def save_as(self, name: str) -> None:
        """Go on saving under ``name`` (the old save stays as it was)."""
        folder = self.files.folder if self.files is not None else saves_dir()
        files = SaveFiles.named(folder, name)
        if "@" in files.name:
            raise TalesError("'@' is kept for checkpoints; choose a name without it")
        if files != self.files and (files.exists() or files.journal.exists()):
            raise TalesError(
                f"there is already a save named {files.name!r}; choose another name "
                f"(or remove it first: tales saves rm {files.name})"
            )
        kept = [
            (n, SaveFiles.named(folder, f"{self.context.session}@{n}")) for n in self.checkpoints()
        ]
        if self.locking and files != self.files:
            taken = SaveLock.take(files)  # refused while another tales plays that save
            self.close()
            self.lock = taken
        self.files = files
        self.journal = journal.JournalWriter(files.journal)
        self.context = replace(self.context, session=files.name)
        for checkpoint, old in kept:  # the checkpoints come along under the new name
            new = SaveFiles.named(folder, f"{files.name}@{checkpoint}")
            for source, target in ((old.sheet, new.sheet), (old.journal, new.journal)):
                data = read_regular(source)  # byte for byte: the journal names its sheet's hash
                if data is not None:
                    write_atomic(target, data)
        self.first_sheet = _renamed(self.first_sheet, files.name)
        self.sheet = _renamed(self.sheet, files.name)
        self.persist()

    def hold(self, lock: SaveLock | None) -> None:
        """Keep ``lock`` (the save's, taken before it was loaded) until
        :meth:`close`, and lock any save this game goes on under."""
        self.locking, self.lock = True, lock

    def close(self) -> None:
        """Let go of the save's lock (the save itself is always on disk)."""
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    # Going back -------------------------------------------------------------------

    def undo(self, count: int = 1) -> int:
        """Take back the last ``count`` inputs; how many were taken back."""
        if count < 1:
            raise TalesError("undo takes back 1 or more inputs")
        if not self.inputs:
            raise TalesError("there is nothing to undo since this game was started or loaded")
        count = min(count, len(self.inputs))
        self._rebuild(self.inputs[:-count])
        self.persist()
        return count

    def checkpoint(self, name: str) -> SaveFiles:
        """Keep this moment as the save ``<session>@<name>``."""
        if self.files is None:
            raise TalesError("checkpoints need a saved game; this one is not being saved")
        files = SaveFiles.named(self.files.folder, f"{self.context.session}@{name}")
        sheet = dump(self.sheet.data).encode("utf-8")
        write_save(files, sheet, self.journal_header(), self.inputs[self.sheet.after :])
        return files

    def checkpoints(self) -> list[str]:
        """The names of this session's checkpoints."""
        if self.files is None:
            return []
        prefix = f"{self.context.session}@"
        return [
            f.name[len(prefix) :]
            for f in list_saves(self.files.folder)
            if f.name.startswith(prefix)
        ]

    def rewind(self, name: str) -> list[str]:
        """Go back to a checkpoint; the warnings of loading it."""
        if self.files is None or self.core is None:
            raise TalesError("checkpoints need a saved game; this one is not being saved")
        wanted = f"{self.context.session}@{name.strip().lower()}"
        files = SaveFiles.named(self.files.folder, wanted)
        if not files.exists():
            have = ", ".join(self.checkpoints()) or "none yet"
            raise TalesError(f"there is no checkpoint {name.strip()!r}; this game has: {have}")
        other, warnings = load_saved(files, self.core, into=self.files)
        # Become the loaded session; its round ends must now reach this object.
        other.game.table.sink.unsubscribe(other._heard)
        held = self.locking, self.lock  # the same save goes on: so does its lock
        annotate = self.annotate  # and the prompt's own fields (the timer)
        self.__dict__.update(other.__dict__)
        self.locking, self.lock, self.annotate = *held, annotate
        self.game.table.sink.subscribe(self._heard)
        self.origin = other.origin
        return warnings


def _why_not_written(error: TalesError | OSError) -> str:
    if isinstance(error, OSError) and error.strerror:
        return f"{error.filename or 'the save'}: {error.strerror}"
    return str(error)


def new_context(session: str, tale_root: Path, scenario: str, tale_hash: str) -> SheetContext:
    return SheetContext(
        session, tale_name(tale_root), scenario, tale_hash, content_files(tale_root)
    )


def start_saved(
    origin: Callable[[], Game],
    files: SaveFiles | None,
    context: SheetContext,
    core: Core | None = None,
) -> SavedGame:
    """A new game, saved from its setup on (so a crash in round 1 loses nothing)."""
    game = origin()
    first = Sheet(capture(game.table, game.book, context, at_setup=True), 0, 0)
    saved = SavedGame(origin, first, files, context, game)
    saved.core = core
    saved.persist()
    return saved


def _renamed(sheet: Sheet, session: str) -> Sheet:
    return Sheet({**sheet.data, "session": session}, sheet.after, sheet.round_played)


def load_saved(
    files: SaveFiles, core: Core, *, into: SaveFiles | None = None
) -> tuple[SavedGame, list[str]]:
    """A save from its sheet and journal, and the warnings to show. ``into``:
    go on saving under another save (rewinding to a checkpoint)."""
    if not files.exists():
        raise TalesError(f"there is no save named {files.name!r} in {files.folder}")
    from tales.saves.load import read_sheet  # reading a sheet back: not needed to start a game

    plan = plan_load(files)
    loaded = read_sheet(files, core, plan.sheet)
    finished = loaded.data.get("finished")
    if finished:
        raise TalesError(
            f"the campaign saved as {files.name!r} is over ({excerpt(str(finished))}); "
            f"`tales saves show {files.name}` prints its campaign log"
        )
    target = into or files
    context = _context_of(loaded, target)
    at_round_end: list[dict[str, Any]] = []
    game, restored = loaded.start(
        core, on_restored=lambda table, book: at_round_end.append(capture(table, book, context))
    )
    if restored is None:  # a sheet written at setup: the scenario starts afresh
        first = Sheet({**loaded.data, "session": context.session}, 0, 0)

        def origin() -> Game:
            return loaded.start(core)[0]
    else:
        # Captured before any input: a paper sheet becomes a digital one, so
        # its fresh shuffle and seed are recorded the first time it is saved.
        first = Sheet(at_round_end[0], 0, game.table.round - 1)
        if "timer" in loaded.data:  # the table timer goes on counting
            first.data["timer"] = loaded.data["timer"]
        seed = restored.seed

        def origin() -> Game:
            return loaded.start(core, fresh_seed=seed)[0]

    saved = SavedGame(origin, first, target, context, game)
    saved.core = core
    warnings = list(loaded.warnings)
    if restored is not None and not restored.exact:
        warnings += [f"a sheet typed in by hand: {note}" for note in restored.notes]
    expected = journal.header(loaded.session, int(loaded.data.get("round", 0) or 0))
    warnings += _replay_journal(saved, files, plan, expected)
    hand_typed = restored is not None and not restored.exact
    # A sheet with no journal beside it (copied, or typed in from paper) has
    # nothing for the inputs to be appended to until one is started for it.
    unjournaled = plan.journal is None
    renamed = context.session != loaded.session
    if into is not None or hand_typed or loaded.upgrades or plan.repair or unjournaled or renamed:
        saved.persist()  # the disk becomes one sheet and the journal that follows it
    return saved, warnings


def _context_of(loaded: LoadedSheet, target: SaveFiles) -> SheetContext:
    """What a loaded sheet's game is saved with. A session is named by its
    save (a checkpoint "x@y" goes on as "x"): a sheet copied under a new name
    must not write its checkpoints over the ones of the save it was copied from."""
    session = target.name.split("@")[0]
    context = new_context(
        session, loaded.tale_root, str(loaded.data["scenario"]), loaded.tale.content_hash
    )
    notes = loaded.data.get("notes")
    return replace(context, notes=notes) if isinstance(notes, str) else context


def _replay_journal(saved: SavedGame, files: SaveFiles, plan: LoadPlan, expected: str) -> list[str]:
    """Replay the journal the plan found; what was found, in words. Inputs
    that cannot be replayed are kept aside in a copy of the journal."""
    text = plan.journal
    warnings = plan.carry_out(files)
    if text is None:
        return warnings
    if text.digest is None and text.sheet != expected:  # an older journal, named by words
        kept = keep_aside(files.journal, "unbound", move=True)
        plan.repair = True
        warnings.append(
            f"{files.journal.name} follows another sheet ({excerpt(text.sheet)}); it was kept "
            f"as {kept.name} and not replayed"
        )
        return warnings
    applied = saved.replay(list(text.inputs))
    if len(applied) < len(text.inputs):
        left = len(text.inputs) - len(applied)
        kept = keep_aside(files.journal, "not-replayed")
        plan.repair = True
        warnings.append(
            f"journal input {len(applied) + 1} ({excerpt(text.inputs[len(applied)])}) is not "
            f"possible in this game; the game resumes before it ({left} input(s) not replayed); "
            f"the journal was kept as {kept.name}"
        )
    elif text.digest is None:
        plan.repair = True  # rewritten to name its sheet by hash
    return warnings
