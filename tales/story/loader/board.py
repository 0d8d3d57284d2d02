"""The Event board of a scenario: its track, start spaces, thresholds and death.

The schema has checked the board's shape (symbols, difficulties, numbers);
what is left needs the track's length (a start or a space off the track) or
the rulebook (the standard start).
"""

from __future__ import annotations

from typing import Any

from tales.rules.scenario import DIFFICULTIES, EventBoard, Threshold
from tales.rules.terms import EventSymbol
from tales.story.loader.codes import BAD_VALUE
from tales.story.loader.context import Context, listing, mapping, whole
from tales.story.reader import Reader
from tales.story.yamlio import is_whole

_SYMBOLS = frozenset(s.value for s in EventSymbol)


def load_board(context: Context, reader: Reader, data: dict[Any, Any]) -> EventBoard | None:
    """The board, or None when it lacks its length or start (already reported)."""
    length = whole(data, "length")
    start = _start(context, reader, mapping(data, "start"), length)
    spaces = _spaces(context, reader, mapping(data, "spaces"), length)
    thresholds = tuple(_thresholds(context, reader, listing(data, "thresholds")))
    death = whole(data, "death")
    if death is not None:
        context.refs.paragraphs.append((death, context.at(reader, data, "death")))
    if length is None or not start:
        return None
    return EventBoard(spaces, thresholds, start, death)


def _on_track(space: Any, length: int | None) -> bool:
    return is_whole(space) and length is not None and 1 <= space <= length


def _start(
    context: Context, reader: Reader, start: dict[Any, Any], length: int | None
) -> dict[str, int]:
    spaces: dict[str, int] = {}
    for level, space in start.items():
        if level not in DIFFICULTIES or not is_whole(space):
            continue  # the schema has reported it
        if not _on_track(space, length):
            context.error(
                context.at(reader, start, level),
                BAD_VALUE,
                f"the {level} start must be a space from 1 to {length}",
            )
        spaces[str(level)] = int(space)
    wrong_start = standard_start_problem(start)
    if wrong_start is not None:
        context.error(context.at(reader, start, "standard"), BAD_VALUE, wrong_start)
    return spaces


def standard_start_problem(start: dict[Any, Any]) -> str | None:
    """Rulebook: "The standard difficulty always starts on the 1st round." The
    problem with an Event board's ``start`` mapping, if its standard start is
    another space (another difficulty may start anywhere on the track)."""
    standard = start.get("standard")
    if standard is None or standard == 1:
        return None
    return (
        f'the standard difficulty starts on space 1, not {standard!r}: "The standard '
        'difficulty always starts on the 1st round."'
    )


def _spaces(
    context: Context, reader: Reader, listed: dict[Any, Any], length: int | None
) -> tuple[int | None, ...]:
    """What each space of the track reads, by space."""
    spaces: list[int | None] = [None] * (length or 0)
    for space, paragraph in listed.items():
        where = context.at(reader, listed, space)
        if not is_whole(space) or not is_whole(paragraph):
            continue  # the schema has reported it
        if not _on_track(space, length):
            context.error(where, BAD_VALUE, f"space {space!r} is not on a track of {length} spaces")
            continue
        spaces[space - 1] = int(paragraph)
        context.refs.paragraphs.append((int(paragraph), where))
    return tuple(spaces)


def _thresholds(context: Context, reader: Reader, listed: list[Any]) -> list[Threshold]:
    thresholds: list[Threshold] = []
    for index, entry in enumerate(listed):
        symbol, count, read = _field(entry, "symbol"), whole(entry, "count"), whole(entry, "read")
        if (
            not isinstance(symbol, str)
            or symbol not in _SYMBOLS
            or count is None
            or count < 1
            or read is None
        ):
            continue  # the schema has reported it
        context.refs.paragraphs.append((read, context.at_item(reader, listed, index)))
        on = listing(entry, "spaces")
        levels = listing(entry, "difficulties")
        if not all(is_whole(s) for s in on) or not all(v in DIFFICULTIES for v in levels):
            continue
        thresholds.append(
            Threshold(EventSymbol(symbol), count, read, frozenset(map(int, on)), frozenset(levels))
        )
    return thresholds


def _field(node: Any, key: str) -> Any:
    return node.get(key) if isinstance(node, dict) else None
