"""Loading a save: the sheet, checked and upgraded, then its journal replayed.

Nothing here writes: a sheet that cannot be loaded is refused with every
problem listed and left exactly as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tales.errors import SheetError, TalesError, YamlFileError
from tales.problems import Problem
from tales.rules.table import Table
from tales.saves.content import tale_name as tale_name
from tales.saves.fields import Fields, spoken
from tales.saves.printed import as_written, field_names
from tales.saves.restore import Restored, restore
from tales.saves.setup_sheet import read_setup
from tales.saves.sheet import FORMAT_VERSION
from tales.saves.store import SaveFiles, read_sheet_yaml
from tales.saves.upgrades import upgrade
from tales.story.cache import load_tale_cached
from tales.story.campaign import item_cards
from tales.story.core import Core, storybooks_dir, tale_path
from tales.story.game import Game, GameSetup, resume_game, start_game
from tales.story.interpreter import Book
from tales.story.model import Tale
from tales.story.yamlio import describe


@dataclass
class LoadedSheet:
    """A checked sheet: its data (upgraded), its tale, and how to set it up."""

    files: SaveFiles
    data: dict[Any, Any]
    tale_root: Path
    tale: Tale
    upgrades: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    path: Path | None = None  # the file read, when not the save's sheet (its backup)
    over: str = ""  # how the game ended, when its journal plays it to the end (saves show)

    @property
    def sheet_path(self) -> Path:
        return self.path or self.files.sheet

    @property
    def session(self) -> str:
        return str(self.data.get("session") or self.files.name)

    @property
    def at_setup(self) -> bool:
        return (
            self.data.get("round") == 0
            and "players" in self.data
            and isinstance(self.data["players"], list)
        )

    def start(
        self,
        core: Core,
        *,
        fresh_seed: int | None = None,
        on_restored: Callable[[Table, Book], None] | None = None,
    ) -> tuple[Game, Restored | None]:
        """The game as the sheet left it (before the journal). ``on_restored``
        sees the table at the sheet's round end, before play goes on."""
        if self.at_setup:
            fields = Fields(str(self.sheet_path))
            read = read_setup(self.data, fields, core, self.tale)
            if read is None:
                raise SheetError(self.sheet_path, fields.problems)
            setup, campaign = read
            return start_game(core, self.tale, setup, campaign), None
        fields = Fields(str(self.sheet_path))
        seed = fresh_seed if fresh_seed is not None else random.SystemRandom().randrange(1_000_000)
        restored = restore(self.data, fields, core, self.tale, fresh_seed=seed)
        if restored is None:
            raise SheetError(self.sheet_path, fields.problems)
        if on_restored is not None:
            on_restored(restored.table, restored.book)
        setup = GameSetup(
            str(self.data["scenario"]),
            restored.players,
            restored.companions,
            restored.table.difficulty,
            restored.seed,
            tuple(restored.table.rulings.house_rules().items()),
            restored.table.automation.dice,
            restored.table.automation.cards,
        )
        roster = tuple(core.investigators)
        return resume_game(setup, restored.table, restored.book, self.tale, roster), restored


def read_sheet(files: SaveFiles, core: Core, path: Path | None = None) -> LoadedSheet:
    """Parse, upgrade and check the header of a sheet (the save's, or
    ``path``: its backup); raise :class:`SheetError`."""
    path = path or files.sheet
    fields = Fields(str(path))
    if not files.exists():
        raise TalesError(f"there is no save named {files.name!r} in {files.folder}")
    try:
        data = read_sheet_yaml(path)  # never through a link, even one swapped in
    except YamlFileError as error:
        p = error.problem
        raise SheetError(path, [Problem(str(path), p.line, p.col, "", p.message)]) from None
    if not isinstance(data, dict):
        fields.problem((1, 1), "", f"a save sheet is a mapping of fields, not {describe(data)}")
        raise SheetError(path, fields.problems)
    typed_notes: list[str] = []
    if "digital" not in data:
        field_names(data)  # typed from paper, perhaps with the rulebook's field names
    if "format_version" not in data:  # a sheet typed from paper names none
        data["format_version"] = FORMAT_VERSION
        typed_notes.append(f"no format_version: read as the current format, {FORMAT_VERSION}")
    version = data.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        fields.problem(
            fields.at(data, "format_version"),
            "format_version",
            f"expected a whole number from 1 to {FORMAT_VERSION}, found {describe(version)}",
        )
        raise SheetError(path, fields.problems)
    if version > FORMAT_VERSION:
        fields.problem(
            fields.at(data, "format_version"), "format_version",
            f"this sheet was written by a newer tales (format {version}; this one reads "
            f"up to {FORMAT_VERSION}): upgrade tales to load it",
        )  # fmt: skip
        raise SheetError(path, fields.problems)
    data, applied = upgrade(data)
    root, tale = _tale(data, fields)
    if tale is None or root is None:
        raise SheetError(path, fields.problems)
    if "digital" not in data:  # typed from paper: printed names and field names
        as_written(data, tale, item_cards(core.items, tale))
    scenario = fields.word(
        data.get("scenario"),
        fields.at(data, "scenario"),
        "scenario",
        list(tale.scenarios),
        "scenario",
    )
    if scenario is None:
        raise SheetError(path, fields.problems)
    loaded = LoadedSheet(files, data, root, tale, applied, path=path)
    loaded.warnings += typed_notes + _content_changes(data, root)
    if applied:
        loaded.warnings.append(
            f"the sheet was written in format {version} and read through: {', '.join(applied)}"
        )
    return loaded


def _tale(data: dict[Any, Any], fields: Fields) -> tuple[Path | None, Tale | None]:
    name = data.get("tale")
    if not isinstance(name, str) or not name:
        fields.problem(
            fields.at(data, "tale"),
            "tale",
            f"expected the tale's name, such as 'the-drowned-bell', found {describe(name)}",
        )
        return None, None
    if not (storybooks_dir() / name).is_dir() and " " in name.strip():
        name = spoken(name).replace(" ", "-")  # the tale's title as printed
    try:
        root = tale_path(name)
    except TalesError as error:
        fields.problem(fields.at(data, "tale"), "tale", str(error))
        return None, None
    tale, _problems = load_tale_cached(root)
    if tale is None:
        fields.problem(
            fields.at(data, "tale"),
            "tale",
            f"the tale {name!r} has errors; run `tales check {root}`",
        )
        return None, None
    return root, tale


def _content_changes(data: dict[Any, Any], root: Path) -> list[str]:
    """Name what changed in the storybook since the sheet was saved."""
    from tales.saves.content import content_files, describe_changes

    digital = data.get("digital")
    content = digital.get("content") if isinstance(digital, dict) else None
    saved = content.get("files") if isinstance(content, dict) else None
    if not isinstance(saved, dict):
        return []
    changes = describe_changes({str(k): str(v) for k, v in saved.items()}, content_files(root))
    if not changes:
        return []
    return [
        f"the storybook changed since this game was saved ({changes}); "
        "every id the sheet uses was checked"
    ]
