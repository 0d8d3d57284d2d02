"""Events are the one way out of the engine: replaying the events of a whole
random game onto its starting state rebuilds what a save sheet shows, after
every input and at the end.

The projection below knows nothing of the rules or the storybook; it only
reads events. If an effect or a rule changes the table without telling, the
picture rebuilt from the events differs from the live table at the end of
the game, and this test names the field.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, given, settings

from tales.rules import events as ev
from tales.rules.table import Table
from tales.rules.terms import StatusToken, Track
from tales.story.core import Core
from tales.story.game import begin_game, set_up
from tales.story.model import Tale
from tales.story.state import CounterChanged, LogEntryCrossedOut, LogEntryRecorded, StoryState
from tests.story.random_games import RANDOM_GAMES, RandomGame

MAX_INPUTS = 600  # most games end sooner; a longer one is checked as far as it went
# The one pair of tokens that cancel (gain_token): a cancelled gain takes one
# of the opposite token off instead.
OPPOSITE = {
    StatusToken.ADVANTAGE: StatusToken.DISADVANTAGE,
    StatusToken.DISADVANTAGE: StatusToken.ADVANTAGE,
}


@dataclass
class Seat:
    """One investigator as the save sheet shows them."""

    location: str | None
    tracks: dict[Track, int]
    tokens: dict[StatusToken, int]
    items: dict[str, tuple[int, str]]  # slug -> (uses left, place)
    dead: bool


@dataclass
class Picture:
    """What a save sheet shows of a game, and nothing else."""

    round: int
    time: int
    event_tokens: dict[str, int]
    revealed: set[str]
    keywords: set[str]
    found: dict[str, set[str]]
    seats: dict[str, Seat]
    log: dict[str, dict[str, bool]]
    counters: dict[str, int]
    location_tokens: dict[str, dict[str, int]]
    ended: str = ""


def picture(table: Table, state: StoryState) -> Picture:
    return Picture(
        round=table.round,
        time=table.time,
        event_tokens={s.value: n for s, n in table.event_tokens.items() if n},
        revealed=set(table.revealed),
        keywords=set(table.keywords),
        found={kind: set(ids) for kind, ids in table.found.items() if ids},
        seats={
            slug: Seat(
                inv.location,
                {t: inv.track(t) for t in Track},
                {t: n for t, n in inv.tokens.items() if n},
                {i.slug: (i.uses, i.place) for i in inv.items},
                inv.dead,
            )
            for slug, inv in table.investigators.items()
        },
        log={section: dict(entries) for section, entries in state.log.items() if entries},
        counters=dict(state.counters),
        location_tokens={
            place: {t: n for t, n in tokens.items() if n}
            for place, tokens in table.location_tokens.items()
            if any(tokens.values())
        },
        ended=table.ended,
    )


def replay(picture: Picture, events: Iterable[ev.Event]) -> Picture:
    """``picture`` changed by each event in turn; every event either changes
    the picture in a way it says, or is known not to touch it."""
    for event in events:
        _PROJECT.get(type(event), _untouched)(picture, event)
    return picture


def tidy(p: Picture) -> Picture:
    """A copy without the zero counts and empty sets, which a sheet never shows."""
    p = copy.deepcopy(p)
    p.event_tokens = {s: n for s, n in p.event_tokens.items() if n}
    for seat in p.seats.values():
        seat.tokens = {t: n for t, n in seat.tokens.items() if n}
    p.location_tokens = {
        place: {t: n for t, n in tokens.items() if n}
        for place, tokens in p.location_tokens.items()
        if any(tokens.values())
    }
    p.found = {kind: ids for kind, ids in p.found.items() if ids}
    return p


def _untouched(p: Picture, e: Any) -> None:
    return None


def _token(p: Picture, e: ev.TokenGained) -> None:
    tokens = p.seats[e.investigator].tokens
    if e.outcome == "gained":
        tokens[e.token] = tokens.get(e.token, 0) + 1
    elif e.outcome == "cancelled":
        tokens[OPPOSITE[e.token]] -= 1


def _resolved(p: Picture, e: ev.TokenResolved) -> None:
    p.seats[e.investigator].tokens[e.token] -= 1


def _item_moved(p: Picture, e: ev.ItemMoved) -> None:
    uses, _ = (
        p.seats[e.giver].items.pop(e.item) if e.giver else p.seats[e.investigator].items[e.item]
    )
    p.seats[e.investigator].items[e.item] = (uses, e.place)


def _used(p: Picture, e: ev.ItemUsed) -> None:
    items = p.seats[e.investigator].items
    items[e.item] = (e.uses_left, items[e.item][1])


def _removed(p: Picture, e: ev.InvestigatorRemoved) -> None:
    seat = p.seats[e.departed]
    seat.tokens.clear()
    for item in e.items:
        seat.items.pop(item)


def _ended(p: Picture, e: ev.RoundEnded) -> None:
    p.round = e.round + 1


_PROJECT: dict[type, Any] = {
    ev.RoundStarted: lambda p, e: (setattr(p, "round", e.round), setattr(p, "time", e.time)),
    ev.RoundEnded: _ended,
    ev.TimeAdvanced: lambda p, e: setattr(p, "time", e.space),
    ev.TimeMoved: lambda p, e: setattr(p, "time", e.after),
    ev.EventSymbolRolled: lambda p, e: p.event_tokens.__setitem__(e.symbol.value, e.on_board),
    ev.EventTokenRemoved: lambda p, e: p.event_tokens.__setitem__(e.symbol.value, e.on_board),
    ev.LocationRevealed: lambda p, e: p.revealed.add(e.location),
    ev.KeywordMarked: lambda p, e: p.keywords.add(e.keyword),
    ev.KeywordErased: lambda p, e: p.keywords.discard(e.keyword),
    ev.ElementFound: lambda p, e: p.found.setdefault(e.kind, set()).add(e.element),
    ev.Moved: lambda p, e: setattr(p.seats[e.investigator], "location", e.destination),
    ev.TrackChanged: lambda p, e: p.seats[e.investigator].tracks.__setitem__(e.track, e.after),
    ev.InvestigatorDied: lambda p, e: setattr(p.seats[e.investigator], "dead", True),
    ev.InvestigatorRemoved: _removed,
    ev.TokenGained: _token,
    ev.TokenResolved: _resolved,
    ev.ItemGained: lambda p, e: p.seats[e.investigator].items.__setitem__(
        e.item, (e.uses, e.place)
    ),
    ev.ItemUsed: _used,
    ev.ItemMoved: _item_moved,
    ev.ItemLost: lambda p, e: p.seats[e.investigator].items.pop(e.item),
    ev.ScenarioEnded: lambda p, e: setattr(p, "ended", e.why),
    LogEntryRecorded: lambda p, e: p.log.setdefault(e.section, {}).__setitem__(e.entry, False),
    LogEntryCrossedOut: lambda p, e: p.log.setdefault(e.section, {}).__setitem__(e.entry, True),
    CounterChanged: lambda p, e: p.counters.__setitem__(e.counter, e.after),
    ev.LocationTokensChanged: lambda p, e: p.location_tokens.setdefault(e.location, {}).__setitem__(
        e.token, e.after
    ),
}


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drawn=RANDOM_GAMES)
def test_replaying_a_games_events_rebuilds_what_its_sheet_shows(
    core: Core,
    tales: dict[str, Tale],
    drawn: RandomGame,
) -> None:
    tale = tales[drawn.tale]
    setup = drawn.setup(tale)
    laid = set_up(core, tale, setup)
    start = picture(laid.table, laid.book.state)
    game = begin_game(tale, setup, laid)
    live = replay(copy.deepcopy(start), game.events)  # the opening, up to the first decision
    assert tidy(live) == picture(game.table, game.book.state)
    bot, rng = drawn.bot()
    for _ in range(MAX_INPUTS):
        if game.pending is None:
            break
        events = game.push(bot(game.pending, game.view, rng))
        assert tidy(replay(live, events)) == picture(game.table, game.book.state), events
    assert tidy(replay(start, game.events)) == picture(game.table, game.book.state)
