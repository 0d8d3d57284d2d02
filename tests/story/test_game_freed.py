"""A game dropped is freed at once, by reference counting: nothing in it
refers back to itself (the book and its scenes' offers, a vocabulary and its
words), so no collector pass is needed to find it. A playtest run or a sweep
plays game after game; each one's table, book and story memory must go as
soon as the next begins, not wait for the cyclic collector (which costs the
bench_peers walk a fifth of its time when they do)."""

from __future__ import annotations

import gc
import random
import weakref
from collections.abc import Iterator

import pytest

from tales import api

TEAM = ("arthur-blackwood", "ezra-marsh", "irene-dubois", "laszlo-varga")


@pytest.fixture
def collector_off() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _played(storybook: api.Storybook, scenario: str, seed: int) -> api.Game:
    game = api.new_game(storybook, scenario, players=TEAM, seed=seed)
    rng = random.Random(seed)
    while game.pending is not None and len(game.inputs) < 150:
        game.push(rng.choice(game.pending.options))
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_played_game_is_freed_when_dropped(collector_off: None, seed: int) -> None:
    storybook = api.load_tale("the-drowned-bell")
    scenario = storybook.scenarios[0]
    game = _played(storybook, scenario, seed)
    assert game.book.context(game.table, None)["round"] == game.table.round  # a vocabulary made
    parts = [game, game.table, game.book, game.book.state, game.book.offers, game.engine]
    parts += list(game.table.investigators.values())
    alive = [weakref.ref(part) for part in parts]
    del game, parts
    assert [ref() for ref in alive] == [None] * len(alive)
