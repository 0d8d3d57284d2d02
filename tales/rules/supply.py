"""The general supply: the limited pools of status cards and tokens.

"Components Golden Rule: If during your adventure the Resource Pool of any
component won't allow you to get that specific component, you just continue
the game without it." Taking from an empty pool therefore gives ``None`` or
``False``, never an error.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from tales.records import record
from tales.rules.cards import Card, heroism_card, status_card
from tales.rules.terms import EventSymbol, StatusCardKind, StatusToken

# A card is an immutable value: every table's supply holds the same ones
# (each table still has each card in one zone), made once per process.
_status_card = functools.lru_cache(maxsize=1024)(status_card)


@record
class SupplyCounts:
    """What the box holds (``storybooks/core/supply.yaml``)."""

    status_cards: Mapping[StatusCardKind, int]
    status_tokens: Mapping[StatusToken, int]
    event_tokens: Mapping[EventSymbol, int]
    heroism_cards: int = 4
    use_markers: int = 32  # "32 Item use markers"
    encounter_tokens: int = 8  # "8 Encounter tokens"


@dataclass
class Supply:
    """Status cards as physical cards (so each card is always in one zone),
    tokens as counts."""

    status_cards: dict[StatusCardKind, list[Card]]
    status_tokens: Counter[StatusToken]
    event_tokens: Counter[EventSymbol]
    heroism_cards: list[Card] = field(default_factory=list)
    use_markers: int = 32
    encounter_tokens: int = 8

    @classmethod
    def full(cls, counts: SupplyCounts) -> Supply:
        piles, heroism_pile = _piles(counts)
        cards = {kind: list(pile) for kind, pile in piles.items()}
        heroism = list(heroism_pile)
        return cls(
            cards,
            Counter(counts.status_tokens),
            Counter(counts.event_tokens),
            heroism,
            counts.use_markers,
            counts.encounter_tokens,
        )

    def take_status_card(self, kind: StatusCardKind) -> Card | None:
        pool = self.status_cards[kind]
        return pool.pop() if pool else None

    def take_heroism_card(self) -> Card | None:
        return self.heroism_cards.pop() if self.heroism_cards else None

    def return_card(self, card: Card) -> None:
        if card.status is None:
            raise ValueError(f"only status cards go back to the supply, not {card.id!r}")
        self.status_cards[card.status].append(card)

    def take_token(self, token: StatusToken) -> bool:
        if self.status_tokens[token] <= 0:
            return False
        self.status_tokens[token] -= 1
        return True

    def return_token(self, token: StatusToken) -> None:
        self.status_tokens[token] += 1

    def take_use_markers(self, wanted: int) -> int:
        """As many use markers as are left, up to ``wanted``."""
        taken = min(wanted, self.use_markers)
        self.use_markers -= taken
        return taken

    def take_encounter_tokens(self, wanted: int) -> int:
        taken = min(wanted, self.encounter_tokens)
        self.encounter_tokens -= taken
        return taken

    def take_event_token(self, symbol: EventSymbol) -> bool:
        if self.event_tokens[symbol] <= 0:
            return False
        self.event_tokens[symbol] -= 1
        return True


# The box's piles of cards, in their order, once per SupplyCounts: the cards
# are immutable values (see _status_card), so each new table copies the
# piles by reference instead of making every card again. Keyed by identity
# (the counts hold dicts, so they do not hash); the counts are kept with
# their piles, so an id is never reused while it is a key.
_Piles = tuple[dict[StatusCardKind, tuple[Card, ...]], tuple[Card, ...]]
_PILES: dict[int, tuple[SupplyCounts, _Piles]] = {}


def _piles(counts: SupplyCounts) -> _Piles:
    known = _PILES.get(id(counts))
    if known is not None and known[0] is counts:
        return known[1]
    piles = {
        kind: tuple(_status_card(kind, n) for n in range(counts.status_cards.get(kind, 0), 0, -1))
        for kind in StatusCardKind
    }
    heroism = tuple(heroism_card(n) for n in range(counts.heroism_cards, 0, -1))
    if len(_PILES) >= 16:  # tests make many boxes; a program has one or two
        _PILES.clear()
    _PILES[id(counts)] = (counts, (piles, heroism))
    return piles, heroism
