"""What ``position("keys", "silver-key")`` may ask: a set some ``shuffle``
of the tale lays out, and an item of it. Sets are campaign-wide (one laid
out in the harbour is asked in a later interlude), so this is checked once
the whole tale is read; a misspelt set or item is an error (E209), not a
position that is silently 0."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from tales.problems import Problem, did_you_mean
from tales.story.conditions import analyse
from tales.story.loader.codes import NO_LOG
from tales.story.model import Effect, Paragraph


def _effects(paragraph: Paragraph) -> Iterator[Effect]:
    yield from (*paragraph.effects, *paragraph.first_time)
    for choice in paragraph.choices:
        yield from choice.outcome.effects
    for option in paragraph.options:
        for outcome in (option.success, option.failure):
            yield from outcome.effects if outcome is not None else ()


def _sources(paragraph: Paragraph) -> Iterator[tuple[str, bool]]:
    """Each text (a template) and condition of a paragraph."""
    yield paragraph.text, True
    yield from ((o.condition, False) for o in paragraph.options if o.condition)
    yield from ((c.condition, False) for c in paragraph.choices if c.condition)
    yield from ((b.condition, False) for b in paragraph.branches)
    yield from ((e.condition, False) for e in _effects(paragraph) if e.condition)


def shuffled_sets(paragraphs: Iterable[Paragraph]) -> dict[str, set[str]]:
    """Every set a ``shuffle`` lays out, with its items."""
    sets: dict[str, set[str]] = {}
    for paragraph in paragraphs:
        for effect in _effects(paragraph):
            if effect.kind == "shuffle" and isinstance(effect.value, Mapping):
                items = effect.value.get("items")
                named = sets.setdefault(str(effect.value.get("name")), set())
                named.update(map(str, items) if isinstance(items, list) else ())
    return sets


def check_positions(paragraphs: list[Paragraph], problems: list[Problem]) -> None:
    """Every ``position()`` of ``paragraphs`` (the whole tale's) names a set
    and an item some shuffle lays out."""
    asking = [
        (paragraph, source, template)
        for paragraph in paragraphs
        for source, template in _sources(paragraph)
        if "position" in source
    ]
    # Most tales ask no position(): then the shuffles need not be gathered at all.
    sets = shuffled_sets(paragraphs) if asking else {}
    for paragraph, source, template in asking:
        asked = analyse(source, template=template)
        names = asked.arguments("position", 0)
        allowed = set().union(*(sets.get(n, set()) for n in names))
        wrong = [
            f"no shuffle lays out a set {n!r}{did_you_mean(n, sets)}"
            for n in names
            if n not in sets
        ]
        wrong += [
            f"no shuffle puts {i!r} in the set {', '.join(map(repr, names))}"
            f"{did_you_mean(i, sorted(allowed))}"
            for i in asked.arguments("position", 1)
            if allowed and i not in allowed
        ]
        where = paragraph.where
        for message in dict.fromkeys(wrong):
            problems.append(
                Problem(where.path, where.line, where.col, NO_LOG, f"position(): {message}")
            )
