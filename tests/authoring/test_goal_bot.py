"""The goal-directed bot: its map of a storybook (built once), the true
ending it plans toward, and that it reaches that ending far more often than
the stock bots on *Low Water*, whose true ending they almost never see."""

from __future__ import annotations

import random
from collections import Counter

from tales.authoring.bots import goal_policy, sensible_policy
from tales.authoring.endbound import falls_to
from tales.authoring.lookahead import (
    FAR,
    Clock,
    Step,
    StoryMap,
    gate_open,
    grant_may_hold,
    requirements,
    story_map,
)
from tales.authoring.simulate import plan_runs, play_one
from tales.story.core import tale_path
from tales.story.game import GameSetup, start_game
from tales.story.model import Tale


def test_the_true_ending_is_the_one_the_story_makes_hardest_to_reach(reef_ledger: Tale) -> None:
    """Low Water's endings: 139 (dawn, read by the clock), 147 (the road
    out), the deaths and flights 150-153, and 125 (the crossing broken, the
    Sink shut once the cage is up): 125."""
    book = reef_ledger.scenarios["low-water"]
    chart = StoryMap(book.paragraphs, book.scenario)
    assert {125, 139, 147} <= set(chart.endings)
    assert chart.true_ending == 125
    # The revised tale's ways to it ask for what the story grants elsewhere:
    # the boat, the countersign, the Warden sung down (120, for which the
    # hymn) or driven down (123), and the means to shut the Sink without
    # Laszlo Varga's padlock: Ada's hasp, the pass key with the sledge.
    needed = {
        ("keyword", "DORY"),
        ("keyword", "PASSWORD"),
        ("keyword", "HYMN"),
        ("visited", "120"),
        ("visited", "123"),
        ("keyword", "ADA"),
        ("item", "pass-key"),
        ("item", "sledgehammer"),
    }
    assert needed <= chart.needed


def test_the_reef_is_reached_by_the_story_and_each_card_leads_inside(reef_ledger: Tale) -> None:
    """The revision: the reef is no longer adjacent to the mainland, so the
    only ways there are the story's moves, by the dory (44, 177) or over the
    bared flats (45); each is a step to the landing's inside (110, its
    ``on_enter``), and a card's outside view (the Sink's 176) leads in (118)."""
    book = reef_ledger.scenarios["low-water"]
    chart = StoryMap(book.paragraphs, book.scenario)
    edges = {(step.source, step.target) for step in chart.steps}
    assert {(44, 110), (45, 110), (177, 110), (176, 118)} <= edges
    assert "reef-landing" not in book.scenario.locations["breakwater"].adjacent


def _flats(chart: StoryMap) -> Step:
    """The breakwater's walk over the bared flats (42 to 45)."""
    return next(step for step in chart.steps if (step.source, step.target) == (42, 45))


def test_a_time_window_is_open_until_it_has_passed_and_the_hard_tide_is_narrower(
    reef_ledger: Tale,
) -> None:
    """``time >= 6 and (time <= 8 or (time == 9 and difficulty != "hard"))``:
    at 3 the flats are ahead (worth being at the breakwater for), at 9 they
    are bare on standard but flooded on hard, at 10 gone for good."""
    book = reef_ledger.scenarios["low-water"]
    chart = StoryMap(book.paragraphs, book.scenario)
    flats = _flats(chart)

    def opens(now: int, difficulty: str) -> bool:
        return gate_open(flats, frozenset(), chart.obtainable, Clock(now, 12, difficulty))

    assert opens(3, "standard") and opens(9, "standard")
    assert not opens(9, "hard") and opens(8, "hard")
    assert not opens(10, "easy")
    assert gate_open(flats, frozenset(), chart.obtainable)  # no clock: any hour is hoped for


def test_the_true_ending_has_a_deadline_after_which_no_way_reaches_it(reef_ledger: Tale) -> None:
    """The Sink is shut "if: time <= 10" (127), the cage hauled at 8 or later:
    the deadline is 10, and at 11 the team stands nowhere near 125."""
    book = reef_ledger.scenarios["low-water"]
    chart = StoryMap(book.paragraphs, book.scenario)
    assert chart.closing(Clock(1, 12, "standard")) == 10

    def reach(now: int) -> dict[int, int]:
        clock = Clock(now, 12, "standard")
        return chart.distances(
            {125: 0}, lambda step: gate_open(step, frozenset(), chart.obtainable, clock)
        )

    assert reach(9).get(118, FAR) < FAR
    assert reach(11).get(118, FAR) == FAR


def test_a_gate_asks_for_what_it_names_and_not_for_what_it_forbids() -> None:
    gate = 'keyword("PASSWORD") and not keyword("MARKED") and not visited(126)'
    assert requirements(gate) == {("keyword", "PASSWORD")}
    assert requirements(None) == frozenset()


def test_the_map_is_built_once_per_storybook(reef_ledger: Tale) -> None:
    book = reef_ledger.scenarios["low-water"]
    assert story_map(book.paragraphs, book.scenario) is story_map(book.paragraphs, book.scenario)


def test_a_vehicle_driven_or_carried_leads_to_where_it_goes(reef_ledger: Tale) -> None:
    """The Gannet Light's boat: putting off from the slip (71, a ``drive``)
    leads to the north channel's scene (62), the sea throwing it back over
    the shoal (67, a ``move_vehicle``) to the harbor mouth's (50)."""
    book = reef_ledger.scenarios["gannet-light"]
    chart = story_map(book.paragraphs, book.scenario)
    steps = {(step.source, step.target) for step in chart.steps}
    assert (71, 62) in steps and (67, 50) in steps
    assert {71, 67} <= chart.movers


def test_the_goal_bot_picks_only_offered_options_and_replays_by_seed(
    core, reef_ledger: Tale
) -> None:
    book = reef_ledger.scenarios["low-water"]
    tale = reef_ledger
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
    """60 seeded games each: the goal bot breaks the crossing (125) in several
    (9 when this was written, about a fifth of 300 games), the sensible bot
    in hardly any (1)."""
    tale = str(tale_path("the-reef-ledger"))
    endings: dict[str, Counter[str]] = {}
    for policy in ("goal", "sensible"):
        plans = plan_runs(tale, "low-water", 60, 11, policy)
        endings[policy] = Counter(play_one(plan).ending for plan in plans)
    true = "the story ends at paragraph 125"
    assert endings["goal"][true] >= 6, endings
    assert endings["sensible"][true] <= 2, endings
    assert endings["goal"][true] >= 3 * endings["sensible"][true], endings
    assert sensible_policy is not goal_policy


def test_a_goal_bot_aimed_at_a_paragraph_plans_toward_it_first(core, reef_ledger: Tale) -> None:  # type: ignore[no-untyped-def]
    """``aimed_at(147)``: the road out of *Low Water*, an ending the goal bot
    passes by while it makes for the crossing, becomes the goal; a game that
    reads it has played its way there (the aim only ranks legal options)."""
    from tales.authoring.bots import aimed_at
    from tales.story.story_events import StoryRead

    tale = reef_ledger

    def reached(policy, seed: int) -> bool:  # type: ignore[no-untyped-def]
        setup = GameSetup(
            "low-water", ("ezra-marsh", "philip-harris"),
            ("irene-dubois", "arthur-blackwood"), "standard", seed,
        )  # fmt: skip
        game = start_game(core, tale, setup)
        rng = random.Random(seed)
        for _ in range(3000):
            if game.pending is None:
                break
            game.push(policy(game.pending, game.view, rng))
        return 147 in {e.paragraph for e in game.events if isinstance(e, StoryRead)}

    aimed = sum(reached(aimed_at(147), seed) for seed in range(8))
    plain = sum(reached(goal_policy, seed) for seed in range(8))
    assert aimed >= 6 and aimed > plain + 3, (aimed, plain)


def test_what_the_true_ending_needs_reaches_through_what_grants_it(reef_ledger: Tale) -> None:
    """The Gannet Light's true ending (200) asks at the picket boat (168) for
    the light put out; the light is put out at 118, reached by changing the
    chimney (120), which asks that the figure in the lens was beaten (114):
    so 114 is needed, though no way from 114 leads on to 200."""
    book = reef_ledger.scenarios["gannet-light"]
    chart = StoryMap(book.paragraphs, book.scenario)
    assert chart.true_ending == 200
    assert {("objective", "put-out-the-green-light"), ("visited", "114")} <= chart.needed
    assert {("keyword", "BOAT"), ("item", "keepers-keys")} <= chart.needed
    assert {45, 55, 59, 64, 66} <= chart.movers  # the boat put out, the race run, the landings


def _costs_at_start(core, tale: Tale, scenario: str, player: str) -> dict[int, int]:  # type: ignore[no-untyped-def]
    """What each paragraph costs the goal bot from a scenario's first
    decision, ``player`` with the three companions of these tests."""
    from tales.authoring.lookahead import costs

    companions = ("irene-dubois", "ezra-marsh", "sarah-elington")
    game = start_game(core, tale, GameSetup(scenario, (player,), companions, "standard", 3))
    chart = story_map(game.view.paragraphs, game.view.scenario)  # type: ignore[arg-type]
    return costs(chart, game.view)


def test_a_gate_still_shut_sends_the_team_first_for_what_opens_it(core, reef_ledger: Tale) -> None:
    """At the start the wharf's "Put out in the boat" (to 45) asks for BOAT,
    which the boatyard's Eli Sawyer grants (28 to 39): the boatyard stands
    nearer the goals than the wharf, so the team goes for the boat first."""
    cost = _costs_at_start(core, reef_ledger, "gannet-light", "arthur-blackwood")
    assert cost[28] < cost[20] < FAR


def test_the_goal_bot_reaches_the_gannet_lights_true_ending() -> None:
    """30 seeded games: the light shown white and the team taken off by the
    picket boat (200) in a real share of them (42 of 100 when this was
    written), and never the Tally carried off early (201) while 200 is in reach."""
    tale = str(tale_path("the-reef-ledger"))
    endings = Counter(
        play_one(plan).ending for plan in plan_runs(tale, "gannet-light", 30, 1, "goal")
    )
    assert endings["the story ends at paragraph 200"] >= 6, endings


def test_the_picket_boat_waits_longest_on_easy(reef_ledger: Tale) -> None:
    """The true ending's deadline follows the difficulty: the picket boat
    (168) takes the team off until the board's end on easy, until space 14
    on standard, 12 on hard."""
    book = reef_ledger.scenarios["gannet-light"]
    chart = StoryMap(book.paragraphs, book.scenario)
    deadlines = {
        level: chart.closing(Clock(1, 15, level)) for level in ("easy", "standard", "hard")
    }
    assert deadlines == {"easy": 15, "standard": 14, "hard": 12}


def test_what_a_paragraph_grants_only_the_first_time_is_not_sought_there_again(
    reef_ledger: Tale,
) -> None:
    """The room under the eaves (88) gives Jennet's letters and name on its
    first reading only: once read it is no goal for them."""
    book = reef_ledger.scenarios["gannet-light"]
    chart = StoryMap(book.paragraphs, book.scenario)
    assert {("clue", "jennets-letters"), ("keyword", "JENNET")} <= chart.first_grants[88]
    assert not chart.first_grants[89]  # the keys (89) are taken each time it is read


def test_a_way_out_that_reads_an_ending_whatever_is_chosen_is_bound(reef_ledger: Tale) -> None:
    """The Settling's ways out (the cut's 23, the road bridge, the bus, the
    sea) read 200 when the books are closed and the culvert shut, else 201
    if the outside was called, else 203: each is bound to an ending, and
    its gate into the true ending asks for the two objectives."""
    book = reef_ledger.scenarios["the-settling"]
    chart = StoryMap(book.paragraphs, book.scenario)
    assert chart.true_ending == 200
    assert 23 in chart.bound
    assert not set(chart.endings) & chart.bound
    assert all(not book.paragraphs[n].options for n in chart.bound)
    assert chart.exit_needs == {
        ("objective", "close-the-books"),
        ("objective", "shut-the-culvert"),
    }


def test_falls_to_reads_the_first_branch_whose_gate_holds(reef_ledger: Tale) -> None:
    """The interpreter's order: the first branch that holds, else the fallback."""
    book = reef_ledger.scenarios["the-settling"]
    way_out = book.paragraphs[23]
    assert falls_to(way_out, lambda condition: False) == 203
    assert falls_to(way_out, lambda condition: "call-the-outside" in condition) == 201
    assert falls_to(way_out, lambda condition: True) == 200


def test_a_way_out_is_no_step_to_the_true_ending_before_its_gate_holds(
    core, reef_ledger: Tale
) -> None:  # type: ignore[no-untyped-def]
    """At the cut at six o'clock, leaving (23) would read 203, the road out:
    it is no way to 200 (the bot cannot leave now and close the books
    afterwards), so the cut stands no nearer the goals for it, and the
    prisoners counted out at the exit (22, read by 23) are no reason to go."""
    cost = _costs_at_start(core, reef_ledger, "the-settling", "laszlo-varga")
    assert cost.get(23, FAR) == FAR
    assert cost.get(200) == 0


def test_the_goal_bot_plays_the_settling_instead_of_walking_out() -> None:
    """30 seeded games: before, every one left by the cut at once (203, 40
    paragraphs read); now the team goes into the town, and no game ends at
    the road out while nothing was done."""
    tale = str(tale_path("the-reef-ledger"))
    results = [play_one(plan) for plan in plan_runs(tale, "the-settling", 30, 1, "goal")]
    endings = Counter(result.ending for result in results)
    assert endings["the story ends at paragraph 203"] <= 10, endings
    assert endings["the story ends at paragraph 200"] >= 1, endings
    assert len({n for result in results for n in result.read}) >= 100


def test_a_grant_under_the_logs_or_a_counters_condition_is_sought_only_when_it_holds(
    reef_ledger: Tale,
) -> None:
    """22 (the ones brought out counted at the exit) does the objective
    ``free-the-eight`` only ``if: counter("brought-out") >= 4``: with nobody
    brought out yet it is no reason to stand at the exit; the log is read as
    it stands, facts are hoped for."""
    book = reef_ledger.scenarios["the-settling"]
    chart = StoryMap(book.paragraphs, book.scenario)
    assert ("objective", "free-the-eight") in chart.grants[22]
    condition, facts = chart.guarded[22][0]
    assert facts == {("objective", "free-the-eight")}
    assert not grant_may_hold(condition, {"brought-out": 3}, {})
    assert grant_may_hold(condition, {"brought-out": 4}, {})
    found = 'log("the-missing", "ada-found")'
    assert grant_may_hold(found, {}, {"the-missing": {"ada-found": False}})
    assert not grant_may_hold(found, {}, {"the-missing": {"ada-found": True}})  # crossed out
    assert grant_may_hold('keyword("SEA")', {}, {})


def test_a_round_ends_choice_that_leads_nowhere_fights_on_or_gives_up_the_fight(
    reef_ledger: Tale,
) -> None:
    """The deacons' round end (62): "Push into the doorway" keeps the fight
    and so leads on to its defeat (61, the way into the hall); "Go back
    down the steps" ends the encounter and leads nowhere."""
    from types import SimpleNamespace

    from tales.authoring.bots import _fight_on

    book = reef_ledger.scenarios["the-settling"]
    round_end = book.paragraphs[62]
    fight = SimpleNamespace(encounter=book.scenario.encounters["the-deacons"])
    view = SimpleNamespace(encounters={"fellowship-hall": fight})
    push, *_, back = round_end.choices  # the countersign, and on easy outlasting them, between
    assert _fight_on(push, round_end, view) == [61]  # type: ignore[arg-type]
    assert _fight_on(back, round_end, view) == []  # type: ignore[arg-type]


def test_a_bar_lifted_opens_a_way_and_is_worth_lifting_again(reef_ledger: Tale) -> None:
    """The cellar door has two bars, and "Lift a bar" reads 66 each time: a
    paragraph that removes a barrier carries the team on like a boat put
    out, so reading it again is no idle repeat."""
    book = reef_ledger.scenarios["the-settling"]
    chart = StoryMap(book.paragraphs, book.scenario)
    assert {66, 67} <= chart.movers


def test_a_gate_on_where_the_team_stands_is_hoped_for_both_ways(reef_ledger: Tale) -> None:
    """The Gannet wharf offers "Put out in the boat" with ``not elsewhere``
    and "without the others" with ``elsewhere`` (20 to 45, 20 to 302): the
    planner cannot know where the team will stand, so neither looks shut."""
    book = reef_ledger.scenarios["gannet-light"]
    chart = StoryMap(book.paragraphs, book.scenario)
    boat = frozenset({("keyword", "BOAT")})
    for target in (45, 302):
        (step,) = [s for s in chart.steps if (s.source, s.target) == (20, target)]
        assert step.condition is not None and "elsewhere" in step.condition
        assert gate_open(step, boat, chart.obtainable), target
