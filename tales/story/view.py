"""A read-only view of a game's table and storybook, for bots, prompts and scripts.

The engine's :class:`~tales.rules.table.Table` and the interpreter's
:class:`~tales.story.interpreter.Book` are mutable and change only through
the rules (DESIGN principle 5). What reads a game from outside gets this
proxy instead: it answers from the live table (so it never goes stale and
costs nothing to keep), but every container it hands out is a tuple, a
frozenset or a read-only mapping, and every piece it hands out is frozen or
a view itself, so nothing reached through it can change the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

from tales.records import record
from tales.rules.activities import distances
from tales.rules.cards import Card
from tales.rules.dice import DiceSet
from tales.rules.encounters import COMBAT
from tales.rules.investigators import Investigator, InvestigatorSheet
from tales.rules.items import ItemCard
from tales.rules.prisoners import escorted, investigation_supply, prisoner_at
from tales.rules.scenario import Encounter, Scenario, Threshold
from tales.rules.scoring import carries
from tales.rules.table import Table, panicked
from tales.rules.terms import EventSymbol, StatusToken, Track
from tales.rules.teststate import TestState
from tales.rules.vehicles import driver_of, riders
from tales.story.effects import kind_of
from tales.story.interpreter import Book
from tales.story.model import Effect, OptionDef, Paragraph
from tales.story.options import StoryOption


@record
class ItemView:
    """An item card next to an investigator's board, as it stands now."""

    card: ItemCard
    uses: int
    place: str  # "hand" or "backpack"

    @property
    def slug(self) -> str:
        return self.card.slug


@record
class EncounterView:
    """An encounter in play at a location, as it stands now."""

    encounter: Encounter
    location: str
    path: str | None  # "combat" or "stratagem" once the first blow chose it
    tokens: int
    # Who may not try the Stratagem again this round (ruling ``stratagem-once-a-round``).
    outwitted: frozenset[str] = frozenset()

    def target(self, path: str) -> int:
        """What beats the enemy by ``path``: its wounds, or its Stratagem successes."""
        enemy = self.encounter.enemy
        return enemy.wounds if path == COMBAT else enemy.successes


class InvestigatorView:
    """One investigator, read-only: tracks, cards, statuses, items, location."""

    __slots__ = ("_inv",)

    def __init__(self, inv: Investigator) -> None:
        self._inv = inv

    def __repr__(self) -> str:
        return f"InvestigatorView({self._inv.slug!r})"

    @property
    def slug(self) -> str:
        return self._inv.sheet.slug

    @property
    def name(self) -> str:
        return self._inv.sheet.name

    @property
    def sheet(self) -> InvestigatorSheet:
        return self._inv.sheet

    @property
    def location(self) -> str | None:
        return self._inv.location

    @property
    def vitality(self) -> int:
        return self._inv.vitality

    @property
    def sanity(self) -> int:
        return self._inv.sanity

    @property
    def energy(self) -> int:
        return self._inv.energy

    @property
    def magic(self) -> int:
        return self._inv.magic

    def track(self, track: Track) -> int:
        return self._inv.track(track)

    @property
    def companion(self) -> bool:
        return self._inv.companion

    @property
    def dead(self) -> bool:
        return self._inv.dead

    @property
    def active(self) -> bool:
        """Alive and controlled by a player."""
        return self._inv.active

    @property
    def hand(self) -> tuple[Card, ...]:
        return tuple(self._inv.hand)

    @property
    def deck(self) -> tuple[Card, ...]:
        """Bottom first: the top of the deck is the last card."""
        return tuple(self._inv.deck)

    @property
    def play_area(self) -> tuple[Card, ...]:
        return tuple(self._inv.play_area)

    @property
    def discard(self) -> tuple[Card, ...]:
        return tuple(self._inv.discard)

    def all_cards(self) -> tuple[Card, ...]:
        return tuple(self._inv.all_cards())

    @property
    def tokens(self) -> Mapping[StatusToken, int]:
        """Status tokens held (0 for any not held)."""
        return MappingProxyType(self._inv.tokens)

    def has_token(self, token: StatusToken) -> bool:
        return self._inv.has_token(token)

    @property
    def panicked(self) -> bool:
        """A PANIC card in the play area: no help given or received this round."""
        return panicked(self._inv)

    @property
    def items(self) -> tuple[ItemView, ...]:
        return tuple(ItemView(i.card, i.uses, i.place) for i in self._inv.items)

    def item(self, slug: str) -> ItemView | None:
        return next((i for i in self.items if i.slug == slug), None)

    def markers_left(self) -> tuple[str, ...]:
        """A Companion's unused markers: the action marker and three attributes."""
        return tuple(self._inv.markers_left())


@record
class GroupView:
    """The Group token: where it stands, and whether the story has it hidden."""

    at: str
    hidden: bool


@record
class PrisonerView:
    """A Prisoner marker: the name it prints, its fate, where the prisoner is
    now, and who escorts them (None: no one, or an escort out of the game)."""

    slug: str
    name: str
    fate: str
    at: str
    escort: str | None


@record
class VehicleView:
    """A vehicle: the name it prints, its seats, where it stands, the living
    seated in boarding order and who is at the wheel (ruling ``vehicle-driver``)."""

    slug: str
    name: str
    seats: int
    at: str
    aboard: tuple[str, ...]
    driver: str | None


class TableView:
    """The whole game, read-only: the table and, in a scenario, its storybook."""

    __slots__ = ("_book", "_investigators", "_paragraphs", "_table")

    def __init__(self, table: Table, book: Book | None = None) -> None:
        self._table = table
        self._book = book
        # Investigators join a table at setup and never leave it: one view each.
        # Plain dicts held, read-only proxies handed out: a view copies and pickles.
        self._investigators = {slug: InvestigatorView(i) for slug, i in table.investigators.items()}
        self._paragraphs: Mapping[int, Paragraph] = book.book.paragraphs if book else {}

    # Investigators ------------------------------------------------------------------

    @property
    def investigators(self) -> Mapping[str, InvestigatorView]:
        return MappingProxyType(self._investigators)

    def investigator(self, slug: str) -> InvestigatorView:
        """By slug; :class:`~tales.errors.RulesError` naming those at the table."""
        self._table.investigator(slug)  # raises with the names at the table
        return self._investigators[slug]

    def players(self) -> tuple[InvestigatorView, ...]:
        """Investigators controlled by a player and still alive."""
        return tuple(v for v in self._investigators.values() if v.active)

    def companions(self) -> tuple[InvestigatorView, ...]:
        return tuple(v for v in self._investigators.values() if v.companion)

    # The table ----------------------------------------------------------------------

    @property
    def round(self) -> int:
        return self._table.round

    @property
    def time(self) -> int:
        """The Event board's time marker, 1-based."""
        return self._table.time

    @property
    def difficulty(self) -> str:
        return self._table.difficulty

    @property
    def seed(self) -> int:
        return self._table.seed

    @property
    def ended(self) -> str:
        """Why the scenario ended; empty while it goes on."""
        return self._table.ended

    @property
    def scenario(self) -> Scenario | None:
        return self._table.scenario

    @property
    def dice(self) -> DiceSet:
        return self._table.dice

    @property
    def event_tokens(self) -> Mapping[EventSymbol, int]:
        return MappingProxyType(self._table.event_tokens)

    def thresholds_ahead(self) -> tuple[Threshold, ...]:
        """The Event board's thresholds not yet read that apply at this
        difficulty, as the board prints them (a player sees the board)."""
        scenario, table = self._table.scenario, self._table
        if scenario is None:
            return ()
        return tuple(
            t
            for t in scenario.board.thresholds
            if t not in table.fired and t.applies_at(table.difficulty)
        )

    @property
    def keywords(self) -> frozenset[str]:
        """The Keyword sheet."""
        return frozenset(self._table.keywords)

    def keyword_validated(self, keyword: str) -> bool:
        """Marked, or a companion's own keyword."""
        return self._table.keyword_validated(keyword)

    @property
    def revealed(self) -> frozenset[str]:
        return frozenset(self._table.revealed)

    @property
    def found(self) -> Mapping[str, frozenset[str]]:
        """Exploration elements found, by kind (clue, objective, information...)."""
        return MappingProxyType({k: frozenset(v) for k, v in self._table.found.items()})

    @property
    def location_tokens(self) -> Mapping[str, Mapping[str, int]]:
        tokens = self._table.location_tokens
        return MappingProxyType({p: MappingProxyType(t) for p, t in tokens.items()})

    @property
    def encounters(self) -> Mapping[str, EncounterView]:
        """Encounters in play, by location."""
        return MappingProxyType(
            {
                where: EncounterView(
                    e.encounter,
                    e.location,
                    e.path,
                    e.tokens,
                    frozenset(s for s in e.outwitted if not e.may_outwit(self._table, s)),
                )
                for where, e in self._table.encounters.items()
            }
        )

    # A storybook's pieces on the map ------------------------------------------------

    @property
    def group(self) -> GroupView | None:
        group = self._table.group
        return GroupView(group.at, group.hidden) if group is not None else None

    @property
    def prisoners(self) -> tuple[PrisonerView, ...]:
        """The scenario's prisoners, in the order it prints them."""
        table = self._table
        if table.scenario is None:
            return ()
        return tuple(
            PrisonerView(
                slug,
                printed.name,
                table.prisoners[slug].fate,
                prisoner_at(table, slug),
                table.prisoners[slug].escort if escorted(table, slug) else None,
            )
            for slug, printed in table.scenario.prisoners.items()
            if slug in table.prisoners
        )

    @property
    def barriers(self) -> Mapping[tuple[str, str], int]:
        """Barriers left across connections, by the pair of locations."""
        return MappingProxyType({edge: n for edge, n in self._table.barriers.items() if n})

    @property
    def vehicles(self) -> tuple[VehicleView, ...]:
        """The scenario's vehicles, in the order it prints them."""
        table = self._table
        if table.scenario is None:
            return ()
        return tuple(
            VehicleView(
                slug,
                printed.name,
                printed.seats,
                table.vehicles[slug].at,
                riders(table, slug),
                driver_of(table, slug),
            )
            for slug, printed in table.scenario.vehicles.items()
            if slug in table.vehicles
        )

    def token_limits(self, place: str) -> Mapping[str, tuple[int, int | None]]:
        """The floor and ceiling the storybook prints for each token on a card."""
        limits = self._book.book.token_limits.get(place, {}) if self._book else {}
        return MappingProxyType(dict(limits))

    def ruling(self, ruling_id: str) -> bool:
        """Whether a switch ruling is on in this game (house rules included)."""
        return self._table.rulings.flag(ruling_id)

    @property
    def investigation_supply(self) -> int:
        """Investigation tokens left in the supply (0 when the scenario has none)."""
        return investigation_supply(self._table)

    def distances(self, origin: str) -> Mapping[str, int]:
        """Moves needed from ``origin`` to each revealed location."""
        return MappingProxyType(distances(self._table, origin))

    def need(self, test: TestState) -> int:
        """Successes ``test`` needs, with any easing in force."""
        return test.need(self._table)

    def chance(self, test: TestState) -> Fraction:
        """The chance of passing ``test`` if it were rolled now."""
        return test.chance(self._table)

    # The storybook ------------------------------------------------------------------

    @property
    def title(self) -> str:
        return self._book.book.title if self._book else ""

    @property
    def keyword_sheet(self) -> tuple[str, ...]:
        """Every keyword the scenario's Keyword sheet prints."""
        return self._book.book.keywords if self._book else ()

    @property
    def paragraphs(self) -> Mapping[int, Paragraph]:
        return MappingProxyType(self._paragraphs)

    @property
    def on_defeat(self) -> int | None:
        """The paragraph read when every investigator is dead (``on_defeat``)."""
        return self._book.book.on_defeat if self._book else None

    @property
    def scenes(self) -> Mapping[str, int]:
        """The paragraph whose options stand at each location."""
        return MappingProxyType(self._book.state.scenes) if self._book else MappingProxyType({})

    @property
    def campaign_log(self) -> Mapping[str, Mapping[str, bool]]:
        """The campaign log: section -> entry -> whether it is crossed out."""
        log = self._book.state.log if self._book else {}
        return MappingProxyType({s: MappingProxyType(dict(e)) for s, e in log.items()})

    @property
    def counters(self) -> Mapping[str, int]:
        return MappingProxyType(dict(self._book.state.counters) if self._book else {})

    @property
    def carried_points(self) -> int:
        """Exploration points carried in from the campaign's earlier scenarios,
        counted in this one's rate (ruling ``exploration-carry``); 0 if none."""
        book = self._book
        if book is None or not carries(self._table, campaign=book.continues_campaign):
            return 0
        return book.carried_points

    @property
    def element_names(self) -> Mapping[str, str]:
        """The storybook's names of its clues, objectives and information, by slug."""
        if self._book is None:
            return MappingProxyType({})
        book = self._book.book
        return MappingProxyType({**book.information, **book.clues, **book.objectives})

    def was_read(self, paragraph: int) -> bool:
        return self._book is not None and paragraph in self._book.state.visited

    def option(self, option: StoryOption) -> OptionDef:
        """What a storybook option offered now says in the storybook."""
        return self._paragraphs[option.scene].options[option.index]

    def is_news(self, effect: Effect) -> bool:
        """Whether ``effect`` would change something now (reveal, find, mark...)."""
        return kind_of(effect.kind).news(effect, self._table)

    def leads_at(self, slug: str, place: str) -> tuple[OptionDef, ...]:
        """The options that would be open to ``slug`` at ``place`` now and lead
        somewhere unread, asked without moving anyone."""
        if self._book is None:
            return ()
        inv = self._table.investigator(slug)
        return tuple(self._book.leads_at(self._table, inv, place))
