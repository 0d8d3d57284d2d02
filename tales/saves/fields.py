"""Reading a sheet's fields, collecting every problem with its place.

A problem names the file, line and column, the field's path in the sheet
(``players.Arthur Blackwood.VITALITY``), what was expected and, where a
word was misspelt, the nearest word that would do.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from tales.story.yamlio import item_position, position

T = TypeVar("T")

_KIND_NAMES = {
    str: "text",
    int: "a whole number",
    bool: "true or false",
    dict: "a mapping",
    list: "a list",
}


@dataclass(frozen=True, slots=True, order=True)
class SheetProblem:
    file: str
    line: int
    col: int
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.field}: " if self.field else ""
        return f"{self.file}:{self.line}:{self.col}: {where}{self.message}"


def suggest(word: str, choices: Iterable[str]) -> str:
    choices = list(choices)
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    if not close:
        lowered = {c.lower(): c for c in choices}
        close = [lowered[c] for c in difflib.get_close_matches(word.lower(), lowered, n=1)]
    return f"; did you mean {close[0]!r}?" if close else ""


def describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:40] + "..."
    return shown


class Fields:
    """Typed access to a sheet's raw data; problems are collected, never raised."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.problems: list[SheetProblem] = []

    def problem(self, where: tuple[int, int], field: str, message: str) -> None:
        self.problems.append(SheetProblem(self.file, where[0], where[1], field, message))

    def at(self, mapping: Any, key: Any) -> tuple[int, int]:
        return position(mapping, key)

    def at_item(self, sequence: Any, index: int) -> tuple[int, int]:
        return item_position(sequence, index)

    def get(
        self,
        mapping: dict[Any, Any],
        key: str,
        kind: type[T],
        field: str,
        *,
        required: bool = True,
        default: T | None = None,
    ) -> T | None:
        path = f"{field}.{key}" if field else key
        if key not in mapping or (mapping[key] is None and not required):
            if required:
                self.problem(
                    self.at(mapping, None), path, f"is missing: expected {_KIND_NAMES[kind]}"
                )
            return default
        value = mapping[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            self.problem(
                self.at(mapping, key),
                path,
                f"expected {_KIND_NAMES[kind]}, found {describe(value)}",
            )
            return default
        return value

    def only(self, mapping: dict[Any, Any], allowed: Iterable[str], field: str) -> None:
        allowed = list(allowed)
        for key in mapping:
            if str(key) not in allowed:
                path = f"{field}.{key}" if field else str(key)
                self.problem(
                    self.at(mapping, key),
                    path,
                    f"is not a field of a save sheet{suggest(str(key), allowed)}",
                )

    def count(
        self, mapping: dict[Any, Any], key: Any, field: str, *, high: int, limit_of: str = ""
    ) -> int | None:
        """A whole number from 0 to ``high``."""
        value = mapping[key]
        if not isinstance(value, int) or isinstance(value, bool):
            self.problem(
                self.at(mapping, key), field, f"expected a whole number, found {describe(value)}"
            )
            return None
        if value < 0:
            self.problem(self.at(mapping, key), field, f"{value} is below 0")
            return None
        if value > high:
            limit = f"the maximum, {high}" if not limit_of else f"{limit_of}, {high}"
            self.problem(self.at(mapping, key), field, f"{value} is above {limit}")
            return None
        return value

    def word(
        self, value: Any, where: tuple[int, int], field: str, choices: Iterable[str], noun: str
    ) -> str | None:
        """One of ``choices``; else a problem naming the nearest."""
        choices = list(choices)
        if not isinstance(value, str):
            self.problem(where, field, f"expected {noun}, found {describe(value)}")
            return None
        if value in choices:
            return value
        shown = ", ".join(choices) if len(choices) <= 8 else ", ".join(choices[:8]) + ", ..."
        self.problem(
            where, field, f"there is no {noun} {value!r}{suggest(value, choices)} ({shown})"
        )
        return None

    def word_counts(
        self,
        parent: dict[Any, Any],
        key: str,
        path: str,
        *,
        words: list[str],
        noun: str,
        example: str,
        high: Callable[[str], int],
        listed_once: bool = False,
    ) -> dict[str, int]:
        """A mapping of rule words to counts, such as ``{STRESS: 1, INJURY: 0}``:
        each word checked (case as the rulebook writes it), each count from 0
        to ``high(word)``. ``listed_once``: a plain list counts one of each."""
        raw = parent.get(key) or {}
        if listed_once and isinstance(raw, list):
            raw = dict.fromkeys(raw, 1)
        if not isinstance(raw, dict):
            self.problem(self.at(parent, key), path, f"expected a mapping such as {example}")
            return {}
        upper = all(w.isupper() for w in words)
        counts: dict[str, int] = {}
        for word in raw:
            written = str(word).upper() if upper else str(word).lower()
            name = self.word(written, self.at(raw, word), f"{path}.{word}", words, noun)
            if name is None:
                continue
            number = self.count(raw, word, f"{path}.{word}", high=high(name))
            if number:
                counts[name] = number
        return counts
