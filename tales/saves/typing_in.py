"""Running ``tales saves new``: the questions at a prompt_toolkit prompt with
completion at a terminal, or answered line by line from a script or a pipe
(echoed, as ``tales play`` echoes a script); then the sheet written and
checked as loading it to play would."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import IO

from tales.cli_common import read_script
from tales.errors import TalesError
from tales.safefile import printable
from tales.saves.catalog import read_named
from tales.saves.new_sheet import Ask, EndOfInput, ask_sheet
from tales.saves.sheet import dump
from tales.saves.store import SaveFiles, saves_dir, write_atomic
from tales.story.cache import load_tale_cached
from tales.story.core import load_core, tale_path


def lines_asker(stream: IO[str], out: IO[str]) -> Ask:
    def ask(question: str, _: list[str]) -> str | None:
        line = stream.readline()
        if not line:
            return None
        out.write(f"{question} > {printable(line.rstrip(chr(10)))}\n")
        return line.rstrip("\n")

    return ask


def terminal_asker() -> Ask:
    from prompt_toolkit import prompt
    from prompt_toolkit.completion import WordCompleter

    def ask(question: str, words: list[str]) -> str | None:
        completer = WordCompleter(words, ignore_case=True, sentence=True) if words else None
        try:
            return prompt(f"{question}: ", completer=completer)
        except EOFError:
            return None

    return ask


def type_in(name: str, tale_name: str, script: Path | None, folder: Path | None) -> str:
    """Ask every field, write the sheet NAME, and say whether it loads."""
    files = SaveFiles.named(saves_dir(folder), name)
    if files.exists():
        raise TalesError(f"there is already a save named {files.name!r}; choose another name")
    tale, _ = load_tale_cached(tale_path(tale_name))
    if tale is None:
        raise TalesError(f"the tale {tale_name!r} has errors; run tales check")
    if script is not None or not sys.stdin.isatty():
        ask = lines_asker(read_script(script) if script else sys.stdin, sys.stdout)
    else:
        ask = terminal_asker()
    try:
        sheet = ask_sheet(ask, load_core(), tale, tale.id, files.name)
    except EndOfInput as stopped:
        raise TalesError(f"the input ended at {str(stopped)!r}; no sheet was written") from None
    files.folder.mkdir(parents=True, exist_ok=True)
    write_atomic(files.sheet, dump(sheet).encode("utf-8"))
    try:
        read_named(folder, files.name)
    except TalesError as error:
        fix = f"Fix it and load it with: tales play --load {files.name}"
        return f"Wrote {files.sheet}, which does not load yet:\n{error}\n{fix}"
    return f"Wrote {files.sheet}; play on with: tales play --load {files.name}"
