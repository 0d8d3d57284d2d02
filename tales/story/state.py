"""What the story remembers beyond the table, and the one place it changes.

The campaign log and the counters are the story's to keep (an interlude has
them with no table in play), so they live here rather than in the rules;
every change to them goes through a function below that tells it as a
frozen event, like the rules' own changes.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from tales.records import record
from tales.rules.decisions import EventSink
from tales.rules.events import Event


@dataclass
class StoryState:
    """What the story remembers beyond the table."""

    visited: set[int] = field(default_factory=set)
    scenes: dict[str, int] = field(default_factory=dict)  # location -> scene paragraph
    taken: set[tuple[int, int]] = field(default_factory=set)  # once-options: (paragraph, index)
    # Test options tried: (paragraph, index, investigator) -> the round of the try.
    tried: dict[tuple[int, int, str], int] = field(default_factory=dict)
    log: dict[str, dict[str, bool]] = field(default_factory=dict)  # section -> entry -> crossed out
    counters: dict[str, int] = field(default_factory=dict)
    last_actor: str | None = None
    lost: bool = False  # ``lose_campaign``: the investigators lose the campaign
    # ``shuffle``: each shuffled set's items in the order drawn from the seed.
    shuffles: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def spent(self, scene: int, index: int, option: Any, table: Any) -> bool:
        """A ``once_a_round`` option already taken by anyone this round."""
        used = self.tried.get((scene, index, ROUND_TRY))
        return bool(option.once_a_round) and used == table.round

    def spend(self, scene: int, index: int, option: Any, table: Any) -> None:
        if option.once_a_round:
            self.tried[(scene, index, ROUND_TRY)] = table.round


# The key of a once-a-round option's use in ``tried``: no investigator has this slug.
ROUND_TRY = "(the round's use)"


def campaign_context(state: StoryState) -> dict[str, Any]:
    """The part of the vocabulary that exists between scenarios."""
    # Read live (state.log, not a copy of it): a vocabulary is kept across questions.
    return {
        "log": lambda section, entry: state.log.get(section, {}).get(entry) is False,
        "crossed_out": lambda section, entry: state.log.get(section, {}).get(entry) is True,
        # entries("fates") == 0: the section is empty (crossed-out entries do not count)
        "entries": lambda section: sum(not out for out in state.log.get(section, {}).values()),
        "counter": lambda name: state.counters.get(name, 0),
        "visited": lambda number: number in state.visited,
        # position("keys", "silver-key"): its place (from 1) in the shuffled set, 0 if none
        "position": lambda name, item: _position(state.shuffles.get(name, ()), item),
    }


def _position(order: tuple[str, ...], item: str) -> int:
    return order.index(item) + 1 if item in order else 0


@record
class LogEntryRecorded(Event):
    section: str
    entry: str


@record
class LogEntryCrossedOut(Event):
    section: str
    entry: str


@record
class CounterNotSet(Event):
    """A ``set_counter`` expression that failed in play (a storybook bug)."""

    counter: str
    message: str


@record
class CounterChanged(Event):
    counter: str
    before: int
    after: int


def record_entry(state: StoryState, sink: EventSink, section: str, entry: str) -> None:
    """Write an entry in a section of the campaign log (again: it stands again)."""
    entries = state.log.setdefault(section, {})
    if entries.get(entry) is not False:
        entries[entry] = False
        sink.emit(LogEntryRecorded(section, entry))


def cross_out_entry(state: StoryState, sink: EventSink, section: str, entry: str) -> None:
    """Cross out an entry; one never written is written crossed out."""
    entries = state.log.setdefault(section, {})
    if entries.get(entry) is not True:
        entries[entry] = True
        sink.emit(LogEntryCrossedOut(section, entry))


def change_counter(state: StoryState, sink: EventSink, counter: str, by: int) -> None:
    before = state.counters.get(counter, 0)
    state.counters[counter] = before + by
    if by:
        sink.emit(_counter_changed(counter, before, before + by))


@functools.lru_cache(maxsize=4096)
def _counter_changed(counter: str, before: int, after: int) -> CounterChanged:
    """The event of a counter changed: a frozen value, made once for every
    game that counts the same way (a bench walk is a game)."""
    return CounterChanged(counter, before, after)


@record
class CampaignLost(Event):
    """ "The investigators lose the campaign": its own ending, no scenario follows."""


@record
class SetShuffled(Event):
    """A shuffled set laid out in the order the game's seed drew."""

    name: str
    order: tuple[str, ...]


def lose_campaign(state: StoryState, sink: EventSink) -> None:
    if not state.lost:
        state.lost = True
        sink.emit(CampaignLost())


def shuffle_set(state: StoryState, sink: EventSink, name: str, order: tuple[str, ...]) -> None:
    """Lay out a shuffled set once: a set already laid out keeps its order."""
    if name not in state.shuffles:
        state.shuffles[name] = order
        sink.emit(SetShuffled(name, order))


TEAM_TRY = "*team*"  # not an investigator slug (slugs are lower-case words)


def trier(investigator: str, team: bool) -> str:
    """Whose try a test option uses up (ruling ``test-once-a-round``): a Team
    test is the team's, so no other member may start it again that round."""
    return TEAM_TRY if team else investigator
