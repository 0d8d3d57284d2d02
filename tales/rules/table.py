"""The table: everything in play, as one mutable state the procedures change.

Procedures change the table and record events on its sink; the random
generator lives here so that every roll and shuffle of a game comes from the
one seeded stream, in input order.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tales.errors import RulesError
from tales.rules.automation import Automation
from tales.rules.decisions import EventSink
from tales.rules.dice import DiceSet
from tales.rules.events import Event
from tales.rules.investigators import Investigator
from tales.rules.rulings import Rulings
from tales.rules.scenario import Scenario, Threshold
from tales.rules.supply import Supply
from tales.rules.terms import EventSymbol, StatusCardKind

if TYPE_CHECKING:
    from tales.rules.cards import Card
    from tales.rules.encounters import EncounterState
    from tales.rules.group import GroupState
    from tales.rules.options import PayCard, ReturnCard
    from tales.rules.own_activities import KeptActivities
    from tales.rules.paths import MapFacts
    from tales.rules.prisoners import PrisonerState
    from tales.rules.vehicles import VehicleState

# A narrative due: (paragraph, why) or (paragraph, why, encounter location).
Due = tuple[int, str] | tuple[int, str, str]


@dataclass
class Table:
    investigators: dict[str, Investigator]
    supply: Supply
    dice: DiceSet
    rng: random.Random
    rulings: Rulings  # a game always has the rulings of the data file, never silent defaults
    # The game's seed. Every round after the first draws from a stream seeded
    # by it and the round number, so a round-end save sheet needs only this
    # number to go on exactly as the game would have (see docs/saves.md).
    seed: int = 0
    event_tokens: Counter[EventSymbol] = field(default_factory=Counter)
    keywords: set[str] = field(default_factory=set)  # the Keyword sheet
    # Those of them a scenario marked from the campaign log (``carry_keyword``).
    carried_keywords: set[str] = field(default_factory=set)
    sink: EventSink = field(default_factory=EventSink, compare=False)
    # The scenario in play; a bare table (tests, odds) has none.
    scenario: Scenario | None = None
    difficulty: str = "standard"
    round: int = 1
    time: int = 1  # the Event board's time marker, 1-based
    revealed: set[str] = field(default_factory=set)
    # Locations whose entering narrative (``Location.on_enter``) is read or
    # due: location -> the investigator who first stood there ("" if unknown).
    entered: dict[str, str] = field(default_factory=dict)
    encounters: dict[str, EncounterState] = field(default_factory=dict)  # by location
    fired: set[Threshold] = field(default_factory=set)  # threshold narratives already read
    found: dict[str, set[str]] = field(default_factory=dict)  # exploration elements by kind
    # Tokens on Location cards (a flood level...): location -> token -> count.
    location_tokens: dict[str, dict[str, int]] = field(default_factory=dict)
    # Narratives due once the current activity is fully resolved (ruling
    # ``narrative-timing``): (paragraph, why), and an encounter's own narrative
    # with its location as a third item.
    to_read: list[Due] = field(default_factory=list)
    ended: str = ""  # why the scenario ended; empty while it goes on
    # Barriers left on connections, by the connection's two locations in
    # alphabetical order (tales.rules.paths); a connection with none is open.
    barriers: dict[tuple[str, str], int] = field(default_factory=dict)
    vehicles: dict[str, VehicleState] = field(default_factory=dict)  # by vehicle slug
    # Per-investigator marks and counters (a diving suit, trauma): slug -> name -> count.
    marks: dict[str, dict[str, int]] = field(default_factory=dict)
    prisoners: dict[str, PrisonerState] = field(default_factory=dict)  # by prisoner slug
    group: GroupState | None = None  # the Group token, in a scenario that has one
    # Who rolls the dice and draws the cards: the program, or the players.
    automation: Automation = field(default_factory=Automation)
    # Distances between locations, by (origin, revealed count): locations are
    # only ever revealed, never hidden again, so the count dates the map.
    distance_cache: dict[tuple[str, int], dict[str, int]] = field(
        default_factory=dict, compare=False, repr=False
    )
    # The map's cards in play and walks, worked out once (tales.rules.paths).
    map_facts: MapFacts | None = field(default=None, compare=False, repr=False)
    # Ability options already made, by (user, target) slug (tales.rules.abilities):
    # an option is a value and its label is fixed by the two sheets, so the one
    # made at the first decision that offered it serves every later one.
    ability_offers: dict[tuple[str, str], Any] = field(
        default_factory=dict, compare=False, repr=False
    )
    # The last listing outside a test, with everything it was read from.
    ability_listing: tuple[tuple[Any, ...], tuple[Any, ...]] | None = field(
        default=None, compare=False, repr=False
    )
    # The option to discard each Action card, by card id, with the card (tales.rules.activities).
    pay_offers: dict[str, tuple[Card, PayCard]] = field(
        default_factory=dict, compare=False, repr=False
    )
    # The option to shuffle each card back at the end of a round, the same way (tales.rules.round).
    return_offers: dict[str, tuple[Card, ReturnCard]] = field(
        default_factory=dict, compare=False, repr=False
    )
    # The rules' own activity options already made (tales.rules.own_activities),
    # by their class, fields and whatever else their label says: a listing made
    # anew offers the very values it offered before, and writes no label twice.
    own_offers: dict[tuple[Any, ...], Any] = field(default_factory=dict, compare=False, repr=False)
    # Each investigator's own activities at the last activity decision, kept
    # with what they were read from (tales.rules.own_activities).
    kept_activities: KeptActivities | None = field(default=None, compare=False, repr=False)

    def reseed_for_round(self) -> None:
        """Start the random stream of the current round."""
        self.rng.seed(round_seed(self.seed, self.round))

    def emit(self, event: Event) -> None:
        self.sink.emit(event)

    def investigator(self, slug: str) -> Investigator:
        try:
            return self.investigators[slug]
        except KeyError:
            names = ", ".join(self.investigators)
            raise RulesError(f"no investigator {slug!r} at the table; there are {names}") from None

    def players(self) -> list[Investigator]:
        """Investigators controlled by a player and still alive (``active``,
        spelt out: asked several times a decision)."""
        return [i for i in self.investigators.values() if not i.dead and not i.companion]

    def companions(self) -> list[Investigator]:
        return [i for i in self.investigators.values() if i.companion]

    def together(self, a: Investigator, b: Investigator) -> bool:
        """Whether ``b`` is with ``a``: companions are present everywhere."""
        if b.companion or a.companion:
            return True
        return a.location == b.location

    def keyword_validated(self, keyword: str) -> bool:
        """On the Keyword sheet, or a companion's own keyword ("The keyword SEA
        is also counted as validated")."""
        return keyword in self.keywords or any(
            i.companion and i.sheet.keyword == keyword for i in self.investigators.values()
        )

    def read_later(self, paragraph: int | None, why: str, at: str | None = None) -> None:
        """Queue a narrative; ``at`` is the location of the encounter it belongs to."""
        if paragraph is not None:
            self.to_read.append((paragraph, why) if at is None else (paragraph, why, at))

    def _escorted_to(self, escort: str | None) -> str | None:
        return self.investigators[escort].location if escort in self.investigators else None

    def snapshot(self) -> dict[str, Any]:
        """A plain-data picture of the whole state, for comparing games."""
        return {
            "investigators": {
                slug: {
                    "tracks": (inv.vitality, inv.sanity, inv.energy, inv.magic),
                    "deck": [c.id for c in inv.deck],
                    "hand": [c.id for c in inv.hand],
                    "play_area": [c.id for c in inv.play_area],
                    "discard": [c.id for c in inv.discard],
                    "tokens": dict(sorted((t.value, n) for t, n in inv.tokens.items() if n)),
                    "location": inv.location,
                    "markers_used": sorted(inv.markers_used),
                    "dead": inv.dead,
                    "bonus": (inv.bonus_white_dice, inv.shatters_count_next_test),
                    "items": [(i.slug, i.uses, i.place) for i in inv.items],
                }
                for slug, inv in self.investigators.items()
            },
            "supply": {
                "status_cards": {k.value: len(v) for k, v in self.supply.status_cards.items()},
                "status_tokens": dict(
                    sorted((t.value, n) for t, n in self.supply.status_tokens.items())
                ),
                "event_tokens": dict(
                    sorted((t.value, n) for t, n in self.supply.event_tokens.items())
                ),
            },
            "event_tokens": dict(sorted((t.value, n) for t, n in self.event_tokens.items() if n)),
            "keywords": sorted(self.keywords),
            **(
                {"carried_keywords": sorted(self.carried_keywords)} if self.carried_keywords else {}
            ),
            "scenario": (self.round, self.time, sorted(self.revealed), self.ended),
            "encounters": {
                where: (e.encounter.slug, e.path, e.tokens) for where, e in self.encounters.items()
            },
            "fired": sorted((t.symbol.value, t.count, t.paragraph) for t in self.fired),
            "found": {kind: sorted(ids) for kind, ids in sorted(self.found.items())},
            "location_tokens": {
                p: dict(sorted(t.items())) for p, t in self.location_tokens.items()
            },
            "to_read": list(self.to_read),
            "barriers": sorted((*edge, n) for edge, n in self.barriers.items()),
            "vehicles": {v: (s.at, tuple(s.aboard), s.driver) for v, s in self.vehicles.items()},
            "marks": {i: dict(sorted(m.items())) for i, m in sorted(self.marks.items()) if m},
            # Where each prisoner is (with the escort, if any), as prisoner_at
            # says: the spot an escorted one was freed at is never read again,
            # and no sheet writes it.
            "prisoners": {
                p: (self._escorted_to(s.escort) or s.at, s.escort, s.fate)
                for p, s in sorted(self.prisoners.items())
            },
            "group": (self.group.at, self.group.hidden) if self.group else None,
            "markers": (self.supply.use_markers, self.supply.encounter_tokens),
            "rng": hash(self.rng.getstate()),
            "seed": self.seed,
        }


def round_seed(seed: int, round_number: int) -> int:
    """The seed of a round's random stream: a fixed mix of the game's seed
    and the round, the same on every machine and Python version."""
    return (seed * 1_000_003 + round_number * 7_919) % 2**61


def panicked(inv: Investigator) -> bool:
    """A PANIC card in the play area: no help given or received this round."""
    return any(c.status is StatusCardKind.PANIC for c in inv.play_area)
