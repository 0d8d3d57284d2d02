"""Reading a sheet's fields, collecting every problem with its place.

A problem names the file, line and column, the field's path in the sheet
(``players.Arthur Blackwood.VITALITY``), what was expected and, where a
word was misspelt, the nearest word that would do.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar, cast

from tales.problems import did_you_mean
from tales.story.yamlio import TYPE_NAMES, PositionReader, describe, is_kind

T = TypeVar("T")


def spoken(text: str) -> str:
    """A name as compared: lower case, spaces for '-' and '_', no quotes."""
    text = re.sub(r"[-_\s]+", " ", str(text).strip().lower())
    return text.replace("\u2019", "'")


class Fields(PositionReader):
    """Typed access to a sheet's raw data; problems are collected, never raised.

    A sheet's problems name the field (``players.Arthur Blackwood.VITALITY``)
    where a storybook's name a rule code."""

    def __init__(self, file: str) -> None:
        super().__init__(Path(file), [])

    def problem(self, where: tuple[int, int], field: str, message: str) -> None:
        self.record(where, "", message, field)

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
                    self.at(mapping, None), path, f"is missing: expected {TYPE_NAMES[kind]}"
                )
            return default
        value = mapping[key]
        if not is_kind(value, kind):
            self.problem(
                self.at(mapping, key),
                path,
                f"expected {TYPE_NAMES[kind]}, found {describe(value)}",
            )
            return default
        return cast(T, value)

    def mapping(self, parent: dict[Any, Any], key: str) -> dict[Any, Any]:
        """``parent[key]`` as a mapping (none if left out or empty); anything
        else is a problem, read as none."""
        given = parent.get(key) or {}
        if isinstance(given, dict):
            return given
        self.problem(self.at(parent, key), key, f"expected a mapping, found {describe(given)}")
        return {}

    def only(self, mapping: dict[Any, Any], allowed: Iterable[str], field: str) -> None:
        allowed = list(allowed)
        for key in mapping:
            if str(key) not in allowed:
                path = f"{field}.{key}" if field else str(key)
                self.problem(
                    self.at(mapping, key),
                    path,
                    f"is not a field of a save sheet{did_you_mean(str(key), allowed)}",
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
            where, field, f"there is no {noun} {value!r}{did_you_mean(value, choices)} ({shown})"
        )
        return None

    def named(
        self,
        value: Any,
        where: tuple[int, int],
        field: str,
        names: dict[str, str],
        noun: str,
        *,
        by_slug: bool = False,
    ) -> str | None:
        """A slug of ``names`` (slug -> printed name), typed as the slug or as
        the printed name; else a problem naming the nearest printed name (the
        nearest slug with ``by_slug``, as locations are named elsewhere)."""
        if isinstance(value, str):
            if value in names:
                return value
            typed = spoken(value)
            for slug, name in names.items():
                if typed in (spoken(slug), spoken(name)):
                    return slug
        by_name = {slug: slug for slug in names} if by_slug else {n: s for s, n in names.items()}
        found = self.word(value, where, field, by_name, noun)
        return by_name[found] if found is not None else None

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
