"""Low Water's tide is a deadline (review defects 11 and 14): the cage goes
under at the turn, a round sooner on hard and later on easy, and the reef is
reached only by the crossings the story allows."""

from __future__ import annotations

import pytest

from tales.rules.decisions import Engine
from tales.story.core import tale_path
from tales.story.game import Game, GameSetup, start_game
from tales.story.loader import load_tale
from tales.story.model import Tale

MAINLAND_TO_REEF = {"breakwater", "wreckers-shanty"}
REEF = {"reef-landing", "reef-spine", "the-sink"}


@pytest.fixture(scope="module")
def reef_ledger() -> Tale:
    tale, problems = load_tale(tale_path("the-reef-ledger"), fast=True)
    assert tale is not None, problems
    return tale


def game_at(core, tale: Tale, difficulty: str) -> Game:
    setup = GameSetup(
        "low-water", ("philip-harris",), ("irene-dubois", "ezra-marsh", "sarah-elington"),
        difficulty, 3,
    )  # fmt: skip
    return start_game(core, tale, setup)


def given_at(game: Game, space: int) -> bool:
    """Read the Event board's narrative for ``space`` and say whether the
    tithe was given by it (the log entry 186 writes)."""
    game.table.time = space
    number = game.table.scenario.board.narrative_at(space)
    assert number is not None
    Engine(game.book.read(game.table, number), game.table.sink)  # stops at its choice
    return game.book.state.log.get("the-reef", {}).get("tithe-given") is False


@pytest.mark.parametrize(
    ("difficulty", "space"), [("hard", 9), ("standard", 10), ("easy", 11)]
)  # fmt: skip
def test_the_cage_goes_under_at_the_turn_of_the_difficulty(core, reef_ledger, difficulty, space):
    early = game_at(core, reef_ledger, difficulty)
    assert not given_at(early, space - 1), "the window is still open a round before"
    game = game_at(core, reef_ledger, difficulty)
    assert given_at(game, space)


def test_a_hauled_cage_is_not_given(core, reef_ledger):
    game = game_at(core, reef_ledger, "standard")
    game.book.state.visited.add(127)  # the tithe freed at the windlass
    assert not given_at(game, 10)


def test_the_reef_is_not_walked_to_from_the_mainland(reef_ledger):
    places = reef_ledger.scenarios["low-water"].scenario.locations
    for slug in REEF:
        assert not places[slug].adjacent - REEF, f"{slug} touches the mainland"
    assert all(not places[s].adjacent & REEF for s in MAINLAND_TO_REEF)


def test_every_card_but_the_bus_stop_is_seen_outside_and_met_inside(reef_ledger):
    places = reef_ledger.scenarios["low-water"].scenario.locations
    inside = {slug for slug, place in places.items() if place.on_enter is not None}
    assert inside == set(places) - {"bus-stop"}
    assert all(places[s].paragraph != places[s].on_enter for s in inside)
