"""The playtest bots: the sensible one heads for leads it could actually take."""

from __future__ import annotations

import random

from tales.authoring.bots import sensible_policy
from tales.story.core import tale_path
from tales.story.game import GameSetup, start_game
from tales.story.loader import load_tale


def test_the_sensible_bot_leaves_a_scene_whose_only_unread_lead_is_closed(core) -> None:
    """At the bus stop of Low Water, once the square is read, the only unread
    lead is the road out, shut until late at night: the bot walks to a scene
    where a lead is open instead of ending the round where it stands."""
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
    while game.engine.pending is not None and game.engine.pending.kind != "activity":
        game.apply(sensible_policy(game.engine.pending, game.table, game.book, rng).id)
    game.book.state.visited |= {11, 12, 13}  # everything at the bus stop but the road out
    arthur = game.table.investigator("arthur-blackwood")
    assert arthur.location == "bus-stop"
    assert game.book.leads_at(game.table, arthur, "bus-stop") == []
    assert game.book.leads_at(game.table, arthur, "grocery")
    decision = game.engine.pending
    assert decision is not None
    assert sensible_policy(decision, game.table, game.book, rng).id.startswith(
        "move:arthur-blackwood:"
    )
