"""Vehicles on the paper part of a save sheet: where each stands, who sits in
it and who has the wheel (``boat: {at: boatyard, aboard: [Arthur
Blackwood], driver: Arthur Blackwood}``).

A hand-typed sheet may say what no table can be, and each such line is
refused where it stands rather than loaded into a game the rules never
make: a seat taken twice or one investigator in two vehicles, a companion
aboard (a companion has no figure on the map), a living passenger standing
elsewhere than the vehicle (those aboard go wherever it goes), a driver who
is not aboard, more aboard than the seats, or a vehicle on a card not yet
revealed (it is only driven or carried onto revealed cards, ruling
``vehicle-driver``). One who died aboard keeps the seat on the sheet, as the
game writes it: the rules count only the living (:mod:`tales.rules.vehicles`).
"""

from __future__ import annotations

from typing import Any

from tales.rules.scenario import Scenario, Vehicle
from tales.rules.table import Table
from tales.rules.vehicles import VehicleState, place_vehicles
from tales.saves.fields import Fields


def read_vehicles(f: Fields, data: dict[Any, Any], table: Table, scenario: Scenario) -> None:
    """The vehicles as the sheet says; one left out, empty where its setup puts it."""
    place_vehicles(table)
    given = f.mapping(data, "vehicles")
    reader = _Vehicles(f, table, scenario)
    names = {slug: v.name for slug, v in scenario.vehicles.items()}
    for key, body in given.items():
        field = f"vehicles.{key}"
        slug = f.named(key, f.at(given, key), field, names, "vehicle of this scenario")
        if slug is None:
            continue
        if not isinstance(body, dict) or not isinstance(body.get("aboard") or [], list):
            f.problem(f.at(given, key), field, "expected at: a location, aboard: its riders")
            continue
        state = reader.vehicle(slug, body, field)
        if state is not None:
            table.vehicles[slug] = state


class _Vehicles:
    def __init__(self, f: Fields, table: Table, scenario: Scenario) -> None:
        self.f, self.table, self.scenario = f, table, scenario
        self.places = {slug: loc.name for slug, loc in scenario.locations.items()}
        self.players = {s: i.name for s, i in table.investigators.items() if not i.companion}
        self.seated: dict[str, str] = {}  # investigator -> the vehicle they sit in

    def vehicle(self, slug: str, body: dict[Any, Any], field: str) -> VehicleState | None:
        f, card = self.f, self.scenario.vehicles[slug]
        problems = len(f.problems)
        f.only(body, ("at", "aboard", "driver"), field)
        at = f.named(
            body.get("at"), f.at(body, "at"), f"{field}.at", self.places, "location", by_slug=True
        )
        riders = self.riders(card, body, field)
        if len(riders) > card.seats:
            f.problem(f.at(body, "aboard"), field, f"{len(riders)} aboard, {card.seats} seats")
        driver = self.driver(card, body, field, riders)
        if at is not None:
            self.placed(card, slug, at, riders, body, field)
        if len(f.problems) > problems or at is None:
            return None
        return VehicleState(at, riders, driver)

    def riders(self, card: Vehicle, body: dict[Any, Any], field: str) -> list[str]:
        f, aboard = self.f, body.get("aboard") or []
        riders: list[str] = []
        for index, typed in enumerate(aboard):
            where = f.at_item(aboard, index) if body.get("aboard") else f.at(body, "aboard")
            slug = f.named(typed, where, f"{field}.aboard", self.players, "player")
            if slug is None:
                continue
            name = self.players[slug]
            if slug in riders:
                f.problem(where, f"{field}.aboard", f"{name} sits in {card.name} twice")
            elif slug in self.seated:
                other = self.scenario.vehicles[self.seated[slug]].name
                f.problem(where, f"{field}.aboard", f"{name} is already aboard {other}")
            else:
                riders.append(slug)
                self.seated[slug] = card.slug
        return riders

    def driver(
        self, card: Vehicle, body: dict[Any, Any], field: str, riders: list[str]
    ) -> str | None:
        f, typed = self.f, body.get("driver")
        if typed is None:
            return None
        where = f.at(body, "driver")
        slug = f.named(typed, where, f"{field}.driver", self.players, "player")
        if slug is not None and slug not in riders:
            name = self.players[slug]
            f.problem(where, f"{field}.driver", f"{name} drives {card.name} but is not aboard")
        return slug

    def placed(
        self, card: Vehicle, slug: str, at: str, riders: list[str], body: dict[Any, Any], field: str
    ) -> None:
        """Those aboard stand where it stands; it stands on a revealed card
        (or still where its setup put it)."""
        f, where = self.f, self.f.at(body, "at")
        for rider in riders:
            inv = self.table.investigator(rider)
            if inv.active and inv.location != at:
                f.problem(
                    where,
                    f"{field}.at",
                    f"{inv.name} stands at {inv.location}, not where {card.name} is ({at})",
                )
        if at not in self.table.revealed and at != card.start:
            f.problem(
                where,
                f"{field}.at",
                f"{at} is not revealed: {card.name} is driven or carried only onto a revealed card",
            )
