"""Limits on a YAML file, checked on each parser event before anything is built from it.

A storybook or a save sheet comes from someone else, so it may try to make
the reader hang or run out of memory: "billion laughs" (aliases of aliases),
thousands of nested brackets, a 5,000-digit number (past Python's int-string
limit), a 100 MB line. The events come from libyaml, which nests without
recursion and expands nothing, so each limit is refused at once, naming it,
with the line and column where it was passed (:mod:`tales.story.yamlnodes`
checks each event as it reads it). Content needs none of these.
"""

from __future__ import annotations

import re
from typing import Any

from tales.problems import Problem
from tales.records import record

MAX_DEPTH = 48  # the deepest storybook nests ~8 levels
MAX_LINE = 20_000  # characters in one line
MAX_DIGITS = 24  # a seed fits in 20 digits; Python refuses int strings past 4,300
MAX_NODES = 1_000_000  # scalars, lists and mappings in one file

LIMIT = "E005"  # the problem code of a passed limit
ALIAS = "E004"
TAG = "E003"

_INTEGER = re.compile(r"[-+]?(0x[0-9a-fA-F_]+|0o[0-7_]+|0b[01_]+|[0-9][0-9_]*)")


@record
class Limits:
    """What one kind of file may hold; ``largest`` bounds every whole number."""

    largest: int | None = None


ANY_FILE = Limits()


def long_line(path: str, text: str) -> Problem | None:
    """The first line longer than :data:`MAX_LINE`, as a problem, or None."""
    if len(text) <= MAX_LINE:
        return None
    for number, line in enumerate(text.split("\n"), 1):
        if len(line) > MAX_LINE:
            message = f"line {number} is longer than the limit of {MAX_LINE:,} characters"
            return Problem(path, number, 1, LIMIT, message)
    return None


def refused(path: str, event: Any, where: Any, limits: Limits) -> Problem | None:
    """The limit a parser event passes (``where``: the mark to report), or None."""
    if getattr(event, "anchor", None) is not None:
        what = "alias" if type(event).__name__ == "AliasEvent" else "anchor"
        message = f"YAML {what}s are not allowed in content (an {what} {event.anchor!r})"
        return at(path, where, ALIAS, message)
    tag = getattr(event, "tag", None)
    if tag:  # on a key as on a value: nothing in content is built from a tag
        written = str(tag).replace("tag:yaml.org,2002:", "!!")
        return at(path, where, TAG, f"YAML tag {written!r} is not allowed in content")
    value = getattr(event, "value", None)
    plain = isinstance(value, str) and getattr(event, "style", None) in (None, "")
    if plain and value and value[0] in "+-0123456789" and _INTEGER.fullmatch(value):
        return _number(path, where, value, limits)
    return None


def _number(path: str, where: Any, value: str, limits: Limits) -> Problem | None:
    digits = sum(c.isalnum() for c in value)
    if digits > MAX_DIGITS:
        return at(path, where, LIMIT, f"a number of more than {MAX_DIGITS} digits")
    if limits.largest is not None:
        try:
            number = int(value.replace("_", ""), 0)
        except ValueError:  # 012: YAML 1.2 reads it as decimal, int(.., 0) does not
            number = int(value.lstrip("+-0").replace("_", "") or "0")
        if abs(number) > limits.largest:
            message = f"{value} is past the limit of {limits.largest:,} for a number"
            return at(path, where, LIMIT, message)
    return None


def at(path: str, mark: Any, code: str, message: str) -> Problem:
    line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    return Problem(path, line, col, code, message)
