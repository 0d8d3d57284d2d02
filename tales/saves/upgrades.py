"""Ordered, named upgrade steps from old sheet formats to the current one.

Each step takes the raw data of one version and returns the next version's,
before any validation (sqlite-utils' migrations are the model). A step never
touches the file: the sheet on disk changes only when the game is next saved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tales.saves.sheet import FORMAT_VERSION

Raw = dict[Any, Any]


@dataclass(frozen=True, slots=True)
class Upgrade:
    source: int  # the version it reads; it writes source + 1
    name: str
    step: Callable[[Raw], Raw]


def _characters_split_into_players_and_companions(data: Raw) -> Raw:
    """Version 1 listed every character under ``characters`` with a
    ``companion: true`` flag, and the Event board tokens as ``tokens``;
    version 2 follows the paper sheet: players, then companions."""
    upgraded = {k: v for k, v in data.items() if k not in ("characters", "tokens")}
    characters = data.get("characters")
    if isinstance(characters, dict):
        players: Raw = {}
        companions: Raw = {}
        for name, entry in characters.items():
            if isinstance(entry, dict) and entry.get("companion"):
                companions[name] = {k: v for k, v in entry.items() if k in ("ENERGY", "MAGIC")}
            else:
                players[name] = entry
        upgraded["players"] = players
        upgraded["companions"] = companions
    elif characters is not None:
        upgraded["players"] = characters  # the validation says what is wrong with it
    if "tokens" in data:
        upgraded["event_tokens"] = data["tokens"]
    upgraded["format_version"] = 2
    return upgraded


# Version 2 kept the map's pieces under ``digital`` only.
_MOVED_TO_PAPER = ("barriers", "vehicles", "marks", "group", "prisoners", "location_tokens")


def _map_pieces_onto_the_paper_sheet(data: Raw) -> Raw:
    """Version 2 wrote the map's pieces (barriers, vehicles, marks, the Group
    token, the prisoners, the Location card tokens) under ``digital`` only,
    so a sheet copied from paper lost them; version 3 writes them on the
    paper part, and the Investigation tokens apart from the other tokens."""
    digital = data.get("digital")
    data["format_version"] = 3
    if not isinstance(digital, dict) or not any(k in digital for k in _MOVED_TO_PAPER):
        return data  # changed in place: the loader's lines and columns stay right
    moved = {k: digital.pop(k) for k in _MOVED_TO_PAPER if k in digital}
    if "visited" in digital:  # a sheet of play wrote no barriers once none were left
        moved.setdefault("barriers", [])
    prisoners = moved.get("prisoners")
    if isinstance(prisoners, dict):
        for slug, body in prisoners.items():
            if isinstance(body, dict):
                prisoners[slug] = _prisoner(body)
    tokens = moved.get("location_tokens")
    if isinstance(tokens, dict):
        searched = {
            place: counts.pop("investigation")
            for place, counts in tokens.items()
            if isinstance(counts, dict) and "investigation" in counts
        }
        if searched:
            moved["investigation"] = searched
    position = list(data).index("digital")
    insert = getattr(data, "insert", None)  # ruamel's CommentedMap keeps the order
    for offset, (key, value) in enumerate(moved.items()):
        if insert is not None:
            insert(position + offset, key, value)
        else:
            data[key] = value
    return data


def _prisoner(body: Raw) -> Raw:
    """``escort`` (a slug, or null) is ``with`` on the paper sheet."""
    moved = {k: v for k, v in body.items() if k != "escort"}
    if body.get("escort") is not None:
        moved["with"] = body["escort"]
    return moved


UPGRADES = (
    Upgrade(
        1,
        "characters-split-into-players-and-companions",
        _characters_split_into_players_and_companions,
    ),
    Upgrade(2, "map-pieces-onto-the-paper-sheet", _map_pieces_onto_the_paper_sheet),
)


def upgrade(data: Raw) -> tuple[Raw, list[str]]:
    """The data at the current version, and the names of the steps applied.
    The caller has checked that ``format_version`` is a known whole number."""
    applied = []
    version = data["format_version"]
    for step in UPGRADES:
        if step.source == version:
            data = step.step(data)
            version = step.source + 1
            applied.append(step.name)
    assert version == FORMAT_VERSION, "every old version has a path to the current one"
    return data, applied
