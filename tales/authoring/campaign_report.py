"""The report of ``tales simulate --campaign``: for the campaign and for each
scenario and interlude, what was read of how much (every paragraph never
read with its ``file:line``), how games ended, the deaths, the campaign log
entries written and in how many runs, the exploration rates and the points
carried on, the dead ends and every crash with what replays it.

Scenarios and interludes are reported in the order the tale lists them,
however many it has; an interlude's numbers may repeat a scenario's, so its
paragraphs are always named with it.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tales.authoring.campaign_sim import CampaignRun, Place, content, play_campaigns
from tales.authoring.cluster import Progress
from tales.authoring.crashes import crash_script, replay_command, write_crashes
from tales.authoring.simulate import share, spread
from tales.authoring.titles import ending_title
from tales.story.campaign_shape import epilogues
from tales.story.model import Paragraph, Tale, Where


@dataclass
class CampaignReport:
    tale: Tale
    runs: list[CampaignRun]
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    folder: str = ""  # the tale's folder: files are named from it
    seed: int = 1
    policy: str = "mixed"
    crash_dir: Path | None = None

    def at(self, where: Where) -> str:
        place = Path(where.path).resolve()
        root = Path(self.folder).resolve() if self.folder else None
        shown = place.relative_to(root) if root and place.is_relative_to(root) else place
        return f"{shown.as_posix()}:{where.line}"

    def as_json(self) -> dict[str, Any]:
        tale, runs = self.tale, self.runs
        played = [r for r in runs if not r.crash]
        scenario_places = {(s, n) for s, book in tale.scenarios.items() for n in book.paragraphs}
        interlude_places = {(i, n) for i, one in tale.interludes.items() for n in one.paragraphs}
        read = set().union(*(r.read for r in runs)) if runs else set()
        heard = set().union(*(r.interludes for r in runs)) if runs else set()
        last = epilogues(tale)
        return {
            "tale": self.folder,
            "runs": len(runs),
            "campaign": True,
            "seed": self.seed,
            "policy": self.policy,
            "crashes": len(runs) - len(played),
            "paragraphs_total": len(scenario_places),
            "paragraphs_visited": len(read & scenario_places),
            "coverage": share(len(read & scenario_places), len(scenario_places)),
            "interlude_paragraphs_total": len(interlude_places),
            "interlude_paragraphs_visited": len(heard & interlude_places),
            "interlude_coverage": share(len(heard & interlude_places), len(interlude_places)),
            "interludes_unreached": [f"{i}:{n}" for i, n in sorted(interlude_places - heard)],
            "unreached": [f"{s}:{n}" for s, n in sorted(scenario_places - read)],
            "dead_ends": _dead_ends(runs),
            "scenarios_reached": {
                s: sum(1 for r in played if s in r.played) for s in tale.scenarios
            },
            "epilogue_reached": sum(
                1 for r in played if any((e.id, e.start) in r.interludes for e in last)
            ),
            "endings": dict(Counter(r.ending for r in played).most_common()),
            "deaths": sum(s.deaths for r in runs for s in r.scenarios),
            "log_entries": _entries(runs, None),
            "scenarios": {name: self._scenario(name) for name in tale.scenarios},
            "interludes": {name: self._interlude(name) for name in tale.interludes},
            "crash_reports": [self.crash_entry(r) for r in runs if r.crash],
            "decisions_per_game": round(sum(r.decisions for r in runs) / max(1, len(runs)), 1),
            "timing": {  # the one entry that differs from one run of the command to the next
                "wall_seconds": round(self.seconds, 2),
                "cpu_seconds": round(self.cpu_seconds, 2),
            },
        }

    def _scenario(self, name: str) -> dict[str, Any]:
        book = self.tale.scenarios[name]
        parts = [s for r in self.runs for s in r.scenarios if s.scenario == name]
        read = set().union(*(s.read for s in parts)) if parts else set()
        ended = [s for s in parts if s.ending]
        rates = [s.rate for s in parts if s.rate is not None]
        carried = [s.carried for s in parts if s.carried is not None]
        return {
            "runs": len(parts),
            "policies": dict(sorted(Counter(s.policy for s in parts).items())),
            "aimed": sum(1 for s in parts if s.aim is not None),
            "aims_read": sum(1 for s in parts if s.aim is not None and s.aim in s.read),
            "paragraphs_total": len(book.paragraphs),
            "paragraphs_visited": len(read & set(book.paragraphs)),
            "coverage": share(len(read & set(book.paragraphs)), len(book.paragraphs)),
            "unreached": self._unread(book.paragraphs, read),
            "endings": dict(
                Counter(ending_title(s.ending, book.paragraphs) for s in ended).most_common()
            ),
            "deaths": sum(s.deaths for s in parts),
            "exploration_rate": spread(rates),
            "exploration_carried": {
                **spread([float(c) for c in carried]),
                "runs_carrying": sum(1 for c in carried if c > 0),
            },
            "log_entries": _entries(self.runs, name),
            "decisions_per_game": round(sum(s.decisions for s in parts) / max(1, len(parts)), 1),
        }

    def _interlude(self, name: str) -> dict[str, Any]:
        one = self.tale.interludes[name]
        heard = {n for r in self.runs for i, n in r.interludes if i == name}
        return {
            "runs": sum(1 for r in self.runs if (name, one.start) in r.interludes),
            "paragraphs_total": len(one.paragraphs),
            "paragraphs_visited": len(heard & set(one.paragraphs)),
            "unreached": self._unread(one.paragraphs, heard),
            "log_entries": _entries(self.runs, name),
        }

    def _unread(self, paragraphs: Mapping[int, Paragraph], read: set[int]) -> list[dict[str, Any]]:
        return [
            {"paragraph": n, "where": self.at(p.where)}
            for n, p in sorted(paragraphs.items())
            if n not in read
        ]

    def crash_entry(self, run: CampaignRun) -> dict[str, Any]:
        setup = run.setup  # of the game being set up or played when it crashed
        entry: dict[str, Any] = {
            "seed": run.seed,
            "run": run.index,
            "scenario": setup.scenario if setup else "",
            "error": run.crash.strip().splitlines()[-1],
            # The run's plan comes from the master seed and the runs before it alone.
            "rerun": (
                f"tales simulate {self.folder} --campaign --seed {self.seed} "
                f"--runs {run.index + 1} --policy {self.policy} --jobs 1"
            ),
        }
        if self.crash_dir is not None:
            entry["script"] = str(crash_script(self.crash_dir, run.seed))
        if self.crash_dir is not None and setup is not None and run.played == [setup.scenario]:
            # In the first scenario the prompt replays it from its setup.
            entry["replay"] = replay_command(self.folder, setup, entry["script"])
        return entry


def save_crashes(report: CampaignReport, folder: Path) -> None:
    """Each crash's inputs (of the scenario it crashed in) and its traceback."""
    report.crash_dir = folder
    write_crashes(report.runs, folder)


def _entries(runs: Iterable[CampaignRun], where: str | None) -> dict[str, int]:
    """``section/entry``: in how many runs it was written (there, or anywhere)."""
    counts: Counter[str] = Counter(
        entry
        for run in runs
        for entry in {f"{s}/{e}" for w, s, e in run.logged if where is None or w == where}
    )
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))


def _dead_ends(runs: list[CampaignRun]) -> list[dict[str, Any]]:
    seen: Counter[Place] = Counter(p for r in runs for p in r.dead_ends)
    return [{"where": w, "paragraph": n, "runs": c} for (w, n), c in sorted(seen.items())]


def simulate_campaign(
    tale_path: Path,
    *,
    runs: int,
    seed: int,
    policy: str = "mixed",
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> CampaignReport:
    """``runs`` whole campaigns (see :func:`play_campaigns`) and their report,
    timed in wall and CPU seconds (this process's and its workers')."""
    tale = content(str(tale_path))[1]
    wall, cpu = time.perf_counter(), _cpu()
    runs_played = play_campaigns(
        tale_path, runs=runs, seed=seed, policy=policy, jobs=jobs, scheduler=scheduler,
        progress=progress,
    )  # fmt: skip
    return CampaignReport(
        tale, runs_played, time.perf_counter() - wall, _cpu() - cpu, str(tale_path), seed, policy
    )


def _cpu() -> float:
    """CPU seconds of this process and of the worker processes it has waited for."""
    times = os.times()
    return time.process_time() + times.children_user + times.children_system
