"""Low Water's tide is a deadline (review defects 11 and 14): the cage goes
under at the turn, a round sooner on hard and later on easy, and the reef is
reached only by the crossings the story allows."""

from __future__ import annotations

import pytest

from tales.rules.activities import narrative_move
from tales.rules.decisions import Engine
from tales.rules.exploration import reveal_location
from tales.story.game import Game, GameSetup, start_game
from tales.story.model import Tale

MAINLAND_TO_REEF = {"breakwater", "wreckers-shanty"}
REEF = {"reef-landing", "reef-spine", "the-sink"}


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


def at_the_sink(core, tale: Tale, time: int) -> Game:
    """The team stands inside the deacons' ring (126) with the countersign."""
    game = game_at(core, tale, "standard")
    table = game.table
    for slug in sorted(REEF):
        reveal_location(table, slug)
    for inv in table.players():
        narrative_move(table, inv, "the-sink")
    table.entered.update(dict.fromkeys(REEF, ""))
    table.keywords.add("PASSWORD")
    table.time = time
    Engine(game.book.read_as(table, 126, table.players()[0]), table.sink)
    return game


def offered(game: Game) -> list[str]:
    return [o.label for o in game.book.options(game.table)]


def test_the_countersign_lets_the_ring_wind_the_cage_up_once_the_tithe_is_in_it(core, reef_ledger):
    early = at_the_sink(core, reef_ledger, 7)
    assert not any("brake pin" in label for label in offered(early)), "the cage is empty at 7"
    game = at_the_sink(core, reef_ledger, 8)
    heist = [o for o in game.book.options(game.table) if "brake pin" in o.label]
    assert len(heist) == 1, offered(game)
    scene = game.book.book.paragraphs[heist[0].scene].options[heist[0].index]
    assert scene.success is not None and scene.success.goto == 184
    inv = game.table.investigator(heist[0].investigator)
    Engine(game.book.follow(game.table, scene.success, inv), game.table.sink)
    assert {184, 127} <= game.book.state.visited, "the heist frees the tithe (127)"
    assert 119 not in game.book.state.visited, "and the Warden never rose"


def test_without_laszlo_the_sink_can_still_be_shut_at_the_padlocks_price(core, reef_ledger):
    game = at_the_sink(core, reef_ledger, 9)  # no STAGE on this team
    Engine(game.book.read_as(game.table, 127, game.table.players()[0]), game.table.sink)
    labels = offered(game)
    assert not any("green padlock" in label for label in labels)
    assert any("from above" in label for label in labels), labels
    hold = next(o for o in game.book.options(game.table) if "from above" in o.label)
    assert game.book.book.paragraphs[hold.scene].options[hold.index].goto == 195
    game.table.time = 11  # the flood: too late to shut it
    assert not any("from above" in label for label in offered(game))
