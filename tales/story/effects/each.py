"""Per-investigator state and effects that fall on each investigator who
fits: marks and counters kept against one investigator (a diving suit, a
trauma), and ``for_each`` (every investigator who..., everyone at a place,
everyone where the flood has risen)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from tales.rules.decisions import Proc
from tales.rules.investigators import Investigator
from tales.rules.marks import change_mark
from tales.story.effects.kind import (
    INTEGER,
    SLUG,
    EffectKind,
    Play,
    Ref,
    map_schema,
    small_amount,
)
from tales.story.model import Effect, Where

MAX_NESTED = 8  # for_each inside for_each: no story needs deeper, and each level multiplies


def _check_mark(value: Any) -> str | None:
    if isinstance(value, dict) and len(value) == 1:
        ((name, amount),) = value.items()
        if isinstance(name, str) and name and small_amount(amount):
            return None
    return f"not {value!r}"


def _mark(play: Play, effect: Effect) -> None:
    assert isinstance(effect.value, dict)  # checked at load
    ((name, amount),) = effect.value.items()
    for inv in play.who(effect):
        change_mark(play.table, inv, str(name), int(amount))


def nested(value: Any, where: Where) -> Iterator[Effect | str]:
    """The effects of a ``for_each``, each parsed, or a sentence on what is wrong."""
    from tales.story.effects import parse_effect  # the registry holds this family

    listed = value.get("effects") if isinstance(value, dict) else None
    for node in listed if isinstance(listed, list) else ():
        effect, problem = parse_effect(node, where)
        yield effect if effect is not None else str(problem)


def _check_each(value: Any, depth: int = 0) -> str | None:
    if not isinstance(value, dict) or set(value) - {"who", "if", "at", "effects"}:
        return f"not {value!r}; it takes who, if, at and effects"
    if value.get("who", "all") not in ("all", "here"):
        return f"who is all or here, not {value.get('who')!r}"
    for key in ("if", "at"):
        given = value.get(key)
        if given is not None and not (isinstance(given, str) and given.strip()):
            return f"{key} is {'a condition' if key == 'if' else 'a location'}, not {given!r}"
    if not isinstance(value.get("effects"), list) or not value["effects"]:
        return "effects is a list of at least one effect"
    for found in nested(value, Where("")):
        if isinstance(found, str):
            return found
        if found.kind == "for_each" and depth >= MAX_NESTED:
            return f"for_each nests more than {MAX_NESTED} deep"
    return None


def _inner(effect: Effect) -> list[Effect]:
    return [e for e in nested(effect.value, effect.where) if isinstance(e, Effect)]


def _each_refs(effect: Effect) -> Iterable[Ref]:
    from tales.story.effects import kind_of

    assert isinstance(effect.value, dict)
    if "at" in effect.value:
        yield ("location", str(effect.value["at"]))
    for inner in _inner(effect):
        yield from kind_of(inner.kind).refs(inner)


def _each_grants(effect: Effect) -> Iterable[Ref]:
    from tales.story.effects import kind_of

    for inner in _inner(effect):
        yield from kind_of(inner.kind).grants(inner)


def _each_leads(effect: Effect) -> int | None:
    """The paragraph a ``read`` inside it leads to (the first, if several), so
    ``tales check`` and the bots see a scene read as each one chosen."""
    from tales.story.effects import kind_of

    return next(
        (
            lead
            for inner in _inner(effect)
            if (lead := kind_of(inner.kind).leads(inner)) is not None
        ),
        None,
    )


def _each_conditions(effect: Effect) -> Iterable[str]:
    from tales.story.effects import kind_of

    assert isinstance(effect.value, dict)
    if "if" in effect.value:
        yield str(effect.value["if"])
    for inner in _inner(effect):
        if inner.condition is not None:
            yield inner.condition
        yield from kind_of(inner.kind).conditions(inner)


def chosen(play: Play, effect: Effect) -> list[Investigator]:
    """Who a ``for_each`` falls on, chosen before any of its effects apply:
    the players (or those where the actor stands), at ``at`` if given, for
    whom ``if`` holds, each asked as the one acting."""
    assert isinstance(effect.value, dict)
    value, table, doer = effect.value, play.table, play.doer
    people = table.players()
    if value.get("who") == "here":
        people = [p for p in people if doer is not None and p.location == doer.location]
    if "at" in value:
        people = [p for p in people if p.location == value["at"]]
    condition = value.get("if")
    return [p for p in people if condition is None or play.holds(str(condition), p)]


def _each(play: Play, effect: Effect) -> Proc[None]:
    effects = _inner(effect)
    for inv in chosen(play, effect):
        if inv.active:  # an earlier one's effects may have ended them
            yield from play.apply_as(effects, inv)


KINDS = (
    EffectKind(
        "mark",
        "a mapping of one mark to a number to add (negative to take away)",
        {**map_schema(INTEGER), "minProperties": 1, "maxProperties": 1},
        "{mark: {diving-suit: 1}, who: {investigator: ezra-marsh}}",
        _check_mark,
        _mark,
        who=True,
    ),
    EffectKind(
        "for_each",
        "{who, if, at, effects}: the effects, applied as each investigator who fits",
        {
            "type": "object",
            "properties": {
                "who": {"enum": ["all", "here"]},
                "if": {"type": "string"},
                "at": SLUG,
                "effects": {"type": "array", "minItems": 1},
            },
            "required": ["effects"],
            "additionalProperties": False,
        },
        "{for_each: {at: quay, effects: [{damage: {VITALITY: 1}}]}}",
        _check_each,
        _each,
        refs=_each_refs,
        grants=_each_grants,
        leads=_each_leads,
        conditions=_each_conditions,
    ),
)
