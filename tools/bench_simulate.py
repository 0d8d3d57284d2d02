"""Benchmark: tales simulate on the starter tale.

Decisions per second per core with the uniform random policy (target: at
least 20,000), playthroughs per second, and the speed-up of two jobs over
one (target: at least 1.7). Run ``python tools/bench_simulate.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tales.authoring.simulate import run_simulation

TALE = Path(__file__).resolve().parents[1] / "storybooks" / "the-drowned-bell"


def measure(runs: int, jobs: int, policy: str) -> dict[str, float]:
    started = time.perf_counter()
    report = run_simulation(TALE, None, runs=runs, seed=1, jobs=jobs, policy=policy)
    wall = time.perf_counter() - started
    decisions = sum(r.decisions for r in report.results)
    busy = sum(r.seconds for r in report.results)
    return {
        "runs": runs,
        "jobs": jobs,
        "wall_s": wall,
        "decisions": decisions,
        "decisions_per_core_s": decisions / busy,
        "playthroughs_per_s": runs / wall,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    one = measure(args.runs, 1, "random")
    two = measure(args.runs, 2, "random")
    sensible = measure(args.runs, 1, "sensible")
    speedup = one["wall_s"] / two["wall_s"]
    if args.json:
        print(
            json.dumps(
                {"one_job": one, "two_jobs": two, "sensible": sensible, "speedup": speedup},
                indent=2,
            )
        )
        return
    print(
        f"random policy, 1 job:  {one['decisions_per_core_s']:,.0f} decisions/s per core, "
        f"{one['playthroughs_per_s']:.0f} playthroughs/s "
        f"({args.runs} runs in {one['wall_s']:.2f} s)"
    )
    print(
        f"random policy, 2 jobs: {two['playthroughs_per_s']:.0f} playthroughs/s; "
        f"speed-up {speedup:.2f}x"
    )
    print(
        f"sensible policy, 1 job: {sensible['decisions_per_core_s']:,.0f} decisions/s per core, "
        f"{sensible['playthroughs_per_s']:.0f} playthroughs/s"
    )


if __name__ == "__main__":
    main()
