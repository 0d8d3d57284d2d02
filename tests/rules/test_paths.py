"""The map as investigators cross it (tales.rules.paths, tales.rules.vehicles):
barriers that close a connection, routes only a vehicle or the story takes,
cards left out at a smaller table, and vehicles with seats and a driver.

The harbour (tests/conftest.py):

    pier - boathouse - net-loft - chandlery - warehouse - counting-house
              |
           slipway - sea-cave (unrevealed)
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tales.errors import RulesError
from tales.rules.activities import move_targets, narrative_move, run_targets
from tales.rules.events import (
    BarrierChanged,
    Moved,
    VehicleBoarded,
    VehicleLeft,
    VehicleMoved,
    WheelPassed,
)
from tales.rules.exploration import reveal_location
from tales.rules.paths import change_barriers, connected_on_foot, edge, in_play
from tales.rules.scenario import Vehicle
from tales.rules.statuses import change_track
from tales.rules.table import Table
from tales.rules.terms import Track
from tales.rules.vehicles import (
    board,
    carry,
    drive,
    driver_of,
    held_aboard,
    leave,
    place_vehicles,
    seats_free,
)
from tales.story.core import Core
from tests.conftest import game_for, ruling

MARGARET, EZRA, ARTHUR = "margaret-sinclair", "ezra-marsh", "arthur-blackwood"
COMPANIONS = ["arthur-blackwood", "sarah-elington", "irene-dubois"]


def solo(core: Core) -> Table:
    table = game_for(core, [MARGARET], COMPANIONS)
    table.sink.take()
    return table


def with_locations(table: Table, **changes: dict[str, object]) -> None:
    """Reprint some Location cards of the table's scenario."""
    assert table.scenario is not None
    places = dict(table.scenario.locations)
    for slug, fields in changes.items():
        places[slug.replace("_", "-")] = replace(places[slug.replace("_", "-")], **fields)
    table.scenario = replace(table.scenario, locations=places)
    table.distance_cache.clear()


# Barriers ------------------------------------------------------------------------------


def test_the_walks_kept_by_the_table_follow_a_barrier_and_a_reprinted_map(core: Core) -> None:
    """The walks are kept per table while no barrier is laid (asked at every
    option list): a barrier laid or lifted, or a card reprinted "only with 3+
    players" after they were first asked, is seen at once."""
    table = solo(core)
    margaret = table.investigator(MARGARET)
    margaret.location = "boathouse"
    assert move_targets(table, margaret) == ["net-loft", "pier", "slipway"]  # now kept
    change_barriers(table, "boathouse", "pier", 1)
    assert move_targets(table, margaret) == ["net-loft", "slipway"]
    change_barriers(table, "boathouse", "pier", -1)
    assert move_targets(table, margaret) == ["net-loft", "pier", "slipway"]
    with_locations(table, net_loft={"only_with": 3})
    assert move_targets(table, margaret) == ["pier", "slipway"], "one player: left in the box"
    assert not in_play(table, "net-loft")


def test_a_barrier_closes_a_connection_to_moving_until_the_story_opens_it(core: Core) -> None:
    table = solo(core)
    margaret = table.investigator(MARGARET)
    margaret.location = "boathouse"
    change_barriers(table, "net-loft", "boathouse", 2)
    assert table.sink.take() == (BarrierChanged(("boathouse", "net-loft"), 0, 2),)
    assert move_targets(table, margaret) == ["pier", "slipway"]
    change_barriers(table, "boathouse", "net-loft", -1)
    assert move_targets(table, margaret) == ["pier", "slipway"], "one barrier is left"
    change_barriers(table, "boathouse", "net-loft", -5)
    assert table.sink.take()[-1] == BarrierChanged(("boathouse", "net-loft"), 1, 0)
    assert move_targets(table, margaret) == ["net-loft", "pier", "slipway"]
    assert edge("net-loft", "boathouse") not in table.barriers


def test_a_barrier_needs_two_locations_of_the_map(core: Core) -> None:
    with pytest.raises(RulesError, match="no connection"):
        change_barriers(solo(core), "pier", "atlantis", 1)


@ruling("run-open-path", value=True)
def test_a_run_does_not_go_straight_past_a_barrier(core: Core) -> None:
    """Before: Run reached the counting house though a barrier closed the only way."""
    table = solo(core)
    margaret = table.investigator(MARGARET)
    assert run_targets(table, margaret) == ["counting-house", "warehouse"]
    change_barriers(table, "chandlery", "warehouse", 1)
    assert run_targets(table, margaret) == [], "no open path leads past the chandlery"
    assert not connected_on_foot(table, "pier", "counting-house")


@ruling("run-open-path")
def test_a_run_still_crosses_cards_not_yet_revealed(core: Core) -> None:
    """The rulebook's example: a Location that "isn't connected to her current one"
    by revealed cards may be Run to, when the map's connections lead there."""
    table = solo(core)
    margaret = table.investigator(MARGARET)
    table.revealed.discard("net-loft")
    assert run_targets(table, margaret) == ["chandlery", "counting-house", "warehouse"]


@ruling("run-open-path", value=False)
def test_switched_off_a_run_reaches_past_any_barrier(core: Core) -> None:
    table = solo(core)
    table.rulings = table.rulings.with_overrides(run_open_path=False)
    margaret = table.investigator(MARGARET)
    change_barriers(table, "chandlery", "warehouse", 1)
    assert run_targets(table, margaret) == ["counting-house", "warehouse"]


def test_a_connection_by_vehicle_is_not_walked(core: Core) -> None:
    table = solo(core)
    margaret = table.investigator(MARGARET)
    with_locations(table, pier={"by_vehicle": frozenset({"slipway"})})
    with_locations(table, slipway={"by_vehicle": frozenset({"pier"})})
    assert move_targets(table, margaret) == ["boathouse"]


# Cards by player count -----------------------------------------------------------------


@ruling("cards-by-player-count")
def test_a_card_printed_for_three_players_is_left_out_of_a_smaller_game(core: Core) -> None:
    table = solo(core)
    margaret = table.investigator(MARGARET)
    margaret.location = "boathouse"
    with_locations(table, net_loft={"only_with": 3})
    assert not in_play(table, "net-loft"), "one player and three Companions: one player"
    assert move_targets(table, margaret) == ["pier", "slipway"]
    table.revealed.discard("net-loft")
    assert not reveal_location(table, "net-loft")
    big = game_for(core, [MARGARET, EZRA, ARTHUR], ["irene-dubois"])
    with_locations(big, net_loft={"only_with": 3})
    assert in_play(big, "net-loft")
    big.investigator(EZRA).dead = True
    assert in_play(big, "net-loft"), "the map does not shrink when an investigator dies"


# Vehicles ------------------------------------------------------------------------------


def launch_table(core: Core, *, independent: bool = False) -> Table:
    table = game_for(core, [MARGARET, EZRA, ARTHUR], ["irene-dubois"])
    assert table.scenario is not None
    launch = Vehicle("launch", "The Launch", "pier", seats=2, independent=independent)
    table.scenario = replace(table.scenario, vehicles={"launch": launch})
    with_locations(table, pier={"by_vehicle": frozenset({"slipway"})})
    with_locations(table, slipway={"by_vehicle": frozenset({"pier"})})
    place_vehicles(table)
    table.sink.take()
    return table


@ruling("vehicle-driver")
def test_the_first_aboard_drives_and_those_aboard_go_with_the_vehicle(core: Core) -> None:
    table = launch_table(core)
    margaret, ezra, arthur = (table.investigator(s) for s in (MARGARET, EZRA, ARTHUR))
    assert board(table, margaret, "launch") and board(table, ezra, "launch")
    assert not board(table, arthur, "launch"), "two seats"
    assert seats_free(table, "launch") == 0
    assert table.vehicles["launch"].driver == MARGARET
    drive(table, "launch", "slipway")
    events = table.sink.take()
    assert events[2] == VehicleMoved("launch", "pier", "slipway", (MARGARET, EZRA))
    assert Moved(EZRA, "pier", "slipway", "vehicle") in events
    assert margaret.location == ezra.location == "slipway" and arthur.location == "pier"
    leave(table, margaret)
    assert table.vehicles["launch"].driver == EZRA, "the next seated takes the wheel"
    assert table.sink.take() == (
        VehicleLeft("launch", MARGARET),
        WheelPassed("launch", MARGARET, EZRA),
    )
    leave(table, ezra)
    assert table.sink.take() == (VehicleLeft("launch", EZRA),), "no one left to take the wheel"


@ruling("vehicle-driver")
def test_a_passenger_getting_out_leaves_the_wheel_where_it_is(core: Core) -> None:
    table = launch_table(core)
    margaret, ezra = table.investigator(MARGARET), table.investigator(EZRA)
    board(table, margaret, "launch")
    board(table, ezra, "launch")
    table.sink.take()
    leave(table, ezra)
    assert table.sink.take() == (VehicleLeft("launch", EZRA),)
    assert driver_of(table, "launch") == MARGARET


@ruling("vehicle-driver")
def test_the_driver_dead_at_the_wheel_hands_it_on_and_the_table_is_told(core: Core) -> None:
    """A driver who dies at the wheel leaves it to the next living seated
    (ruling ``vehicle-driver``), and says so as one who gets out does: the
    death does not pass the wheel in silence, and the sheet names who has it."""
    table = launch_table(core)
    margaret, ezra = table.investigator(MARGARET), table.investigator(EZRA)
    board(table, margaret, "launch")
    board(table, ezra, "launch")
    table.sink.take()
    change_track(table, margaret, Track.VITALITY, -margaret.vitality, "drowned")
    told = table.sink.take()
    assert WheelPassed("launch", MARGARET, EZRA) in told
    assert table.vehicles["launch"].driver == EZRA == driver_of(table, "launch")
    change_track(table, ezra, Track.SANITY, -ezra.sanity, "the reef")
    assert not [e for e in table.sink.take() if isinstance(e, WheelPassed)], "no one left aboard"
    assert table.vehicles["launch"].driver is None


@ruling("vehicle-driver")
def test_a_passenger_dying_aboard_leaves_the_wheel_where_it_is(core: Core) -> None:
    table = launch_table(core)
    margaret, ezra = table.investigator(MARGARET), table.investigator(EZRA)
    board(table, margaret, "launch")
    board(table, ezra, "launch")
    table.sink.take()
    change_track(table, ezra, Track.VITALITY, -ezra.vitality, "drowned")
    assert not [e for e in table.sink.take() if isinstance(e, WheelPassed)]
    assert table.vehicles["launch"].driver == MARGARET


@ruling("vehicle-driver")
def test_a_vehicle_without_a_driver_or_a_road_does_not_move(core: Core) -> None:
    table = launch_table(core)
    with pytest.raises(RulesError, match="no driver"):
        drive(table, "launch", "boathouse")
    assert board(table, table.investigator(EZRA), "launch", drive=True)
    with pytest.raises(RulesError, match="cannot go"):
        drive(table, "launch", "net-loft")
    change_barriers(table, "pier", "slipway", 1)
    with pytest.raises(RulesError, match="cannot go"):
        drive(table, "launch", "slipway")


def test_one_aboard_cannot_move_independently_unless_the_vehicle_allows(core: Core) -> None:
    table = launch_table(core)
    ezra = table.investigator(EZRA)
    board(table, ezra, "launch")
    assert held_aboard(table, ezra) and move_targets(table, ezra) == []
    assert run_targets(table, ezra) == []
    free = launch_table(core, independent=True)
    ezra = free.investigator(EZRA)
    board(free, ezra, "launch")
    assert not held_aboard(free, ezra) and move_targets(free, ezra) == ["boathouse"]


def test_one_gets_in_only_where_the_vehicle_stands(core: Core) -> None:
    table = launch_table(core)
    ezra = table.investigator(EZRA)
    ezra.location = "boathouse"
    assert not board(table, ezra, "launch")
    assert table.sink.take() == ()
    ezra.location = "pier"
    assert board(table, ezra, "launch")
    assert table.sink.take() == (VehicleBoarded("launch", EZRA, True),)


@ruling("vehicle-driver")
def test_one_out_of_the_game_gives_up_their_seat_and_the_wheel(core: Core) -> None:
    table = launch_table(core)
    margaret, ezra, arthur = (table.investigator(s) for s in (MARGARET, EZRA, ARTHUR))
    board(table, margaret, "launch")
    board(table, ezra, "launch")
    margaret.dead = True  # drowned at the tiller: the next seated takes it
    assert seats_free(table, "launch") == 1
    assert driver_of(table, "launch") == EZRA
    drive(table, "launch", "slipway")
    assert table.vehicles["launch"].at == "slipway" and ezra.location == "slipway"
    assert margaret.location == "pier", "the drowned are not carried on"
    drive(table, "launch", "pier")
    assert board(table, arthur, "launch")
    assert table.vehicles["launch"].aboard == [EZRA, ARTHUR]
    assert table.vehicles["launch"].driver == EZRA


@ruling("vehicle-driver")
def test_the_story_carries_a_vehicle_with_no_driver_and_by_no_route(core: Core) -> None:
    """``carry`` (the ``move_vehicle`` effect): a tow or a sea needs no one
    at the wheel and no connection; those aboard go with it."""
    table = launch_table(core)
    ezra = table.investigator(EZRA)
    board(table, ezra, "launch")
    ezra.dead = True
    with pytest.raises(RulesError, match="no driver"):
        drive(table, "launch", "slipway")
    carry(table, "launch", "boathouse")  # no route from the pier for a vehicle
    assert table.vehicles["launch"].at == "boathouse"
    assert ezra.location == "pier", "only the living aboard go with it"
    margaret = table.investigator(MARGARET)
    margaret.location = "boathouse"
    board(table, margaret, "launch")
    table.sink.take()
    carry(table, "launch", "pier")
    assert table.sink.take()[:2] == (
        VehicleMoved("launch", "boathouse", "pier", (MARGARET,)),
        Moved(MARGARET, "boathouse", "pier", "vehicle"),
    )
    with pytest.raises(RulesError, match="no vehicle"):
        carry(table, "submarine", "pier")


@ruling("vehicle-driver")
def test_one_the_story_moves_away_from_the_vehicle_gets_out_of_it(core: Core) -> None:
    """A story move takes a passenger off the vehicle (they were counted
    aboard, and offered its options, while standing somewhere else)."""
    table = launch_table(core)
    margaret, ezra = table.investigator(MARGARET), table.investigator(EZRA)
    board(table, margaret, "launch")
    board(table, ezra, "launch")
    table.sink.take()
    narrative_move(table, margaret, "boathouse")
    assert table.sink.take()[:3] == (
        VehicleLeft("launch", MARGARET),
        WheelPassed("launch", MARGARET, EZRA),  # she was at the wheel
        Moved(MARGARET, "pier", "boathouse", "narrative"),
    )
    assert table.vehicles["launch"].aboard == [EZRA] and table.vehicles["launch"].driver == EZRA
    narrative_move(table, ezra, "pier")  # where the vehicle stands: still aboard
    assert table.vehicles["launch"].aboard == [EZRA]
