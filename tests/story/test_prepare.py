"""A storybook compiled before play (tales/story/prepare.py): ``tales
simulate`` compiles every condition and text once in the parent so that
its forked workers compile nothing again."""

from __future__ import annotations

import random
from pathlib import Path

from tales.api import load_tale, new_game
from tales.authoring.bots import random_policy
from tales.story import conditions
from tales.story.prepare import prepare_tale

REEF = Path(__file__).resolve().parents[2] / "storybooks" / "the-reef-ledger"


def _misses() -> tuple[int, int, int]:
    return (
        conditions._condition.cache_info().misses,
        conditions._text_closure.cache_info().misses,
        conditions.analyse.cache_info().misses,
    )


def _clear() -> None:
    for compiled in (conditions._condition, conditions._text_closure, conditions.analyse):
        compiled.cache_clear()


def test_a_prepared_tale_compiles_nothing_in_play() -> None:
    storybook = load_tale(REEF)
    _clear()
    asked = prepare_tale(storybook.tale)
    prepared = _misses()
    assert asked > 0 and prepared[0] > 0 and prepared[1] > 0
    for seed in range(3):
        game = new_game(storybook, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.pending is None:
                break
            game.push(random_policy(game.pending, game.view, rng))
    assert _misses() == prepared  # every source the games asked was compiled already


def test_without_preparing_play_compiles_them() -> None:
    """The check above can fail: unprepared, the same games compile."""
    storybook = load_tale(REEF)
    _clear()
    game = new_game(storybook, seed=0)
    rng = random.Random(0)
    for _ in range(200):
        if game.pending is None:
            break
        game.push(random_policy(game.pending, game.view, rng))
    assert all(count > 0 for count in _misses()[:2])
