"""A game: content plus setup plus the players' inputs (DESIGN principle 1).

:func:`start_game` turns a :class:`GameSetup` into a table, a storybook and
an Engine waiting for the first input; replaying the same inputs gives the
same game, bit for bit.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tales.rules.automation import Automation, Source
from tales.rules.decisions import Decision, Engine, Proc
from tales.rules.events import Event
from tales.rules.options import Option
from tales.rules.randomness import TableSettings
from tales.rules.round import play_scenario
from tales.rules.rulings import Rulings
from tales.rules.setup import new_game
from tales.rules.table import Table
from tales.story.campaign import (
    CampaignState,
    NextScenario,
    between_scenarios,
    deal_carried,
    following,
    item_cards,
    played_before,
    standalone_campaign,
)
from tales.story.campaign_shape import (
    defeated,
    ending_words,
    is_campaign,
    prologue_of,
    read_defeat,
    read_interludes,
)
from tales.story.core import Core
from tales.story.interpreter import Book, ExplorationRated, StoryRead, StoryState, play
from tales.story.model import Interlude, Tale
from tales.story.options import StoryChoice, StoryOption
from tales.story.view import TableView


@dataclass(frozen=True, slots=True)
class GameSetup:
    scenario: str
    players: tuple[str, ...]
    companions: tuple[str, ...]
    difficulty: str = "standard"
    seed: int = 0
    # The group's house rules: switches set away from rulings.yaml, by id.
    rulings: tuple[tuple[str, bool], ...] = ()
    # Who rolls and who draws at the start (settings played later change it).
    dice: Source = Source.DIGITAL
    cards: Source = Source.DIGITAL

    def rulings_in_force(self, core: Core) -> Rulings:
        if not self.rulings:  # the box's own: one value, whose switches are read once for all
            return core.rulings
        return core.rulings.overriding(dict(self.rulings))


# What Game.story_options lists: the storybook's own options.
_STORY = (StoryOption, StoryChoice)


@dataclass
class Game:
    setup: GameSetup
    table: Table
    book: Book
    engine: Engine[None]
    events: list[Event] = field(default_factory=list)
    # Set when a campaign scenario has ended and its items were carried.
    after: list[NextScenario] = field(default_factory=list)
    tale: Tale | None = None
    # Set when the campaign goes no further: how it ended ("the campaign is complete"...).
    finished: list[str] = field(default_factory=list)
    _view: TableView | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def pending(self) -> Decision | None:
        """The decision waiting for an input; None once the game is over."""
        return self.engine.pending

    @property
    def story_options(self) -> tuple[StoryOption | StoryChoice, ...]:
        """The pending decision's storybook options alone (a scene's
        ``StoryOption``, a paragraph's ``StoryChoice``), in order, without the
        rules' options beside them; empty once the game is over. The story's
        options lead every decision that has any (the story first: it is why
        we play), so only they are looked at, never the abilities after them."""
        pending = self.engine.pending
        if pending is None:
            return ()
        options = pending.options
        count = pending.leading  # told by the reading that asked, when it knows
        if count < 0:
            count = 0
            for option in options:
                if not isinstance(option, _STORY):
                    break
                count += 1
        story: tuple[StoryOption | StoryChoice, ...] = options[:count]  # type: ignore[assignment]
        return story

    @property
    def over(self) -> bool:
        """Whether nothing is left to decide (the scenario, and what follows it, done)."""
        return self.engine.pending is None

    @property
    def ending(self) -> str:
        """How the scenario ended ("every investigator is dead"...), or why the
        game could not go on (a storybook that loops); empty while it goes on."""
        stopped = self.engine.stopped
        if not self.table.ended and stopped is not None:
            return f"it cannot go on, {stopped}"
        return self.table.ended

    @property
    def view(self) -> TableView:
        """The table and storybook, read-only: what bots and prompts read."""
        if self._view is None:
            self._view = TableView(self.table, self.book)
        return self._view

    @property
    def next_scenario(self) -> NextScenario | None:
        return self.after[0] if self.after else None

    @property
    def inputs(self) -> list[str]:
        """The inputs played: the engine's log, the one truth (DESIGN principle 1)."""
        return self.engine.inputs

    def apply(self, option_id: str) -> tuple[Event, ...]:
        events = self.engine.apply(option_id)
        self.events += events
        return events

    def push(self, option: Option) -> tuple[Event, ...]:
        """Play one of the pending decision's options itself (see Engine.push)."""
        events = self.engine.push(option)
        self.events += events
        return events

    def summary(self) -> dict[str, object]:
        """What a playthrough came to, for golden tests: the paragraphs read
        in order, how and when it ended, and the exploration rate."""
        rated = [e for e in self.events if isinstance(e, ExplorationRated)]
        return {
            "read": [e.paragraph for e in self.events if isinstance(e, StoryRead)],
            "ended": self.table.ended,
            "round": self.table.round,
            "exploration": rated[-1].exact if rated else None,
            "inputs": len(self.inputs),
        }


def start_game(
    core: Core, tale: Tale, setup: GameSetup, campaign: CampaignState | None = None
) -> Game:
    """A scenario from its setup. Started on its own it takes its standalone
    preset's log and counters; in a campaign, what the scenario before left."""
    return begin_game(tale, setup, set_up(core, tale, setup, campaign))


@dataclass(frozen=True, slots=True)
class SetUp:
    """A scenario's table and storybook laid out, before anything is read:
    the state a game's events start from."""

    table: Table
    book: Book
    campaign: CampaignState
    roster: tuple[str, ...] = ()  # every investigator in the box, to replace the dead
    prologue: Interlude | None = None  # a new campaign's: read before its introduction


def set_up(
    core: Core, tale: Tale, setup: GameSetup, campaign: CampaignState | None = None
) -> SetUp:
    book = tale.scenarios[setup.scenario]
    table = new_game(
        core.investigators,
        core.items,
        book.scenario,
        players=setup.players,
        companions=setup.companions,
        difficulty=setup.difficulty,
        dice=core.dice,
        supply=core.supply,
        seed=setup.seed,
        rulings=setup.rulings_in_force(core),
    )
    prologue = prologue_of(tale, setup.scenario) if campaign is None else None
    table.automation = Automation(setup.dice, setup.cards)
    if campaign is None:
        campaign = standalone_campaign(tale, setup.scenario, setup.seed)
    state = StoryState(log=campaign.log, counters=campaign.counters, shuffles=campaign.shuffles)
    story = Book(book, state)
    if campaign.continues:
        story.carried_points, story.continues_campaign = campaign.points, True
        story.fallen = campaign.fallen
        cards = item_cards(core.items, tale, played_before(tale, setup.scenario))
        carried = {
            slug: campaign.cards.get(slug) or cards[item]
            for slug, item in campaign.carried.items()
            if item in cards or slug in campaign.cards
        }
        deal_carried(table, carried)
        story.carried_in = tuple(sorted({card.slug for card in carried.values()}))
    return SetUp(table, story, campaign, tuple(core.investigators), prologue)


def begin_game(tale: Tale, setup: GameSetup, laid: SetUp) -> Game:
    """Play a laid-out scenario: its introduction is read at once."""
    table, story = laid.table, laid.book
    opening = play(table, story)
    if laid.prologue is not None:
        opening = _after_prologue(laid.prologue, table, story, opening)
    return _game(setup, table, story, tale, opening, laid.campaign, laid.roster)


def _after_prologue(prologue: Interlude, table: Table, book: Book, then: Proc[str]) -> Proc[str]:
    """A new campaign: its prologue is read once, before the first introduction."""
    yield from read_interludes([prologue], book.state, table.sink)
    return (yield from then)


def resume_game(
    setup: GameSetup, table: Table, book: Book, tale: Tale, roster: tuple[str, ...] = ()
) -> Game:
    """A game set up again from a save sheet: it goes on with the next round."""
    came_in = CampaignState(points=book.carried_points, fallen=book.fallen)
    return _game(setup, table, book, tale, play_scenario(table, book), came_in, roster)


def _game(
    setup: GameSetup,
    table: Table,
    book: Book,
    tale: Tale,
    scenario: Proc[str],
    came_in: CampaignState,
    roster: tuple[str, ...],
) -> Game:
    after: list[NextScenario] = []
    finished: list[str] = []

    def whole() -> Proc[None]:
        yield from scenario
        book.assess(table)  # the whole team died or the time ran out: rate it too
        if defeated(table) and book.book.on_defeat is not None and not book.state.lost:
            read_defeat(table, book)
        going_on = yield from between_scenarios(
            table, book, tale, setup.scenario, setup.seed, came_in, roster
        )
        if going_on is not None:
            after.append(going_on)
        elif is_campaign(tale) or book.state.lost:
            finished.append(ending_words(table, book, following(tale, setup.scenario) is None))

    engine = Engine(whole(), table.sink, TableSettings(table))
    events = list(engine.opening_events)
    game = Game(setup, table, book, engine, events=events, after=after, tale=tale)
    game.finished = finished
    return game


def replay(core: Core, tale: Tale, setup: GameSetup, inputs: list[str]) -> Game:
    game = start_game(core, tale, setup)
    for option_id in inputs:
        game.apply(option_id)
    return game
