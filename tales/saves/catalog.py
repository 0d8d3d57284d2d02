"""The saves folder seen from the command line: a listing, and a save by name."""

from __future__ import annotations

import json
from pathlib import Path

from tales.errors import SaveFileError, TalesError, YamlFileError
from tales.safefile import printable
from tales.saves.load import LoadedSheet, read_sheet
from tales.saves.protocol import follows
from tales.saves.store import SaveFiles, list_saves, read_regular, read_sheet_yaml, saves_dir
from tales.story.core import load_core
from tales.story.game import Game

GUIDE_SUFFIX = ".guide.json"  # tales.guide_ui.saving.SUFFIX, not imported: the guide is apart


def read_named(folder: Path | None, name: str) -> LoadedSheet:
    files = SaveFiles.named(saves_dir(folder), name)
    if not files.exists():
        raise TalesError(
            f"there is no save named {files.name!r} in {files.folder}{_known(files.folder)}"
        )
    core = load_core()
    loaded = read_sheet(files, core)
    game, _ = loaded.start(core, fresh_seed=0)  # every field checked, as playing it would
    loaded.over = _over(game, files, loaded)
    return loaded


def _over(game: Game, files: SaveFiles, loaded: LoadedSheet) -> str:
    """How the game ended, if its journal plays it to the end; else ''."""
    try:
        _, text = follows(files)
        for option_id in text.inputs if text is not None else ():
            if game.pending is None:
                break
            game.apply(option_id)
    except (TalesError, OSError):
        return ""
    if game.pending is not None:
        return ""
    ending = f"The game is over: {game.ending}."
    last = list(loaded.tale.scenarios)[-1]
    if game.next_scenario is None and str(loaded.data.get("scenario")) == last:
        ending += f" The campaign of {loaded.tale.title} is over."
    return ending


def list_lines(folder: Path | None) -> list[str]:
    """One line a save; a sheet that cannot be read says so and the listing goes on."""
    where = saves_dir(folder)
    found = list_saves(where)
    if not found and not list(where.glob(f"*{GUIDE_SUFFIX}")):
        return [f"No saves in {where}."]
    lines = guide_lines(where)
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
        else:
            kind += _finished(folder, files.name)
        lines.append(
            f"{files.name}: {data.get('tale', '?')}/{data.get('scenario', '?')}, "
            f"{data.get('difficulty', 'standard')}, {_when(data.get('round'))}, "
            f"{', '.join(map(str, names)) or 'no players'}; saved {data.get('saved', '?')}"
            f"{f', and {since} input{_s(since)} since' if since else ''} [{kind}]"
        )
    return lines


def _when(played: object) -> str:
    """Where a sheet stands: a round-end sheet records the round just played;
    a setup's sheet (round 0) is of round 1, which no one has ended yet."""
    if played == 0 and not isinstance(played, bool):
        return "in round 1, not yet ended"
    return f"after round {printable(str(played)) if played is not None else '?'}"


def _s(n: int) -> str:
    return "" if n == 1 else "s"


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


def _finished(folder: Path | None, name: str) -> str:
    """ ", game over" (", campaign over") for a save played to its end."""
    try:
        over = read_named(folder, name).over
    except TalesError:
        return ""
    if not over:
        return ""
    return ", campaign over" if "campaign" in over.split(":", 1)[-1] else ", game over"


def guide_lines(folder: Path) -> list[str]:
    """The Travel Guide's saves (``NAME.guide.json``), one line each."""
    lines = []
    for path in sorted(folder.glob(f"*{GUIDE_SUFFIX}")):
        name = path.name.removesuffix(GUIDE_SUFFIX)
        try:
            raw = read_regular(path)  # never through a link, never unbounded
            data = json.loads((raw or b"").decode("utf-8"))
            players, inputs = int(data["players"]), len(data["inputs"])
            challenge = str(data["challenge"])
        except (SaveFileError, OSError, ValueError, KeyError, TypeError):
            lines.append(f"{name}: a Travel Guide save that cannot be read [guide]")
            continue
        lines.append(
            f"{name}: Innsmouth Travel Guide, {players} player(s), challenge {challenge}, "
            f"{inputs} input(s) played (tales guide --load {name}) [guide]"
        )
    return lines
