"""Prisoner markers the team frees, escorts and may lose (each fate written in
the campaign log), and Investigation tokens placed on locations to search
them and taken back (issue 18's components, as general constructs)."""

from __future__ import annotations

from typing import Any

from tales.rules.prisoners import (
    FINAL,
    decide,
    free,
    investigation_supply,
    leave_prisoner,
    place_investigation,
    take_investigation,
)
from tales.rules.table import Table
from tales.story.effects.kind import SLUG, TRUE, EffectKind, Play, Ref, check_slug, object_schema
from tales.story.model import Effect
from tales.story.state import cross_out_entry, record_entry


def _prisoner(effect: Effect) -> list[Ref]:
    return [("prisoner", str(effect.value))]


def _log_fate(play: Play, slug: str, fate: str) -> None:
    """``<slug>-<fate>`` in the prisoner's log section; a later fate crosses out the earlier."""
    section = play.scenario.prisoners[slug].log
    for earlier in ("freed", *FINAL):
        entry = f"{slug}-{earlier}"
        if earlier != fate and play.state.log.get(section, {}).get(entry) is False:
            cross_out_entry(play.state, play.table.sink, section, entry)
    record_entry(play.state, play.table.sink, section, f"{slug}-{fate}")


def _free(play: Play, effect: Effect) -> None:
    doer, slug = play.doer, str(effect.value)
    if doer is not None and free(play.table, doer, slug):
        _log_fate(play, slug, "freed")


def _leave(play: Play, effect: Effect) -> None:
    leave_prisoner(play.table, str(effect.value))


def _check_fate(value: Any) -> str | None:
    fits = isinstance(value, dict) and set(value) == {"prisoner", "fate"}
    if fits and isinstance(value["prisoner"], str) and value["fate"] in FINAL:
        return None
    return f"{{prisoner, fate}} with fate rescued or lost, not {value!r}"


def _fate_refs(effect: Effect) -> list[Ref]:
    assert isinstance(effect.value, dict)
    return [("prisoner", str(effect.value["prisoner"]))]


def _decide(play: Play, effect: Effect) -> None:
    assert isinstance(effect.value, dict)  # checked at load
    slug, fate = str(effect.value["prisoner"]), str(effect.value["fate"])
    if decide(play.table, slug, fate):
        _log_fate(play, slug, fate)


def _check_place(value: Any) -> str | None:
    return None if value is True else check_slug(value)


def _place_refs(effect: Effect) -> list[Ref]:
    """The location named, and the box's Investigation tokens (E216 without them)."""
    where = [] if effect.value is True else [("location", str(effect.value))]
    return [("piece", "investigation"), *where]


def _where(play: Play, effect: Effect) -> str | None:
    """The location named, or ``true``: where the actor stands."""
    if effect.value is not True:
        return str(effect.value)
    doer = play.doer
    return doer.location if doer is not None else None


def _place(play: Play, effect: Effect) -> None:
    where = _where(play, effect)
    if where is not None:
        place_investigation(play.table, where)


def _take(play: Play, effect: Effect) -> None:
    where = _where(play, effect)
    if where is not None:
        take_investigation(play.table, where)


def _supply_left(effect: Effect, table: Table) -> bool:
    return investigation_supply(table) > 0


PLACE = {"oneOf": [SLUG, TRUE]}

KINDS = (
    EffectKind(
        "free_prisoner",
        "a prisoner",
        SLUG,
        "{free_prisoner: obed}",
        check_slug,
        _free,
        refs=_prisoner,
    ),
    EffectKind(
        "leave_prisoner",
        "a prisoner",
        SLUG,
        "{leave_prisoner: obed}",
        check_slug,
        _leave,
        refs=_prisoner,
    ),
    EffectKind(
        "prisoner_fate",
        "{prisoner, fate}: a prisoner and rescued or lost",
        object_schema({"prisoner": SLUG, "fate": {"enum": list(FINAL)}}, ("prisoner", "fate")),
        "{prisoner_fate: {prisoner: obed, fate: rescued}}",
        _check_fate,
        _decide,
        refs=_fate_refs,
    ),
    EffectKind(
        "place_investigation",
        "a location, or true: where the actor stands",
        PLACE,
        "{place_investigation: true}",
        _check_place,
        _place,
        refs=_place_refs,
        news=_supply_left,
    ),
    EffectKind(
        "take_investigation",
        "a location, or true: where the actor stands",
        PLACE,
        "{take_investigation: quay}",
        _check_place,
        _take,
        refs=_place_refs,
    ),
)
