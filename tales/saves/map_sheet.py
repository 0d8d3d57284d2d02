"""The map's state on a save sheet: barriers left on connections, where each
vehicle stands and who sits in it, and the marks kept against each
investigator. A digital sheet writes each only when there is something to
say, so sheets of tales without them read as before; restoring checks every
name against the scenario and the table and reports what does not fit."""

from __future__ import annotations

from collections.abc import Container, Iterator
from typing import Any

from tales.rules.group import GroupState, place_group
from tales.rules.paths import edge
from tales.rules.pieces import set_out
from tales.rules.prisoners import FATES, PrisonerState, place_prisoners
from tales.rules.scenario import Scenario
from tales.rules.table import Table
from tales.rules.vehicles import VehicleState, place_vehicles
from tales.saves.fields import Fields
from tales.story.yamlio import describe, is_whole

MAP_FIELDS = ("barriers", "vehicles", "marks", "prisoners", "group")


def write_map(table: Table) -> dict[str, Any]:
    """The digital fields of the map's state, those with anything in them."""
    written: dict[str, Any] = {}
    if table.barriers:
        written["barriers"] = [[a, b, n] for (a, b), n in sorted(table.barriers.items())]
    if table.vehicles:
        written["vehicles"] = {
            slug: {"at": v.at, "aboard": list(v.aboard), "driver": v.driver}
            for slug, v in sorted(table.vehicles.items())
        }
    marks = {slug: dict(sorted(m.items())) for slug, m in sorted(table.marks.items()) if m}
    if marks:
        written["marks"] = marks
    if table.group is not None:
        written["group"] = {"at": table.group.at, "hidden": table.group.hidden}
    if table.prisoners:
        written["prisoners"] = {
            slug: {"at": p.at, "escort": p.escort, "fate": p.fate}
            for slug, p in sorted(table.prisoners.items())
        }
    return written


def restore_map(f: Fields, digital: dict[Any, Any], table: Table, scenario: Scenario) -> None:
    """The map as a digital sheet left it."""
    table.barriers = {}
    for entry in _listed(f, digital, "barriers"):
        if not (isinstance(entry, list) and len(entry) == 3 and is_whole(entry[2])):
            f.problem(f.at(digital, "barriers"), "digital.barriers", _bad(entry, "[a, b, count]"))
        elif not {entry[0], entry[1]} <= set(scenario.locations):
            f.problem(f.at(digital, "barriers"), "digital.barriers", "names no location")
        elif entry[2] > 0:
            table.barriers[edge(str(entry[0]), str(entry[1]))] = int(entry[2])
    _vehicles(f, digital, table, scenario)
    _marks(f, digital, table)
    _prisoners(f, digital, table, scenario)
    _group(f, digital, table, scenario)


def restore_setup_map(table: Table) -> None:
    """A paper sheet says nothing of the map's pieces: as the setup sets them out."""
    set_out(table)


def _vehicles(f: Fields, digital: dict[Any, Any], table: Table, scenario: Scenario) -> None:
    place_vehicles(table)
    given = _mapping(f, digital, "vehicles")
    for slug, body, field in _pieces(
        f, given, "vehicles", table.vehicles, "vehicle of this scenario"
    ):
        at, aboard = body.get("at"), body.get("aboard") or []
        seats = scenario.vehicles[slug].seats
        if at not in scenario.locations or not isinstance(aboard, list) or len(aboard) > seats:
            f.problem(f.at(given, slug), field, "expected at: a location, aboard: its riders")
            continue
        riders = [str(s) for s in aboard if s in table.investigators]
        driver = body.get("driver")
        table.vehicles[slug] = VehicleState(
            str(at), riders, str(driver) if driver in riders else None
        )


def _marks(f: Fields, digital: dict[Any, Any], table: Table) -> None:
    table.marks = {}
    given = _mapping(f, digital, "marks")
    for slug, marks, _ in _pieces(f, given, "marks", table.investigators, "investigator here"):
        kept = {str(k): int(v) for k, v in marks.items() if is_whole(v) and v > 0}
        if kept:
            table.marks[str(slug)] = kept


def _prisoners(f: Fields, digital: dict[Any, Any], table: Table, scenario: Scenario) -> None:
    place_prisoners(table)
    given = _mapping(f, digital, "prisoners")
    for slug, body, field in _pieces(
        f, given, "prisoners", table.prisoners, "prisoner of this scenario"
    ):
        at, escort, fate = body.get("at"), body.get("escort"), body.get("fate")
        if at not in scenario.locations or fate not in FATES:
            f.problem(f.at(given, slug), field, f"expected at: a location, fate: {FATES}")
            continue
        escort = str(escort) if escort in table.investigators else None
        table.prisoners[str(slug)] = PrisonerState(str(at), escort, str(fate))


def _group(f: Fields, digital: dict[Any, Any], table: Table, scenario: Scenario) -> None:
    place_group(table)
    given = digital.get("group")
    if given is None or table.group is None:
        return
    at, hidden = given.get("at") if isinstance(given, dict) else None, None
    if isinstance(given, dict):
        hidden = given.get("hidden", False)
    if at not in scenario.locations or not isinstance(hidden, bool):
        f.problem(f.at(digital, "group"), "digital.group", "expected at: a location, hidden")
        return
    table.group = GroupState(str(at), hidden)


def _listed(f: Fields, digital: dict[Any, Any], key: str) -> list[Any]:
    value = digital.get(key) or []
    if isinstance(value, list):
        return value
    f.problem(f.at(digital, key), f"digital.{key}", _bad(value, "a list"))
    return []


def _mapping(f: Fields, digital: dict[Any, Any], key: str) -> dict[Any, Any]:
    """``digital.KEY`` as a mapping; anything else is a problem, read as none."""
    given = digital.get(key) or {}
    if isinstance(given, dict):
        return given
    f.problem(f.at(digital, key), f"digital.{key}", _bad(given, "a mapping"))
    return {}


def _pieces(
    f: Fields, given: dict[Any, Any], key: str, known: Container[Any], what: str
) -> Iterator[tuple[Any, dict[Any, Any], str]]:
    """Each entry of ``given`` (``digital.KEY``) that names a known piece and
    describes it by a mapping, with its field path; any other entry is a
    problem: "is no ``what``"."""
    for slug, body in given.items():
        field = f"digital.{key}.{slug}"
        if slug in known and isinstance(body, dict):
            yield slug, body, field
        else:
            f.problem(f.at(given, slug), field, f"is no {what}")


def _bad(value: Any, expected: str) -> str:
    return f"expected {expected}, found {describe(value)}"
