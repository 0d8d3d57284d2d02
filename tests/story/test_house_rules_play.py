"""Any choice of house rules plays: random games of the starter tale with random
switches flipped run without error and replay bit for bit from their setup."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tales.story.core import Core
from tales.story.game import replay, start_game
from tests.saves.helpers import load_bell, random_input, setup_for


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    flips=st.lists(st.booleans(), min_size=32, max_size=32),
    game_seed=st.integers(0, 10_000),
    bot_seed=st.integers(0, 2**32 - 1),
)
def test_random_games_with_house_rules_play_and_replay(
    core: Core, flips: list[bool], game_seed: int, bot_seed: int
) -> None:
    bell = load_bell()
    switches = core.rulings.switches()
    assert len(switches) <= len(flips)
    house = tuple((r.id, False) for r, flip in zip(switches, flips, strict=False) if flip)
    setup = replace(setup_for(game_seed), rulings=house)
    game = start_game(core, bell.tale, setup)
    assert game.table.rulings.house_rules() == dict(house)
    rng = random.Random(bot_seed)
    for _ in range(300):
        if game.pending is None:
            break
        game.apply(random_input(game, rng))
    again = replay(core, bell.tale, setup, game.inputs)
    assert again.table.snapshot() == game.table.snapshot()
    assert again.book.state == game.book.state
