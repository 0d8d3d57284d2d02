"""What loading one scenario (or one interlude) keeps while it reads its files.

Each file is read and checked against its schema first (every structural
problem reported with its position); the builders then read the values with
the lenient accessors below, which give ``None`` or nothing for a value of
the wrong shape, already reported, so a broken file never raises.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from tales.problems import Problem
from tales.story.loader.references import Refs
from tales.story.loader.shape import definitions
from tales.story.loader.validate import Check, Compiler
from tales.story.model import Sections, Where
from tales.story.reader import Reader
from tales.story.yamlio import is_whole


@cache
def _compiler() -> Compiler:
    return Compiler(definitions())


def checker(definition: str) -> Check:
    """The compiled check of one of the schema's definitions."""
    return _compiler().definition(definition)


def read_checked(reader: Reader, definition: str) -> dict[Any, Any] | None:
    """The file ``reader`` reads, checked against ``definition``; None when
    it cannot be read or is not a mapping (both already reported)."""
    data = reader.load()
    if data is None and reader.unreadable:
        return None
    checker(definition)(data, None, None, "", None, reader.error)
    return data if isinstance(data, dict) else None


class Context:
    """One scenario folder (or the interludes folder) being loaded."""

    def __init__(
        self,
        folder: Path,
        problems: list[Problem],
        sections: Sections,
        counters: tuple[str, ...],
    ) -> None:
        self.folder = folder
        self.problems = problems
        self.sections = sections
        self.counters = counters
        self.refs = Refs()
        self.where: dict[str, Where] = {}
        self.location_tokens: dict[str, dict[str, int]] = {}
        self.token_limits: dict[str, dict[str, tuple[int, int | None]]] = {}

    def reader(self, name: str) -> Reader:
        return Reader(self.folder / name, self.problems)

    def read(self, name: str, definition: str) -> tuple[Reader, dict[Any, Any]]:
        """A file of the folder, checked; an empty mapping when it is broken."""
        reader = self.reader(name)
        return reader, read_checked(reader, definition) or {}

    def at(self, reader: Reader, node: Any, key: Any) -> Where:
        line, col = reader.at(node, key)
        return Where(str(reader.path), line, col)

    def at_item(self, reader: Reader, node: Any, index: int) -> Where:
        line, col = reader.at_item(node, index)
        return Where(str(reader.path), line, col)

    def error(self, where: Where, code: str, message: str) -> None:
        self.problems.append(Problem(where.path, where.line, where.col, code, message))


# Lenient accessors: the schema has reported a value of the wrong shape. They read
# through dict's own methods: ruamel's mapping overrides them in Python, slowly, and
# raises inside for every absent key (merged ``<<`` keys are in the dict all the same).


def whole(node: Any, key: str) -> int | None:
    value = dict.get(node, key) if isinstance(node, dict) else None
    return int(value) if is_whole(value) else None


def text(node: Any, key: str) -> str | None:
    value = dict.get(node, key) if isinstance(node, dict) else None
    return value if isinstance(value, str) else None


def flag(node: Any, key: str) -> bool:
    return isinstance(node, dict) and dict.get(node, key) is True


def mapping(node: Any, key: str) -> dict[Any, Any]:
    value = dict.get(node, key) if isinstance(node, dict) else None
    return value if isinstance(value, dict) else {}


def listing(node: Any, key: str) -> list[Any]:
    value = dict.get(node, key) if isinstance(node, dict) else None
    return value if isinstance(value, list) else []


def words(node: Any, key: str) -> list[str]:
    """The text items of a list such as ``keywords: [LAMP]``."""
    return [str(v) for v in listing(node, key) if isinstance(v, str)]
