"""Playtesting a whole campaign: ``tales simulate --campaign``.

Each run starts a new campaign at its first scenario (its prologue read),
plays every scenario with a bot, reads every interlude between them and goes
on from the sheet between scenarios the way a loaded save does, until the
epilogue or the campaign's end. Nothing here counts the scenarios: a tale's
``scenarios:`` list is followed wherever the story sends the campaign.

The bots are chosen per scenario (:func:`policies_for`): ``mixed`` draws one
of random, sensible and goal for each scenario of each run. The runs are
played in waves of :data:`WAVE`: after the first, each goal bot is aimed
(:func:`tales.authoring.bots.aimed_at`) at a paragraph that no earlier wave
read, or that writes a log entry such a paragraph of a later part needs,
or, when its campaign's log holds what a gate asks, at the unread paragraph
behind that gate (:mod:`tales.authoring.campaign_aims`), a seeded choice, so a large
simulation keeps making for what it has not yet seen. A paragraph counts as read only when a game
read it. Every run's seed and aims are fixed before its wave is played, so
the same seed gives the same report with any ``--jobs`` or on a cluster.
"""

from __future__ import annotations

import random
import traceback
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from tales.authoring.bots import POLICIES, Policy, aimed_at
from tales.authoring.campaign_aims import COMMON_SHARE, Entry, aim_now, aims_for, gated_aims_for
from tales.authoring.cluster import Progress, run_units
from tales.authoring.simulate import STEP_LIMIT, team_for
from tales.errors import TalesError
from tales.rules.events import Event, InvestigatorDied
from tales.rules.scenario import DIFFICULTIES
from tales.story.core import Core, load_core
from tales.story.game import Game, GameSetup, start_game
from tales.story.loader import load_tale
from tales.story.model import Paragraph, Tale
from tales.story.state import LogEntryRecorded
from tales.story.story_events import ExplorationRated, InterludeRead, StoryDeadEnd, StoryRead

Place = tuple[str, int]  # (scenario or interlude, paragraph number)
WAVE = 20  # runs played before the goal bots are aimed anew (fixed: a replay's waves match)
PLAYED = ("random", "sensible", "goal")  # the bots a scenario is played by
POLICY_WORDS = (*PLAYED, "both", "mixed")


@dataclass(frozen=True, slots=True)
class CampaignPlan:
    """Everything one campaign run needs, small enough to send to a worker."""

    tale: str
    index: int
    seed: int
    policies: tuple[str, ...]  # one a scenario, in the order of the tale's list
    aims: tuple[Place, ...] = ()  # the paragraph a scenario's goal bot makes for
    gated: tuple[Place, ...] = ()  # ... instead, if the campaign's log opens the way to it


@dataclass
class ScenarioRun:
    """One scenario of a campaign run, as its bot played it."""

    scenario: str
    policy: str
    aim: int | None = None
    read: set[int] = field(default_factory=set)
    deaths: int = 0
    ending: str = ""
    rate: float | None = None
    carried: int | None = None  # exploration points carried into the next scenario
    decisions: int = 0


@dataclass
class CampaignRun:
    """One campaign played from its prologue on."""

    index: int
    seed: int
    policies: tuple[str, ...] = ()
    scenarios: list[ScenarioRun] = field(default_factory=list)  # in the order played
    interludes: set[Place] = field(default_factory=set)  # interlude paragraphs read
    logged: set[tuple[str, str, str]] = field(default_factory=set)  # (where, section, entry)
    dead_ends: list[Place] = field(default_factory=list)
    ending: str = ""
    decisions: int = 0
    crash: str = ""
    # The game being played when the run ended: a crash's scenario, setup and inputs.
    setup: GameSetup | None = None
    inputs: list[str] = field(default_factory=list)

    @property
    def read(self) -> set[Place]:
        """The scenario paragraphs read, each named with its scenario."""
        return {(s.scenario, n) for s in self.scenarios for n in s.read}

    @property
    def played(self) -> list[str]:
        return [s.scenario for s in self.scenarios]


def parse_policy(text: str) -> tuple[str, ...]:
    """``goal`` or ``goal,random,mixed``: the bots of each scenario in turn,
    the last for every scenario after."""
    words = tuple(word.strip() for word in text.split(","))
    wrong = [word for word in words if word not in POLICY_WORDS]
    if not words or wrong:
        raise TalesError(
            f"--policy {text!r}: each scenario's bot is one of {', '.join(POLICY_WORDS)}"
        )
    return words


def policies_for(spec: tuple[str, ...], scenarios: int, index: int, seed: int) -> tuple[str, ...]:
    """The bot of each scenario of run ``index`` (seed ``seed``): ``both``
    alternates random and sensible from run to run, ``mixed`` is drawn."""
    chosen = []
    for k in range(scenarios):
        word = spec[min(k, len(spec) - 1)]
        if word == "both":
            word = ("random", "sensible")[index % 2]
        elif word == "mixed":
            word = random.Random(f"policy {seed} {k}").choice(PLAYED)
        chosen.append(word)
    return tuple(chosen)


_CACHE: dict[str, tuple[Core, Tale]] = {}


def content(tale_path: str) -> tuple[Core, Tale]:
    """The core and the tale, loaded once per process."""
    if tale_path not in _CACHE:
        tale, problems = load_tale(Path(tale_path), fast=True)
        if tale is None:
            listing = "\n".join(str(p) for p in problems if p.severity == "error")
            raise TalesError(f"the tale cannot be simulated until its errors are fixed:\n{listing}")
        _CACHE[tale_path] = (load_core(), tale)
    return _CACHE[tale_path]


def play_plan(plan: CampaignPlan) -> CampaignRun:
    """A whole campaign by its bots; its seed decides the team, the dice and the choices."""
    core, tale = content(plan.tale)
    rng = random.Random(plan.seed)
    players, companions = team_for(core, rng)
    difficulty = rng.choice(DIFFICULTIES)
    run = CampaignRun(plan.index, plan.seed, plan.policies)
    order = list(tale.scenarios)
    run.setup = GameSetup(order[0], players, companions, difficulty, plan.seed)
    try:
        game = start_game(core, tale, run.setup)
        while True:
            scenario = game.setup.scenario
            policy = plan.policies[order.index(scenario)] if scenario in order else "random"
            aim = aim_now(tale, scenario, plan.aims, plan.gated, game.view.campaign_log)
            part = ScenarioRun(scenario, policy, aim)
            run.scenarios.append(part)
            _play(game, run, part, rng)
            going_on = game.next_scenario
            part.ending = game.ending
            if going_on is None or run.decisions >= STEP_LIMIT:
                run.ending = (game.finished or [game.ending])[0] or "stalled"
                return run
            part.carried = going_on.campaign.points
            # As the sheet between scenarios sets it up (tales.saves.setup_sheet).
            run.setup = GameSetup(
                going_on.scenario, going_on.players, going_on.companions, difficulty,
                going_on.seed,
            )  # fmt: skip
            run.inputs = []
            game = start_game(core, tale, run.setup, going_on.campaign)
    except Exception:  # a crash is what this tool exists to find: record it, go on
        run.crash = traceback.format_exc()
        return run


def _policy(part: ScenarioRun) -> Policy:
    return aimed_at(part.aim) if part.aim is not None else POLICIES[part.policy]


def _play(game: Game, run: CampaignRun, part: ScenarioRun, rng: random.Random) -> None:
    place = [part.scenario]  # whose paragraphs are being read: the scenario or an interlude
    _tally(run, part, game.events, place)
    policy = _policy(part)
    while (pending := game.pending) is not None and run.decisions < STEP_LIMIT:
        choice = policy(pending, game.view, rng)
        run.inputs.append(choice.id)  # before applying: a crashing input is kept
        _tally(run, part, game.push(choice), place)
        run.decisions += 1
        part.decisions += 1


def _tally(run: CampaignRun, part: ScenarioRun, events: Iterable[Event], place: list[str]) -> None:
    for event in events:
        if isinstance(event, InterludeRead):
            place[0] = event.interlude
            run.interludes.add((event.interlude, event.paragraph))
        elif isinstance(event, StoryRead):
            place[0] = part.scenario
            part.read.add(event.paragraph)
        elif isinstance(event, StoryDeadEnd):
            run.dead_ends.append((place[0], event.paragraph))
        elif isinstance(event, LogEntryRecorded):
            run.logged.add((place[0], event.section, event.entry))
        elif isinstance(event, InvestigatorDied):
            part.deaths += 1
        elif isinstance(event, ExplorationRated):
            part.rate = event.rate


def unread_by(tale: Tale, runs: list[CampaignRun]) -> dict[str, set[int]]:
    """Each scenario's and interlude's paragraphs that none of ``runs`` read."""
    read = set().union(*(r.read | r.interludes for r in runs)) if runs else set()
    parts: list[tuple[str, Mapping[int, Paragraph]]] = [
        *((name, book.paragraphs) for name, book in tale.scenarios.items()),
        *((name, one.paragraphs) for name, one in tale.interludes.items()),
    ]
    return {name: {n for n in paragraphs if (name, n) not in read} for name, paragraphs in parts}


def commonly_written(runs: list[CampaignRun]) -> frozenset[Entry]:
    """The log entries written in at least ``COMMON_SHARE`` of ``runs``."""
    counts = Counter(entry for run in runs for entry in {(s, e) for _, s, e in run.logged})
    return frozenset(entry for entry, n in counts.items() if n >= COMMON_SHARE * len(runs))


def play_campaigns(
    tale_path: Path,
    *,
    runs: int,
    seed: int,
    policy: str,
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> list[CampaignRun]:
    """``runs`` whole campaigns, each from a seed the master ``seed`` draws,
    in waves whose goal bots aim at what the waves before left unread."""
    spec = parse_policy(policy)
    tale = content(str(tale_path))[1]
    master = random.Random(seed)
    seeds = [master.randrange(2**31) for _ in range(runs)]  # plain simulate's seeds
    results: list[CampaignRun] = []
    for start in range(0, runs, WAVE):
        unread = unread_by(tale, results) if start else {}
        common = commonly_written(results)
        plans = []
        for index in range(start, min(runs, start + WAVE)):
            policies = policies_for(spec, len(tale.scenarios), index, seeds[index])
            aims = aims_for(policies, tale, unread, seeds[index], common)
            gated = gated_aims_for(policies, tale, unread, seeds[index])
            plans.append(CampaignPlan(str(tale_path), index, seeds[index], policies, aims, gated))
        shown = _after(progress, len(results), runs)
        results += run_units(play_plan, plans, jobs=jobs, scheduler=scheduler, progress=shown)
    return results


def _after(progress: Progress | None, done: int, total: int) -> Progress | None:
    """A wave's progress as the whole simulation's."""
    if progress is None:
        return None
    report = progress
    return lambda finished, _wave: report(done + finished, total)
