"""How an option's id is written: its kind's prefix and its fields joined with
``:``. One writer is made per option class when :func:`tales.rules.options.option`
registers it, the quickest for its shape: ids are written by the thousand
(every prompt lists them, every input is logged by its id).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tales.rules.options import Option, Spelling

SEPARATOR = ":"


def writer(
    prefix: str, names: tuple[str, ...], spellings: tuple[Spelling[object] | None, ...]
) -> Callable[[Option], str]:
    """The id writer of one class, made once: ids are written by the thousand
    (every prompt lists them)."""
    if not names:
        return lambda option: prefix
    if any(spellings):
        return _spelled_writer(prefix, names, spellings)
    if len(names) == 1:
        return _one_field_writer(prefix, names[0])
    pattern = prefix + f"{SEPARATOR}%s" * len(names)  # "%s" writes a StrEnum as its value
    separators = pattern.count(SEPARATOR)
    fields_of = attrgetter(*names)

    def write(option: Option) -> str:
        values = fields_of(option)
        text = pattern % (values if len(names) > 1 else (values,))
        if text.count(SEPARATOR) != separators:
            raise ValueError(f"an option's fields may not contain {SEPARATOR!r}: {option!r}")
        return text

    return write


def _one_field_writer(prefix: str, name: str) -> Callable[[Option], str]:
    """The writer of a class with one plain field (a card, a die, an
    investigator): most options chosen, so written without formatting."""
    head = prefix + SEPARATOR
    value_of = attrgetter(name)

    def write(option: Option) -> str:
        value = value_of(option)
        text = value if type(value) is str else str(value)  # "%s": a StrEnum as its value
        if SEPARATOR in text:
            raise ValueError(f"an option's fields may not contain {SEPARATOR!r}: {option!r}")
        return head + text

    return write


def _spelled_writer(
    prefix: str, names: tuple[str, ...], spellings: tuple[Spelling[object] | None, ...]
) -> Callable[[Option], str]:
    """The slower writer of a class with spelled fields."""
    writes = tuple(s.write if s else str for s in spellings)

    def write(option: Option) -> str:
        parts = [w(getattr(option, n)) for w, n in zip(writes, names, strict=True)]
        if any(SEPARATOR in part for part in parts):
            raise ValueError(f"an option's fields may not contain {SEPARATOR!r}: {option!r}")
        return SEPARATOR.join((prefix, *parts))

    return write
