"""Restoring the board and the storybook's memory from a save sheet: the
Event board, the revealed locations, the Keyword sheet, what was found, the
campaign log, encounters under way and the supply (rulings ``sheet-time``,
``sheet-thresholds``, ``sheet-story-memory`` and ``sheet-supply``)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tales.rules.encounters import EncounterState, lay_missing_tokens
from tales.rules.scenario import Scenario, Threshold
from tales.rules.table import Table
from tales.rules.terms import EventSymbol, StatusCardKind, StatusToken
from tales.safefile import printable
from tales.saves.fields import Fields
from tales.saves.sheet_fields import read_campaign
from tales.story.core import Core
from tales.story.entering import entered_from
from tales.story.interpreter import StoryState
from tales.story.model import ScenarioBook, Tale, plain_gotos
from tales.story.yamlio import describe

FOUND_KINDS = ("clue", "objective", "information", "item", "keyword")


class WorldRestorer:
    """The parts of a sheet beyond the characters; mixed into the restorer."""

    f: Fields
    core: Core
    data: dict[Any, Any]
    digital: dict[Any, Any]
    tale: Tale
    book: ScenarioBook
    scenario: Scenario
    exact: bool
    notes: list[str]

    def _board(self, table: Table, difficulty: str, rounds: int) -> None:
        """The Event board, the map and the Keyword sheet, in the sheet's order."""
        table.time = self._time(difficulty, rounds)
        tokens = self.f.word_counts(
            self.data,
            "event_tokens",
            "event_tokens",
            words=[s.value for s in EventSymbol],
            noun="Event board symbol",
            example="{skull: 1, tentacle: 0, star: 2}",
            high=lambda word: self.core.supply.event_tokens.get(EventSymbol(word), 0),
        )
        table.event_tokens.update({EventSymbol(w): n for w, n in tokens.items()})
        self._revealed(table)
        self._keywords(table)
        self._found(table)
        table.fired = self._fired(table, difficulty)

    def _time(self, difficulty: str, rounds: int) -> int:
        f, data, board = self.f, self.data, self.scenario.board
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
        return time

    def _revealed(self, table: Table) -> None:
        f, data = self.f, self.data
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

    def _keywords(self, table: Table) -> None:
        f, data = self.f, self.data
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
        self._carried_keywords(table)

    def _carried_keywords(self, table: Table) -> None:
        """Which marks were made for the campaign log (a digital field: the
        paper sheet cannot say, and every mark on it counts)."""
        f, carried = self.f, self.digital.get("carried_keywords") or []
        if not isinstance(carried, list):
            f.problem(
                f.at(self.digital, "carried_keywords"),
                "digital.carried_keywords",
                "expected a list of keywords",
            )
            return
        for index, word in enumerate(carried):
            if str(word).upper() in table.keywords:
                table.carried_keywords.add(str(word).upper())
            else:
                f.problem(
                    f.at_item(carried, index),
                    "digital.carried_keywords",
                    f"{printable(str(word), 40)!r} is not marked on the Keyword sheet",
                )

    def _fired(self, table: Table, difficulty: str) -> set[Threshold]:
        """The threshold narratives already read."""
        thresholds = list(self.scenario.board.thresholds)
        fired = self.digital.get("fired")
        if isinstance(fired, list):
            return {thresholds[i] for i in fired if isinstance(i, int) and 0 <= i < len(thresholds)}
        # Ruling sheet-thresholds: what the tokens already complete has been read.
        return {
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
        f, data = self.f, self.data
        state = StoryState(log={}, counters={})
        campaign = data.get("campaign") or {}
        if isinstance(campaign, dict):
            self._campaign(campaign, state)
        else:
            f.problem(
                f.at(data, "campaign"), "campaign", "expected a mapping with log and counters"
            )
        if "visited" in self.digital:
            self._digital_story(table, state)
        else:
            self._paper_story(table, state)
        table.entered = entered_from(self.scenario, state.visited)  # on_enter texts read
        return state

    def _digital_story(self, table: Table, state: StoryState) -> None:
        """A digital sheet says what the storybook remembers."""
        f, digital, paragraphs = self.f, self.digital, self.book.paragraphs
        state.visited = self._paragraphs(digital.get("visited"), digital, "visited")
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
        actor = digital.get("last_actor")
        state.last_actor = str(actor) if actor in table.investigators else None

    def _paper_story(self, table: Table, state: StoryState) -> None:
        """Ruling sheet-story-memory: what a paper sheet does not say."""
        read = self._paragraphs(self.data.get("read") or [], self.data, "read")
        scenes = {place: self.scenario.locations[place].paragraph for place in table.revealed}
        state.scenes = {place: scene for place, scene in scenes.items() if scene is not None}
        inside = self._gone_inside(table, read)
        state.scenes.update({place: scene for place, (_, scene) in inside.items()})
        state.visited = {self.book.introduction, *state.scenes.values(), *read}
        state.visited |= {entering for entering, _ in inside.values()}
        for number, paragraph in self.book.paragraphs.items():
            for index, option in enumerate(paragraph.options):
                targets = {
                    option.goto,
                    *(o.goto for o in (option.success, option.failure) if o is not None),
                }
                if option.once and targets & state.visited:
                    state.taken.add((number, index))
        players = table.players()
        state.last_actor = players[0].slug if players else None
        self.notes.append(
            "the storybook's memory rebuilt from the revealed locations (ruling sheet-story-memory)"
        )

    def _gone_inside(self, table: Table, read: set[int]) -> dict[str, tuple[int, int]]:
        """Ruling sheet-story-memory: the revealed cards with an inside
        (``on_enter``) that someone went into, as (the entering paragraph, the
        scene it leads to): one listed under ``read``, or one a living player
        stands on (to stand there is to have gone in). The scene is the first
        paragraph with options the entering one leads to by plain gotos."""
        standing = {inv.location for inv in table.players()}
        found: dict[str, tuple[int, int]] = {}
        for place in table.revealed:
            entering = self.scenario.locations[place].on_enter
            if entering is None or (entering not in read and place not in standing):
                continue
            scene = self._first_scene(entering)
            if scene is not None:
                found[place] = (entering, scene)
        return found

    def _first_scene(self, number: int) -> int | None:
        chain = plain_gotos(self.book.paragraphs, number)
        return next((p.number for p in chain if p.options), None)

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
        state.log, state.counters = read_campaign(campaign, self.f, self.tale)

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
            # Any card of the map: a storybook may begin one on a card not yet
            # revealed (The Gannet Light's whaleboat at the whistle buoy, 192).
            place = f.word(
                entry.get("location"),
                f.at(entry, "location"),
                f"{path}.location",
                sorted(self.scenario.locations),
                "location",
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
            tokens = f.count(entry, "tokens", f"{path}.tokens", high=8) if "tokens" in entry else 0
            if place is None or slug is None or tokens is None:
                continue
            enemy = self.scenario.encounters[slug].enemy
            target = enemy.wounds if way == "combat" else enemy.successes
            if tokens and (way is None or tokens >= target):
                f.problem(
                    f.at(entry, "tokens"),
                    f"{path}.tokens",
                    f"{tokens} tokens on {enemy.name} need a path they were won on, "
                    f"and fewer than the {target} that overcome it",
                )
                continue
            table.encounters[place] = EncounterState(
                self.scenario.encounters[slug], place, way, tokens
            )

    def _from_box(self, needed: int, box: int, field: str, what: str) -> int:
        """What the box keeps once ``needed`` are in play; asking for more
        than it holds is a problem (the Golden Rule)."""
        if needed > box:
            self.f.problem(
                (1, 1), field, f"the sheet puts {needed} {what} in play, but the box has {box}"
            )
        return max(box - needed, 0)

    def _supply(self, table: Table) -> None:
        """Ruling sheet-supply: the supply is the box less what is in play.
        A digital sheet gives the order of the status card piles too."""
        supply = table.supply
        held: Counter[StatusToken] = Counter()
        for inv in table.investigators.values():
            held.update(inv.tokens)
        for token, count in held.items():
            supply.status_tokens[token] = self._from_box(
                count, supply.status_tokens[token], "status_tokens", f"{token} tokens"
            )
        for symbol, count in table.event_tokens.items():
            supply.event_tokens[symbol] = self._from_box(
                count, supply.event_tokens[symbol], "event_tokens", f"{symbol} tokens"
            )
        uses = sum(h.uses for inv in table.investigators.values() for h in inv.items)
        supply.use_markers = self._from_box(uses, supply.use_markers, "items", "use markers")
        # Progress beyond the box's Encounter tokens is counted without them
        # (the Components Golden Rule), as in play.
        lay_missing_tokens(table)
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
