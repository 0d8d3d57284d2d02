"""Playtesting a whole campaign: ``tales simulate --campaign``.

Each run starts a new campaign at its first scenario (its prologue read),
plays every scenario with a bot, reads every interlude between them and goes
on from the sheet between scenarios the way a loaded save does, until the
epilogue or the campaign's end. The report adds what a scenario's own
simulation cannot see: the interludes' coverage (their numbers may repeat a
scenario's, so each paragraph is named with its interlude), dead ends in
scenarios and interludes alike, how often each scenario and the epilogue
were reached, and how campaigns ended.
"""

from __future__ import annotations

import random
import time
import traceback
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tales.authoring.bots import POLICIES
from tales.authoring.simulate import STEP_LIMIT, plan_runs, team_for
from tales.rules.events import Event
from tales.rules.scenario import DIFFICULTIES
from tales.story.campaign_shape import epilogues
from tales.story.core import Core, load_core
from tales.story.game import Game, GameSetup, start_game
from tales.story.loader import load_tale
from tales.story.model import Tale
from tales.story.story_events import InterludeRead, StoryDeadEnd, StoryRead

Place = tuple[str, int]  # (scenario or interlude, paragraph number)


@dataclass
class CampaignRun:
    """One campaign played from its prologue on."""

    seed: int
    policy: str
    scenarios: list[str] = field(default_factory=list)  # in the order played
    read: set[Place] = field(default_factory=set)  # scenario paragraphs read
    interludes: set[Place] = field(default_factory=set)  # interlude paragraphs read
    dead_ends: list[Place] = field(default_factory=list)
    ending: str = ""
    decisions: int = 0
    crash: str = ""


def play_campaign(core: Core, tale: Tale, seed: int, policy: str) -> CampaignRun:
    """A whole campaign by one bot; its seed decides the team, the dice and the choices."""
    rng = random.Random(seed)
    players, companions = team_for(core, rng)
    difficulty = rng.choice(DIFFICULTIES)
    run = CampaignRun(seed, policy)
    first = next(iter(tale.scenarios))
    setup = GameSetup(first, players, companions, difficulty, seed)
    try:
        game = start_game(core, tale, setup)
        while True:
            run.scenarios.append(game.setup.scenario)
            _play(game, run, rng)
            going_on = game.next_scenario
            if going_on is None or run.decisions >= STEP_LIMIT:
                run.ending = (game.finished or [game.ending])[0] or "stalled"
                return run
            # As the sheet between scenarios sets it up (tales.saves.setup_sheet).
            after = GameSetup(
                going_on.scenario, going_on.players, going_on.companions, difficulty,
                going_on.seed,
            )  # fmt: skip
            game = start_game(core, tale, after, going_on.campaign)
    except Exception:  # a crash is what this tool exists to find: record it, go on
        run.crash = traceback.format_exc()
        return run


def _play(game: Game, run: CampaignRun, rng: random.Random) -> None:
    scenario = game.setup.scenario
    place = [scenario]  # whose paragraphs are being read: the scenario or an interlude
    _tally(run, game.events, scenario, place)
    policy = POLICIES[run.policy]
    while (pending := game.pending) is not None and run.decisions < STEP_LIMIT:
        _tally(run, game.push(policy(pending, game.view, rng)), scenario, place)
        run.decisions += 1


def _tally(run: CampaignRun, events: Iterable[Event], scenario: str, place: list[str]) -> None:
    for event in events:
        if isinstance(event, InterludeRead):
            place[0] = event.interlude
            run.interludes.add((event.interlude, event.paragraph))
        elif isinstance(event, StoryRead):
            place[0] = scenario
            run.read.add((scenario, event.paragraph))
        elif isinstance(event, StoryDeadEnd):
            run.dead_ends.append((place[0], event.paragraph))


@dataclass
class CampaignReport:
    tale: Tale
    runs: list[CampaignRun]
    seconds: float

    def as_json(self) -> dict[str, Any]:
        tale, runs = self.tale, self.runs
        played = [r for r in runs if not r.crash]
        scenario_places = {(s, n) for s, book in tale.scenarios.items() for n in book.paragraphs}
        interlude_places = {(i, n) for i, one in tale.interludes.items() for n in one.paragraphs}
        read = set().union(*(r.read for r in runs)) if runs else set()
        heard = set().union(*(r.interludes for r in runs)) if runs else set()
        last = epilogues(tale)
        return {
            "runs": len(runs),
            "campaign": True,
            "crashes": len(runs) - len(played),
            "paragraphs_total": len(scenario_places),
            "paragraphs_visited": len(read & scenario_places),
            "coverage": _share(read & scenario_places, scenario_places),
            "interlude_paragraphs_total": len(interlude_places),
            "interlude_paragraphs_visited": len(heard & interlude_places),
            "interlude_coverage": _share(heard & interlude_places, interlude_places),
            "interludes_unreached": [f"{i}:{n}" for i, n in sorted(interlude_places - heard)],
            "unreached": [f"{s}:{n}" for s, n in sorted(scenario_places - read)],
            "dead_ends": _dead_ends(runs),
            "scenarios_reached": {
                s: sum(1 for r in played if s in r.scenarios) for s in tale.scenarios
            },
            "epilogue_reached": sum(
                1 for r in played if any((e.id, e.start) in r.interludes for e in last)
            ),
            "endings": dict(Counter(r.ending for r in played).most_common()),
            "crash_reports": [
                {"seed": r.seed, "error": r.crash.strip().splitlines()[-1]} for r in runs if r.crash
            ],
            "decisions_per_game": round(sum(r.decisions for r in runs) / max(1, len(runs)), 1),
            "seconds": round(self.seconds, 2),
        }


def _share(part: set[Place], whole: set[Place]) -> float:
    return round(len(part) / max(1, len(whole)), 4)


def _dead_ends(runs: list[CampaignRun]) -> list[dict[str, Any]]:
    seen: Counter[Place] = Counter(p for r in runs for p in r.dead_ends)
    return [{"where": w, "paragraph": n, "runs": c} for (w, n), c in sorted(seen.items())]


def simulate_campaign(tale_path: Path, *, runs: int, seed: int, policy: str) -> CampaignReport:
    """``runs`` whole campaigns, each from a seed the master ``seed`` draws."""
    tale, problems = load_tale(tale_path, fast=True)
    if tale is None:
        from tales.errors import TalesError

        listing = "\n".join(str(p) for p in problems if p.severity == "error")
        raise TalesError(f"the tale cannot be simulated until its errors are fixed:\n{listing}")
    core = load_core()
    started = time.perf_counter()
    plans = plan_runs(str(tale_path), next(iter(tale.scenarios)), runs, seed, policy)
    results = [play_campaign(core, tale, plan.seed, plan.policy) for plan in plans]
    return CampaignReport(tale, results, time.perf_counter() - started)


def as_text(data: dict[str, Any], title: str) -> str:
    """The report in a few lines, for the terminal."""
    lines = [
        f"{title}: {data['runs']} whole campaigns, {data['crashes']} crashed.",
        f"Scenario paragraphs read: {data['paragraphs_visited']}/{data['paragraphs_total']} "
        f"({data['coverage']:.0%}); interlude paragraphs: "
        f"{data['interlude_paragraphs_visited']}/{data['interlude_paragraphs_total']} "
        f"({data['interlude_coverage']:.0%}).",
        "Scenarios reached: "
        + ", ".join(f"{s} {n}" for s, n in data["scenarios_reached"].items())
        + f"; the epilogue: {data['epilogue_reached']}.",
        "Endings: " + "; ".join(f"{e} ({n})" for e, n in data["endings"].items()),
    ]
    dead = data["dead_ends"]
    lines.append(
        "Dead ends: "
        + (
            ", ".join(f"{d['where']} paragraph {d['paragraph']} ({d['runs']})" for d in dead)
            or "none"
        )
    )
    for name in ("unreached", "interludes_unreached"):
        if data[name]:
            lines.append(f"Never read ({name.replace('_', ' ')}): {', '.join(data[name])}")
    for crash in data["crash_reports"]:
        lines.append(f"Crash with seed {crash['seed']}: {crash['error']}")
    return "\n".join(lines) + "\n"


def run_command(tale_path: Path, *, runs: int, seed: int, policy: str, as_json: bool) -> int:
    """``tales simulate --campaign``: print the report; 1 if a run crashed."""
    import json

    import click

    report = simulate_campaign(tale_path, runs=runs, seed=seed, policy=policy)
    data = report.as_json()
    click.echo(
        json.dumps(data, indent=2) if as_json else as_text(data, report.tale.title), nl=False
    )
    return 1 if data["crashes"] else 0
