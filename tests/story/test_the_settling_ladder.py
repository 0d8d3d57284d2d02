"""The Settling's difficulty ladder (issues 17 and 18: "easy > standard >
hard in true-ending rate"). The rulebook sets only where the clock starts:
"Place the Event board Time marker on the space that matches the selected
difficulty level. The standard difficulty always starts on the 1st round."
Everything else is the scenario's own: easy-only help, hard-only pressure,
and the way out by sea that every team has. Each test here holds one lever
to what the README's design note says it does."""

from __future__ import annotations

import pytest

from tales.rules.decisions import Engine
from tales.rules.paths import barriers
from tales.story.conditions import evaluate
from tales.story.game import Game, GameSetup, start_game
from tales.story.interpreter import StoryRead
from tales.story.model import Tale
from tales.story.vocabulary import story_context

SCENARIO = "the-settling"
CELLAR_DOOR = ("fellowship-hall", "hall-cellar")
# The last space on which the sluice can still be dropped (156): 1:00 a.m.,
# 11:00 p.m., 10:00 p.m.; after it the tide up the culvert holds the plate.
SLUICE_UNTIL = {"easy": 15, "standard": 11, "hard": 9}


def game_at(core, tale: Tale, difficulty: str) -> Game:
    setup = GameSetup(
        SCENARIO, ("philip-harris",), ("irene-dubois", "ezra-marsh", "sarah-elington"),
        difficulty, 3,
    )  # fmt: skip
    return start_game(core, tale, setup)


def read(game: Game, number: int, time: int) -> None:
    game.table.time = time
    Engine(game.book.read(game.table, number), game.table.sink)


def offered(game: Game, number: int, label: str, *, choice: bool = False) -> bool:
    """Whether paragraph ``number``'s option (or round-end choice) ``label`` is open now."""
    paragraph = game.book.book.paragraphs[number]
    entries = paragraph.choices if choice else paragraph.options
    (entry,) = [e for e in entries if e.label.startswith(label)]
    context = story_context(game.book.state, game.table, game.table.players()[0])
    return evaluate(entry.condition or "True", context)


def test_standard_starts_on_the_first_space_and_hard_an_hour_and_a_half_later(reef_ledger):
    start = reef_ledger.scenarios[SCENARIO].scenario.board.start
    assert start == {"easy": 1, "standard": 1, "hard": 4}  # 6:00 p.m., 6:00 p.m., 7:30 p.m.


@pytest.mark.parametrize(
    ("difficulty", "hour"), [("standard", "six o"), ("hard", "half past seven")]
)
def test_the_arrival_names_the_hour_the_clock_starts_on(core, reef_ledger, difficulty, hour):
    game = game_at(core, reef_ledger, difficulty)
    # 1 reads 10, the town seen from the end of the cut
    (text,) = [e.text for e in game.events if isinstance(e, StoryRead) and e.paragraph == 10]
    assert f"It is {hour}" in " ".join(text.split())


@pytest.mark.parametrize(("difficulty", "bars"), [("easy", 1), ("standard", 2), ("hard", 2)])
def test_on_easy_the_deacons_left_one_bar_lifted(core, reef_ledger, difficulty, bars):
    game = game_at(core, reef_ledger, difficulty)
    read(game, 61, 2)  # the deacons at the hall door beaten
    assert barriers(game.table, *CELLAR_DOOR) == bars


@pytest.mark.parametrize(("difficulty", "left"), [("easy", True), ("standard", False)])
def test_on_easy_a_sluice_wrench_is_left_on_the_spindle(core, reef_ledger, difficulty, left):
    game = game_at(core, reef_ledger, difficulty)
    read(game, 159, 4)  # the swimmers beaten at the sluice
    assert any(p.item("sluice-wrench") for p in game.table.players()) is left


def test_the_assessors_keys_open_every_bar_on_the_cellar_door(core, reef_ledger):
    game = game_at(core, reef_ledger, "hard")
    game.book.state.visited.update({61, 64})  # the deacons and the Assessor beaten
    assert offered(game, 59, "Open the padlocks")
    read(game, 57, 4)
    assert barriers(game.table, *CELLAR_DOOR) == 0
    assert "hall-cellar" in game.table.revealed


@pytest.mark.parametrize("difficulty", ["easy", "standard", "hard"])
def test_the_sluice_can_be_dropped_until_the_tide_holds_it(core, reef_ledger, difficulty):
    game = game_at(core, reef_ledger, difficulty)
    game.book.state.visited.add(159)
    game.table.keywords.add("PLAN")
    last = SLUICE_UNTIL[difficulty]
    for time in range(1, 16):
        game.table.time = time
        assert offered(game, 156, "Drop the sluice where the plan") is (time <= last), time


def test_a_team_without_the_picket_or_enoch_lunt_can_row_the_dory_out(core, reef_ledger):
    game = game_at(core, reef_ledger, "standard")
    game.table.keywords.discard("PICKET")
    assert offered(game, 111, "Take the dory out")
    assert not offered(game, 111, "Row out to the picket boat")
    game.table.keywords.add("PICKET")
    assert not offered(game, 111, "Take the dory out"), "the picket boat is the way then"


@pytest.mark.parametrize(
    ("number", "label"),
    [(62, "Stand on the step and outlast them"), (160, "Hold the ledge above the low water")],
)
def test_on_easy_before_eleven_a_fight_can_be_outlasted(core, reef_ledger, number, label):
    for difficulty, time, open_ in [("easy", 5, True), ("easy", 11, False), ("standard", 5, False)]:
        game = game_at(core, reef_ledger, difficulty)
        game.table.time = time
        assert offered(game, number, label, choice=True) is open_, (difficulty, time)
