"""The saves folder seen from the command line: a listing, and a save by name."""

from __future__ import annotations

from pathlib import Path

from tales.errors import SaveFileError, TalesError, YamlFileError
from tales.safefile import printable
from tales.saves.load import LoadedSheet, read_sheet
from tales.saves.protocol import follows
from tales.saves.store import SaveFiles, list_saves, read_sheet_yaml, saves_dir
from tales.story.core import load_core


def read_named(folder: Path | None, name: str) -> LoadedSheet:
    files = SaveFiles.named(saves_dir(folder), name)
    if not files.exists():
        raise TalesError(
            f"there is no save named {files.name!r} in {files.folder}{_known(files.folder)}"
        )
    core = load_core()
    loaded = read_sheet(files, core)
    loaded.start(core, fresh_seed=0)  # every field checked, as loading it to play would
    return loaded


def list_lines(folder: Path | None) -> list[str]:
    """One line a save; a sheet that cannot be read says so and the listing goes on."""
    where = saves_dir(folder)
    found = list_saves(where)
    if not found:
        return [f"No saves in {where}."]
    lines = []
    for files in found:
        try:
            data = read_sheet_yaml(files.sheet)  # a link to a file elsewhere is never read
        except SaveFileError:
            lines.append(f"{files.name}: not a regular file in the saves folder; not read")
            continue
        except YamlFileError as error:
            lines.append(f"{files.name}: cannot be read ({error.problem.message})")
            continue
        if not isinstance(data, dict):
            lines.append(f"{files.name}: not a save sheet")
            continue
        players = data.get("players")
        names = list(players) if isinstance(players, dict | list) else []
        since = _inputs_since(files)
        kind = "checkpoint" if "@" in files.name else "save"
        if data.get("finished"):  # the campaign's final sheet
            kind = f"{kind}, finished: {printable(str(data['finished']))}"
        lines.append(
            f"{files.name}: {data.get('tale', '?')}/{data.get('scenario', '?')}, "
            f"{data.get('difficulty', 'standard')}, after round {data.get('round', '?')}, "
            f"{', '.join(map(str, names)) or 'no players'}; saved {data.get('saved', '?')}"
            f"{f', and {since} input(s) since' if since else ''} [{kind}]"
        )
    return lines


def _inputs_since(files: SaveFiles) -> int:
    """The inputs in the journal, whichever sheet it follows (0: none, or a
    journal that is not a regular file, which loading refuses)."""
    try:
        _, text = follows(files)
    except SaveFileError:
        return 0
    return len(text.inputs) if text is not None else 0


def _known(folder: Path) -> str:
    names = [f.name for f in list_saves(folder)]
    return f"; there are: {', '.join(names[:8])}{'...' if len(names) > 8 else ''}" if names else ""
