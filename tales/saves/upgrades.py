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
    # A piece also on the paper part stays under ``digital``, where the sheet's
    # check says it is written twice: neither copy is silently dropped.
    keys = [k for k in _MOVED_TO_PAPER if k in digital and k not in data]
    read_at = getattr(digital, "lc", None)
    places = {k: read_at.data[k] for k in keys if read_at is not None and k in read_at.data}
    moved = {k: digital.pop(k) for k in keys}
    if "visited" in digital and "barriers" not in data:  # none written once none were left
        moved.setdefault("barriers", [])
    prisoners = moved.get("prisoners")
    if isinstance(prisoners, dict):
        for body in prisoners.values():
            if isinstance(body, dict):
                _prisoner(body)
    tokens = moved.get("location_tokens")
    if isinstance(tokens, dict) and "investigation" not in data:
        searched = type(tokens)()  # ruamel's mapping, so each place keeps its line
        for place, counts in tokens.items():
            if isinstance(counts, dict) and "investigation" in counts:
                searched[place] = counts.pop("investigation")
                _same_place(tokens, place, searched, place)
        if searched:
            moved["investigation"] = searched
            if "location_tokens" in places:
                places["investigation"] = places["location_tokens"]
    position = list(data).index("digital")
    insert = getattr(data, "insert", None)  # ruamel's CommentedMap keeps the order
    for offset, (key, value) in enumerate(moved.items()):
        if insert is not None:
            insert(position + offset, key, value)
        else:
            data[key] = value
    kept = getattr(data, "lc", None)
    if kept is not None:  # a problem in a moved piece names where it is written
        kept.data.update(places)
    return data


def _prisoner(body: Raw) -> None:
    """``escort`` (a slug, or null) is ``with`` on the paper sheet; changed in
    place, so the loader's lines and columns stay right."""
    if "escort" not in body:
        return
    escort = body.pop("escort")
    if escort is not None:
        body["with"] = escort
        _same_place(body, "escort", body, "with")


def _same_place(source: Raw, key: str, target: Raw, new_key: str) -> None:
    """``target[new_key]`` is at the line and column ``source[key]`` was read at."""
    read, kept = getattr(source, "lc", None), getattr(target, "lc", None)
    if read is not None and kept is not None and key in read.data:
        kept.data[new_key] = read.data[key]


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
