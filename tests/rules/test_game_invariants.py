"""Invariants of whole games, checked on random games of the real round (Hypothesis).

Where ``test_invariants.py`` strings the engine's procedures into a stand-in
session, this suite drives :func:`tales.rules.round.play_scenario` itself on
the ``harbour_scenario()`` fixture: every round's drawing, the Event board,
the start-of-round tokens, the Investigator Activity (Rest, moving, Running,
items, weapons, Abilities, recovery tests, Combat and Stratagem) and the End
of Round. A small recording storybook, :class:`WreckerStory`, joins in so that
encounters happen: it lays the Wrecker's card where a player stands, lets it
strike, and may take it away when its paragraphs (150, 151) are read.

Hypothesis draws the team (1 to 4 players, the rest of the four as
Companions), the difficulty, the table's seed and one integer per decision
(at most ``MAX_STEPS``); the bot picks option ``index % len(options)``, so
every game is a legal one. Half the games use a :func:`fierce` bot that eggs
the Wrecker on, so that investigators die. The properties are checked after
every single input; run with ``--hypothesis-show-statistics`` to see how the
games ended and how many investigators died.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, fields

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from tales.errors import IllegalInput
from tales.records import record
from tales.rules.decisions import Decision, DecisionKind, Engine, Proc
from tales.rules.encounters import end_encounter, enemy_attack, start_encounter
from tales.rules.events import (
    ActionsPaid,
    CardDrawn,
    Event,
    InvestigatorDied,
    Moved,
    ReadParagraph,
    RoundStarted,
    StatusCardGained,
    TestStarted,
    TokenGained,
)
from tales.rules.options import DrawOn, Option, option
from tales.rules.round import END_ROUND, NoStory, play_scenario
from tales.rules.scenario import DIFFICULTIES
from tales.rules.setup import TEAM_SIZE
from tales.rules.statuses import gain_status_card, gain_token
from tales.rules.table import Table
from tales.rules.terms import StatusCardKind, StatusToken, Track
from tales.story.core import DECK_SIZE, Core
from tests.conftest import game_for, harbour_scenario
from tests.rules.invariants import card_ids, illegal_inputs

# --- a small storybook: the Wrecker ------------------------------------------

WRECKER = "wrecker"
DEFEATED, ROUND_END = 150, 151  # the Wrecker's paragraphs in harbour_scenario()
# What the Wrecker's round-end paragraph may leave on those it fights: every
# status token and status card, so that the round's start- and end-of-round
# token steps and every status card's effect are played too.
MARKS = (*StatusToken, *StatusCardKind)


@option("story")
@record
class WreckerOption(Option):
    """``story:encounter:<location>`` or ``story:attack:<location>``."""

    what: str
    location: str


@option("end")
@record
class WreckerLeaves(Option):
    location: str


@option("mark")
@record
class WreckerMarks(Option):
    mark: str  # a status token or a status card kind


@option("go-on")
@record
class FightGoesOn(Option):
    pass


@dataclass
class WreckerStory(NoStory):
    """A storybook that only knows the Wrecker (see the Story protocol in
    ``tales.rules.round``), and records every paragraph it is asked to read.

    - ``story:encounter:<location>``: the Wrecker turns up where a living
      player stands and no encounter is under way ("The Storybook will
      instruct you to engage with a specific Encounter card");
    - ``story:attack:<location>``: the Wrecker strikes everyone there ("Status
      cards inflicted by the enemy affect all Investigators present in the
      same location");
    - reading 150 or 151, the group may end any encounter under way (the
      storybook says when an encounter is over); reading 151, the Wrecker
      may instead leave a status token or card on everyone it fights.
    """

    read_log: list[int] = field(default_factory=list)

    def options(self, table: Table) -> list[Option]:
        calm = sorted(
            {inv.location for inv in table.players() if inv.location}.difference(table.encounters)
        )
        options: list[Option] = [
            WreckerOption("encounter", loc, label=f"The Wrecker turns up at {loc}") for loc in calm
        ]
        options += [
            WreckerOption("attack", loc, label=f"The Wrecker strikes at {loc}")
            for loc in sorted(table.encounters)
        ]
        return options

    def perform(self, table: Table, option: Option) -> Proc[None]:
        assert isinstance(option, WreckerOption)
        what, location = option.what, option.location
        if what == "encounter":
            assert table.scenario is not None
            start_encounter(table, table.scenario.encounters[WRECKER], location)
        elif what == "attack":
            enemy_attack(table, location)
        else:  # pragma: no cover - options() offers nothing else
            raise AssertionError(f"unknown storybook activity {option!r}")
        return
        yield  # pragma: no cover - makes this a generator

    def read(self, table: Table, paragraph: int, at: str | None = None) -> Proc[None]:
        self.read_log.append(paragraph)
        if paragraph not in (DEFEATED, ROUND_END) or not table.encounters:
            return
        options: list[Option] = [
            WreckerLeaves(loc, label=f"The Wrecker leaves {loc}") for loc in table.encounters
        ]
        marks = {str(mark): mark for mark in MARKS} if paragraph == ROUND_END else {}
        options += [
            WreckerMarks(m, label=f"The Wrecker leaves a {mark}") for m, mark in marks.items()
        ]
        options.append(FightGoesOn(label="The fight goes on"))
        prompt = f"Paragraph {paragraph}"
        choice = yield Decision(None, DecisionKind.STORY_CHOICE, prompt, tuple(options))
        if isinstance(choice, WreckerLeaves):
            end_encounter(table, choice.location)
        elif isinstance(choice, WreckerMarks):
            mark = marks[choice.mark]
            for inv in table.players():
                if inv.location not in table.encounters:
                    continue
                if isinstance(mark, StatusToken):
                    gain_token(table, inv, mark)
                else:
                    gain_status_card(table, inv, mark, zone="deck")


# --- random games ------------------------------------------------------------

MAX_STEPS = 600  # the step cap: inputs in one game at most


Policy = Callable[[Table, Decision, int], str]
"""A bot: the option id to play, given the table, the decision and a pick."""


@dataclass(frozen=True)
class Game:
    """One random game: who plays, how hard, the table's seed, and the picks."""

    players: tuple[str, ...]
    companions: tuple[str, ...]
    difficulty: str
    seed: int
    picks: tuple[int, ...]
    fierce: bool = False  # the bot eggs the Wrecker on: see fierce()

    def policy(self) -> Policy:
        return fierce if self.fierce else pick


EITHER_BOT = st.booleans()  # a game is fierce or not


@st.composite
def games(
    draw: st.DrawFn, slugs: Sequence[str], fierce: st.SearchStrategy[bool] = EITHER_BOT
) -> Game:
    team = draw(st.permutations(sorted(slugs)))[:TEAM_SIZE]
    players = draw(st.integers(min_value=1, max_value=TEAM_SIZE))
    difficulty = draw(st.sampled_from(DIFFICULTIES))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    picks = draw(
        st.lists(
            st.integers(min_value=0, max_value=2**16), min_size=MAX_STEPS // 2, max_size=MAX_STEPS
        )
    )
    return Game(
        tuple(team[:players]), tuple(team[players:]), difficulty, seed, tuple(picks), draw(fierce)
    )


def draw_game(
    data: st.DataObject, core: Core, fierce: st.SearchStrategy[bool] = EITHER_BOT
) -> Game:
    game = data.draw(games(sorted(core.investigators), fierce), label="game")
    event(f"{len(game.players)} player(s)")
    return game


def new_game(core: Core, game: Game) -> tuple[Table, Engine[str], WreckerStory]:
    table = game_for(
        core, game.players, game.companions, seed=game.seed, difficulty=game.difficulty
    )
    story = WreckerStory()
    return table, Engine(play_scenario(table, story), table.sink), story


def pick(table: Table, decision: Decision, index: int) -> str:
    """The option the index names: ``index % len(options)``."""
    return decision.options[index % len(decision.options)].id


def fierce(table: Table, decision: Decision, index: int) -> str:
    """A bot that gets investigators killed, so that the rules for the dead
    are tried: three times in four it lets the Wrecker strike whenever it may
    and the box still has an INJURY card for it, and it always draws on after
    a status card; otherwise it is :func:`pick`. (With :func:`pick` alone,
    hardly one game in a hundred sees a death: the Wrecker's INJURY cards are
    too few, and a player often stops drawing after one.)"""
    attacks = [
        o.id for o in decision.options if isinstance(o, WreckerOption) and o.what == "attack"
    ]
    if attacks and index % 4 and table.supply.status_cards[StatusCardKind.INJURY]:
        return attacks[index // 4 % len(attacks)]
    if any(isinstance(o, DrawOn) for o in decision.options):
        return DrawOn().id
    return pick(table, decision, index)


@dataclass
class Step:
    """The game after one input (or before the first): the events it caused."""

    table: Table
    engine: Engine[str]
    story: WreckerStory
    events: tuple[Event, ...]


def play(core: Core, game: Game, policy: Policy | None = None) -> Iterator[Step]:
    """Yield the game before the first input and after each one, up to the
    picks' end or the scenario's; ``policy`` defaults to the game's own."""
    policy = policy or game.policy()
    table, engine, story = new_game(core, game)
    yield Step(table, engine, story, engine.opening_events)
    for index in game.picks:
        if engine.pending is None:
            break
        events = engine.apply(policy(table, engine.pending, index))
        yield Step(table, engine, story, events)
    if engine.finished:
        event(f"ended: {table.ended}")
    else:
        event("stopped at the step cap")


# --- the properties ------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_card_lies_in_exactly_one_zone(core: Core, data: st.DataObject) -> None:
    """Each card is in one deck, hand, play area or discard pile, or in the
    box's status or Heroism cards, from setup to the scenario's end: status
    cards are "placed in your Investigator's deck" and those "responsible for
    the loss" are "return[ed] to the general supply"; at the End of Round the
    cards are gathered "from your Play Area, from your Discard Pile, remaining
    in your Character Deck" and a kept hand stays a hand."""
    game = draw_game(data, core)
    box = core.supply
    expected = DECK_SIZE * len(game.players) + sum(box.status_cards.values()) + box.heroism_cards
    for step in play(core, game):
        ids = card_ids(step.table)
        doubled = sorted(card for card, n in Counter(ids).items() if n > 1)
        assert not doubled, f"cards in two zones at once: {doubled}"
        assert len(ids) == expected, f"{expected} cards at setup, {len(ids)} now"


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_tracks_and_pools_are_conserved(core: Core, data: st.DataObject) -> None:
    """Tracks stay between 0 and the board's maximum. Every counted component
    is on the table or in the general supply, never created or lost ("Once
    resolved, return the token back to the general supply"; "After using an
    Item, remove 1 Item use marker from its card"): status tokens, Event
    board tokens, the "32 Item use markers" and the "8 Encounter tokens"."""
    game = draw_game(data, core)
    box = core.supply
    for step in play(core, game):
        table = step.table
        people = table.investigators.values()
        for inv in people:
            for track in Track:
                assert 0 <= inv.track(track) <= inv.sheet.maxima[track], (inv.slug, track)
        for token in StatusToken:
            on_boards = sum(inv.tokens[token] for inv in people)
            in_supply = table.supply.status_tokens[token]
            assert min(inv.tokens[token] for inv in people) >= 0 and in_supply >= 0, token
            assert on_boards + in_supply == box.status_tokens[token], token
        for symbol, count in box.event_tokens.items():
            assert table.event_tokens[symbol] >= 0 and table.supply.event_tokens[symbol] >= 0
            assert table.event_tokens[symbol] + table.supply.event_tokens[symbol] == count, symbol
        held = [item for inv in people for item in inv.items]
        assert all(item.uses >= 0 for item in held), held
        assert sum(item.uses for item in held) + table.supply.use_markers == box.use_markers
        for state in table.encounters.values():
            assert 0 <= state.tokens <= state.target(state.path or "combat"), state
        placed = sum(state.placed for state in table.encounters.values())
        short = any(state.placed < state.tokens for state in table.encounters.values())
        assert not short or table.supply.encounter_tokens == 0, "a token left while one lacks"
        assert all(0 <= state.placed <= state.tokens for state in table.encounters.values())
        assert table.supply.encounter_tokens >= 0
        assert placed + table.supply.encounter_tokens == box.encounter_tokens


# Events no Companion may ever be the subject of (but for the refusal of a
# status, reported with the outcome "companion").
COMPANION_FREE = (
    Moved,
    TestStarted,
    ActionsPaid,
    CardDrawn,
    TokenGained,
    StatusCardGained,
    InvestigatorDied,
)


def named(option_id: str) -> set[str]:
    """The ``:``-separated parts of an option id (slugs among them)."""
    return set(option_id.split(":"))


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_companions_hold_nothing_and_never_move(core: Core, data: st.DataObject) -> None:
    """ "The Companion does not receive any Status effects (tokens or cards)";
    Companions "do not use a standee on the board", "A Companion cannot be
    used to move an Investigator or to initiate tests": no Companion ever has
    a token, a card or a location, no decision is theirs to take, and the only
    activity naming one is their Ability (ruling ``companion-abilities``)."""
    game = draw_game(data, core)
    companions = set(game.companions)
    for step in play(core, game):
        for companion in step.table.companions():
            assert not +companion.tokens, (companion.slug, companion.tokens)
            assert not companion.all_cards(), [c.id for c in companion.all_cards()]
            assert companion.location is None, (companion.slug, companion.location)
        for e in step.events:
            if isinstance(e, COMPANION_FREE) and getattr(e, "outcome", "") != "companion":
                assert e.investigator not in companions, e
        decision = step.engine.pending
        if decision is None:
            continue
        assert decision.actor not in companions, decision
        if decision.kind == "activity":
            for option_id in decision.ids:
                kind, *slugs = option_id.split(":")
                if kind == "ability":  # a Companion's own, aimed at a player
                    slugs = slugs[1:]
                assert not set(slugs) & companions, option_id


# Events that show an investigator doing something, and who.
ACTING_FIELDS = ("investigator", "user", "target", "payer")


def actors(e: Event) -> set[str]:
    """Who an event shows acting or acted on; refusals ("dead") excluded."""
    if getattr(e, "outcome", None) == "dead" or isinstance(e, InvestigatorDied):
        return set()
    names = {f.name for f in fields(e)}
    return {getattr(e, name) for name in ACTING_FIELDS if name in names}


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_dead_are_out_of_the_game(core: Core, data: st.DataObject) -> None:
    """ "If an Investigator's VITALITY or SANITY is reduced to zero, their
    Character is permanently removed from the game and considered dead": from
    the input that killed them on, their board never changes, no decision is
    theirs, no option names them or a card in their hand, and no event shows
    them acting. "Every Scenario ends with an Epilogue or death of all the
    team members": once no player's investigator lives, the game is over.

    The bot here is :func:`fierce`, or hardly anybody would die."""
    game = draw_game(data, core, fierce=st.just(True))
    at_death: dict[str, object] = {}
    for step in play(core, game):
        table, engine = step.table, step.engine
        dead = set(at_death)
        for e in step.events:
            assert not actors(e) & dead, f"the dead act: {e}"
            if isinstance(e, InvestigatorDied):
                dead.add(e.investigator)
        boards = table.snapshot()["investigators"] if dead else {}
        for slug in dead:
            assert boards[slug] == at_death.setdefault(slug, boards[slug]), f"dead {slug} changed"
        assert dead == {inv.slug for inv in table.investigators.values() if inv.dead}
        decision = engine.pending
        if decision is not None:
            assert decision.actor not in dead, decision
            hands = {c.id for slug in dead for c in table.investigators[slug].hand}
            for option_id in decision.ids:
                assert not named(option_id) & (dead | hands), option_id
        if not table.players():
            assert engine.finished, f"the whole team is dead, yet {decision}"
            assert table.ended == engine.result == "every investigator is dead"
    event(f"{len(at_death)} dead")


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_a_recorded_game_replays_identically(core: Core, data: st.DataObject) -> None:
    """The same seed and the recorded inputs give the same game: the state
    after every input, the events every input caused, and the paragraphs the
    storybook was asked to read ("read N" events, in order)."""
    game = draw_game(data, core)
    snapshots, events = [], []
    for step in play(core, game):
        snapshots.append(step.table.snapshot())
        events.append(step.events)
    first = step.engine

    table, engine, story = new_game(core, game)
    assert engine.opening_events == events[0]
    assert table.snapshot() == snapshots[0]
    for n, option_id in enumerate(first.inputs, start=1):
        assert engine.apply(option_id) == events[n], f"events differ at input {n}"
        assert table.snapshot() == snapshots[n], f"state differs at input {n}"
    assert engine.inputs == first.inputs
    assert (engine.finished, engine.result, engine.pending) == (
        first.finished,
        first.result,
        first.pending,
    )
    reads = [e.paragraph for batch in events for e in batch if isinstance(e, ReadParagraph)]
    assert story.read_log == step.story.read_log == reads


# Option ids of other decisions: legal somewhere in a game, rarely right now.
OTHER_IDS = (
    "end-round",
    "roll",
    "accept",
    "explode",
    "draw",
    "stop",
    "keep",
    "confirm",
    "back",
    "go-on",
    "mark:FOCUS",
    "give-up",
    "keep-red:1",
    "die:0",
    "end:pier",
    "story:encounter:pier",
    "story:attack:pier",
    "story:attack:sea-cave",
    "move:arthur-blackwood:boathouse",
    "run:ezra-marsh:counting-house",
    "rest:irene-dubois",
    "combat:arthur-blackwood:trench-shotgun",
    "stratagem:margaret-sinclair",
    "ability:philip-harris:philip-harris",
    "pay:arthur-blackwood-01",
    "marker:ezra-marsh:action",
    "play:arthur-blackwood-01",
    "return:heroism-1",
)


@settings(max_examples=50, deadline=None)
@given(data=st.data(), at=st.integers(min_value=0, max_value=MAX_STEPS))
def test_an_illegal_input_changes_nothing(core: Core, data: st.DataObject, at: int) -> None:
    """An input that is not a legal option raises IllegalInput before anything
    changes (the table, the recorded inputs, the pending decision, the events
    and the storybook's reading), so the game goes on; also once it is over."""
    game = draw_game(data, core)
    *_, step = itertools.islice(play(core, game), at + 1)  # the game after ``at`` inputs
    table, engine = step.table, step.engine
    legal = engine.legal_ids()
    garbage = data.draw(illegal_inputs(legal, OTHER_IDS), label="illegal input")
    assume(garbage not in legal)
    before, inputs, pending = table.snapshot(), list(engine.inputs), engine.pending
    read_log = list(step.story.read_log)
    with pytest.raises(IllegalInput):
        engine.apply(garbage)
    assert table.snapshot() == before
    assert engine.inputs == inputs and engine.pending == pending
    assert table.sink.take() == ()
    assert step.story.read_log == read_log
    if engine.pending is not None:  # the game goes on
        engine.apply(engine.pending.ids[0])
    else:
        event("illegal input after the end")


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_input_leads_to_a_decision_or_the_end(core: Core, data: st.DataObject) -> None:
    """The engine never gets stuck: after every input there is a decision
    with at least one option (it raises RuntimeError on one without), no two
    options share an id (an id names one choice), or the scenario is over,
    the procedure returned why it ended and no narrative is left waiting."""
    game = draw_game(data, core)
    try:
        for step in play(core, game):
            table, engine = step.table, step.engine
            decision = engine.pending
            assert (decision is None) == engine.finished
            if decision is None:
                assert table.ended and engine.result == table.ended
                assert not table.to_read, f"left unread at the end: {table.to_read}"
                continue
            assert not table.ended, f"the scenario ended ({table.ended}) yet {decision}"
            assert decision.options, decision
            doubled = sorted(i for i, n in Counter(decision.ids).items() if n > 1)
            assert not doubled, f"option ids offered twice: {doubled} in {decision.prompt!r}"
            assert decision.actor is None or decision.actor in table.investigators
    except RuntimeError as error:  # Engine: "a decision with no options was asked"
        pytest.fail(f"the game got stuck: {error}")


def end_rounds(table: Table, decision: Decision, index: int) -> str:
    """A bot that ends the round as soon as it is asked what the team does."""
    return END_ROUND.id if END_ROUND.id in decision.ids else pick(table, decision, index)


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_ending_every_round_ends_the_scenario_on_time(core: Core, data: st.DataObject) -> None:
    """ "Advance the time marker on the Event board to the next space" at
    each End of Round, from "the space that matches the selected difficulty
    level": a team that ends every round at once plays one round per space
    and the scenario ends when the marker runs off the board's last space
    (ruling ``time-track-end``), well within the step cap."""
    game = draw_game(data, core, fierce=st.just(False))
    board = harbour_scenario().board
    start, last = board.start[game.difficulty], len(board.spaces)
    rounds: list[RoundStarted] = []
    for step in play(core, game, end_rounds):
        rounds += [e for e in step.events if isinstance(e, RoundStarted)]
    table, engine = step.table, step.engine
    assert engine.finished, f"still going after {len(engine.inputs)} inputs"
    assert [(r.round, r.time) for r in rounds] == [
        (n, start + n - 1) for n in range(1, len(rounds) + 1)
    ]
    assert table.ended in ("the time track ran out", "every investigator is dead")
    if table.ended == "the time track ran out":
        assert len(rounds) == last - start + 1 and table.time == last
    else:
        assert len(rounds) <= last - start + 1
