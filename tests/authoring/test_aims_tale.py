"""The goal bot's aims on a small hand-made campaign (tests/data/aims-tale):
a fight left on a deck that the free ways aboard and off hid from the
planner, a death the reckless bot could not come by while it kept its hand,
and the campaign's aims gated on the log (issues 17 and 18: The Gannet
Light's forepeak, 169, The Settling's 205 and the last page's 961 went
unread in 400 whole campaigns)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tales.authoring.bots import aimed_at
from tales.authoring.campaign_aims import aim_now, gated_aims_for, log_gated, log_opens
from tales.authoring.lookahead import story_map
from tales.authoring.reckless import aims_at_death
from tales.rules.decisions import Decision, DecisionKind
from tales.rules.options import KeepCards, Option, ReturnCard
from tales.story.core import Core
from tales.story.game import Game, GameSetup, start_game
from tales.story.loader import load_tale
from tales.story.model import Tale
from tales.story.story_events import StoryRead

AIMS = Path(__file__).parent.parent / "data" / "aims-tale"
TITHE = ("the-hold", "tithe-freed")
COMPANIONS = ("ezra-marsh", "sarah-elington", "laszlo-varga")


def setup(scenario: str, seed: int) -> GameSetup:
    return GameSetup(scenario, ("irene-dubois",), COMPANIONS, "easy", seed)


@pytest.fixture(scope="module")
def aims_tale() -> Tale:
    tale, problems = load_tale(AIMS, fast=True)
    assert tale is not None, problems
    return tale


def play(game: Game, aim: int, seed: int, limit: int = 3_000) -> list[tuple[Decision, Option]]:
    """The game played by a goal bot aimed at ``aim``: each decision and its pick."""
    policy, rng = aimed_at(aim), random.Random(seed)
    picks: list[tuple[Decision, Option]] = []
    for _ in range(limit):
        if game.pending is None:
            break
        choice = policy(game.pending, game.view, rng)
        picks.append((game.pending, choice))
        game.push(choice)
    return picks


def read(game: Game) -> set[int]:
    return {e.paragraph for e in game.events if isinstance(e, StoryRead)}


def test_a_fight_left_on_deck_is_where_the_bot_stands_not_a_way_back_to_the_boat(
    core: Core, aims_tale: Tale
) -> None:
    """The deck's scene (3) leads only back into the boat (8); going aboard
    (4) began the fight whose defeat (6) opens the hold (5) and the aim (9).
    Once the round's one Stratagem had failed, the bot took the free way off
    the deck (8 looked nearer than 3) and the free way back aboard (4 looked
    nearer than 2) again and again, in one round, to the step limit: the
    Mehitable's crew at The Gannet Light (160 -> 161 -> 62 -> 63)."""
    for seed in range(3):
        game = start_game(core, aims_tale, setup("schooner", seed))
        picks = play(game, 9, seed)
        assert game.pending is None, f"seed {seed}: still playing after {len(picks)} decisions"
        assert 9 in read(game), f"seed {seed}"


def test_a_reckless_bot_returns_every_card_it_holds_at_the_round_s_end(
    core: Core, aims_tale: Tale
) -> None:
    """Rulebook: "If, for some reason, you wish to keep a card or cards in
    your hand, you may do so", and "At the beginning of each round, draw up
    to 5 cards": a hand kept whole draws nothing, and the INJURY cards an
    enemy's attack put in the deck never came up. Aimed at on_defeat (20),
    the bot held The Settling's square against the curfew men for fourteen
    rounds with the same five cards and lived (205: 0 of 90 aimed games)."""
    game = start_game(core, aims_tale, setup("sinking", 1))
    assert aims_at_death(20, game.view)
    picks = play(game, 20, 1)
    kept = [
        choice
        for decision, choice in picks
        if decision.kind is DecisionKind.KEEP_CARDS
        and any(isinstance(o, ReturnCard) for o in decision.options)
    ]
    assert kept and all(isinstance(choice, ReturnCard) for choice in kept)
    assert not any(isinstance(choice, KeepCards) for choice in kept)
    assert 20 in read(game), "the whole team gone: on_defeat read"


def test_only_a_paragraph_every_way_into_which_asks_the_log_is_gated(aims_tale: Tale) -> None:
    sinking = aims_tale.scenarios["sinking"].paragraphs
    assert log_gated(sinking, sinking) == [9]
    assert log_opens(sinking, 9, {"the-hold": {"tithe-freed": False}})
    assert not log_opens(sinking, 9, {}), "the entry not written"
    assert not log_opens(sinking, 9, {"the-hold": {"tithe-freed": True}}), "crossed out"
    assert log_opens(sinking, 20, {}), "no gate leads in: on_defeat"
    schooner = aims_tale.scenarios["schooner"].paragraphs
    assert log_gated(schooner, schooner) == []


def test_a_gated_aim_is_taken_when_the_campaign_s_log_holds_its_entry(aims_tale: Tale) -> None:
    """The sinking's bot aimed at its forepeak in every campaign, the
    entry written or not; now at 9 where the schooner's cabin wrote it, at
    its plain aim where it did not, and at nothing rather than at 9 when 9
    was its plain aim too."""
    unread = {"schooner": {9}, "sinking": {9, 20}}
    gated = gated_aims_for(("random", "goal"), aims_tale, unread, 3)
    assert gated == (("sinking", 9),)
    assert gated_aims_for(("goal", "random"), aims_tale, unread, 3) == ()
    plain = (("sinking", 20),)
    held = {"the-hold": {"tithe-freed": False}}
    assert aim_now(aims_tale, "sinking", plain, gated, held) == 9
    assert aim_now(aims_tale, "sinking", plain, gated, {}) == 20
    assert aim_now(aims_tale, "sinking", (("sinking", 9),), gated, {}) is None
    assert aim_now(aims_tale, "schooner", plain, gated, held) is None


def test_the_deck_s_scene_cost_counts_no_fight(aims_tale: Tale) -> None:
    """Why the bot needs the fight under way: the story map reaches the
    hold from the deck only through the boat and the boarding."""
    book = aims_tale.scenarios["schooner"]
    chart = story_map(book.paragraphs, book.scenario)
    assert not any(step.source == 3 and step.target == 6 for step in chart.steps)
    assert any(step.source == 4 and step.target == 6 for step in chart.steps)
