"""The campaign-tale fixture (issue 14's Done-means campaign) and a bot that
takes the options it is told to, by their words, and plays at random
otherwise."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from tales.authoring.bots import POLICIES
from tales.story.cache import load_tale_cached
from tales.story.game import Game, GameSetup
from tales.story.model import Tale
from tests.story.editing import edited_copy

CAMPAIGN = Path(__file__).resolve().parents[1] / "data" / "campaign-tale"
TEAM = (("ezra-marsh", "philip-harris"), ("irene-dubois", "arthur-blackwood"))


def campaign_tale() -> Tale:
    tale, problems = load_tale_cached(CAMPAIGN)
    assert tale is not None, problems
    return tale


def edited_campaign(tmp_path: Path, *edits: tuple[str | Path, str, str]) -> Path:
    """A copy of the fixture with each ``(file, old, new)`` edit made once
    (:func:`tests.story.editing.edited_copy`)."""
    return edited_copy(CAMPAIGN, tmp_path / "campaign-tale", *edits)


def setup(scenario: str, seed: int = 3) -> GameSetup:
    return GameSetup(scenario, *TEAM, "standard", seed)


def play(game: Game, wanted: Sequence[str] = (), seed: int = 0, limit: int = 2000) -> None:
    """Play to the end: an option whose label holds one of ``wanted`` first
    (in that order of preference), else the random bot's choice."""
    rng = random.Random(seed)
    for _ in range(limit):
        pending = game.pending
        if pending is None:
            return
        chosen = next(
            (o for words in wanted for o in pending.options if words in o.label), None
        ) or POLICIES["random"](pending, game.view, rng)
        game.push(chosen)
    raise AssertionError("the game did not end")
