"""The Keyword sheet: ``keyword`` marks a word, ``carry_keyword`` marks one
for what the campaign log holds (a later scenario's setup), ``lose_keyword``
erases one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tales.rules.exploration import erase_keyword, mark_keyword
from tales.rules.table import Table
from tales.story.effects.kind import KEYWORD, EffectKind, Play, Ref, Step
from tales.story.model import Effect
from tales.story.state import StoryState


def _check(value: Any) -> str | None:
    if isinstance(value, str) and value.isupper():
        return None
    return f"{value!r} is not a keyword in capitals"


def _word(effect: Effect) -> list[Ref]:
    return [("keyword", str(effect.value))]


def _marker(*, carried: bool) -> Callable[[Play, Effect], None]:
    """``keyword`` (carried False) or ``carry_keyword`` as the interpreter applies it."""

    def mark(play: Play, effect: Effect) -> None:
        mark_keyword(play.table, str(effect.value), carried=carried)

    return mark


def _erase(play: Play, effect: Effect) -> None:
    erase_keyword(play.table, str(effect.value))


def _marking(*, carried: bool) -> Callable[[Effect], Step]:
    """The same, bound once to its word for the interpreter's direct path."""

    def bind(effect: Effect) -> Step:
        word = str(effect.value)

        def mark(table: Table, state: StoryState) -> None:
            mark_keyword(table, word, carried=carried)

        return mark

    return bind


def _erasing(effect: Effect) -> Step:
    word = str(effect.value)

    def erase(table: Table, state: StoryState) -> None:
        erase_keyword(table, word)

    return erase


KINDS = (
    EffectKind(
        "keyword",
        "a keyword",
        KEYWORD,
        "{keyword: LANTERN}",
        _check,
        apply=_marker(carried=False),
        refs=_word,
        grants=_word,
        news=lambda effect, table: str(effect.value) not in table.keywords,
        bind=_marking(carried=False),
    ),
    EffectKind(
        "carry_keyword",
        "a keyword",
        KEYWORD,
        "{carry_keyword: KIMBALL}",
        _check,
        apply=_marker(carried=True),
        refs=_word,
        grants=_word,
        news=lambda effect, table: str(effect.value) not in table.keywords,
        bind=_marking(carried=True),
    ),
    EffectKind(
        "lose_keyword",
        "a keyword",
        KEYWORD,
        "{lose_keyword: LANTERN}",
        _check,
        _erase,
        refs=_word,
        bind=_erasing,
    ),
)
