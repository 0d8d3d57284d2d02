"""The goal-directed bot: its map of a storybook (built once), the true
ending it plans toward, and that it reaches that ending far more often than
the stock bots on *Low Water*, whose true ending they almost never see."""

from __future__ import annotations

import random
from collections import Counter

from tales.authoring.bots import goal_policy, sensible_policy
from tales.authoring.lookahead import StoryMap, requirements, story_map
from tales.authoring.simulate import plan_runs, play_one
from tales.story.core import tale_path
from tales.story.game import GameSetup, start_game
from tales.story.loader import load_tale


def _low_water():  # type: ignore[no-untyped-def]
    tale, problems = load_tale(tale_path("the-reef-ledger"), fast=True)
    assert tale is not None, problems
    return tale.scenarios["low-water"]


def test_the_true_ending_is_the_one_the_story_makes_hardest_to_reach() -> None:
    """Low Water's three endings: 139 (dawn, read by the clock), 147 (the
    road out) and 125 (the crossing broken, behind the Sink): 125."""
    book = _low_water()
    chart = StoryMap(book.paragraphs, book.scenario)
    assert {125, 139, 147} <= set(chart.endings)
    assert chart.true_ending == 125
    # The way to it asks for what the story grants elsewhere: the boat, the
    # password, beating or singing down the Warden (120) and, for that, the
    # hymn: what the gates toward a needed paragraph ask for is needed too.
    needed = {("keyword", "DORY"), ("keyword", "PASSWORD"), ("visited", "120")}
    assert needed | {("keyword", "HYMN")} <= chart.needed
    assert ("keyword", "MARKED") not in chart.needed  # a gate asks for it to be absent


def test_a_gate_asks_for_what_it_names_and_not_for_what_it_forbids() -> None:
    gate = 'keyword("PASSWORD") and not keyword("MARKED") and not visited(126)'
    assert requirements(gate) == {("keyword", "PASSWORD")}
    assert requirements(None) == frozenset()


def test_the_map_is_built_once_per_storybook() -> None:
    book = _low_water()
    assert story_map(book.paragraphs, book.scenario) is story_map(book.paragraphs, book.scenario)


def test_the_goal_bot_picks_only_offered_options_and_replays_by_seed(core) -> None:
    book = _low_water()
    tale, _ = load_tale(tale_path("the-reef-ledger"), fast=True)
    assert tale is not None
    setup = GameSetup(
        "low-water",
        ("laszlo-varga",),
        ("irene-dubois", "ezra-marsh", "sarah-elington"),
        "standard",
        7,
    )

    def inputs() -> list[str]:
        game, rng, taken = start_game(core, tale, setup), random.Random(7), []
        while game.pending is not None and len(taken) < 400:
            choice = goal_policy(game.pending, game.view, rng)
            assert choice in game.pending.options
            taken.append(choice.id)
            game.apply(choice.id)
        return taken

    assert inputs() == inputs()
    assert book.paragraphs  # the storybook the bot planned through


def test_the_goal_bot_reaches_the_true_ending_where_the_stock_bots_do_not() -> None:
    """30 seeded games each: the goal bot breaks the crossing (125) in several,
    the sensible bot in at most one (the review: 2 of 300 for the stock bots)."""
    tale = str(tale_path("the-reef-ledger"))
    endings: dict[str, Counter[str]] = {}
    for policy in ("goal", "sensible"):
        plans = plan_runs(tale, "low-water", 30, 11, policy)
        endings[policy] = Counter(play_one(plan).ending for plan in plans)
    true = "the story ends at paragraph 125"
    assert endings["goal"][true] >= 4, endings
    assert endings["sensible"][true] <= 1, endings
    assert sensible_policy is not goal_policy
