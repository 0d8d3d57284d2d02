"""What a scenario prints: its map, Event board, encounters and exploration
table, as immutable values. The storybook loader builds these; the rules read
them. Paragraph numbers are what a paper storybook prints ("read 172")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from tales.rules.items import ItemCard
from tales.rules.terms import Attribute, EventSymbol, StatusCardKind

DIFFICULTIES = ("easy", "standard", "hard")


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class Threshold:
    """Rulebook: "If this token completes a condition on the current space of the Event
    track, read the corresponding narrative." ``spaces`` empty: any space."""

    symbol: EventSymbol
    count: int
    paragraph: int
    spaces: frozenset[int] = frozenset()
    difficulties: frozenset[str] = frozenset()  # empty: every difficulty


@dataclass(frozen=True, slots=True)
class EventBoard:
    """The time track (a narrative per space, 1-based), token thresholds, the
    starting space per difficulty and the instructions on a death."""

    spaces: tuple[int | None, ...]
    thresholds: tuple[Threshold, ...] = ()
    start: Mapping[str, int] = field(default_factory=lambda: {"standard": 1})
    death: int | None = None

    def narrative_at(self, space: int) -> int | None:
        return self.spaces[space - 1] if 1 <= space <= len(self.spaces) else None


@dataclass(frozen=True, slots=True)
class Enemy:
    slug: str
    name: str
    wounds: int  # Damage to deal on the Combat path
    stratagem: Attribute  # the Stratagem path's attribute
    successes: int  # successes to achieve on the Stratagem path
    attacks: tuple[tuple[StatusCardKind, int], ...] = ()  # status cards it inflicts


@dataclass(frozen=True, slots=True)
class Encounter:
    """An Encounter card: its enemy and the narratives of its stages."""

    slug: str
    name: str
    enemy: Enemy
    defeated: int | None = None  # read at once when every spot is covered
    round_end: int | None = None  # read at the end of a round otherwise


@dataclass(frozen=True, slots=True)
class ExplorationTable:
    """Points per element found, and the points that make 100%."""

    points: Mapping[str, int]
    full: int


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    title: str
    locations: Mapping[str, Location]
    start: str
    revealed: frozenset[str]
    board: EventBoard
    encounters: Mapping[str, Encounter] = field(default_factory=dict)
    items: Mapping[str, ItemCard] = field(default_factory=dict)
    exploration: ExplorationTable = field(
        default_factory=lambda: ExplorationTable({"survivor": 1}, 4)
    )
