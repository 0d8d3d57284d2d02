"""The words conditions and texts use to ask about the map and about each
investigator: barriers, vehicles, per-investigator marks and who is in the
game. Kept beside :mod:`tales.story.vocabulary`, which adds them to its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tales.rules.investigators import Investigator
from tales.rules.marks import mark_count
from tales.rules.paths import barriers
from tales.rules.prisoners import escorted, investigation_supply, prisoner_at
from tales.rules.table import Table
from tales.rules.vehicles import seats_free

FUNCTIONS = (
    "mark",
    "barriers",
    "vehicle_at",
    "aboard",
    "seats_free",
    "driving",
    "riding",
    "prisoner",
    "prisoner_at",
    "escorting",
    "escorted",
)
VALUES = ("investigators", "investigation_tokens", "group_at", "group_hidden")


def map_context(table: Table, actor: Investigator | None) -> dict[str, Any]:
    """``mark("diving-suit")`` (the actor's) or ``mark("trauma", "ezra-marsh")``,
    ``barriers("quay", "net-loft")``, ``vehicle_at("launch")``, ``aboard("launch")``
    (how many), ``seats_free("launch")``, ``driving("launch")`` (someone at the
    wheel), ``riding("launch")`` (the actor is aboard), and ``investigators``:
    the slugs of those still playing; then the prisoners and tokens."""
    vehicles = table.vehicles

    def mark(name: str, slug: str | None = None) -> int:
        who = slug if slug is not None else (actor.slug if actor else "")
        return mark_count(table, str(who), str(name))

    def field(read: Callable[[Any], Any], empty: Any) -> Callable[[str], Any]:
        return lambda slug: read(vehicles[slug]) if slug in vehicles else empty

    return {
        "mark": mark,
        "barriers": lambda a, b: barriers(table, str(a), str(b)),
        "vehicle_at": field(lambda v: v.at, ""),
        "aboard": field(lambda v: len(v.aboard), 0),
        "seats_free": lambda slug: seats_free(table, str(slug)),
        "driving": field(lambda v: v.driver is not None, False),
        "riding": field(lambda v: actor is not None and actor.slug in v.aboard, False),
        "investigators": [p.slug for p in table.players()],
        **_markers(table, actor),
    }


def _markers(table: Table, actor: Investigator | None) -> dict[str, Any]:
    """``prisoner("obed")`` (held, freed, rescued or lost; empty for none),
    ``prisoner_at("obed")``, ``escorting("obed")`` (the actor has them in
    charge), ``escorted("obed")`` (someone has) and ``investigation_tokens``
    (left in the supply); ``group_at`` and ``group_hidden``: the Group token's."""
    prisoners = table.prisoners

    def escorting(slug: str) -> bool:
        held = prisoners.get(slug)
        return held is not None and actor is not None and held.escort == actor.slug

    return {
        "prisoner": lambda slug: prisoners[slug].fate if slug in prisoners else "",
        "prisoner_at": lambda slug: prisoner_at(table, slug) if slug in prisoners else "",
        "escorting": lambda slug: escorting(slug) and escorted(table, slug),
        "escorted": lambda slug: slug in prisoners and escorted(table, slug),
        "investigation_tokens": investigation_supply(table),
        "group_at": table.group.at if table.group is not None else "",
        "group_hidden": table.group is not None and table.group.hidden,
    }
