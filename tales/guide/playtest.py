"""Playtests: many solo games played by the sensible bot, summed up.

Score distributions per character and goal pair, and the share of games
that beat each cell of the challenge card, so the designed map and faces can
be balanced. Every game's rolls and ties come from its own seed, so the report is the
same whether the games run in one process or several.
"""

from __future__ import annotations

import random
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from tales.guide.bots import SensibleBot
from tales.guide.components import Components
from tales.guide.data import load_components
from tales.guide.endgame import PlayerResult
from tales.guide.game import initial_boards, play, setup
from tales.guide.kinds import Engine
from tales.guide.view import TableView
from tales.rules.decisions import EventSink

PLAYER = "bot"
MAX_DECISIONS = 5_000  # far above any game's; a loop would be a bug


@dataclass(frozen=True, slots=True)
class Played:
    seed: int
    character: str
    goals: tuple[str, str]
    total: int
    goal_points: int


def play_one(components: Components, seed: int) -> Played:
    """One solo game by the sensible bot."""
    rng = random.Random(seed)
    game = setup(components, [PLAYER], rng)
    sink = EventSink()
    engine: Engine[tuple[PlayerResult, ...]] = Engine(play(components, game, rng, sink), sink)
    view = TableView({PLAYER: initial_boards(components, game)[0]})
    view.fold(engine.opening_events)
    character = game.seats[0].character
    bot = SensibleBot(components.city, random.Random(seed ^ 0x5EED), character, game.goals)
    for _ in range(MAX_DECISIONS):
        if engine.pending is None:
            break
        view.fold(engine.push(bot.choose(view, engine.pending)))
    if engine.result is None:
        raise RuntimeError(f"the game of seed {seed} did not end in {MAX_DECISIONS} decisions")
    sheet = engine.result[0].sheet
    goals = tuple(sorted(g.name for g in game.goals))
    return Played(
        seed, game.seats[0].character.value, (goals[0], goals[1]), sheet.total, sheet.goal_points
    )


@dataclass(frozen=True, slots=True)
class Spread:
    games: int
    mean: float
    median: float
    low: int
    high: int

    @classmethod
    def of(cls, totals: list[int]) -> Spread:
        return cls(
            len(totals),
            round(statistics.fmean(totals), 1),
            statistics.median(totals),
            min(totals),
            max(totals),
        )


@dataclass(frozen=True, slots=True)
class Report:
    runs: int
    seed: int
    overall: Spread
    by_character: dict[str, Spread]
    by_goals: dict[str, Spread]
    by_both: dict[str, Spread]  # "character: goal + goal"
    win_rates: dict[str, dict[int, float]]  # level -> goal column -> share of games won


def _play_seed(seed: int) -> Played:
    """One game in a worker process, which loads its own components."""
    return play_one(load_components(), seed)


def play_all(components: Components, seeds: list[int], jobs: int) -> list[Played]:
    """Every game of ``seeds``, in their order, over ``jobs`` processes.

    Each game's rolls and ties come from its own seed alone, so the games
    are the same whatever ``jobs`` is, and ``map`` keeps them in order.
    """
    if jobs <= 1 or len(seeds) <= 1:
        return [play_one(components, s) for s in seeds]
    with ProcessPoolExecutor(max_workers=min(jobs, len(seeds))) as pool:
        return list(pool.map(_play_seed, seeds, chunksize=max(1, len(seeds) // (4 * jobs))))


def playtest(components: Components, runs: int, seed: int, jobs: int = 1) -> Report:
    master = random.Random(seed)
    games = play_all(components, [master.randrange(2**31) for _ in range(runs)], jobs)
    by_character: dict[str, list[int]] = {}
    by_goals: dict[str, list[int]] = {}
    by_both: dict[str, list[int]] = {}
    for g in games:
        by_character.setdefault(g.character, []).append(g.total)
        by_goals.setdefault(" + ".join(g.goals), []).append(g.total)
        by_both.setdefault(f"{g.character}: {' + '.join(g.goals)}", []).append(g.total)
    challenge = components.challenge
    rates = {
        level: {
            goal: round(sum(g.total >= t and g.goal_points >= goal for g in games) / runs, 3)
            for goal in challenge.goals
        }
        for level, t in challenge.totals.items()
    }
    return Report(
        runs,
        seed,
        Spread.of([g.total for g in games]),
        {k: Spread.of(v) for k, v in sorted(by_character.items())},
        {k: Spread.of(v) for k, v in sorted(by_goals.items())},
        {k: Spread.of(v) for k, v in sorted(by_both.items())},
        rates,
    )
