"""The words conditions and texts use to ask about the map and about each
investigator: barriers, vehicles, per-investigator marks and who is in the
game. Kept beside :mod:`tales.story.vocabulary`, which adds them to its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tales.rules.group import may_hide
from tales.rules.investigators import Investigator
from tales.rules.marks import mark_count
from tales.rules.paths import barriers
from tales.rules.prisoners import escorted, investigation_supply, prisoner_at
from tales.rules.table import Table
from tales.rules.terms import and_list
from tales.rules.vehicles import driver_of, riders, seats_free

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
    "in_area",
    "away_in",
    "names",
)
VALUES = (
    "investigators",
    "elsewhere",
    "investigation_tokens",
    "group_at",
    "group_hidden",
    "group_may_hide",
)


class _Words:
    """The functions, each reading the table when a condition calls it."""

    __slots__ = ("actor", "table", "where")

    def __init__(
        self, table: Table, actor: Investigator | None, where: Callable[[], str | None]
    ) -> None:
        self.table, self.actor, self.where = table, actor, where

    def mark(self, name: str, slug: str | None = None) -> int:
        who = slug if slug is not None else (self.actor.slug if self.actor else "")
        return mark_count(self.table, str(who), str(name))

    def barriers(self, a: str, b: str) -> int:
        return barriers(self.table, str(a), str(b))

    def vehicle_at(self, slug: str) -> str:
        vehicle = self.table.vehicles.get(slug)
        return vehicle.at if vehicle is not None else ""

    def aboard(self, slug: str) -> int:
        return len(riders(self.table, str(slug)))  # the living: the drowned keep no seat

    def seats_free(self, slug: str) -> int:
        return seats_free(self.table, str(slug))

    def driving(self, slug: str) -> bool:
        return driver_of(self.table, str(slug)) is not None

    def riding(self, slug: str) -> bool:
        vehicle = self.table.vehicles.get(slug)
        return vehicle is not None and self.actor is not None and self.actor.slug in vehicle.aboard

    def prisoner(self, slug: str) -> str:
        held = self.table.prisoners.get(slug)
        return held.fate if held is not None else ""

    def prisoner_at(self, slug: str) -> str:
        return prisoner_at(self.table, slug) if slug in self.table.prisoners else ""

    def escorting(self, slug: str) -> bool:
        held, actor = self.table.prisoners.get(slug), self.actor
        return (
            held is not None
            and actor is not None
            and held.escort == actor.slug
            and escorted(self.table, slug)
        )

    def escorted(self, slug: str) -> bool:
        return slug in self.table.prisoners and escorted(self.table, slug)

    def in_area(self, *areas: str) -> list[str]:
        table, wanted = self.table, {str(a) for a in areas}
        places = table.scenario.locations if table.scenario is not None else {}
        return [
            p.slug
            for p in table.players()
            if p.location is not None and p.location in places and places[p.location].area in wanted
        ]

    def away_in(self, *areas: str) -> list[str]:
        away = set(_elsewhere(self.table, self.actor, self.where()))
        return [slug for slug in self.in_area(*areas) if slug in away]

    def names(self, slugs: object) -> str:
        """The investigators' names as English: "A", "A and B", "A, B and C"."""
        if not isinstance(slugs, (list, tuple)):
            slugs = [slugs]
        known = self.table.investigators
        return and_list([known[str(s)].name for s in slugs if str(s) in known])


def map_functions(
    table: Table, actor: Investigator | None, where: Callable[[], str | None]
) -> dict[str, Callable[..., Any]]:
    """``mark("diving-suit")`` (the actor's) or ``mark("trauma", "ezra-marsh")``,
    ``barriers("quay", "net-loft")``, ``vehicle_at("launch")``, ``aboard("launch")``
    (how many), ``seats_free("launch")``, ``driving("launch")`` (someone at the
    wheel), ``riding("launch")`` (the actor is aboard); ``prisoner("obed")``
    (held, freed, rescued or lost; empty for none), ``prisoner_at("obed")``,
    ``escorting("obed")`` (the actor has them in charge), ``escorted("obed")``
    (someone has), ``in_area("town", "quay")`` (the slugs of those still
    playing who stand in those areas), ``away_in("town")`` (those of them not
    standing where the actor stands), ``names(elsewhere)`` (investigators' names as English);
    and the values ``investigators`` (the slugs of those still playing),
    ``elsewhere`` (those of them not standing where the actor stands),
    ``investigation_tokens`` (left in the supply), ``group_at``,
    ``group_hidden`` and ``group_may_hide`` (the Group token's: not hidden, and
    no encounter under way where it stands)."""
    words = _Words(table, actor, where)
    # Plain functions, not bound methods: what compiled conditions call directly.
    return {
        "mark": lambda name, slug=None: words.mark(name, slug),
        "barriers": lambda a, b: words.barriers(a, b),
        "vehicle_at": lambda slug: words.vehicle_at(slug),
        "aboard": lambda slug: words.aboard(slug),
        "seats_free": lambda slug: words.seats_free(slug),
        "driving": lambda slug: words.driving(slug),
        "riding": lambda slug: words.riding(slug),
        "prisoner": lambda slug: words.prisoner(slug),
        "prisoner_at": lambda slug: words.prisoner_at(slug),
        "escorting": lambda slug: words.escorting(slug),
        "escorted": lambda slug: words.escorted(slug),
        "in_area": lambda *areas: words.in_area(*areas),
        "away_in": lambda *areas: words.away_in(*areas),
        "names": lambda slugs: words.names(slugs),
    }


def map_values(
    table: Table, actor: Investigator | None, where: Callable[[], str | None]
) -> dict[str, Callable[[], Any]]:
    """The map's values, each read from the table when a condition asks;
    ``where``: where the actor stands (or is judged as standing)."""
    return {
        "investigators": lambda: [p.slug for p in table.players()],
        "elsewhere": lambda: _elsewhere(table, actor, where()),
        "investigation_tokens": lambda: investigation_supply(table),
        "group_at": lambda: table.group.at if table.group is not None else "",
        "group_hidden": lambda: table.group is not None and table.group.hidden,
        "group_may_hide": lambda: may_hide(table),
    }


def _elsewhere(table: Table, actor: Investigator | None, where: str | None) -> list[str]:
    """Those still playing who do not stand with the actor: companions are
    present everywhere, so never elsewhere; with no actor, no one is."""
    if actor is None or actor.companion:
        return []
    return [p.slug for p in table.players() if p.location != where]
