"""The closed vocabulary of storybook effects: one registry, one module per family.

An effect is a one-key mapping (``{status: BLEEDING, who: here}``); anything
else is refused with its position. Each kind is an :class:`EffectKind` in a
family module; :data:`KINDS` lists them all, and the loader, ``tales
schema``, ``tales check``, ``tales graph``, the bots and the interpreter
iterate it (yamllint's ``rules`` package is the model). Adding an effect is
one entry in a family module, one row in docs/storybook.md and one test.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from tales.errors import UnknownEffect
from tales.problems import did_you_mean
from tales.story.effects import (
    board,
    campaign,
    chance,
    each,
    encounters,
    flow,
    found,
    investigators,
    keywords,
    markers,
    places,
    routes,
)
from tales.story.effects.kind import EffectKind, Play, Ref, check_count
from tales.story.model import Effect, Where

__all__ = ["KINDS", "WHO", "EffectKind", "Play", "Ref", "UnknownEffect", "kind_of", "parse_effect"]

# The families of issue 14's map and per-investigator state come last, so
# the order every earlier listing (schema, docs) shows stays as it was.
FAMILIES = (
    keywords,
    investigators,
    places,
    found,
    encounters,
    board,
    campaign,
    chance,
    flow,
    routes,
    each,
    markers,
)
KINDS: dict[str, EffectKind] = {kind.name: kind for family in FAMILIES for kind in family.KINDS}
WHO = ("actor", "here", "all")  # or {investigator: slug}: that investigator, if playing
_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_EXTRA_KEYS = ("who", "count", "if")  # ``if``: any kind, applied only when it holds


def kind_of(name: str) -> EffectKind:
    """The registered kind ``name``; raises :class:`UnknownEffect` for any other."""
    try:
        return KINDS[name]
    except KeyError:
        raise UnknownEffect(f"{name!r} is not an effect{did_you_mean(name, KINDS)}") from None


def parse_effect(node: Any, where: Where) -> tuple[Effect | None, str | None]:
    """An Effect, or a full sentence saying what is wrong with ``node``."""
    if not isinstance(node, Mapping):
        return None, "an effect is a mapping such as {status: BLEEDING}"
    names = [k for k in node if k not in _EXTRA_KEYS]
    if len(names) != 1:
        return (
            None,
            f"an effect names exactly one of {', '.join(KINDS)}; this names {names or 'none'}",
        )
    name = str(names[0])
    kind = KINDS.get(name)
    if kind is None:
        return None, f"{name!r} is not an effect{did_you_mean(name, KINDS)}"
    who = _who(node.get("who", "actor"))
    if who is None:
        return None, (
            f"who is one of {', '.join(WHO)} or {{investigator: ezra-marsh}}, not {node['who']!r}"
        )
    for extra, takes in (("who", kind.who), ("count", kind.count)):
        if extra in node and not takes:
            return None, f"{name!r} takes no {extra!r}"
    count = node.get("count", 1)
    wrong = check_count(count)
    if wrong:
        return None, wrong
    condition = node.get("if")
    if condition is not None and not (isinstance(condition, str) and condition.strip()):
        return None, f"if is a condition such as 'keyword(\"LANTERN\")', not {condition!r}"
    value = _plain(node[name])
    problem = kind.check(value)
    if problem:
        return None, f"{name!r} takes {kind.shape}; {problem}"
    return Effect(name, value, str(who), count, where, condition), None


def _who(given: Any) -> str | None:
    """A word of WHO, or the slug of ``{investigator: slug}`` (Effect.who holds it
    as it is: no investigator is called actor, here or all)."""
    if isinstance(given, str):
        return given if given in WHO else None
    if isinstance(given, Mapping) and list(given) == ["investigator"]:
        slug = given["investigator"]
        return slug if isinstance(slug, str) and _SLUG.match(slug) else None
    return None


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value
