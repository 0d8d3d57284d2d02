"""The map as the investigators can cross it: connections walked, driven or
only told, barriers that close a connection until the story opens it, and
Location cards left out at a smaller table.

The rulebook speaks only of moving into "a location [that] has already been
revealed and is adjacent to your current position", and of Running to one
"more than 3 spaces away"; what closes a connection is the storybook's
(a locked floor, two barriers across a street), so every way of moving on
foot asks :func:`walkable` here.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import field

from tales.errors import RulesError
from tales.records import record
from tales.rules.events import BarrierChanged
from tales.rules.scenario import Location, Scenario
from tales.rules.table import Table

Edge = tuple[str, str]


def edge(a: str, b: str) -> Edge:
    """A connection, its two ends in alphabetical order (it has no direction)."""
    return (a, b) if a <= b else (b, a)


def player_count(table: Table) -> int:
    """Players at the table: the investigators the players brought, living or not."""
    return sum(1 for inv in table.investigators.values() if not inv.companion)


@record
class MapFacts:
    """What the rules ask of the map at every option list and that changes only
    with the scenario or the players: the cards in play, and where one may walk
    from each location while no barrier is laid. Worked out once per table
    (:func:`map_facts`), the walks as they are first asked."""

    scenario: Scenario
    investigators: int  # how many sat at the table when the facts were worked out
    in_play: frozenset[str]
    walks: dict[str, tuple[str, ...]] = field(default_factory=dict)


def map_facts(table: Table, scenario: Scenario) -> MapFacts:
    """The table's facts, worked out again if its scenario or its investigators
    changed since (a test replacing the map, a save restored)."""
    facts = table.map_facts
    if (
        facts is None
        or facts.scenario is not scenario
        or facts.investigators != len(table.investigators)
    ):
        players = player_count(table)
        shown = frozenset(
            slug
            for slug, card in scenario.locations.items()
            if not card.only_with or card.only_with <= players  # most print none
        )
        facts = table.map_facts = MapFacts(scenario, len(table.investigators), shown)
    return facts


def in_play(table: Table, slug: str) -> bool:
    """A card printed "only with 3+ players" is put back in the box at a smaller table."""
    scenario = table.scenario
    return scenario is not None and slug in map_facts(table, scenario).in_play


def barriers(table: Table, a: str, b: str) -> int:
    return table.barriers.get(edge(a, b), 0)


def _location(table: Table, slug: str) -> Location:
    assert table.scenario is not None
    return table.scenario.locations[slug]


def walkable(table: Table, here: str) -> tuple[str, ...]:
    """Where one may step on foot from ``here``: adjacent, in play, no barrier
    across the connection (revealed or not: callers decide that). Asked at
    every option list: on a map with no barrier laid, the table keeps it."""
    scenario = table.scenario
    if scenario is None or here not in scenario.locations:
        return ()
    facts = map_facts(table, scenario)
    closed = table.barriers
    if not closed:
        steps = facts.walks.get(here)
        if steps is None:
            adjacent = scenario.locations[here].adjacent
            steps = facts.walks[here] = tuple(sorted(adjacent & facts.in_play))
        return steps
    return tuple(
        sorted(
            there
            for there in scenario.locations[here].adjacent & facts.in_play
            if not closed.get(edge(here, there), 0)
        )
    )


def drivable(table: Table, here: str) -> list[str]:
    """Where a vehicle may go from ``here``: a walked connection or one marked
    for vehicles, revealed, in play and with no barrier across it."""
    if table.scenario is None or here not in table.scenario.locations:
        return []
    card = _location(table, here)
    return sorted(
        there
        for there in card.adjacent | card.by_vehicle
        if there in table.revealed and in_play(table, there) and not barriers(table, here, there)
    )


def on_foot(table: Table, origin: str) -> Collection[str]:
    """Every location open connections lead to from ``origin``, through any
    Location cards in play, revealed or not. Kept beside the walking
    distances, which a barrier laid or lifted clears (the count -1 marks it)."""
    key = (origin, -1)
    if key not in table.distance_cache:
        seen, frontier = {origin}, [origin]
        while frontier:
            for there in walkable(table, frontier.pop()):
                if there not in seen:
                    seen.add(there)
                    frontier.append(there)
        table.distance_cache[key] = dict.fromkeys(seen, 0)
    return table.distance_cache[key].keys()


def connected_on_foot(table: Table, origin: str, destination: str) -> bool:
    return destination in on_foot(table, origin)


def change_barriers(table: Table, a: str, b: str, by: int) -> None:
    """Lay (``by`` > 0) or take away barriers on a connection, never below none;
    every change is told."""
    if table.scenario is None or not {a, b} <= set(table.scenario.locations):
        raise RulesError(f"no connection between {a!r} and {b!r} on this map")
    key = edge(a, b)
    before = table.barriers.get(key, 0)
    after = max(0, before + by)
    if after == before:
        return
    if after:
        table.barriers[key] = after
    else:
        del table.barriers[key]
    table.distance_cache.clear()  # the walking distances have changed
    table.emit(BarrierChanged(key, before, after))


def lay_setup_barriers(table: Table) -> None:
    """The barriers the scenario's setup lays across the map."""
    if table.scenario is None:
        return
    for barrier in table.scenario.barriers:
        change_barriers(table, *barrier.between, barrier.count)
