"""The Group token and the Prisoner markers on the paper part of a save
sheet: where the group stands and whether it is hidden; for each prisoner,
by the name the marker prints, their fate, where they are and who has them
in charge (``Abel Wick: {fate: freed, with: Arthur Blackwood}``)."""

from __future__ import annotations

from typing import Any

from tales.rules.group import GroupState, place_group
from tales.rules.prisoners import FATES, PrisonerState, place_prisoners, prisoner_at
from tales.rules.scenario import Scenario
from tales.rules.table import Table
from tales.saves.fields import Fields

PRISONER_FIELDS = ("fate", "at", "with")


def write_people(table: Table) -> dict[str, Any]:
    """The Group token and the prisoners, when the scenario has them."""
    written: dict[str, Any] = {}
    if table.group is not None:
        written["group"] = {"at": table.group.at, "hidden": table.group.hidden}
    if table.prisoners and table.scenario is not None:
        prisoners = table.scenario.prisoners
        written["prisoners"] = {
            prisoners[slug].name: {
                "fate": state.fate,
                "at": prisoner_at(table, slug),
                **({"with": table.investigators[state.escort].name} if state.escort else {}),
            }
            for slug, state in sorted(table.prisoners.items())
        }
    return written


def read_people(f: Fields, data: dict[Any, Any], table: Table, scenario: Scenario) -> None:
    """The group and the prisoners as the sheet says; left out, as the setup sets them."""
    places = {slug: loc.name for slug, loc in scenario.locations.items()}
    _group(f, data, table, places)
    _prisoners(f, data, table, scenario, places)


def _group(f: Fields, data: dict[Any, Any], table: Table, places: dict[str, str]) -> None:
    place_group(table)
    given = data.get("group")
    if given is None:
        return
    if table.group is None:
        f.problem(f.at(data, "group"), "group", "this scenario has no Group token")
        return
    if not isinstance(given, dict) or not isinstance(given.get("hidden", False), bool):
        f.problem(f.at(data, "group"), "group", "expected {at: a location, hidden: yes or no}")
        return
    f.only(given, ("at", "hidden"), "group")
    at = f.named(given.get("at"), f.at(given, "at"), "group.at", places, "location", by_slug=True)
    if at is not None and at not in table.revealed and at != table.group.at:
        # Moved only onto a revealed card (by a Move, a Run, or the story revealing it first).
        f.problem(
            f.at(given, "at"), "group.at", f"the Group token stands at {at}, which is not revealed"
        )
    elif at is not None:
        table.group = GroupState(at, bool(given.get("hidden", False)))


def _prisoners(
    f: Fields, data: dict[Any, Any], table: Table, scenario: Scenario, places: dict[str, str]
) -> None:
    place_prisoners(table)
    given = f.mapping(data, "prisoners")
    names = {slug: p.name for slug, p in scenario.prisoners.items()}
    people = {slug: i.name for slug, i in table.investigators.items() if not i.companion}
    for key, body in given.items():
        field = f"prisoners.{key}"
        slug = f.named(key, f.at(given, key), field, names, "prisoner of this scenario")
        if slug is None:
            continue
        if not isinstance(body, dict):
            f.problem(f.at(given, key), field, "expected {fate: ..., at: a location, with: ...}")
            continue
        f.only(body, PRISONER_FIELDS, field)
        fate = f.word(body.get("fate", "held"), f.at(body, "fate"), f"{field}.fate", FATES, "fate")
        escort = None
        if body.get("with") is not None:
            escort = f.named(body["with"], f.at(body, "with"), f"{field}.with", people, "player")
        at: str | None = scenario.prisoners[slug].at
        if "at" in body:
            at = f.named(
                body["at"], f.at(body, "at"), f"{field}.at", places, "location", by_slug=True
            )
        elif escort is not None:
            at = table.investigators[escort].location or at
        if fate is None or at is None or (escort is None and body.get("with") is not None):
            continue
        if escort is None or _escorted(f, body, field, table, (names[slug], at, fate), escort):
            table.prisoners[slug] = PrisonerState(at, escort, fate)


def _escorted(
    f: Fields,
    body: dict[Any, Any],
    field: str,
    table: Table,
    prisoner: tuple[str, str, str],
    escort: str,
) -> bool:
    """A prisoner ``with`` someone is freed, goes where the escort goes, and
    has a living escort (one who falls puts them down where they fell: ruling
    ``prisoner-escort-falls``); else a problem, and False."""
    name, at, fate = prisoner
    inv, where = table.investigator(escort), f.at(body, "with")
    if fate != "freed":
        f.problem(
            f.at(body, "fate"),
            f"{field}.fate",
            f"a prisoner in someone's charge is freed, not {fate}",
        )
    elif not inv.active:
        f.problem(where, f"{field}.with", f"{inv.name} is dead, so {name} is in no one's charge")
    elif "at" in body and inv.location != at:
        f.problem(
            f.at(body, "at"),
            f"{field}.at",
            f"{name} is with {inv.name}, who stands at {inv.location}, not {at}",
        )
    else:
        return True
    return False
