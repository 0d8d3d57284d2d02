"""Every condition and text of a storybook compiled before play.

:mod:`tales.story.conditions` compiles a source the first time it is asked
and keeps the result per process. ``tales simulate --jobs N`` forks its
workers: compiled here, in the parent, once, each worker inherits the
compiled closures instead of compiling them all again.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from tales.story.conditions import prepare
from tales.story.model import Effect, Paragraph, Tale


def prepare_tale(tale: Tale) -> int:
    """Compile every condition and text of ``tale``'s scenarios and
    interludes; returns how many sources were asked."""
    books: list[Mapping[int, Paragraph]] = [book.paragraphs for book in tale.scenarios.values()]
    books += [interlude.paragraphs for interlude in tale.interludes.values()]
    conditions: list[str] = []
    texts: list[str] = []
    for paragraphs in books:
        for paragraph in paragraphs.values():
            texts.append(paragraph.text)
            conditions += _conditions(paragraph)
    prepare(conditions, texts)
    return len(conditions) + len(texts)


def _conditions(paragraph: Paragraph) -> Iterator[str]:
    effects: list[Effect] = [*paragraph.effects, *paragraph.first_time]
    yield from (branch.condition for branch in paragraph.branches)
    for option in paragraph.options:
        if option.condition is not None:
            yield option.condition
        for outcome in (option.success, option.failure):
            effects += outcome.effects if outcome else ()
    for choice in paragraph.choices:
        if choice.condition is not None:
            yield choice.condition
        effects += choice.outcome.effects
    yield from _effect_conditions(effects)


def _effect_conditions(effects: Iterable[Effect]) -> Iterator[str]:
    return (effect.condition for effect in effects if effect.condition is not None)
