"""Games the authoring tests share: set up once here, so a test that needs
"Low Water at its first activity" asks for it by name."""

from __future__ import annotations

import random

from tales.authoring.bots import sensible_policy
from tales.story.core import Core, tale_path
from tales.story.game import Game, GameSetup, start_game
from tales.story.loader import load_tale


def at_the_bus_stop(core: Core) -> tuple[Game, random.Random]:
    """Low Water with Arthur at the bus stop, the square read, an activity
    asked: the sensible bot plays every decision before it (seed 4)."""
    tale, problems = load_tale(tale_path("the-reef-ledger"), fast=True)
    assert tale is not None, problems
    setup = GameSetup(
        "low-water",
        ("arthur-blackwood",),
        ("irene-dubois", "ezra-marsh", "sarah-elington"),
        "standard",
        4,
    )
    game = start_game(core, tale, setup)
    rng = random.Random(4)
    while game.pending is not None and game.pending.kind != "activity":
        game.apply(sensible_policy(game.pending, game.view, rng).id)
    return game, rng
