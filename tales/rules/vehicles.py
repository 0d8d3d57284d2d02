"""Vehicles: a boat or a car on the map, with seats and a driver.

The rulebook has no vehicles; a storybook that prints one (an Innsmouth
launch, a truck) says how it is used, and these are the pieces it needs:
investigators get in where it stands and get out, the first aboard takes
the wheel, those aboard go wherever it is driven (or wherever the story
carries it: a boat towed, a dory thrown back over a shoal), and a vehicle that
"cannot move independently" keeps its passengers from walking off alone
(ruling ``vehicle-driver``). A driver who dies or goes mad at the wheel leaves
it to the next living seated, as one who gets out does.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tales.errors import RulesError
from tales.rules.events import Moved, VehicleBoarded, VehicleLeft, VehicleMoved, WheelPassed
from tales.rules.investigators import Investigator
from tales.rules.paths import drivable
from tales.rules.table import Table


@dataclass
class VehicleState:
    """Where a vehicle stands and who is in it (the driver among them)."""

    at: str
    aboard: list[str] = field(default_factory=list)
    driver: str | None = None


def place_vehicles(table: Table) -> None:
    """Each vehicle of the scenario, empty, where its setup puts it."""
    if table.scenario is not None:
        table.vehicles = {
            slug: VehicleState(v.start) for slug, v in table.scenario.vehicles.items()
        }


def riding(table: Table, inv: Investigator) -> str | None:
    """The vehicle ``inv`` sits in, if any."""
    if not table.vehicles:  # most maps have none: asked at every option list
        return None
    return next((v for v, s in table.vehicles.items() if inv.slug in s.aboard), None)


def held_aboard(table: Table, inv: Investigator) -> bool:
    """Seated in a vehicle that "cannot move independently": no Move or Run alone."""
    if not table.vehicles:
        return False
    vehicle = riding(table, inv)
    if vehicle is None or table.scenario is None:
        return False
    return not table.scenario.vehicles[vehicle].independent


def seats_free(table: Table, vehicle: str) -> int:
    """Seats no living investigator sits in (one out of the game leaves theirs)."""
    if table.scenario is None or vehicle not in table.vehicles:
        return 0
    riders = [s for s in table.vehicles[vehicle].aboard if table.investigator(s).active]
    return table.scenario.vehicles[vehicle].seats - len(riders)


def driver_of(table: Table, vehicle: str) -> str | None:
    """Who is at the wheel: the driver if still in the game, else the next
    seated who is, in boarding order (a drowned driver lets go of the tiller,
    as one who gets out does: ruling ``vehicle-driver``)."""
    state = table.vehicles.get(vehicle)
    if state is None:
        return None
    if state.driver is not None and table.investigator(state.driver).active:
        return state.driver
    return next((s for s in state.aboard if table.investigator(s).active), None)


def riders(table: Table, vehicle: str) -> tuple[str, ...]:
    """Those seated in the vehicle who are still in the game."""
    state = table.vehicles.get(vehicle)
    if state is None:
        return ()
    return tuple(s for s in state.aboard if table.investigator(s).active)


def board(table: Table, inv: Investigator, vehicle: str, *, drive: bool = False) -> bool:
    """``inv`` gets in, if standing where it is and a seat is free; whether
    they did. The first aboard drives unless ``drive`` gives the wheel to
    another (ruling ``vehicle-driver``)."""
    state = table.vehicles.get(vehicle)
    if state is None or riding(table, inv) is not None:
        return False
    if inv.location != state.at or seats_free(table, vehicle) < 1:
        return False
    state.aboard = [s for s in state.aboard if table.investigator(s).active]
    if state.driver not in state.aboard:
        state.driver = state.aboard[0] if state.aboard else None
    state.aboard.append(inv.slug)
    if drive or state.driver is None:
        state.driver = inv.slug
    table.emit(VehicleBoarded(vehicle, inv.slug, state.driver == inv.slug))
    return True


def leave(table: Table, inv: Investigator) -> bool:
    """``inv`` gets out where the vehicle stands; a driver who leaves hands
    the wheel to the next seated, in boarding order."""
    vehicle = riding(table, inv)
    if vehicle is None:
        return False
    state = table.vehicles[vehicle]
    driving = driver_of(table, vehicle) == inv.slug
    state.aboard.remove(inv.slug)
    if state.driver == inv.slug:
        state.driver = next(iter(riders(table, vehicle)), None)
    table.emit(VehicleLeft(vehicle, inv.slug))
    if driving:
        _tell_the_wheel(table, vehicle, inv)
    return True


def pass_the_wheel(table: Table, inv: Investigator) -> None:
    """``inv`` has just left the game (dead): a vehicle they were driving goes
    to the next living seated, in boarding order, and the table is told who
    that is (ruling ``vehicle-driver``). Their seat stays theirs on the sheet."""
    for vehicle, state in table.vehicles.items():
        if _at_the_wheel(table, state, inv) == inv.slug:
            state.driver = driver_of(table, vehicle)
            _tell_the_wheel(table, vehicle, inv)


def _tell_the_wheel(table: Table, vehicle: str, before: Investigator) -> None:
    """Who took the wheel from ``before``, if anyone is left aboard to."""
    driver = driver_of(table, vehicle)
    if driver is not None:
        table.emit(WheelPassed(vehicle, before.slug, driver))


def _at_the_wheel(table: Table, state: VehicleState, leaving: Investigator) -> str | None:
    """Who drove ``state``'s vehicle while ``leaving`` was still in the game:
    :func:`driver_of`, counting them among the living."""

    def in_game(slug: str) -> bool:
        return slug == leaving.slug or table.investigator(slug).active

    if state.driver is not None and in_game(state.driver):
        return state.driver
    return next((s for s in state.aboard if in_game(s)), None)


def drive(table: Table, vehicle: str, destination: str) -> None:
    """The vehicle goes one connection it may take, its driver at the wheel,
    everyone aboard with it; raises RulesError when it cannot."""
    state = table.vehicles.get(vehicle)
    if state is None:
        raise RulesError(f"no vehicle {vehicle!r} on this map")
    driver = driver_of(table, vehicle)
    if driver is None:
        raise RulesError(f"{vehicle!r} has no driver: a vehicle does not move on its own")
    if destination not in drivable(table, state.at):
        raise RulesError(f"{vehicle!r} cannot go from {state.at!r} to {destination!r}")
    state.driver = driver
    _go(table, vehicle, destination)


def carry(table: Table, vehicle: str, destination: str) -> None:
    """The story moves the vehicle, driven or not, along a route or none (the
    gale throws a boat back over the shoal, a cutter tows it in), everyone
    aboard with it; raises RulesError for a vehicle the map does not have."""
    if vehicle not in table.vehicles:
        raise RulesError(f"no vehicle {vehicle!r} on this map")
    if table.vehicles[vehicle].at != destination:
        _go(table, vehicle, destination)


def _go(table: Table, vehicle: str, destination: str) -> None:
    state = table.vehicles[vehicle]
    origin, state.at = state.at, destination
    seated = riders(table, vehicle)
    table.emit(VehicleMoved(vehicle, origin, destination, seated))
    for slug in seated:
        passenger = table.investigator(slug)
        passenger.location = destination
        table.emit(Moved(slug, origin, destination, "vehicle"))
