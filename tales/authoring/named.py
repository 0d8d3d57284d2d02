"""Investigators a storybook names (an effect's ``who: ezra-marsh``, a
condition's ``playing("ezra-marsh")``): each must be in the core components.
The loader reads a tale without the core, so ``tales check`` asks here."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from tales.problems import Problem, did_you_mean
from tales.story.conditions import called_with
from tales.story.effects import WHO
from tales.story.loader.codes import NO_INVESTIGATOR
from tales.story.model import Effect, Paragraph, Tale, Where


def unknown_investigators(tale: Tale, known: set[str]) -> list[Problem]:
    problems: list[Problem] = []
    paragraphs = [p for b in tale.scenarios.values() for p in b.paragraphs.values()]
    paragraphs += [p for i in tale.interludes.values() for p in i.paragraphs.values()]
    for paragraph in paragraphs:
        for name, where in _named(paragraph):
            if name not in known:
                message = f"there is no investigator {name!r}{did_you_mean(name, known)}"
                problems.append(
                    Problem(where.path, where.line, where.col, NO_INVESTIGATOR, message)
                )
    return problems


def _named(paragraph: Paragraph) -> Iterator[tuple[str, Where]]:
    outcomes = [o for opt in paragraph.options for o in (opt.success, opt.failure) if o]
    outcomes += [c.outcome for c in paragraph.choices]
    effects: list[Effect] = [*paragraph.effects, *paragraph.first_time]
    effects += [e for o in outcomes for e in o.effects]
    for effect in effects:
        if effect.who not in WHO:
            yield effect.who, effect.where
    conditions: list[tuple[str | None, Where]] = [(e.condition, e.where) for e in effects]
    conditions += [(o.condition, o.where) for o in paragraph.options]
    conditions += [(c.condition, c.where) for c in paragraph.choices]
    conditions += [(b.condition, b.where) for b in paragraph.branches]
    for condition, where in conditions:
        yield from _asked(called_with(condition, "playing") if condition else (), where)
    yield from _asked(called_with(paragraph.text, "playing", template=True), paragraph.where)


def _asked(names: Iterable[str], where: Where) -> Iterator[tuple[str, Where]]:
    return ((name, where) for name in names)
