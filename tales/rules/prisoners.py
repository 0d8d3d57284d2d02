"""Prisoner markers and Investigation tokens: components a storybook puts on
the map for the team to act on.

A prisoner is held at a location until an investigator there frees them;
the one who frees them escorts them (the prisoner goes wherever the escort
goes), may leave them somewhere, and the story decides at last whether they
are rescued or lost. Investigation tokens are a limited supply the team
places on locations to search them and takes back; with none left in the
supply, none is placed (ruling ``investigation-supply``). The rulebook has
neither; each change is told as an event.
"""

from __future__ import annotations

from dataclasses import dataclass

from tales.errors import RulesError
from tales.rules.events import PrisonerChanged
from tales.rules.exploration import change_location_tokens
from tales.rules.investigators import Investigator
from tales.rules.table import Table

FATES = ("held", "freed", "rescued", "lost")
FINAL = ("rescued", "lost")
INVESTIGATION = "investigation"  # the Location card token an Investigation token is


@dataclass
class PrisonerState:
    at: str  # where the marker lies when no one escorts it
    escort: str | None = None
    fate: str = "held"


def place_prisoners(table: Table) -> None:
    if table.scenario is not None:
        table.prisoners = {
            slug: PrisonerState(p.at) for slug, p in table.scenario.prisoners.items()
        }


def prisoner_at(table: Table, slug: str) -> str:
    """Where the prisoner is: with the escort, or where they were left. An
    escort out of the game leaves the prisoner where they fell (ruling
    ``prisoner-escort-falls``)."""
    state = _state(table, slug)
    if state.escort is not None:
        return table.investigator(state.escort).location or state.at
    return state.at


def escorted(table: Table, slug: str) -> bool:
    state = _state(table, slug)
    return state.escort is not None and table.investigator(state.escort).active


def free(table: Table, inv: Investigator, slug: str) -> bool:
    """``inv`` frees a prisoner held where they stand, or takes in charge one
    freed and left there; whether they did."""
    state = _state(table, slug)
    if not inv.active or state.fate in FINAL or escorted(table, slug):
        return False
    if prisoner_at(table, slug) != inv.location:
        return False
    _settle(table, slug, state)
    state.escort, state.fate = inv.slug, "freed"
    table.emit(PrisonerChanged(slug, "freed", state.at, inv.slug))
    return True


def unescorted_at(table: Table, location: str) -> list[tuple[str, str]]:
    """(slug, printed name) of the freed prisoners at ``location`` whom no
    one escorts: another investigator there may take them on."""
    if table.scenario is None:
        return []
    return [
        (slug, table.scenario.prisoners[slug].name)
        for slug, state in table.prisoners.items()
        if state.fate == "freed"
        and not escorted(table, slug)
        and prisoner_at(table, slug) == location
        and slug in table.scenario.prisoners
    ]


def release(table: Table, escort: Investigator) -> None:
    """``escort`` is out of the game: each prisoner in their charge is put
    down where they fell, freed and in no one's charge, and told so (ruling
    ``prisoner-escort-falls``)."""
    for slug, state in table.prisoners.items():
        if state.escort == escort.slug and state.fate not in FINAL:
            state.at, state.escort = escort.location or state.at, None
            table.emit(PrisonerChanged(slug, state.fate, state.at, None))


def leave_prisoner(table: Table, slug: str) -> None:
    """The escort leaves the prisoner where they stand."""
    state = _state(table, slug)
    if state.escort is not None:
        _settle(table, slug, state)
        table.emit(PrisonerChanged(slug, state.fate, state.at, None))


def decide(table: Table, slug: str, fate: str) -> bool:
    """The story's last word: rescued or lost (whether it changed anything)."""
    if fate not in FINAL:
        raise RulesError(f"a prisoner's last fate is rescued or lost, not {fate!r}")
    state = _state(table, slug)
    if state.fate == fate:
        return False
    _settle(table, slug, state)
    state.fate = fate
    table.emit(PrisonerChanged(slug, fate, state.at, None))
    return True


def _settle(table: Table, slug: str, state: PrisonerState) -> None:
    """The marker put down where the prisoner is now, escort or no."""
    state.at, state.escort = prisoner_at(table, slug), None


def _state(table: Table, slug: str) -> PrisonerState:
    try:
        return table.prisoners[slug]
    except KeyError:
        raise RulesError(f"no prisoner {slug!r} on this map") from None


def investigation_supply(table: Table) -> int:
    """Investigation tokens left in the supply: the scenario's, less those on the map."""
    if table.scenario is None or not table.scenario.investigation_tokens:
        return 0  # most scenarios have none: no need to count the map
    placed = sum(t.get(INVESTIGATION, 0) for t in table.location_tokens.values())
    return max(0, table.scenario.investigation_tokens - placed)


def place_investigation(table: Table, location: str) -> bool:
    """One token from the supply onto ``location``, if any is left."""
    if investigation_supply(table) < 1:
        return False
    change_location_tokens(table, location, INVESTIGATION, 1)
    return True


def take_investigation(table: Table, location: str) -> bool:
    """One token taken back from ``location`` to the supply, if one is there."""
    if table.location_tokens.get(location, {}).get(INVESTIGATION, 0) < 1:
        return False
    change_location_tokens(table, location, INVESTIGATION, -1)
    return True
