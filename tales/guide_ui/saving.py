"""Travel Guide saves: the setup, the seed and the input log, nothing else.

A save named ``friday`` is ``friday.guide.json`` in the saves folder (the
storybook's own saves are ``.yaml``, so neither lists the other's). It is
rewritten atomically after every input with
:func:`tales.saves.store.write_atomic`, under a name
:func:`~tales.saves.store.check_name` has checked, and a game resumes by
replaying its log.
"""

from __future__ import annotations

import json
from pathlib import Path

from tales.errors import TalesError
from tales.guide.components import ChallengeCell, Components
from tales.guide_ui.session import GuideSession, GuideSetup
from tales.saves.store import check_name, write_atomic

SUFFIX = ".guide.json"
FORMAT = 1


class GuideSaveError(TalesError):
    """A Travel Guide save that is missing or cannot be read."""


def save_path(folder: Path, name: str) -> Path:
    return folder / f"{check_name(name)}{SUFFIX}"


def free_name(folder: Path, base: str) -> str:
    """``base``, or ``base-2``, ``base-3``... if taken."""
    name, n = check_name(base), 1
    while save_path(folder, name).exists():
        n += 1
        name = f"{check_name(base)}-{n}"
    return name


def save_text(session: GuideSession) -> str:
    setup = session.setup
    data = {
        "format": FORMAT,
        "mode": "travel-guide",
        "players": setup.players,
        "advanced": setup.advanced,
        "seed": setup.seed,
        "challenge": str(ChallengeCell(setup.level, setup.goal)),
        "inputs": session.inputs,
    }
    return json.dumps(data, indent=1) + "\n"


def write_save(folder: Path, name: str, session: GuideSession) -> None:
    write_atomic(save_path(folder, name), save_text(session))


def read_save(folder: Path, name: str) -> tuple[GuideSetup, list[str]]:
    path = save_path(folder, name)
    if not path.exists():
        raise GuideSaveError(f"there is no Travel Guide save named {name!r} in {folder}")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        cell = ChallengeCell.from_text(str(data["challenge"]))
        setup = GuideSetup(
            int(data["players"]), bool(data["advanced"]), int(data["seed"]), cell.level, cell.goal
        )
        inputs = [str(i) for i in data["inputs"]]
    except (ValueError, KeyError, TypeError) as error:
        raise GuideSaveError(f"{path} is not a Travel Guide save: {error}") from None
    if data.get("format") != FORMAT:
        raise GuideSaveError(f"{path} is a save of format {data.get('format')!r}, not {FORMAT}")
    return setup, inputs


def load_session(components: Components, folder: Path, name: str) -> GuideSession:
    """The saved game, replayed to where it was left."""
    setup, inputs = read_save(folder, name)
    try:
        return GuideSession(components, setup, inputs)
    except TalesError as error:
        raise GuideSaveError(f"the save {name!r} no longer replays: {error}") from None
