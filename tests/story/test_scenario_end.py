"""End of Scenario: "Every Scenario ends with an Epilogue or death of all the
team members ... Once Scenario ends, flip the Keyword sheet and assess your
exploration rate following the presented table. Follow the Storybook to
learn, what are the consequences of the achieved rate." """

from __future__ import annotations

import random

from tales.authoring.bots import POLICIES
from tales.rules.scoring import exploration_rate
from tales.story.game import Game, start_game
from tales.story.interpreter import ExplorationRated, StoryRead
from tales.story.model import Tale
from tests.saves.helpers import setup_for


def _a_game_ending(core, tale: Tale, why: str) -> Game:
    for seed in range(300):
        game = start_game(core, tale, setup_for(seed, "shallows"))
        rng = random.Random(seed)
        while game.engine.pending is not None and not game.table.ended:
            decision = game.engine.pending
            game.apply(POLICIES["random"](decision, game.view, rng).id)
        if game.table.ended == why:
            return game
    raise AssertionError(f"no seed ends with {why!r}")


def _assert_rated_and_read(game: Game) -> None:
    rated = [e for e in game.events if isinstance(e, ExplorationRated)]
    assert len(rated) == 1
    expected = exploration_rate(game.table)
    assert rated[0].exact == f"{expected.numerator}/{expected.denominator}" == game.book.rate
    scenario = game.table.scenario
    assert scenario is not None
    rates = game.book.book.rates
    assert rated[0].consequence == [r.read for r in rates if r.start <= expected][-1]
    read = [e.paragraph for e in game.events if isinstance(e, StoryRead)]
    assert read[-1] == rated[0].consequence  # the table's consequence is read


def test_the_exploration_rate_is_assessed_and_read_when_the_whole_team_dies(
    core, deadly_tale: Tale
) -> None:
    game = _a_game_ending(core, deadly_tale, "every investigator is dead")
    assert all(i.dead for i in game.table.investigators.values() if not i.companion)
    _assert_rated_and_read(game)


def test_the_exploration_rate_is_assessed_and_read_when_the_time_track_runs_out(
    core, deadly_tale: Tale
) -> None:
    _assert_rated_and_read(_a_game_ending(core, deadly_tale, "the time track ran out"))
