"""Investigators: their printed board (a sheet) and their state in play.

An investigator controlled by nobody is a Companion: no deck, no standee, no
statuses, four markers to spend each round and MAGIC anyone may use.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from tales.records import record
from tales.rules.cards import Card
from tales.rules.items import HeldItem
from tales.rules.terms import Attribute, StatusToken, Track

HAND_LIMIT = 5  # "Unless stated otherwise, each round begins with drawing up to 5 cards."
ACTION_MARKER = "action"
# A Companion side's marker names, action marker first, by its three attributes.
_MARKER_NAMES: dict[tuple[Attribute, ...], tuple[str, ...]] = {}


@record
class InvestigatorSheet:
    """What an investigator board prints: both sides."""

    slug: str
    name: str
    keyword: str
    maxima: Mapping[Track, int]
    ability: str
    deck: tuple[Card, ...]
    companion_markers: tuple[Attribute, ...]
    starting_item: str = ""
    biography: str = ""
    ability_effect: str = ""  # one of tales.rules.abilities.EFFECTS

    def __post_init__(self) -> None:
        if len(set(self.companion_markers)) != 3:
            raise ValueError(
                f"{self.name} needs 3 different attribute markers on the Companion side, "
                f"not {[a.value for a in self.companion_markers]!r}"
            )


@dataclass
class Investigator:
    """An investigator's state in play. Cards move between the lists; the
    top of ``deck`` is its last element."""

    sheet: InvestigatorSheet
    vitality: int
    sanity: int
    energy: int
    magic: int
    companion: bool = False
    deck: list[Card] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    play_area: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    tokens: Counter[StatusToken] = field(default_factory=Counter)
    location: str | None = None
    items: list[HeldItem] = field(default_factory=list)
    markers_used: set[str] = field(default_factory=set)
    dead: bool = False
    # A dead investigator's own cards, out of the game (ruling ``dead-leave-the-table``).
    set_aside: list[Card] = field(default_factory=list)
    # Effects of abilities that wait for the next test.
    bonus_white_dice: int = 0
    shatters_count_next_test: bool = False

    @classmethod
    def fresh(cls, sheet: InvestigatorSheet, *, companion: bool = False) -> Investigator:
        """Tracks and tokens at their maxima, as at setup."""
        m = sheet.maxima
        return cls(
            sheet,
            vitality=m[Track.VITALITY],
            sanity=m[Track.SANITY],
            energy=m[Track.ENERGY],
            magic=m[Track.MAGIC],
            companion=companion,
            deck=[] if companion else list(sheet.deck),
        )

    @property
    def slug(self) -> str:
        return self.sheet.slug

    @property
    def name(self) -> str:
        return self.sheet.name

    @property
    def active(self) -> bool:
        """Alive and controlled by a player."""
        return not self.dead and not self.companion

    def track(self, track: Track) -> int:
        return int(getattr(self, track.value.lower()))

    def set_track(self, track: Track, value: int) -> None:
        """Set a track, kept within 0 and its maximum (ruling ``tracks-capped``)."""
        value = max(0, min(value, self.sheet.maxima[track]))
        setattr(self, track.value.lower(), value)

    def has_token(self, token: StatusToken) -> bool:
        return self.tokens[token] > 0

    def markers_left(self) -> list[str]:
        """Unused Companion markers: the action marker and three attributes."""
        markers = self.sheet.companion_markers
        names = _MARKER_NAMES.get(markers)
        if names is None:  # asked at every option list: the names are written once
            names = _MARKER_NAMES[markers] = (ACTION_MARKER, *(a.value for a in markers))
        used = self.markers_used
        return [n for n in names if n not in used] if used else list(names)

    def item(self, slug: str) -> HeldItem | None:
        return next((i for i in self.items if i.slug == slug), None)

    def all_cards(self) -> list[Card]:
        return [*self.deck, *self.hand, *self.play_area, *self.discard]
