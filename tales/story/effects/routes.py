"""Getting about the map: barriers across connections, vehicles that
investigators get into, drive and leave (or that the story carries), and the
Group token the team moves about as one body."""

from __future__ import annotations

from typing import Any

from tales.errors import RulesError
from tales.rules.decisions import Proc
from tales.rules.group import hide, move_group
from tales.rules.paths import barriers, change_barriers, in_play
from tales.rules.table import Table
from tales.rules.vehicles import board, carry, drive, leave, riding
from tales.story.effects.kind import (
    NUMBER,
    SLUG,
    TRUE,
    EffectKind,
    Play,
    Ref,
    check_slug,
    check_true,
    names_each,
    object_schema,
    small_amount,
)
from tales.story.model import Effect


def _check_barrier(value: Any) -> str | None:
    if not isinstance(value, dict) or set(value) - {"between", "count"}:
        return f"not {value!r}"
    between = value.get("between")
    if not (
        isinstance(between, list)
        and len(between) == 2
        and all(isinstance(s, str) and s for s in between)
        and between[0] != between[1]
    ):
        return f"between names two different locations, not {between!r}"
    count = value.get("count", 1)
    if not (small_amount(count) and count >= 1):
        return f"count is a whole number of at least 1, not {count!r}"
    return None


def _between(effect: Effect) -> tuple[str, str]:
    assert isinstance(effect.value, dict)  # checked at load
    a, b = effect.value["between"]
    return str(a), str(b)


def _connection(effect: Effect) -> list[Ref]:
    a, b = _between(effect)
    return [("location", a), ("location", b), ("connection", f"{a} {b}")]


def _count(effect: Effect) -> int:
    assert isinstance(effect.value, dict)
    return int(effect.value.get("count", 1))


def _lay(play: Play, effect: Effect) -> None:
    change_barriers(play.table, *_between(effect), _count(effect))


def _lift(play: Play, effect: Effect) -> None:
    change_barriers(play.table, *_between(effect), -_count(effect))


def _barred(effect: Effect, table: Table) -> bool:
    return barriers(table, *_between(effect)) > 0


def _vehicle(effect: Effect) -> list[Ref]:
    return [("vehicle", str(effect.value))]


def _board(play: Play, effect: Effect) -> None:
    """Each named investigator gets in if standing there with a seat free."""
    for inv in play.who(effect):
        board(play.table, inv, str(effect.value))


def _leave(play: Play, effect: Effect) -> None:
    for inv in play.who(effect):
        if riding(play.table, inv) == str(effect.value):
            leave(play.table, inv)


def _check_drive(value: Any) -> str | None:
    return None if names_each(value, frozenset({"vehicle", "to"})) else f"not {value!r}"


def _drive_refs(effect: Effect) -> list[Ref]:
    assert isinstance(effect.value, dict)
    return [("vehicle", str(effect.value["vehicle"])), ("location", str(effect.value["to"]))]


def _drive(play: Play, effect: Effect) -> None:
    """The vehicle goes where it is told, if a driver is aboard and a
    connection it may take leads there; else it stays (a storybook writes
    ``if: driving("launch")`` to say otherwise)."""
    assert isinstance(effect.value, dict)
    try:
        drive(play.table, str(effect.value["vehicle"]), str(effect.value["to"]))
    except RulesError:
        return


def _move_vehicle(play: Play, effect: Effect) -> Proc[None]:
    """The story moves the vehicle, with or without a driver, by a route or
    none, everyone aboard with it; the place is revealed first (as ``move``
    does), and a card left in the box at this player count is not gone to."""
    assert isinstance(effect.value, dict)
    vehicle, place = str(effect.value["vehicle"]), str(effect.value["to"])
    if not in_play(play.table, place):
        return
    if place not in play.table.revealed:
        yield from play.reveal(place)
    carry(play.table, vehicle, place)


def _destination(effect: Effect) -> list[Ref]:
    assert isinstance(effect.value, dict)
    return [("location", str(effect.value["to"]))]


def _hide(play: Play, effect: Effect) -> None:
    hide(play.table, True)


def _show(play: Play, effect: Effect) -> None:
    hide(play.table, False)


def _move_group(play: Play, effect: Effect) -> Proc[None]:
    """The story moves the group (revealing the place first, as ``move`` does)."""
    slug = str(effect.value)
    if slug not in play.table.revealed:
        yield from play.reveal(slug)
    move_group(play.table, slug)


def _place(effect: Effect) -> list[Ref]:
    return [("location", str(effect.value))]


def _group(effect: Effect) -> list[Ref]:
    """The Group token itself (E216 in a scenario without one)."""
    return [("piece", "group")]


def _group_place(effect: Effect) -> list[Ref]:
    return [*_group(effect), *_place(effect)]


BARRIER_SCHEMA = object_schema(
    {"between": {"type": "array", "items": SLUG, "minItems": 2, "maxItems": 2}, "count": NUMBER},
    ("between",),
)

KINDS = (
    EffectKind(
        "barrier",
        "{between: [a, b], count: N}: two connected locations and how many barriers",
        BARRIER_SCHEMA,
        "{barrier: {between: [quay, net-loft], count: 2}}",
        _check_barrier,
        _lay,
        refs=_connection,
    ),
    EffectKind(
        "remove_barrier",
        "{between: [a, b], count: N}: two connected locations and how many barriers",
        BARRIER_SCHEMA,
        "{remove_barrier: {between: [quay, net-loft]}}",
        _check_barrier,
        _lift,
        refs=_connection,
        news=_barred,
    ),
    EffectKind(
        "board",
        "a vehicle",
        SLUG,
        "{board: launch, who: here}",
        check_slug,
        _board,
        who=True,
        refs=_vehicle,
    ),
    EffectKind(
        "leave_vehicle",
        "a vehicle",
        SLUG,
        "{leave_vehicle: launch, who: all}",
        check_slug,
        _leave,
        who=True,
        refs=_vehicle,
    ),
    EffectKind(
        "drive",
        "{vehicle, to}: a vehicle and the location it goes to",
        object_schema({"vehicle": SLUG, "to": SLUG}, ("vehicle", "to")),
        "{drive: {vehicle: launch, to: reef}}",
        _check_drive,
        _drive,
        refs=_drive_refs,
    ),
    EffectKind(
        "move_vehicle",
        "{vehicle, to}: a vehicle and the location the story takes it to",
        object_schema({"vehicle": SLUG, "to": SLUG}, ("vehicle", "to")),
        "{move_vehicle: {vehicle: launch, to: reef}}",
        _check_drive,
        _move_vehicle,
        refs=_drive_refs,
        grants=_destination,
    ),
    EffectKind("hide_group", "true", TRUE, "{hide_group: true}", check_true, _hide, refs=_group),
    EffectKind("show_group", "true", TRUE, "{show_group: true}", check_true, _show, refs=_group),
    EffectKind(
        "move_group",
        "a location",
        SLUG,
        "{move_group: street}",
        check_slug,
        _move_group,
        refs=_group_place,
        grants=_place,
    ),
)
