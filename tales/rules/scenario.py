"""What a scenario prints: its map, Event board, encounters and exploration
table, as immutable values. The storybook loader builds these; the rules read
them. Paragraph numbers are what a paper storybook prints ("read 172")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field

from tales.records import record
from tales.rules.items import ItemCard
from tales.rules.terms import Attribute, EventSymbol, StatusCardKind

DIFFICULTIES = ("easy", "standard", "hard")


@record
class Location:
    """One Location card. Cards of one area are still different locations."""

    slug: str
    name: str
    area: str
    adjacent: frozenset[str] = frozenset()
    paragraph: int | None = None  # its scene: read when the card is revealed
    # Read when an investigator first stands on it (``on_enter``): what is met
    # inside, where the scene is what is seen of it from outside.
    on_enter: int | None = None
    # Connections that are no walk: crossed only aboard a vehicle, or only
    # when the story moves someone (symmetric, like ``adjacent``).
    by_vehicle: frozenset[str] = frozenset()
    by_story: frozenset[str] = frozenset()
    only_with: int = 0  # the card is in play only with this many players or more


@record
class Barrier:
    """Barriers laid across the connection of two locations at the start: no
    one crosses while any is left ("a locked floor", "two barriers")."""

    between: tuple[str, str]
    count: int = 1


@record
class Prisoner:
    """A Prisoner marker: someone held on the map whom the team may free,
    escort to safety or lose; each fate is written in the campaign log
    section ``log`` as ``<slug>-<fate>``."""

    slug: str
    name: str
    at: str
    log: str


@record
class Vehicle:
    """A vehicle on the map: its seats, where it stands at the start, and
    whether those aboard may still walk off on their own."""

    slug: str
    name: str
    start: str
    seats: int = 1
    independent: bool = False  # False: "cannot move independently" while aboard


@record
class Threshold:
    """Rulebook: "If this token completes a condition on the current space of the Event
    track, read the corresponding narrative." ``spaces`` empty: any space."""

    symbol: EventSymbol
    count: int
    paragraph: int
    spaces: frozenset[int] = frozenset()
    difficulties: frozenset[str] = frozenset()  # empty: every difficulty

    def applies_at(self, difficulty: str) -> bool:
        """Whether the board holds this threshold at ``difficulty``."""
        return not self.difficulties or difficulty in self.difficulties


@record
class EventBoard:
    """The time track (a narrative per space, 1-based), token thresholds, the
    starting space per difficulty and the instructions on a death."""

    spaces: tuple[int | None, ...]
    thresholds: tuple[Threshold, ...] = ()
    start: Mapping[str, int] = field(default_factory=lambda: {"standard": 1})
    death: int | None = None

    def narrative_at(self, space: int) -> int | None:
        return self.spaces[space - 1] if 1 <= space <= len(self.spaces) else None


@record
class Enemy:
    slug: str
    name: str
    wounds: int  # Damage to deal on the Combat path
    stratagem: Attribute  # the Stratagem path's attribute
    successes: int  # successes to achieve on the Stratagem path
    attacks: tuple[tuple[StatusCardKind, int], ...] = ()  # status cards it inflicts


@record
class Encounter:
    """An Encounter card: its enemy and the narratives of its stages."""

    slug: str
    name: str
    enemy: Enemy
    defeated: int | None = None  # read at once when every spot is covered
    round_end: int | None = None  # read at the end of a round otherwise


@record
class ExplorationTable:
    """Points per element found, and the points that make 100%."""

    points: Mapping[str, int]
    full: int


@record
class Scenario:
    id: str
    title: str
    locations: Mapping[str, Location]
    start: str
    revealed: tuple[str, ...]  # as the setup lists them: their scenes are read in this order
    board: EventBoard
    encounters: Mapping[str, Encounter] = field(default_factory=dict)
    items: Mapping[str, ItemCard] = field(default_factory=dict)
    exploration: ExplorationTable = field(
        default_factory=lambda: ExplorationTable({"survivor": 1}, 4)
    )
    barriers: tuple[Barrier, ...] = ()  # laid at the start
    vehicles: Mapping[str, Vehicle] = field(default_factory=dict)
    prisoners: Mapping[str, Prisoner] = field(default_factory=dict)
    investigation_tokens: int = 0  # the supply the team places on locations to search them
    group: str | None = None  # a Group token's starting location: the team moves as one body
