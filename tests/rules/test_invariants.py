"""Invariants of the rules engine, checked on random mini-games (Hypothesis).

A small "session" procedure below strings the engine's own procedures into a
few rounds of play: every living player draws up to 5 cards, then the group
picks activities one decision at a time (skill tests, recovery tests, team
tests, gaining status tokens and cards, losing or regaining track points,
using Abilities), and the round ends the way the rulebook's "End of Round"
says. Hypothesis
draws the team, the table's seed and the index of the option picked at each
decision, so every game is a legal one; the properties are checked after
every single input.

The session stands in for the round procedure the engine does not have yet;
it is kept small on purpose and is not part of the rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tales.errors import IllegalInput
from tales.records import record
from tales.rules.abilities import ability_options, use_ability
from tales.rules.decisions import Decision, DecisionKind, Engine, Proc
from tales.rules.drawing import draw_up_to, start_of_round_tokens
from tales.rules.options import EndRound, Option, Recover, UseAbility, option
from tales.rules.setup import TEAM_SIZE
from tales.rules.skilltest import TestSpec, skill_test
from tales.rules.statuses import (
    change_track,
    gain_status_card,
    gain_token,
    resolve_end_of_round_tokens,
)
from tales.rules.table import Table
from tales.rules.teamtests import recovery_kinds, recovery_test, team_test
from tales.rules.terms import Attribute, StatusCardKind, StatusToken, Track
from tales.story.core import DECK_SIZE, Core
from tests.conftest import run, table_for
from tests.rules.invariants import card_ids, illegal_inputs

# --- the session: a few rounds of play built from the engine's procedures -----

ROUNDS = 4
ACTIVITIES_PER_ROUND = 6
TEST_NEEDS = (1, 3)
TEAM_NEEDS = (2, 5)
TRACK_DELTAS = (-4, 1)  # a heavy blow (so that investigators do die) and a small recovery
END_ROUND = EndRound(label="End the round")


# The session's own activities, typed like the engine's.
@option("test")
@record
class Test(Option):
    __test__ = False  # not a pytest test class
    investigator: str
    attribute: Attribute
    need: int


@option("track")
@record
class ChangeTrack(Option):
    investigator: str
    track: Track
    delta: int


@option("team")
@record
class Team(Option):
    attribute: Attribute
    need: int


@option("token")
@record
class Token(Option):
    investigator: str
    token: StatusToken


@option("card")
@record
class StatusCard(Option):
    investigator: str
    kind: StatusCardKind


def activity_options(table: Table) -> tuple[Option, ...]:
    """What the group may do next. Tests are started only by living players;
    tokens and status cards may be aimed at anyone, and the engine must refuse
    them to Companions and to the dead."""
    options: list[Option] = []
    players = table.players()
    for inv in players:
        options += [
            Test(inv.slug, attribute, need, label=f"{inv.name}: {attribute} test, {need}")
            for attribute in Attribute
            for need in TEST_NEEDS
        ]
        options += [
            Recover(inv.slug, kind, label=f"{inv.name} tries to remove a {kind} card")
            for kind in recovery_kinds(inv)
        ]
        options += [
            ChangeTrack(inv.slug, track, delta, label=f"{inv.name}: {delta:+d} {track}")
            for track in Track
            for delta in TRACK_DELTAS
        ]
    if players:
        options += [
            Team(attribute, need, label=f"Team {attribute} test, {need}")
            for attribute in Attribute
            for need in TEAM_NEEDS
        ]
    for inv in table.investigators.values():
        options += [Token(inv.slug, t, label=f"{inv.name} gains {t}") for t in StatusToken]
        options += [
            StatusCard(inv.slug, k, label=f"{inv.name} gains a {k} card") for k in StatusCardKind
        ]
    options += ability_options(table)
    options.append(END_ROUND)
    return tuple(options)


def activity(table: Table, choice: Option) -> Proc[None]:
    """Carry out one option of :func:`activity_options`."""
    match choice:
        case Test(slug, attribute, need):
            yield from skill_test(table, table.investigator(slug), TestSpec(attribute, need))
        case Recover(slug, card_kind):
            yield from recovery_test(table, table.investigator(slug), card_kind)
        case Team(attribute, need):
            # Everybody is offered to the team test; the engine must keep out the
            # dead and the Companions ("never perform tests on their own").
            members = list(table.investigators.values())
            yield from team_test(table, TestSpec(attribute, need), members)
        case Token(slug, token):
            gain_token(table, table.investigator(slug), token)
        case StatusCard(slug, card_kind):
            gain_status_card(table, table.investigator(slug), card_kind, zone="deck")
        case UseAbility(user, target):
            yield from use_ability(table, table.investigator(user), table.investigator(target))
        case ChangeTrack(slug, track, delta):
            change_track(table, table.investigator(slug), track, delta, "session")
        case _:  # pragma: no cover - activity_options offers nothing else
            raise AssertionError(f"unknown activity {choice!r}")


def start_round(table: Table) -> Proc[None]:
    """Rulebook: "At the beginning of each round, draw up to 5 cards"; then the
    start-of-round tokens (FORTIFIED, SURPRISED)."""
    for inv in table.players():
        if inv.active:
            yield from draw_up_to(table, inv)
        if inv.active:
            yield from start_of_round_tokens(table, inv)


def end_round(table: Table) -> None:
    """End of Round: "Resolve the effects of Status tokens", "gather all your
    cards from your Play Area, from your Discard Pile, remaining in your
    Character Deck. Shuffle all these cards together"; the hand is kept; "flip
    all their Companion markers on their boards back to the active side"."""
    for inv in table.players():
        resolve_end_of_round_tokens(table, inv)
    for inv in table.players():
        inv.deck = [*inv.play_area, *inv.discard, *inv.deck]
        inv.play_area, inv.discard = [], []
        table.rng.shuffle(inv.deck)
    for companion in table.companions():
        companion.markers_used.clear()


def session(table: Table, rounds: int = ROUNDS) -> Proc[int]:
    """Play up to ``rounds`` rounds; return how many were played. The game is
    over early once no player's investigator is alive."""
    for number in range(1, rounds + 1):
        if not table.players():
            return number - 1
        yield from start_round(table)
        for _ in range(ACTIVITIES_PER_ROUND):
            prompt = f"Round {number}: what does the group do?"
            choice = yield Decision(None, DecisionKind.ACTIVITY, prompt, activity_options(table))
            if isinstance(choice, EndRound):
                break
            yield from activity(table, choice)
        end_round(table)
    return rounds


# --- random games ------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """One random game: who plays, the table's seed, and the picks."""

    players: tuple[str, ...]
    companions: tuple[str, ...]
    seed: int
    picks: tuple[int, ...]


MAX_STEPS = 400


@st.composite
def games(draw: st.DrawFn, slugs: Sequence[str]) -> Game:
    team = draw(st.permutations(sorted(slugs)))[:TEAM_SIZE]
    players = draw(st.integers(min_value=1, max_value=TEAM_SIZE))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    picks = draw(
        st.lists(
            st.integers(min_value=0, max_value=2**16), min_size=MAX_STEPS // 2, max_size=MAX_STEPS
        )
    )
    return Game(tuple(team[:players]), tuple(team[players:]), seed, tuple(picks))


def new_game(core: Core, game: Game) -> tuple[Table, Engine[object]]:
    table = table_for(core, game.players, game.companions, seed=game.seed)
    return table, run(table, session(table))


def pick(engine: Engine[object], index: int) -> str:
    """The option the index names: ``index % len(options)``."""
    assert engine.pending is not None
    options = engine.pending.options
    return options[index % len(options)].id


def play(core: Core, game: Game) -> Iterator[tuple[Table, Engine[object]]]:
    """Yield the table and engine before the first input and after each one."""
    table, engine = new_game(core, game)
    yield table, engine
    for index in game.picks:
        if engine.pending is None:
            return
        engine.apply(pick(engine, index))
        yield table, engine


def draw_game(data: st.DataObject, core: Core) -> Game:
    return data.draw(games(sorted(core.investigators)), label="game")


# --- the properties -----------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_card_lies_in_exactly_one_zone(core: Core, data: st.DataObject) -> None:
    """Each card is in one deck, hand, play area, discard pile or supply pool,
    and no card is ever created or lost: "Status cards will be placed in your
    Investigator's deck", and those "responsible for the loss" are "return[ed]
    to the general supply". Companions hold no deck, so the count is the
    players' decks plus the box's status and Heroism cards."""
    game = draw_game(data, core)
    box = core.supply
    expected = DECK_SIZE * len(game.players) + sum(box.status_cards.values()) + box.heroism_cards
    for table, _ in play(core, game):
        ids = card_ids(table)
        doubled = sorted(card for card, n in Counter(ids).items() if n > 1)
        assert not doubled, f"cards in two zones at once: {doubled}"
        assert len(ids) == expected


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_tracks_and_tokens_are_conserved(core: Core, data: st.DataObject) -> None:
    """Tracks stay between 0 and the board's maximum; a status token is either
    on a board or in the general supply ("Once resolved, return the token back
    to the general supply"), and so is an Event board marker (24 in the box)."""
    game = draw_game(data, core)
    box = core.supply
    for table, _ in play(core, game):
        for inv in table.investigators.values():
            for track in Track:
                assert 0 <= inv.track(track) <= inv.sheet.maxima[track], (inv.slug, track)
        for token in StatusToken:
            on_boards = sum(inv.tokens[token] for inv in table.investigators.values())
            assert on_boards >= 0 and table.supply.status_tokens[token] >= 0
            assert on_boards + table.supply.status_tokens[token] == box.status_tokens[token]
        for symbol, count in box.event_tokens.items():
            assert table.event_tokens[symbol] + table.supply.event_tokens[symbol] == count


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_companions_never_hold_statuses_or_cards(core: Core, data: st.DataObject) -> None:
    """Rulebook: "The Companion does not receive any Status effects (tokens or
    cards)", and a Companion has no Character deck to draw a hand from."""
    game = draw_game(data, core)
    for table, _ in play(core, game):
        for companion in table.companions():
            assert not +companion.tokens, companion.tokens
            assert not companion.all_cards(), [c.id for c in companion.all_cards()]


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_dead_never_start_a_test(core: Core, data: st.DataObject) -> None:
    """Rulebook: "If an Investigator's VITALITY or SANITY is reduced to zero,
    their Character is permanently removed from the game and considered dead": no
    decision offers a dead investigator (or a Companion, who may "never perform
    tests on their own") as the one who takes a test."""
    game = draw_game(data, core)
    table: Table | None = None
    for table, engine in play(core, game):
        decision = engine.pending
        if decision is None:
            break
        actors: list[str] = []
        if decision.kind == "activity":
            actors = [i.split(":")[1] for i in decision.ids if i.startswith(("test:", "recover:"))]
        elif decision.kind == "team-test":
            actors = [i.split(":")[1] for i in decision.ids if i.startswith("attempt:")]
        elif decision.kind in ("prepare", "after-roll", "reroll", "keep-red"):
            assert decision.actor is not None
            actors = [decision.actor]
        for slug in actors:
            inv = table.investigator(slug)
            assert not inv.dead, f"dead {slug} offered as a test's actor: {decision}"
            assert not inv.companion, f"Companion {slug} offered as a test's actor: {decision}"
    assert table is not None
    for inv in table.investigators.values():
        if inv.dead or inv.companion:
            with pytest.raises(ValueError, match="cannot start a test"):
                run(table, skill_test(table, inv, TestSpec(Attribute.POWER, 1)))


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_dead_are_out_of_the_game(core: Core, data: st.DataObject) -> None:
    """A dead investigator is "permanently removed from the game": from the
    input that killed them on, their tracks, cards and tokens never change
    (tokens and status cards aimed at them are refused)."""
    game = draw_game(data, core)
    at_death: dict[str, object] = {}
    for table, _ in play(core, game):
        boards = table.snapshot()["investigators"]
        for inv in table.investigators.values():
            if inv.dead:
                assert boards[inv.slug] == at_death.setdefault(inv.slug, boards[inv.slug])


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_recorded_game_replays_identically(core: Core, data: st.DataObject) -> None:
    """The same seed and the same inputs give the same game: the state after
    every input and the events every input caused."""
    game = draw_game(data, core)
    table, engine = new_game(core, game)
    snapshots, events = [table.snapshot()], [engine.opening_events]
    for index in game.picks:
        if engine.pending is None:
            break
        events.append(engine.apply(pick(engine, index)))
        snapshots.append(table.snapshot())

    again, replay = new_game(core, game)
    assert replay.opening_events == events[0]
    assert again.snapshot() == snapshots[0]
    for step, option_id in enumerate(engine.inputs, start=1):
        assert replay.apply(option_id) == events[step], f"events differ at input {step}"
        assert again.snapshot() == snapshots[step], f"state differs at input {step}"
    assert replay.inputs == engine.inputs
    assert (replay.finished, replay.result) == (engine.finished, engine.result)


# Option ids of other decisions: legal somewhere in a game, rarely right now.
OTHER_IDS = (
    "roll",
    "accept",
    "explode",
    "draw",
    "stop",
    "end-round",
    "confirm",
    "back",
    "give-up",
    "keep-red:1",
    "die:0",
    "play:arthur-blackwood-01",
    "assist:ezra-marsh-02",
    "test:arthur-blackwood:POWER:1",
    "token:ezra-marsh:FOCUS",
)


@settings(max_examples=60, deadline=None)
@given(data=st.data(), at=st.integers(min_value=0, max_value=MAX_STEPS))
def test_an_illegal_input_changes_nothing(core: Core, data: st.DataObject, at: int) -> None:
    """An input that is not a legal option raises IllegalInput before anything
    changes, so the game goes on (also once the game is over)."""
    game = draw_game(data, core)
    steps = play(core, game)
    table, engine = next(steps)
    for _ in range(at):
        if engine.pending is None:
            break
        table, engine = next(steps, (table, engine))
    legal = engine.legal_ids()
    garbage = data.draw(illegal_inputs(legal, OTHER_IDS), label="illegal input")
    assume(garbage not in legal)
    before, inputs, pending = table.snapshot(), list(engine.inputs), engine.pending
    with pytest.raises(IllegalInput):
        engine.apply(garbage)
    assert table.snapshot() == before
    assert engine.inputs == inputs and engine.pending == pending
    assert table.sink.take() == ()
    if engine.pending is not None:  # the game goes on
        engine.apply(engine.pending.ids[0])
