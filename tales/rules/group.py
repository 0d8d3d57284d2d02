"""The Group token: in a scenario that has one, the team moves about the map
as one body. The rulebook has no such token; a storybook that prints one
says how it moves, and these are its rules (ruling ``group-moves-together``):
an investigator who moves or runs from where the token stands takes the
token and everyone standing with it along, for the one Action paid; a hidden
group may not Run (a run is seen), and the story hides it and shows it.

A group hides where it stands, not for the rest of the night: it shows
itself when the token moves (by a Move, a Run or the story) and when an
encounter begins where it stands, and it may not hide while an encounter is
under way there (it is being looked at)."""

from __future__ import annotations

from dataclasses import dataclass

from tales.rules.events import GroupHidden, GroupMoved, Moved
from tales.rules.investigators import Investigator
from tales.rules.table import Table
from tales.rules.vehicles import held_aboard


@dataclass
class GroupState:
    at: str
    hidden: bool = False


def place_group(table: Table) -> None:
    """The token where the scenario's setup puts it, if it has one."""
    start = table.scenario.group if table.scenario is not None else None
    table.group = GroupState(start) if start is not None else None


def may_run(table: Table, inv: Investigator) -> bool:
    """A hidden group does not Run: it would be seen."""
    group = table.group
    return group is None or not (group.hidden and inv.location == group.at)


def with_token(table: Table, inv: Investigator) -> list[Investigator]:
    """Who goes as one with ``inv`` when ``inv`` moves on foot: everyone
    standing with the Group token (in seat order, none held aboard a vehicle),
    or ``inv`` alone where no token stands with them."""
    group = table.group
    if group is None or inv.location != group.at:
        return [inv]
    return [p for p in table.players() if p.location == group.at and not held_aboard(table, p)]


def follow(table: Table, mover: Investigator, origin: str | None, destination: str) -> None:
    """``mover`` went from where the token stood: the token and the rest of
    the group go too."""
    group = table.group
    if group is None or origin is None or origin != group.at:
        return
    others = [p for p in table.players() if p is not mover and p.location == origin]
    hide(table, False)  # a group on the move is in the open
    group.at = destination
    table.emit(GroupMoved(origin, destination, (mover.slug, *(p.slug for p in others))))
    for other in others:
        other.location = destination
        table.emit(Moved(other.slug, origin, destination, "group"))


def move_group(table: Table, destination: str) -> None:
    """The story moves the group, everyone with it."""
    group = table.group
    if group is None or group.at == destination:
        return
    origin = group.at
    members = [p for p in table.players() if p.location == origin]
    hide(table, False)  # moved, it no longer lies where it hid
    group.at = destination
    table.emit(GroupMoved(origin, destination, tuple(p.slug for p in members)))
    for member in members:
        member.location = destination
        table.emit(Moved(member.slug, origin, destination, "group"))


def may_hide(table: Table) -> bool:
    """The group may hide: it is not hidden, and no encounter is under way
    where it stands (six men with lanterns are already looking at it)."""
    group = table.group
    return group is not None and not group.hidden and group.at not in table.encounters


def hide(table: Table, hidden: bool) -> None:
    """Hide the group (only when :func:`may_hide`) or show it."""
    group = table.group
    if group is None or group.hidden == hidden or (hidden and not may_hide(table)):
        return
    group.hidden = hidden
    table.emit(GroupHidden(hidden))


def seen_at(table: Table, location: str) -> None:
    """An encounter begins at ``location``: a group hidden there is found."""
    if table.group is not None and table.group.at == location:
        hide(table, False)
