"""Balance sweeps: every team composition at every difficulty, many seeded
games each, and what moves the endings.

:func:`plan_sweep` is the one place that decides the games: each has its own
seed, drawn from the master seed and the game's cell (team, difficulty,
number), so the report is the same however the games are split among
processes or machines (:mod:`tales.authoring.cluster`). A game sends back a
:class:`GameSummary`, small enough for hundreds of thousands of them.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise
from pathlib import Path
from typing import Any

from tales.authoring.cluster import Progress, run_units
from tales.authoring.lookahead import StoryMap
from tales.authoring.simulate import RunPlan, play_one
from tales.authoring.titles import ending_title
from tales.errors import TalesError
from tales.rules.scenario import DIFFICULTIES
from tales.rules.setup import TEAM_SIZE
from tales.story.model import ScenarioBook

SHIFT_FLAG = 20.0  # points of an ending's rate an investigator's presence may move


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What a sweep keeps of one game."""

    index: int
    team: tuple[str, ...]
    difficulty: str
    ending: str
    deaths: int
    rate: float | None
    decisions: int
    cpu: float
    crash: str = ""


def plan_sweep(
    tale: str,
    scenario: str,
    investigators: Sequence[str],
    *,
    team_size: int = 4,
    difficulties: Sequence[str] = DIFFICULTIES,
    games: int,
    seed: int,
    policy: str = "goal",
) -> list[RunPlan]:
    """Every team of ``team_size`` from ``investigators``, at each difficulty,
    ``games`` times; how many of the four are players comes from the game's seed."""
    if team_size != TEAM_SIZE:
        # Rulebook: "there will always be four Investigators in play".
        raise TalesError(f"a team is always {TEAM_SIZE} investigators, not {team_size}")
    if team_size > len(investigators):
        raise TalesError(
            f"a team of {team_size} needs at least {team_size} investigators, "
            f"not {len(investigators)}"
        )
    plans: list[RunPlan] = []
    for team in combinations(sorted(investigators), team_size):
        for difficulty in difficulties:
            for game in range(games):
                cell = random.Random(f"{seed}/{'+'.join(team)}/{difficulty}/{game}")
                order = cell.sample(team, len(team))
                players = cell.randint(1, len(team))
                plans.append(
                    RunPlan(
                        tale,
                        scenario,
                        len(plans),
                        cell.randrange(2**31),
                        policy,
                        tuple(order[:players]),
                        tuple(order[players:]),
                        difficulty,
                    )
                )
    return plans


def play_summary(plan: RunPlan) -> GameSummary:
    """One game of the sweep (a module-level function: it travels to workers)."""
    started = time.process_time()
    result = play_one(plan)
    crash = result.crash.strip().splitlines()[-1] if result.crash else ""
    return GameSummary(
        plan.index,
        tuple(sorted(plan.players + plan.companions)),
        plan.difficulty,
        result.ending,
        result.deaths,
        result.rate,
        result.decisions,
        time.process_time() - started,
        crash,
    )


def run_sweep(
    plans: list[RunPlan],
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> tuple[list[GameSummary], float]:
    """The games played, in plan order, and the wall time they took."""
    started = time.perf_counter()
    games = run_units(play_summary, plans, jobs=jobs, scheduler=scheduler, progress=progress)
    return games, time.perf_counter() - started


def _percent(part: int, whole: int) -> float:
    return round(100 * part / whole, 1) if whole else 0.0


def _stats(games: Sequence[GameSummary], titles: dict[str, str]) -> dict[str, Any]:
    """Each ending's rate (%), deaths per game and the mean exploration rate."""
    rates = [g.rate for g in games if g.rate is not None]
    return {
        "games": len(games),
        "endings": {
            title: _percent(sum(1 for g in games if titles[g.ending] == title), len(games))
            for title in sorted(set(titles.values()))
        },
        "deaths": round(sum(g.deaths for g in games) / len(games), 2) if games else 0.0,
        "exploration": round(sum(rates) / len(rates), 1) if rates else None,
    }


def sweep_json(
    games: list[GameSummary],
    book: ScenarioBook,
    names: dict[str, str],
    settings: dict[str, Any],
    seconds: float,
) -> dict[str, Any]:
    """The report: overall, by difficulty, by investigator (with and without),
    and the flags; everything but ``timing`` is the same for the same seed."""
    titles = {g.ending: ending_title(g.ending, book.paragraphs) for g in games}
    true = StoryMap(book.paragraphs, book.scenario).true_ending
    true_title = ending_title(f"the story ends at paragraph {true}", book.paragraphs)
    titles.setdefault(f"the story ends at paragraph {true}", true_title)
    by_difficulty = {
        d: _stats([g for g in games if g.difficulty == d], titles) for d in settings["difficulties"]
    }
    by_investigator = {}
    for slug in sorted({s for g in games for s in g.team}):
        with_them = _stats([g for g in games if slug in g.team], titles)
        without = _stats([g for g in games if slug not in g.team], titles)
        by_investigator[slug] = {
            "name": names.get(slug, slug),
            "with": with_them,
            "without": without,
            "shift": {
                t: round(with_them["endings"][t] - without["endings"][t], 1)
                for t in with_them["endings"]
            },
        }
    data: dict[str, Any] = {
        **settings,
        "scenario": book.title,
        "games": len(games),
        "crashes": [{"index": g.index, "error": g.crash} for g in games if g.crash],
        "true_ending": true_title,
        "overall": _stats(games, titles),
        "by_difficulty": by_difficulty,
        "by_investigator": by_investigator,
    }
    data["flags"] = flags(data)
    cpu = sum(g.cpu for g in games)
    data["timing"] = {
        "seconds": round(seconds, 1),
        "cpu_seconds": round(cpu, 1),
        "decisions_per_cpu_second": round(sum(g.decisions for g in games) / cpu) if cpu else 0,
    }
    return data


def flags(data: dict[str, Any]) -> list[dict[str, Any]]:
    """An investigator whose presence moves an ending's rate by more than
    SHIFT_FLAG points; a difficulty whose true-ending rate is not below the
    easier one's (easy > standard > hard is expected)."""
    found: list[dict[str, Any]] = []
    for slug, entry in data["by_investigator"].items():
        for title, shift in entry["shift"].items():
            if abs(shift) > SHIFT_FLAG and entry["without"]["games"]:
                found.append(
                    {
                        "kind": "investigator",
                        "investigator": entry["name"],
                        "slug": slug,
                        "ending": title,
                        "with": entry["with"]["endings"][title],
                        "without": entry["without"]["endings"][title],
                        "shift": shift,
                    }
                )
    true, levels = data["true_ending"], data["by_difficulty"]
    ordered = [d for d in DIFFICULTIES if d in levels and levels[d]["games"]]
    for easier, harder in pairwise(ordered):
        easy_rate = levels[easier]["endings"].get(true, 0.0)
        hard_rate = levels[harder]["endings"].get(true, 0.0)
        if hard_rate >= easy_rate:
            found.append(
                {
                    "kind": "difficulty",
                    "harder": harder,
                    "easier": easier,
                    "ending": true,
                    "harder_rate": hard_rate,
                    "easier_rate": easy_rate,
                }
            )
    return found


def sweep_tale(
    tale_path: Path,
    scenario: str | None,
    *,
    investigators: Sequence[str] | None = None,
    team_size: int = 4,
    difficulties: Sequence[str] = DIFFICULTIES,
    games: int,
    seed: int,
    policy: str = "goal",
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Plan, play and report a sweep of one scenario."""
    from tales.api import load_tale

    storybook = load_tale(tale_path)
    name = storybook.tale.scenario_id(scenario)
    sheets = storybook.core.investigators
    chosen = list(investigators) if investigators else sorted(sheets)
    unknown = [slug for slug in chosen if slug not in sheets]
    if unknown:
        raise TalesError(f"no investigator named {unknown[0]!r}; there are {', '.join(sheets)}")
    unknown = [d for d in difficulties if d not in DIFFICULTIES]
    if unknown:
        raise TalesError(f"no difficulty {unknown[0]!r}; there are {', '.join(DIFFICULTIES)}")
    plans = plan_sweep(
        str(tale_path),
        name,
        chosen,
        team_size=team_size,
        difficulties=difficulties,
        games=games,
        seed=seed,
        policy=policy,
    )
    played, seconds = run_sweep(plans, jobs=jobs, scheduler=scheduler, progress=progress)
    settings = {
        "seed": seed,
        "policy": policy,
        "games_per_cell": games,
        "team_size": team_size,
        "teams": len({g.team for g in played}),
        "difficulties": list(difficulties),
    }
    names = {slug: sheet.name for slug, sheet in sheets.items()}
    return sweep_json(played, storybook.tale.scenarios[name], names, settings, seconds)
