"""Playtesting at scale: seeded playthroughs by bots, and what they found.

Each run is one whole scenario with every rule in force, played by a policy
from :mod:`tales.authoring.bots`; its seed decides the team, the dice and the
bot's choices, so a run replays exactly whatever the number of jobs. The
report says what was never reached (with file:line), where the story
stopped with no choice open, how games ended, the exploration rates, and
every crash with the command that replays it at the prompt.
"""

from __future__ import annotations

import random
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tales.api import Storybook, load_tale, new_game
from tales.authoring.bots import POLICIES
from tales.authoring.cluster import run_units
from tales.authoring.crashes import crash_script, replay_command, write_crashes
from tales.authoring.titles import ending_title
from tales.rules.events import Event, InvestigatorDied, ReadParagraph
from tales.rules.options import Option
from tales.rules.scenario import DIFFICULTIES
from tales.story.core import Core
from tales.story.game import Game, GameSetup
from tales.story.interpreter import ExplorationRated, StoryDeadEnd, StoryRead
from tales.story.model import ScenarioBook, Where
from tales.story.options import StoryOption
from tales.story.prepare import prepare_tale

STEP_LIMIT = 20_000  # decisions in one run before it counts as stalled


@dataclass(frozen=True, slots=True)
class RunPlan:
    """Everything one run needs, small enough to send to a worker process."""

    tale: str
    scenario: str
    index: int
    seed: int
    policy: str
    # A sweep names the team and the difficulty; a plain run draws them from its seed.
    players: tuple[str, ...] = ()
    companions: tuple[str, ...] = ()
    difficulty: str = ""


@dataclass
class RunResult:
    index: int
    seed: int
    policy: str
    setup: GameSetup
    read: set[int] = field(default_factory=set)
    options: set[tuple[int, int]] = field(default_factory=set)
    triggers: set[str] = field(default_factory=set)
    dead_ends: list[int] = field(default_factory=list)
    deaths: int = 0
    ending: str = ""
    rate: float | None = None
    decisions: int = 0
    seconds: float = 0.0
    crash: str = ""
    inputs: list[str] = field(default_factory=list)


def plan_runs(tale: str, scenario: str, runs: int, seed: int, policy: str) -> list[RunPlan]:
    """Run i's seed comes from the master seed alone; policies alternate."""
    master = random.Random(seed)
    policies = ["random", "sensible"] if policy == "both" else [policy]
    return [
        RunPlan(tale, scenario, i, master.randrange(2**31), policies[i % len(policies)])
        for i in range(runs)
    ]


_CACHE: dict[str, Storybook] = {}


def _content(tale_path: str) -> Storybook:
    """The storybook, loaded once per process."""
    if tale_path not in _CACHE:
        _CACHE[tale_path] = load_tale(Path(tale_path), cached=False)
    return _CACHE[tale_path]


def team_for(core: Core, rng: random.Random) -> tuple[tuple[str, ...], tuple[str, ...]]:
    team = rng.sample(sorted(core.investigators), 4)
    players = rng.randint(1, 4)
    return tuple(team[:players]), tuple(team[players:])


def play_one(plan: RunPlan) -> RunResult:
    storybook = _content(plan.tale)
    rng = random.Random(plan.seed)
    if plan.players:
        players, companions, difficulty = plan.players, plan.companions, plan.difficulty
    else:
        players, companions = team_for(storybook.core, rng)
        difficulty = rng.choice(DIFFICULTIES)
    setup = GameSetup(plan.scenario, players, companions, difficulty, plan.seed)
    result = RunResult(plan.index, plan.seed, plan.policy, setup)
    policy = POLICIES[plan.policy]
    started = time.perf_counter()
    game: Game | None = None
    try:
        game = new_game(
            storybook,
            setup.scenario,
            difficulty=setup.difficulty,
            players=setup.players,
            companions=setup.companions,
            seed=setup.seed,
        )
        _tally(result, game.events)
        while (pending := game.pending) is not None and result.decisions < STEP_LIMIT:
            choice = policy(pending, game.view, rng)
            _note_option(result, choice)
            result.inputs.append(choice.id)  # before applying: a crashing input is kept
            _tally(result, game.push(choice))
            result.decisions += 1
        result.ending = game.ending or f"stalled after {STEP_LIMIT} decisions"
    except Exception:  # a crash is what this tool exists to find: record it, go on
        result.crash = traceback.format_exc()
    result.seconds = time.perf_counter() - started
    return result


def _note_option(result: RunResult, choice: Option) -> None:
    if isinstance(choice, StoryOption):
        result.options.add((choice.scene, choice.index))


# The events a run's result counts.
_TALLIED = (StoryRead, ReadParagraph, StoryDeadEnd, InvestigatorDied, ExplorationRated)


def _tally(result: RunResult, events: Iterable[Event]) -> None:
    for event in events:
        if not isinstance(event, _TALLIED):  # most events: one look, not five
            continue
        if isinstance(event, StoryRead):
            result.read.add(event.paragraph)
        elif isinstance(event, ReadParagraph):
            result.triggers.add(event.why)
        elif isinstance(event, StoryDeadEnd):
            result.dead_ends.append(event.paragraph)
        elif isinstance(event, InvestigatorDied):
            result.deaths += 1
        elif isinstance(event, ExplorationRated):
            result.rate = event.rate


@dataclass
class Report:
    tale: str
    scenario: str
    book: ScenarioBook
    results: list[RunResult]
    seconds: float
    crash_dir: Path | None = None

    def at(self, where: Where) -> str:
        """``file:line:col`` with the file relative to the tale's folder, so
        a report reads the same wherever it was run from."""
        place = Path(where.path).resolve()
        tale = Path(self.tale).resolve()
        shown = place.relative_to(tale) if place.is_relative_to(tale) else Path(where.path)
        return f"{shown.as_posix()}:{where.line}:{where.col}"

    @property
    def option_keys(self) -> list[tuple[int, int]]:
        return [
            (number, index)
            for number, paragraph in sorted(self.book.paragraphs.items())
            for index in range(len(paragraph.options))
        ]

    def visited(self) -> set[int]:
        return set().union(*(r.read for r in self.results)) if self.results else set()

    def taken(self) -> set[tuple[int, int]]:
        return set().union(*(r.options for r in self.results)) if self.results else set()

    def as_json(self) -> dict[str, Any]:
        visited, taken = self.visited(), self.taken()
        rates = [r.rate for r in self.results if r.rate is not None]
        decisions = sum(r.decisions for r in self.results)
        busy = sum(r.seconds for r in self.results)
        return {
            "tale": self.tale,  # the folder the files below are named from
            "runs": len(self.results),
            "crashes": sum(1 for r in self.results if r.crash),
            "paragraphs_total": len(self.book.paragraphs),
            "paragraphs_visited": len(visited & set(self.book.paragraphs)),
            "coverage": share(len(visited & set(self.book.paragraphs)), len(self.book.paragraphs)),
            "options_total": len(self.option_keys),
            "options_taken": len(taken & set(self.option_keys)),
            "dead_ends": self.dead_end_report(),
            "endings": dict(
                Counter(
                    ending_title(r.ending, self.book.paragraphs)
                    for r in self.results
                    if not r.crash
                ).most_common()
            ),
            "deaths": sum(r.deaths for r in self.results),
            "exploration_rate": {**spread(rates), "histogram": histogram(rates)},
            "unreached": [
                {"paragraph": n, "where": self.at(p.where)}
                for n, p in sorted(self.book.paragraphs.items())
                if n not in visited
            ],
            "options_never_taken": [
                {
                    "paragraph": n,
                    "option": i,
                    "label": self.book.paragraphs[n].options[i].label,
                    "where": self.at(self.book.paragraphs[n].options[i].where),
                }
                for n, i in self.option_keys
                if (n, i) not in taken
            ],
            "triggers_fired": sorted(set().union(*(r.triggers for r in self.results)))
            if self.results
            else [],
            "crash_reports": [self.crash_entry(r) for r in self.results if r.crash],
            "choices_per_second": round(decisions / busy) if busy else 0,
            "playthroughs_per_second": round(len(self.results) / self.seconds, 2)
            if self.seconds
            else 0,
            "seconds": round(self.seconds, 2),
        }

    def dead_end_report(self) -> list[dict[str, Any]]:
        seen: Counter[int] = Counter(n for r in self.results for n in r.dead_ends)
        return [
            {"paragraph": n, "where": self.at(self.book.paragraphs[n].where), "runs": count}
            for n, count in sorted(seen.items())
        ]

    def crash_entry(self, result: RunResult) -> dict[str, Any]:
        entry: dict[str, Any] = {
            "seed": result.seed,
            "error": result.crash.strip().splitlines()[-1],
        }
        if self.crash_dir is not None:
            script = crash_script(self.crash_dir, result.seed)
            entry["script"] = str(script)
            entry["replay"] = replay_command(self.tale, result.setup, script)
        return entry


def share(part: int, whole: int) -> float:
    """A report's coverage figure: ``part`` of ``whole`` (0 of nothing), to 4 places."""
    return round(part / max(1, whole), 4)


def spread(values: list[float]) -> dict[str, float | None]:
    """A report's mean, least and most of ``values`` (None of each for none)."""
    if not values:
        return {"mean": None, "min": None, "max": None}
    return {"mean": round(sum(values) / len(values), 2), "min": min(values), "max": max(values)}


def histogram(rates: list[float], bucket: int = 10) -> dict[str, int]:
    counts: Counter[int] = Counter(min(int(r // bucket) * bucket, 100) for r in rates)
    return {
        f"{low}-{low + bucket - 1}": counts.get(low, 0) for low in range(0, 101, bucket) if rates
    }


def save_crashes(report: Report, folder: Path) -> None:
    """Write each crash's input log as a script the prompt can replay."""
    report.crash_dir = folder
    write_crashes(report.results, folder)


def run_simulation(
    tale_path: Path,
    scenario: str | None,
    *,
    runs: int,
    seed: int,
    jobs: int,
    policy: str = "both",
    progress: Callable[[int, int], None] | None = None,
    scheduler: str | None = None,
) -> Report:
    tale = _content(str(tale_path)).tale
    name = tale.scenario_id(scenario)
    plans = plan_runs(str(tale_path), name, runs, seed, policy)
    started = time.perf_counter()
    if jobs > 1 and scheduler is None:  # compiled here, once: the forked workers inherit it
        prepare_tale(tale)
    results = run_units(play_one, plans, jobs=jobs, scheduler=scheduler, progress=progress)
    elapsed = time.perf_counter() - started
    # The tale was read with positions: the report points at file:line.
    return Report(str(tale_path), name, tale.scenarios[name], results, elapsed)
