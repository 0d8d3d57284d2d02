"""``Game.story_options``: the pending decision's storybook options alone.

It looks only at the options leading the list (the story's come first at
every decision that has any), so these seeded games check that contract at
every decision of the bundled tales against the whole list filtered by type
and that a game over lists nothing."""

from __future__ import annotations

import random

import pytest

from tales import api
from tales.story.options import StoryChoice, StoryOption

TEAM = ("arthur-blackwood", "ezra-marsh", "irene-dubois", "laszlo-varga")


@pytest.mark.parametrize(("tale", "seed"), [("the-reef-ledger", 3), ("the-drowned-bell", 5)])
def test_story_options_are_every_storybook_option_of_the_decision(tale: str, seed: int) -> None:
    game = api.new_game(api.load_tale(tale), players=TEAM[:2], companions=TEAM[2:], seed=seed)
    rng, seen = random.Random(seed), 0
    while (pending := game.pending) is not None and len(game.inputs) < 3000:
        story = [o for o in pending.options if isinstance(o, StoryOption | StoryChoice)]
        assert game.story_options == tuple(story)
        seen += bool(story)
        game.push(rng.choice(pending.options))
    assert seen > 10  # the story offered something at many decisions
    if game.pending is None:
        assert game.story_options == ()


def test_a_game_over_has_no_story_options() -> None:
    game = api.new_game(api.load_tale("the-drowned-bell"), players=TEAM, seed=1)
    rng = random.Random(1)
    while (pending := game.pending) is not None:
        game.push(rng.choice(pending.options))
    assert game.over and game.story_options == ()
