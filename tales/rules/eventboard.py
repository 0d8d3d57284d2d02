"""The Event board: its tokens, their thresholds and the time track.

"Finally, check the red die. If it shows any of the Event symbols (skull,
tentacle or star), place the appropriate token on the Event board. If this
token completes a condition on the current space of the Event track, read
the corresponding narrative."
"""

from __future__ import annotations

from tales.rules.events import (
    EventSymbolRolled,
    EventTokenRemoved,
    ScenarioEnded,
    TimeAdvanced,
    TimeMoved,
    TokenSource,
)
from tales.rules.table import Table
from tales.rules.terms import EventSymbol


def place_event_token(table: Table, symbol: EventSymbol, by: TokenSource = "red die") -> None:
    """Place a token from the supply (none left: nothing placed, ruling
    ``event-token-supply``) and queue the narrative of any threshold it
    completes on the current space: "If this token completes a condition on
    the current space of the Event track, read the corresponding narrative."
    A threshold fires the first time a token brings the count to it or past
    it while the marker stands where it applies (ruling
    ``threshold-reached-or-passed``; switched off, only the exact count).
    ``by``: the red die of a test, or a storybook effect (the event says
    which, so no one is told of a die that was never rolled)."""
    placed = table.supply.take_event_token(symbol)
    if placed:
        table.event_tokens[symbol] += 1
    table.emit(EventSymbolRolled(symbol, placed, table.event_tokens[symbol], by))
    if not placed or table.scenario is None:
        return
    count = table.event_tokens[symbol]
    passed = table.rulings.flag("threshold-reached-or-passed")
    for threshold in table.scenario.board.thresholds:
        if threshold in table.fired or threshold.symbol is not symbol:
            continue
        on_space = not threshold.spaces or table.time in threshold.spaces
        at_level = threshold.applies_at(table.difficulty)
        reached = count >= threshold.count if passed else count == threshold.count
        if reached and on_space and at_level:
            table.fired.add(threshold)
            table.read_later(threshold.paragraph, f"{_ordinal(count)} {symbol} token")


def remove_event_token(table: Table, symbol: EventSymbol) -> None:
    """Take a token off the Event board back to the supply (none there: nothing)."""
    if table.event_tokens[symbol] > 0:
        table.event_tokens[symbol] -= 1
        table.supply.event_tokens[symbol] += 1
        table.emit(EventTokenRemoved(symbol, table.event_tokens[symbol]))


def move_time(table: Table, by: int) -> None:
    """The storybook moves the time marker ``by`` spaces (back when negative),
    never off the track; no narrative is read for the space reached."""
    spaces = len(table.scenario.board.spaces) if table.scenario else table.time
    before = table.time
    table.time = max(1, min(spaces, table.time + by))
    if table.time != before:
        table.emit(TimeMoved(before, table.time))


def narrative_now(table: Table) -> int | None:
    """Rulebook: "If the Time marker is on a space associated with a numbered
    narrative, read that narrative and apply its effects as instructed.\""""
    return table.scenario.board.narrative_at(table.time) if table.scenario else None


def advance_time(table: Table) -> None:
    """Move the time marker on. Past the last space the scenario ends
    (ruling ``time-track-end``); the storybook normally ends it sooner."""
    table.time += 1
    spaces = len(table.scenario.board.spaces) if table.scenario else 0
    if table.time > spaces:
        table.time = spaces
        end_scenario(table, "the time track ran out")
        return
    table.emit(TimeAdvanced(table.time, narrative_now(table)))


def end_scenario(table: Table, why: str) -> None:
    if not table.ended:
        table.ended = why
        table.emit(ScenarioEnded(why))


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
