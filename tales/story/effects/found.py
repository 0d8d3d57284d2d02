"""Exploration elements found (items, clues, objectives, information), and
items that leave the team (a key spent)."""

from __future__ import annotations

from collections.abc import Callable

from tales.rules.activities import gain_item, lose_item
from tales.rules.exploration import find_element
from tales.rules.table import Table
from tales.story.effects.kind import SLUG, EffectKind, Play, Ref, check_slug
from tales.story.model import Effect


def _element(kind: str) -> Callable[[Effect], list[Ref]]:
    def named(effect: Effect) -> list[Ref]:
        return [(kind, str(effect.value))]

    return named


def _unfound(kind: str) -> Callable[[Effect, Table], bool]:
    def new(effect: Effect, table: Table) -> bool:
        return str(effect.value) not in table.found.get(kind, set())

    return new


def _take(play: Play, effect: Effect) -> None:
    """The actor takes a scenario item: it is found, and carried."""
    doer, slug = play.doer, str(effect.value)
    if doer is not None:
        gain_item(play.table, doer, play.scenario.items[slug])
        find_element(play.table, "item", slug)


def _find(kind: str) -> Callable[[Play, Effect], None]:
    def apply(play: Play, effect: Effect) -> None:
        find_element(play.table, kind, str(effect.value))

    return apply


def _give_up(play: Play, effect: Effect) -> None:
    """The item leaves whoever in the team holds it, the actor first; it was
    found all the same (exploration counts what was found). Items bound to it
    ("a key bound to its idol") leave with it: one leaves, both leave."""
    doer, leaving = play.doer, [str(effect.value)]
    gone: set[str] = set()
    while leaving:
        slug = leaving.pop()
        if slug in gone:
            continue
        gone.add(slug)
        holders = [doer] if doer is not None else []
        holders += play.table.investigators.values()
        holder = next((inv for inv in holders if inv.item(slug) is not None), None)
        if holder is None:
            continue
        held = holder.item(slug)
        assert held is not None
        leaving += held.card.bound
        lose_item(play.table, holder, slug)


def _found(kind: str, words: str, example: str) -> EffectKind:
    return EffectKind(
        kind,
        words,
        SLUG,
        example,
        check_slug,
        _take if kind == "item" else _find(kind),
        refs=_element(kind) if kind != "information" else lambda effect: (),
        grants=_element(kind),
        news=_unfound(kind),
    )


KINDS = (
    _found("item", "a scenario item", "{item: crowbar}"),
    _found("clue", "a clue", "{clue: torn-ledger}"),
    _found("objective", "an objective", "{objective: x}"),
    _found("information", "a name", "{information: x}"),
    EffectKind(
        "remove_item",
        "a scenario item",
        SLUG,
        "{remove_item: brass-key}",
        check_slug,
        _give_up,
        refs=_element("item"),
    ),
)
