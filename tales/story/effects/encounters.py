"""Encounters: one begins where the actor stands (or at a named location),
ends, or strikes."""

from __future__ import annotations

from typing import Any

from tales.rules.encounters import end_encounter, enemy_attack, start_encounter
from tales.story.effects.kind import (
    SLUG,
    TRUE,
    EffectKind,
    Play,
    Ref,
    check_slug,
    check_true,
    names_each,
    object_schema,
)
from tales.story.model import Effect


def _begin(play: Play, effect: Effect) -> None:
    slug, at = _parts(effect)
    where = at if at is not None else play.doer.location if play.doer is not None else None
    if where is not None and where not in play.table.encounters:
        start_encounter(play.table, play.scenario.encounters[slug], where)


def _parts(effect: Effect) -> tuple[str, str | None]:
    """The encounter and, if named, where it is laid: ``{name, at}`` or a bare slug."""
    if isinstance(effect.value, dict):
        return str(effect.value["name"]), str(effect.value["at"])
    return str(effect.value), None


def _check_encounter(value: Any) -> str | None:
    if isinstance(value, dict):
        return None if names_each(value, frozenset({"name", "at"})) else f"not {value!r}"
    return check_slug(value)


def _end(play: Play, effect: Effect) -> None:
    where = play.encounter_place()
    if where is not None:
        end_encounter(play.table, where)


def _attack(play: Play, effect: Effect) -> None:
    where = play.encounter_place()
    if where is not None:
        enemy_attack(play.table, where)


def _named(effect: Effect) -> list[Ref]:
    slug, at = _parts(effect)
    return [("encounter", slug), *([("location", at)] if at is not None else [])]


KINDS = (
    EffectKind(
        "encounter",
        "an encounter, or {name, at} to lay it at a named location",
        {"oneOf": [SLUG, object_schema({"name": SLUG, "at": SLUG}, ("name", "at"))]},
        "{encounter: the-wrecker}",
        _check_encounter,
        _begin,
        refs=_named,
    ),
    EffectKind("end_encounter", "true", TRUE, "{end_encounter: true}", check_true, _end),
    EffectKind("attack", "true", TRUE, "{attack: true}", check_true, _attack),
)
