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

from tales.rules.cards import Card, CardKind
from tales.rules.encounters import EncounterState
from tales.rules.investigators import Investigator, InvestigatorSheet
from tales.rules.items import BACKPACK, HAND, HeldItem, ItemCard
from tales.rules.setup import TEAM_SIZE
from tales.rules.supply import Supply
from tales.rules.table import Table
from tales.rules.terms import EventSymbol, StatusCardKind, StatusToken, Track
from tales.saves.fields import Fields, describe, suggest
from tales.saves.sheet import HEROISM
from tales.story.core import Core
from tales.story.interpreter import Book, StoryState
from tales.story.model import ScenarioBook, Tale

PAPER_FIELDS = (
    "format_version", "session", "saved", "tale", "scenario", "difficulty", "round", "time",
    "event_tokens", "revealed", "notes", "players", "companions", "keywords", "found",
    "encounters", "campaign", "read", "digital",
)  # fmt: skip
PLAYER_FIELDS = (
    "location", "VITALITY", "SANITY", "ENERGY", "MAGIC", "status_cards", "items", "in_hands",
    "status_tokens", "special_cards", "clues", "dead",
)  # fmt: skip
DIGITAL_FIELDS = (
    "seed", "content", "decks", "hands", "supply", "waiting", "fired", "visited", "scenes",
    "taken", "location_tokens", "last_actor",
)  # fmt: skip
FOUND_KINDS = ("clue", "objective", "information", "item", "keyword")


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


class _Restorer:
    def __init__(
        self, data: dict[Any, Any], fields: Fields, core: Core, tale: Tale, fresh_seed: int
    ) -> None:
        self.data, self.f, self.core, self.tale = data, fields, core, tale
        self.book: ScenarioBook = tale.scenarios[str(data["scenario"])]
        self.scenario = self.book.scenario
        digital = data.get("digital")
        self.digital: dict[Any, Any] = digital if isinstance(digital, dict) else {}
        self.exact = "decks" in self.digital
        seed = self.digital.get("seed")
        self.seed = seed if isinstance(seed, int) and not isinstance(seed, bool) else fresh_seed
        self.notes: list[str] = []

    # The whole sheet ----------------------------------------------------------------

    def run(self) -> Restored | None:
        f, data = self.f, self.data
        f.only(data, PAPER_FIELDS, "")
        if isinstance(self.digital, dict) and self.digital:
            f.only(self.digital, DIGITAL_FIELDS, "digital")
        difficulty = f.word(
            data.get("difficulty", "standard"),
            f.at(data, "difficulty"),
            "difficulty",
            list(self.scenario.board.start),
            "difficulty",
        )
        rounds = f.get(data, "round", int, "")
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
            self.core.rulings,
            seed=self.seed,
            scenario=self.scenario,
            difficulty=difficulty,
            round=rounds + 1,  # the sheet names the round just played
        )
        table.reseed_for_round()
        for sheet, entry in players:
            table.investigators[sheet.slug] = self._player(table, sheet, entry)
        for sheet, entry in companions:
            table.investigators[sheet.slug] = self._companion(sheet, entry)
        self._board(table, difficulty, rounds)
        state = self._story(table)
        self._encounters(table)
        self._supply(table)
        if f.problems:
            return None
        book = Book(self.book, state)
        return Restored(
            table,
            book,
            tuple(s.slug for s, _ in players),
            tuple(s.slug for s, _ in companions),
            self.seed,
            self.exact,
            self.notes,
        )

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
        self.f.problem(where, path, f"there is no character {name!r}{suggest(name, names)}")
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
        for track in Track:
            if track.value in entry:
                value = f.count(
                    entry,
                    track.value,
                    f"{path}.{track.value}",
                    high=sheet.maxima[track],
                    limit_of=f"{sheet.name}'s maximum {track.value}",
                )
                if value is not None:
                    inv.set_track(track, value)
            elif not self.exact or track in (Track.VITALITY, Track.SANITY):
                f.problem(
                    f.at(entry, None),
                    f"{path}.{track.value}",
                    "is missing: expected a whole number",
                )
        inv.dead = bool(entry.get("dead", False)) or inv.vitality == 0 or inv.sanity == 0
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
        for track in (Track.ENERGY, Track.MAGIC):
            if track.value not in entry:
                f.problem(
                    f.at(entry, None),
                    f"{path}.{track.value}",
                    "is missing: expected a whole number",
                )
                continue
            value = f.count(
                entry,
                track.value,
                f"{path}.{track.value}",
                high=sheet.maxima[track],
                limit_of=f"{sheet.name}'s maximum {track.value}",
            )
            if value is not None:
                inv.set_track(track, value)
        return inv

    def _tokens(self, entry: dict[Any, Any], path: str) -> Counter[StatusToken]:
        tokens: Counter[StatusToken] = Counter()
        raw = entry.get("status_tokens") or {}
        if isinstance(raw, list):  # a hand-written list: one of each
            raw = {word: 1 for word in raw}
        if not isinstance(raw, dict):
            self.f.problem(
                self.f.at(entry, "status_tokens"),
                f"{path}.status_tokens",
                "expected a mapping such as {BLEEDING: 1}",
            )
            return tokens
        for word, _count in raw.items():
            name = self.f.word(
                str(word).upper(),
                self.f.at(raw, word),
                f"{path}.status_tokens.{word}",
                [t.value for t in StatusToken],
                "status token",
            )
            number = self.f.count(raw, word, f"{path}.status_tokens.{word}", high=9)
            if name is not None and number:
                tokens[StatusToken(name)] = number
        return tokens

    def _items(self, sheet: InvestigatorSheet, entry: dict[Any, Any], path: str) -> list[HeldItem]:
        f = self.f
        raw = entry.get("items") or {}
        known: dict[str, ItemCard] = {**self.core.items, **self.scenario.items}
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
                f.problem(where, item_path, f"there is no item {slug!r}{suggest(str(slug), known)}")
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
        cards: Counter[StatusCardKind] = Counter()
        raw = entry.get("status_cards") or {}
        if not isinstance(raw, dict):
            self.f.problem(
                self.f.at(entry, "status_cards"),
                f"{path}.status_cards",
                "expected a mapping such as {STRESS: 1, INJURY: 0}",
            )
            return cards
        for word, _count in raw.items():
            kind = self.f.word(
                str(word).upper(),
                self.f.at(raw, word),
                f"{path}.status_cards.{word}",
                [k.value for k in StatusCardKind],
                "status card",
            )
            total = self.core.supply.status_cards.get(StatusCardKind(kind), 0) if kind else 0
            number = self.f.count(raw, word, f"{path}.status_cards.{word}", high=total)
            if kind is not None and number:
                cards[StatusCardKind(kind)] = number
        return cards

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
        if self.exact:
            self._deal_exact(table, inv, statuses, heroism)
            return
        supply = table.supply
        cards: list[Card] = list(inv.sheet.deck)
        for kind, count in statuses.items():
            cards += [
                c for c in (supply.take_status_card(kind) for _ in range(count)) if c is not None
            ]
        if heroism:
            card = supply.take_heroism_card()
            if card is not None:
                cards.append(card)
        table.rng.shuffle(cards)
        inv.deck = cards

    def _deal_exact(
        self, table: Table, inv: Investigator, statuses: Counter[StatusCardKind], heroism: bool
    ) -> None:
        """Each card the digital part lists, taken by its id from the
        character's own cards or the supply; it must agree with the paper part."""
        supply, path = table.supply, f"digital.decks.{inv.slug}"
        own = {c.id: c for c in inv.sheet.deck}
        deck_ids, hand_ids = self._ids("decks", inv), self._ids("hands", inv)
        cards: dict[str, Card] = {}
        for card_id in [*deck_ids, *hand_ids]:
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
                (1, 1), path, f"{inv.name}'s cards {sorted(own)} are missing from the deck and hand"
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
        inv.deck = [cards[i] for i in deck_ids]
        inv.hand = [cards[i] for i in hand_ids]

    def _ids(self, key: str, inv: Investigator) -> list[str]:
        raw = self.digital.get(key, {})
        ids = raw.get(inv.slug, []) if isinstance(raw, dict) else []
        return [str(i) for i in ids] if isinstance(ids, list) else []

    # The board and the story --------------------------------------------------------

    def _board(self, table: Table, difficulty: str, rounds: int) -> None:
        f, data = self.f, self.data
        board = self.scenario.board
        time = f.get(data, "time", int, "", required=False)
        if time is None:  # ruling sheet-time: one space a round from the difficulty's start
            time = min(board.start[difficulty] + rounds, len(board.spaces))
            self.notes.append(f"time marker set on space {time} (ruling sheet-time)")
        elif not 1 <= time <= len(board.spaces):
            f.problem(
                f.at(data, "time"),
                "time",
                f"{time} is off the Event board: 1 to {len(board.spaces)}",
            )
        table.time = time
        raw = data.get("event_tokens") or {}
        if not isinstance(raw, dict):
            f.problem(
                f.at(data, "event_tokens"),
                "event_tokens",
                "expected a mapping such as {skull: 1, tentacle: 0, star: 2}",
            )
            raw = {}
        for word, _count in raw.items():
            symbol = f.word(
                str(word).lower(),
                f.at(raw, word),
                f"event_tokens.{word}",
                [s.value for s in EventSymbol],
                "Event board symbol",
            )
            total = self.core.supply.event_tokens.get(EventSymbol(symbol), 0) if symbol else 0
            number = f.count(raw, word, f"event_tokens.{word}", high=total)
            if symbol is not None and number:
                table.event_tokens[EventSymbol(symbol)] = number
        revealed = data.get("revealed") or []
        if not isinstance(revealed, list):
            f.problem(f.at(data, "revealed"), "revealed", "expected a list of Location cards")
            revealed = []
        table.revealed = {self.scenario.start}
        for index, slug in enumerate(revealed):
            name = f.word(
                slug,
                f.at_item(revealed, index),
                "revealed",
                sorted(self.scenario.locations),
                "location",
            )
            if name is not None:
                table.revealed.add(name)
        for inv in table.players():
            if inv.location is not None and inv.location not in table.revealed:
                f.problem(
                    f.at(data, "revealed"),
                    "revealed",
                    f"{inv.name} stands on {inv.location!r}, "
                    "which is not among the revealed locations",
                )
        keywords = data.get("keywords") or []
        if not isinstance(keywords, list):
            f.problem(f.at(data, "keywords"), "keywords", "expected a list of keywords")
            keywords = []
        for index, word in enumerate(keywords):
            name = f.word(
                str(word).upper(),
                f.at_item(keywords, index),
                "keywords",
                self.book.keywords,
                "keyword on this scenario's Keyword sheet",
            )
            if name is not None:
                table.keywords.add(name)
        self._found(table)
        thresholds = list(board.thresholds)
        fired = self.digital.get("fired")
        if isinstance(fired, list):
            table.fired = {
                thresholds[i] for i in fired if isinstance(i, int) and 0 <= i < len(thresholds)
            }
        else:  # ruling sheet-thresholds: what the tokens already complete has been read
            table.fired = {
                t for t in thresholds
                if table.event_tokens[t.symbol] >= t.count
                and (not t.difficulties or difficulty in t.difficulties)
            }  # fmt: skip

    def _found(self, table: Table) -> None:
        f, data = self.f, self.data
        raw = data.get("found") or {}
        if not isinstance(raw, dict):
            f.problem(
                f.at(data, "found"), "found", "expected a mapping such as {clue: [torn-ledger]}"
            )
            raw = {}
        known = {
            "clue": list(self.book.clues),
            "objective": list(self.book.objectives),
            "item": list(self.scenario.items),
            "keyword": list(self.book.keywords),
        }
        for kind, ids in raw.items():
            kind_name = f.word(
                str(kind),
                f.at(raw, kind),
                f"found.{kind}",
                FOUND_KINDS,
                "kind of exploration element",
            )
            if kind_name is None:
                continue
            if not isinstance(ids, list):
                f.problem(f.at(raw, kind), f"found.{kind}", "expected a list")
                continue
            for index, slug in enumerate(ids):
                if kind_name in known:
                    slug = f.word(
                        slug, f.at_item(ids, index), f"found.{kind}", known[kind_name], kind_name
                    )
                if slug is not None:
                    table.found.setdefault(kind_name, set()).add(str(slug))
        # The paper sheet lists Clue cards with the character who holds them.
        for inv in table.players():
            entry = (data.get("players") or {}).get(inv.name) or {}
            clues = entry.get("clues") if isinstance(entry, dict) else None
            for index, slug in enumerate(clues if isinstance(clues, list) else []):
                name = f.word(
                    slug,
                    f.at_item(clues, index),
                    f"players.{inv.name}.clues",
                    known["clue"],
                    "clue",
                )
                if name is not None:
                    table.found.setdefault("clue", set()).add(name)
        if self.exact:
            return  # a digital sheet lists what was found
        # Ruling sheet-story-memory: a scenario item in hand was found, unless
        # the team was given it at setup.
        for inv in table.players():
            for held in inv.items:
                if held.slug in self.scenario.items and held.slug not in self.book.setup_items:
                    table.found.setdefault("item", set()).add(held.slug)

    def _story(self, table: Table) -> StoryState:
        f, data, digital = self.f, self.data, self.digital
        state = StoryState(log={}, counters={})
        paragraphs = self.book.paragraphs
        campaign = data.get("campaign") or {}
        if isinstance(campaign, dict):
            self._campaign(campaign, state)
        else:
            f.problem(
                f.at(data, "campaign"), "campaign", "expected a mapping with log and counters"
            )
        if "visited" in digital:
            visited = digital.get("visited")
            state.visited = self._paragraphs(visited, digital, "visited")
            scenes = digital.get("scenes") or {}
            if isinstance(scenes, dict):
                for place, number in scenes.items():
                    name = f.word(
                        str(place),
                        f.at(scenes, place),
                        f"digital.scenes.{place}",
                        sorted(self.scenario.locations),
                        "location",
                    )
                    if name is not None and number in paragraphs:
                        state.scenes[name] = int(number)
                    elif name is not None:
                        f.problem(
                            f.at(scenes, place),
                            f"digital.scenes.{place}",
                            f"there is no paragraph {describe(number)} in this storybook",
                        )
            taken = digital.get("taken") or []
            for pair in taken if isinstance(taken, list) else []:
                if isinstance(pair, list) and len(pair) == 2 and pair[0] in paragraphs:
                    state.taken.add((int(pair[0]), int(pair[1])))
            tokens = digital.get("location_tokens") or {}
            if isinstance(tokens, dict):
                state.location_tokens = {
                    str(place): {str(k): int(v) for k, v in counts.items() if isinstance(v, int)}
                    for place, counts in tokens.items()
                    if isinstance(counts, dict) and place in self.scenario.locations
                }
            actor = digital.get("last_actor")
            state.last_actor = str(actor) if actor in table.investigators else None
            return state
        # Ruling sheet-story-memory: what a paper sheet does not say.
        read = self._paragraphs(data.get("read") or [], data, "read")
        scenes = {place: self.scenario.locations[place].paragraph for place in table.revealed}
        state.scenes = {place: scene for place, scene in scenes.items() if scene is not None}
        state.visited = {self.book.introduction, *state.scenes.values(), *read}
        for number, paragraph in paragraphs.items():
            for index, option in enumerate(paragraph.options):
                targets = {
                    option.goto,
                    *(o.goto for o in (option.success, option.failure) if o is not None),
                }
                if option.once and targets & state.visited:
                    state.taken.add((number, index))
        state.location_tokens = {
            place: dict(tokens) for place, tokens in self.book.location_tokens.items()
        }
        players = table.players()
        state.last_actor = players[0].slug if players else None
        self.notes.append(
            "the storybook's memory rebuilt from the revealed locations (ruling sheet-story-memory)"
        )
        return state

    def _paragraphs(self, raw: Any, parent: dict[Any, Any], key: str) -> set[int]:
        if not isinstance(raw, list):
            self.f.problem(self.f.at(parent, key), key, "expected a list of paragraph numbers")
            return set()
        numbers = set()
        for index, number in enumerate(raw):
            if isinstance(number, int) and number in self.book.paragraphs:
                numbers.add(number)
            else:
                self.f.problem(
                    self.f.at_item(raw, index),
                    key,
                    f"there is no paragraph {describe(number)} in this storybook",
                )
        return numbers

    def _campaign(self, campaign: dict[Any, Any], state: StoryState) -> None:
        f = self.f
        log = campaign.get("log") or {}
        for section, entries in log.items() if isinstance(log, dict) else []:
            name = f.word(
                str(section),
                f.at(log, section),
                f"campaign.log.{section}",
                self.tale.log_sections,
                "campaign log section",
            )
            if name is None or not isinstance(entries, dict):
                continue
            state.log[name] = {
                str(entry): str(mark).lower() in ("crossed out", "crossed-out", "x")
                for entry, mark in entries.items()
            }
        counters = campaign.get("counters") or {}
        for counter, value in counters.items() if isinstance(counters, dict) else []:
            name = f.word(
                str(counter),
                f.at(counters, counter),
                f"campaign.counters.{counter}",
                self.tale.counters,
                "campaign counter",
            )
            if name is not None and isinstance(value, int):
                state.counters[name] = value

    def _encounters(self, table: Table) -> None:
        f, data = self.f, self.data
        raw = data.get("encounters") or []
        if not isinstance(raw, list):
            f.problem(f.at(data, "encounters"), "encounters", "expected a list")
            return
        for index, entry in enumerate(raw):
            path = f"encounters[{index}]"
            if not isinstance(entry, dict):
                f.problem(
                    f.at_item(raw, index), path, "expected {location, encounter, path, tokens}"
                )
                continue
            place = f.word(
                entry.get("location"),
                f.at(entry, "location"),
                f"{path}.location",
                sorted(table.revealed),
                "revealed location",
            )
            slug = f.word(
                entry.get("encounter"),
                f.at(entry, "encounter"),
                f"{path}.encounter",
                sorted(self.scenario.encounters),
                "encounter",
            )
            way = entry.get("path")
            if way not in (None, "combat", "stratagem"):
                f.problem(
                    f.at(entry, "path"),
                    f"{path}.path",
                    f"expected combat or stratagem, found {describe(way)}",
                )
                way = None
            tokens = entry.get("tokens", 0)
            if place is None or slug is None or not isinstance(tokens, int):
                continue
            table.encounters[place] = EncounterState(
                self.scenario.encounters[slug], place, way, tokens
            )

    def _supply(self, table: Table) -> None:
        """Ruling sheet-supply: the supply is the box less what is in play.
        A digital sheet gives the order of the status card piles too."""
        supply, f = table.supply, self.f
        held: Counter[StatusToken] = Counter()
        for inv in table.investigators.values():
            held.update(inv.tokens)
        for token, count in held.items():
            if count > supply.status_tokens[token]:
                f.problem(
                    (1, 1),
                    "status_tokens",
                    f"the sheets hold {count} {token} tokens, "
                    f"but the box has {supply.status_tokens[token]}",
                )
            supply.status_tokens[token] -= min(count, supply.status_tokens[token])
        for symbol, count in table.event_tokens.items():
            supply.event_tokens[symbol] -= min(count, supply.event_tokens[symbol])
        uses = sum(h.uses for inv in table.investigators.values() for h in inv.items)
        if uses > supply.use_markers:
            f.problem(
                (1, 1),
                "items",
                f"the items hold {uses} use markers, but the box has {supply.use_markers}",
            )
        supply.use_markers -= min(uses, supply.use_markers)
        tokens = sum(e.tokens for e in table.encounters.values())
        supply.encounter_tokens -= min(tokens, supply.encounter_tokens)
        piles = self.digital.get("supply")
        if isinstance(piles, dict):
            for kind in StatusCardKind:
                order = piles.get(kind.value)
                pile = supply.status_cards[kind]
                if isinstance(order, list) and sorted(map(str, order)) == sorted(
                    c.id for c in pile
                ):
                    by_id = {c.id: c for c in pile}
                    supply.status_cards[kind] = [by_id[str(i)] for i in order]
