"""Setting the table again from a save sheet, as the rulebook does it:
"When setting up the game again, just follow the Save sheet and pass out
Character cards."

Every field is checked first and every problem reported together. A sheet
with its ``digital`` part is restored exactly (deck order, the storybook's
memory); a sheet typed in from a paper game is completed by the rulings
named here (``storybooks/core/rulings.yaml``), with a fresh seed.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tales.problems import did_you_mean
from tales.rules.cards import Card, CardKind
from tales.rules.investigators import Investigator, InvestigatorSheet
from tales.rules.items import BACKPACK, HAND, HeldItem, ItemCard
from tales.rules.setup import TEAM_SIZE
from tales.rules.supply import Supply
from tales.rules.table import Table
from tales.rules.terms import StatusCardKind, StatusToken, Track
from tales.saves.fields import Fields
from tales.saves.map_sheet import MAP_FIELDS, misplaced_pieces, restore_map
from tales.saves.restore_world import WorldRestorer
from tales.saves.sheet import HEROISM
from tales.saves.sheet_fields import (
    carried_in,
    fallen_of,
    read_difficulty,
    read_rulings,
    read_table,
    shuffles_of,
)
from tales.story.core import Core
from tales.story.interpreter import Book
from tales.story.model import ScenarioBook, Tale
from tales.story.state import StoryState
from tales.story.yamlio import describe, is_whole

PAPER_FIELDS = (
    "format_version", "session", "saved", "tale", "scenario", "difficulty", "round", "time",
    "event_tokens", "revealed", "notes", "players", "companions", "keywords", "found",
    "encounters", *MAP_FIELDS, "campaign", "read", "digital", "rulings",
    "at_the_table", "timer",
)  # fmt: skip
PLAYER_FIELDS = (
    "location", "VITALITY", "SANITY", "ENERGY", "MAGIC", "status_cards", "items", "in_hands",
    "status_tokens", "special_cards", "clues", "dead",
)  # fmt: skip
# Where a character's cards lie, each a digital field: slug -> card ids.
PILES = ("decks", "hands", "discards", "play_areas")
DIGITAL_FIELDS = (
    "seed", "content", *PILES, "supply", "waiting", "fired", "visited", "scenes", "taken",
    "last_actor", "carried_keywords",
)  # fmt: skip


@dataclass
class Restored:
    """A table and a storybook at the start of a round, ready to play on."""

    table: Table
    book: Book
    players: tuple[str, ...]
    companions: tuple[str, ...]
    seed: int
    exact: bool  # restored from a digital sheet, not completed by rulings
    notes: list[str] = field(default_factory=list)  # what the rulings filled in


def restore(
    data: dict[Any, Any], fields: Fields, core: Core, tale: Tale, *, fresh_seed: int
) -> Restored | None:
    """The game the sheet describes, or None with ``fields.problems`` saying why."""
    return _Restorer(data, fields, core, tale, fresh_seed).run()


class _Restorer(WorldRestorer):
    def __init__(
        self, data: dict[Any, Any], fields: Fields, core: Core, tale: Tale, fresh_seed: int
    ) -> None:
        self.data, self.f, self.core, self.tale = data, fields, core, tale
        self.book: ScenarioBook = tale.scenarios[str(data["scenario"])]
        self.scenario = self.book.scenario
        self.carried_in = carried_in(data, core, tale)
        digital = data.get("digital")
        self.digital: dict[Any, Any] = digital if isinstance(digital, dict) else {}
        self.exact = "decks" in self.digital
        seed = self.digital.get("seed")
        self.seed = seed if is_whole(seed) else fresh_seed
        self.notes: list[str] = []

    # The whole sheet ----------------------------------------------------------------

    def run(self) -> Restored | None:
        f, data = self.f, self.data
        f.only(data, PAPER_FIELDS, "")
        if data.get("digital") is not None and not isinstance(data["digital"], dict):
            f.problem(f.at(data, "digital"), "digital", "expected a mapping (or no digital part)")
        if isinstance(self.digital, dict) and self.digital:
            f.only(self.digital, (*DIGITAL_FIELDS, *MAP_FIELDS), "digital")
            misplaced_pieces(f, data, self.digital)
        difficulty = read_difficulty(data, f, self.scenario)
        rounds = f.get(data, "round", int, "")
        if rounds is not None and rounds < 0:
            f.problem(f.at(data, "round"), "round", f"{rounds} is below 0: the round just played")
            rounds = None
        players = self._team("players", companions=False)
        companions = self._team("companions", companions=True)
        if players is not None and companions is not None:
            self._check_team_size(players, companions)
        if f.problems or difficulty is None or rounds is None or players is None:
            return None
        if companions is None:
            return None
        table = Table(
            {},
            Supply.full(self.core.supply),
            self.core.dice,
            random.Random(),
            self.core.rulings.overriding(read_rulings(data, f, self.core.rulings)),
            seed=self.seed,
            scenario=self.scenario,
            difficulty=difficulty,
            round=rounds + 1,  # the sheet names the round just played
        )
        table.reseed_for_round()
        table.automation = read_table(data, f)
        for sheet, entry in players:
            table.investigators[sheet.slug] = self._player(table, sheet, entry)
        for sheet, entry in companions:
            table.investigators[sheet.slug] = self._companion(sheet, entry)
        self._board(table, difficulty, rounds)
        state = self._story(table)
        restore_map(f, data, table, self.book)
        self._encounters(table)
        self._supply(table)
        if f.problems:
            return None
        # The deal of a paper sheet drew on the round's stream: start it afresh,
        # as a digital sheet of this moment will when it is loaded.
        table.reseed_for_round()
        book = self._book(state)
        return Restored(
            table,
            book,
            tuple(s.slug for s, _ in players),
            tuple(s.slug for s, _ in companions),
            self.seed,
            self.exact,
            self.notes,
        )

    def _book(self, state: StoryState) -> Book:
        """The storybook bound again, with what the campaign brought into it."""
        data = self.data
        book = Book(self.book, state)
        campaign = data.get("campaign")
        points = campaign.get("points") if isinstance(campaign, dict) else None
        if is_whole(points) and points >= 0:
            book.carried_points, book.continues_campaign = points, True
        book.fallen = fallen_of(data, self.core)
        book.carried_in = tuple(sorted(self.carried_in))
        book.state.shuffles = shuffles_of(data)
        return book

    # The team -----------------------------------------------------------------------

    def _team(
        self, key: str, *, companions: bool
    ) -> list[tuple[InvestigatorSheet, dict[Any, Any]]] | None:
        f, data = self.f, self.data
        entries = data.get(key, {} if companions else None)
        if entries is None and companions:
            entries = {}
        if not isinstance(entries, dict):
            where = f.at(data, key)
            f.problem(
                where, key, f"expected a mapping of character names, found {describe(entries)}"
            )
            return None
        chosen = []
        for name, entry in entries.items():
            path = f"{key}.{name}"
            sheet = self._character(str(name), f.at(entries, name), path)
            if not isinstance(entry, dict):
                f.problem(f.at(entries, name), path, f"expected a mapping, found {describe(entry)}")
                continue
            if sheet is not None:
                chosen.append((sheet, entry))
        return chosen

    def _character(self, name: str, where: tuple[int, int], path: str) -> InvestigatorSheet | None:
        wanted = name.strip().lower()
        for sheet in self.core.investigators.values():
            if wanted in (sheet.slug, sheet.name.lower()):
                return sheet
        names = [s.name for s in self.core.investigators.values()]
        self.f.problem(where, path, f"there is no character {name!r}{did_you_mean(name, names)}")
        return None

    def _check_team_size(
        self,
        players: list[tuple[InvestigatorSheet, Any]],
        companions: list[tuple[InvestigatorSheet, Any]],
    ) -> None:
        slugs = [s.slug for s, _ in players + companions]
        twice = sorted({s for s in slugs if slugs.count(s) > 1})
        if twice:
            self.f.problem((1, 1), "players", f"{twice[0]} is on the sheet twice")
        if not 1 <= len(players) <= TEAM_SIZE or len(slugs) != TEAM_SIZE:
            self.f.problem(
                self.f.at(self.data, "players"),
                "players",
                f"the team is always {TEAM_SIZE} characters, players and Companions together; "
                f"this sheet has {len(players)} players and {len(companions)} Companions",
            )

    def _player(
        self, table: Table, sheet: InvestigatorSheet, entry: dict[Any, Any]
    ) -> Investigator:
        f, path = self.f, f"players.{sheet.name}"
        f.only(entry, PLAYER_FIELDS, path)
        inv = Investigator.fresh(sheet)
        self._tracks(inv, entry, path, tuple(Track))
        dead = f.get(entry, "dead", bool, path, required=False, default=False)
        inv.dead = bool(dead) or inv.vitality == 0 or inv.sanity == 0
        location = entry.get("location")
        if not inv.dead or location is not None:
            inv.location = f.word(
                location,
                f.at(entry, "location"),
                f"{path}.location",
                sorted(self.scenario.locations),
                "location",
            )
        inv.tokens = self._tokens(entry, path)
        inv.items = self._items(sheet, entry, path)
        statuses = self._status_cards(entry, path)
        heroism = self._heroism(entry, path)
        self._deal(table, inv, statuses, heroism)
        waiting = self.digital.get("waiting", {})
        if isinstance(waiting, dict) and isinstance(waiting.get(sheet.slug), dict):
            bonus = waiting[sheet.slug]
            inv.bonus_white_dice = int(bonus.get("white_dice", 0) or 0)
            inv.shatters_count_next_test = bool(bonus.get("shatters", False))
        return inv

    def _companion(self, sheet: InvestigatorSheet, entry: dict[Any, Any]) -> Investigator:
        f, path = self.f, f"companions.{sheet.name}"
        f.only(entry, ("ENERGY", "MAGIC"), path)
        inv = Investigator.fresh(sheet, companion=True)
        self._tracks(inv, entry, path, (Track.ENERGY, Track.MAGIC))
        return inv

    def _tracks(
        self, inv: Investigator, entry: dict[Any, Any], path: str, tracks: tuple[Track, ...]
    ) -> None:
        """Each track the sheet must give, from 0 to the character's maximum."""
        for track in tracks:
            if track.value not in entry:
                self.f.problem(
                    self.f.at(entry, None),
                    f"{path}.{track.value}",
                    "is missing: expected a whole number",
                )
                continue
            value = self.f.count(
                entry,
                track.value,
                f"{path}.{track.value}",
                high=inv.sheet.maxima[track],
                limit_of=f"{inv.name}'s maximum {track.value}",
            )
            if value is not None:
                inv.set_track(track, value)

    def _tokens(self, entry: dict[Any, Any], path: str) -> Counter[StatusToken]:
        tokens = self.f.word_counts(
            entry,
            "status_tokens",
            f"{path}.status_tokens",
            words=[t.value for t in StatusToken],
            noun="status token",
            example="{BLEEDING: 1}",
            high=lambda _: 9,
            listed_once=True,  # a hand-written list: one of each
        )
        return Counter({StatusToken(w): n for w, n in tokens.items()})

    def _items(self, sheet: InvestigatorSheet, entry: dict[Any, Any], path: str) -> list[HeldItem]:
        f = self.f
        raw = entry.get("items") or {}
        known: dict[str, ItemCard] = {**self.core.items, **self.scenario.items, **self.carried_in}
        if not isinstance(raw, dict):
            f.problem(
                f.at(entry, "items"),
                f"{path}.items",
                "expected a mapping of items to uses left, such as {hatchet: 3}",
            )
            return []
        in_hands = entry.get("in_hands")
        held: list[HeldItem] = []
        for slug, _uses in raw.items():
            where, item_path = f.at(raw, slug), f"{path}.items.{slug}"
            card = known.get(str(slug)) or next(
                (c for c in known.values() if c.name.lower() == str(slug).lower()), None
            )
            if card is None:
                f.problem(
                    where, item_path, f"there is no item {slug!r}{did_you_mean(str(slug), known)}"
                )
                continue
            count = f.count(raw, slug, item_path, high=card.uses)
            if count is None:
                continue
            if in_hands is None:  # ruling sheet-hands: weapons are held ready, as at setup
                place = (
                    HAND
                    if card.hands
                    and sum(h.card.hands for h in held if h.place == HAND) + card.hands <= 2
                    else BACKPACK
                )
            else:
                place = HAND if isinstance(in_hands, list) and card.slug in in_hands else BACKPACK
            held.append(HeldItem(card, count, place))
        if isinstance(in_hands, list):
            hands = sum(h.card.hands for h in held if h.place == HAND)
            if hands > 2:
                f.problem(
                    f.at(entry, "in_hands"),
                    f"{path}.in_hands",
                    f"{sheet.name} has two hands, and these items need {hands}",
                )
        return held

    def _status_cards(self, entry: dict[Any, Any], path: str) -> Counter[StatusCardKind]:
        cards = self.f.word_counts(
            entry,
            "status_cards",
            f"{path}.status_cards",
            words=[k.value for k in StatusCardKind],
            noun="status card",
            example="{STRESS: 1, INJURY: 0}",
            high=lambda word: self.core.supply.status_cards.get(StatusCardKind(word), 0),
        )
        return Counter({StatusCardKind(w): n for w, n in cards.items()})

    def _heroism(self, entry: dict[Any, Any], path: str) -> bool:
        special = entry.get("special_cards") or []
        if not isinstance(special, list):
            self.f.problem(
                self.f.at(entry, "special_cards"),
                f"{path}.special_cards",
                "expected a list, such as [Heroism]",
            )
            return False
        for index, word in enumerate(special):
            self.f.word(
                str(word).capitalize(),
                self.f.at_item(special, index),
                f"{path}.special_cards",
                [HEROISM],
                "special card",
            )
        return any(str(w).capitalize() == HEROISM for w in special)

    def _deal(
        self, table: Table, inv: Investigator, statuses: Counter[StatusCardKind], heroism: bool
    ) -> None:
        """The character deck: in the saved order on a digital sheet, else the
        character's cards with the stated status cards, shuffled (ruling
        ``sheet-decks``)."""
        if inv.dead:
            self._deal_nothing(inv, statuses, heroism)
            return
        if self.exact:
            self._deal_exact(table, inv, statuses, heroism)
            return
        supply = table.supply
        cards: list[Card] = list(inv.sheet.deck)
        for kind, count in statuses.items():
            taken = [c for c in (supply.take_status_card(kind) for _ in range(count)) if c]
            if len(taken) < count:  # ruling sheet-supply: never more than the box holds
                self.f.problem(
                    self.f.at(_entry_of(self.data, inv.name), "status_cards"),
                    f"players.{inv.name}.status_cards.{kind.value}",
                    f"the sheet holds more {kind.value} cards than the box's "
                    f"{self.core.supply.status_cards.get(kind, 0)}",
                )
            cards += taken
        if heroism:
            card = supply.take_heroism_card()
            if card is not None:
                cards.append(card)
        table.rng.shuffle(cards)
        inv.deck = cards

    def _deal_nothing(
        self, inv: Investigator, statuses: Counter[StatusCardKind], heroism: bool
    ) -> None:
        """The dead hold no cards: theirs left the game with them and the
        supply's went back to it (ruling ``dead-leave-the-table``)."""
        inv.deck, inv.set_aside = [], list(inv.sheet.deck)
        listed = [i for key in PILES for i in self._ids(key, inv)]
        if sum(statuses.values()) or heroism or listed:
            self.f.problem(
                self.f.at(_entry_of(self.data, inv.name), "status_cards"),
                f"players.{inv.name}",
                f"{inv.name} is dead and holds no cards; set the status cards to 0 and "
                "remove any special cards",
            )

    def _deal_exact(
        self, table: Table, inv: Investigator, statuses: Counter[StatusCardKind], heroism: bool
    ) -> None:
        """Each card the digital part lists, taken by its id from the
        character's own cards or the supply; it must agree with the paper part."""
        supply, path = table.supply, f"digital.decks.{inv.slug}"
        own = {c.id: c for c in inv.sheet.deck}
        piles = {key: self._ids(key, inv) for key in PILES}
        cards: dict[str, Card] = {}
        for card_id in [i for ids in piles.values() for i in ids]:
            card = own.pop(card_id, None)
            if card is None:
                pile = (
                    supply.heroism_cards
                    if card_id.startswith("heroism")
                    else next(
                        (
                            p
                            for k, p in supply.status_cards.items()
                            if card_id.startswith(k.value.lower())
                        ),
                        [],
                    )
                )
                card = next((c for c in pile if c.id == card_id), None)
                if card is not None:
                    pile.remove(card)
            if card is None:
                self.f.problem(
                    (1, 1),
                    path,
                    f"the card {card_id!r} is not {inv.name}'s to hold, or is listed twice",
                )
                return
            cards[card_id] = card
        if own:
            self.f.problem(
                (1, 1),
                path,
                f"{inv.name}'s cards {sorted(own)} are missing from their deck, hand and piles",
            )
            return
        held = Counter(c.status for c in cards.values() if c.status is not None)
        has_heroism = any(c.kind is CardKind.HEROISM for c in cards.values())
        if held != statuses or has_heroism != heroism:
            self.f.problem(
                (1, 1), f"players.{inv.name}.status_cards",
                "disagrees with the cards in digital.decks; after editing a status card count "
                "by hand, delete the digital part so the deck is dealt again",
            )  # fmt: skip
            return
        inv.deck = [cards[i] for i in piles["decks"]]
        inv.hand = [cards[i] for i in piles["hands"]]
        inv.discard = [cards[i] for i in piles["discards"]]
        inv.play_area = [cards[i] for i in piles["play_areas"]]

    def _ids(self, key: str, inv: Investigator) -> list[str]:
        raw = self.digital.get(key, {})
        ids = raw.get(inv.slug, []) if isinstance(raw, dict) else []
        return [str(i) for i in ids] if isinstance(ids, list) else []


def _entry_of(data: dict[Any, Any], name: str) -> dict[Any, Any]:
    """A player's entry on the sheet, for the place of a problem."""
    players = data.get("players")
    entry = players.get(name) if isinstance(players, dict) else None
    return entry if isinstance(entry, dict) else {}
