"""Goal bots aimed at paragraphs the Reef Ledger's campaign bots never read
(issues 17 and 18: every paragraph reached): each test is a seeded game, or
the bot's plan, that did not get there before the fix it is named after."""

from __future__ import annotations

import random

from tales.authoring.appointments import ClockPlan, clock_plan
from tales.authoring.bots import aimed_at
from tales.authoring.lookahead import story_map
from tales.authoring.simulate import team_for
from tales.rules.scenario import DIFFICULTIES
from tales.story.core import Core
from tales.story.game import GameSetup, start_game
from tales.story.model import Tale
from tales.story.story_events import StoryRead


def reads_aim(core: Core, tale: Tale, scenario: str, aim: int, seed: int) -> bool:
    """A standalone game of ``scenario`` by a goal bot aimed at ``aim``, its
    team and difficulty drawn from ``seed`` as campaign simulation draws them."""
    rng = random.Random(seed)
    players, companions = team_for(core, rng)
    setup = GameSetup(scenario, players, companions, rng.choice(DIFFICULTIES), seed)
    game = start_game(core, tale, setup)
    policy = aimed_at(aim)
    for _ in range(20_000):
        if game.pending is None:
            break
        game.push(policy(game.pending, game.view, rng))
    return aim in {e.paragraph for e in game.events if isinstance(e, StoryRead)}


def test_the_pass_key_and_the_sledge_are_both_carried_to_the_sink(core, reef_ledger) -> None:  # type: ignore[no-untyped-def]
    """Low Water 183 ("Drive the Ropewalk pass key through the hasp for a pin
    and beat it home with the sledge", asked at the Sink, 127, by
    ``item("pass-key") and item("sledgehammer") and time <= 10``): the aimed
    bot fetched neither once the deadline was near, and after a failed try it
    shut the Sink with the sledge alone or stayed on the grating (125, the
    scenario's end) instead of trying again next round."""
    assert reads_aim(core, reef_ledger, "low-water", 183, 0)


def test_the_clock_s_paragraph_is_an_appointment_kept(core, reef_ledger) -> None:  # type: ignore[no-untyped-def]
    """The Settling 173 is read only by the board's narrative at half past
    eight (179, space 6), whose branches ask the group to stand in Federal
    Street in the open, the curfew patrol beaten (29) and the households not
    yet sent in (82). No step of the story map leads into the clock's
    paragraph, so the aimed bot played as if unaimed: 0 of 12 seeds."""
    book = reef_ledger.scenarios["the-settling"]
    plan = clock_plan(story_map(book.paragraphs, book.scenario), 173)
    assert plan == ClockPlan(6, "federal-street", frozenset({("visited", "29")}), frozenset({82}))
    assert all(reads_aim(core, reef_ledger, "the-settling", 173, seed) for seed in range(4))


def test_an_aim_read_by_a_story_step_has_no_clock_plan(reef_ledger) -> None:  # type: ignore[no-untyped-def]
    book = reef_ledger.scenarios["low-water"]
    assert clock_plan(story_map(book.paragraphs, book.scenario), 183) is None


def test_a_bot_aimed_at_the_death_on_the_board_plays_to_be_hurt(core, reef_ledger) -> None:  # type: ignore[no-untyped-def]
    """The Settling 195 ("One of you goes down and does not get up"), the
    Event board's death: no story step leads there, and no bot had died in
    the Settling (0 deaths in the 6,300 games of its sweep). The aimed bot
    plays recklessly (:mod:`tales.authoring.reckless`): what hurts, every
    card into its tests, the encounters held rather than beaten."""
    died = [s for s in range(4, 13) if reads_aim(core, reef_ledger, "the-settling", 195, s)]
    assert len(died) >= 3, died


def test_harm_counts_tracks_status_cards_and_attacks() -> None:
    from tales.authoring.reckless import harm
    from tales.story.model import Effect

    assert harm([Effect("damage", {"VITALITY": 1, "SANITY": 2})]) == 3
    assert harm([Effect("card", "STRESS", count=2), Effect("card", "PANIC")]) == 2
    assert harm([Effect("attack", True), Effect("heal", {"VITALITY": 1})]) == 2


def test_a_way_out_that_falls_to_the_aim_is_taken(core, reef_ledger) -> None:  # type: ignore[no-untyped-def]
    """The Settling 201 (the outside let in), read by the cut (23) once the
    call has gone through: the aimed bot put the call through and then held
    back from the cut, counted as a way out to another ending, until the
    clock's end (204) in 8 of 8 seeded games."""
    assert sum(reads_aim(core, reef_ledger, "the-settling", 201, seed) for seed in range(4)) >= 3


def test_remembered_clock_plans_stay_bounded_and_right(reef_ledger) -> None:  # type: ignore[no-untyped-def]
    """Each remembered plan keeps its chart alive, so a long process aiming
    at many paragraphs of many tales must not hold them all; a plan asked
    again after the memory was emptied is the same plan."""
    from tales.authoring import appointments

    book = reef_ledger.scenarios["the-settling"]
    chart = story_map(book.paragraphs, book.scenario)
    first = clock_plan(chart, 173)
    for aim in range(1, 600):
        clock_plan(chart, aim)
    assert len(appointments._PLANS) <= 257
    assert clock_plan(chart, 173) == first
