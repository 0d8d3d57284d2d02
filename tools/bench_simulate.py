"""Benchmark: tales simulate's games, by CPU time.

    python tools/bench_simulate.py [--tale PATH] [--runs N] [--json]

* Decisions per CPU second (``time.process_time``) of the uniform random
  bot with every rule in force, one job, the tale loaded beforehand: issue
  16 asks for at least 30,000 on the bundled tale (the default); the wall
  time beside it.
* The same for the sensible bot.
* Two jobs against one: games per wall second of ``--jobs 2`` over those of
  ``--jobs 1`` (issue 16: at least 1.8 with two free cores), the two run in
  alternation ``--pairs`` times and the best of each kept. Beside each, the
  CPU time of every process that played (this one and its workers): the
  two jobs' CPU over the one job's is what the split itself costs, which
  the load does not change. The machine is shared, so the load average
  before and after is printed with it: a wall-time speed-up measured under
  load says little.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tales.authoring.cluster import run_units
from tales.authoring.simulate import _content, plan_runs, play_one

TALE = Path(__file__).resolve().parents[1] / "storybooks" / "the-reef-ledger"


def per_core(tale: Path, runs: int, policy: str) -> dict[str, float]:
    """One job, in this process, as ``tales simulate --jobs 1`` plays them:
    decisions over the CPU time of the games."""
    book = _content(str(tale))
    plans = plan_runs(str(tale), book.tale.scenario_id(None), runs, 1, policy)
    cpu, wall = time.process_time(), time.perf_counter()
    results = run_units(play_one, plans, jobs=1)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    decisions = sum(r.decisions for r in results)
    return {
        "runs": runs,
        "decisions": decisions,
        "cpu_s": cpu,
        "wall_s": wall,
        "decisions_per_cpu_s": decisions / cpu,
        "crashes": sum(1 for r in results if r.crash),
    }


def _cpu_of_all() -> float:
    """CPU seconds of this process and of its workers that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def one_split(tale: Path, runs: int, jobs: int) -> tuple[float, float]:
    """(games per wall second, CPU seconds of every process) of one run of the plan."""
    book = _content(str(tale))
    plans = plan_runs(str(tale), book.tale.scenario_id(None), runs, 1, "random")
    cpu, started = _cpu_of_all(), time.perf_counter()
    run_units(play_one, plans, jobs=jobs)  # the pool is joined: its workers' CPU is counted
    return runs / (time.perf_counter() - started), _cpu_of_all() - cpu


def jobs_side_by_side(tale: Path, runs: int, pairs: int) -> dict[str, dict[str, float]]:
    """One job and two in alternation, the best of each: the load falls on both."""
    seen: dict[int, list[tuple[float, float]]] = {1: [], 2: []}
    for _ in range(pairs):
        for jobs in (1, 2):
            seen[jobs].append(one_split(tale, runs, jobs))
    return {
        f"jobs_{jobs}": {
            "games_per_wall_s": max(rate for rate, _ in rows),
            "cpu_s": min(cpu for _, cpu in rows),
        }
        for jobs, rows in seen.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tale", type=Path, default=TALE)
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--pairs", type=int, default=3, help="one job and two, this many times")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    load_before = os.getloadavg()
    random_bot = per_core(args.tale, args.runs, "random")
    sensible = per_core(args.tale, args.runs, "sensible")
    split = jobs_side_by_side(args.tale, args.runs, args.pairs)
    one, two = split["jobs_1"]["games_per_wall_s"], split["jobs_2"]["games_per_wall_s"]
    load_after = os.getloadavg()
    report = {
        "tale": str(args.tale),
        "random": random_bot,
        "sensible": sensible,
        "games_per_wall_s": {"one_job": one, "two_jobs": two},
        "two_jobs_speedup": two / one,
        "cpu_s": {"one_job": split["jobs_1"]["cpu_s"], "two_jobs": split["jobs_2"]["cpu_s"]},
        "load": [load_before[0], load_after[0]],
        "cpus": os.cpu_count(),
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{args.tale.name}, {args.runs} runs; load average {load_before[0]:.2f} before, ", end="")
    print(f"{load_after[0]:.2f} after, {os.cpu_count()} cores")
    for name, row in (("random", random_bot), ("sensible", sensible)):
        print(
            f"{name:8} bot, 1 job: {row['decisions_per_cpu_s']:,.0f} decisions per CPU second "
            f"({row['decisions']:,} decisions, {row['cpu_s']:.2f} s CPU, {row['wall_s']:.2f} s "
            f"wall, {row['crashes']:.0f} crashes)"
        )
    print(f"games per wall second: 1 job {one:.1f}, 2 jobs {two:.1f}: {two / one:.2f}x")
    cpu_one, cpu_two = split["jobs_1"]["cpu_s"], split["jobs_2"]["cpu_s"]
    print(
        f"CPU of every process: 1 job {cpu_one:.2f} s, 2 jobs {cpu_two:.2f} s "
        f"({cpu_two / cpu_one:.2f}x: what splitting the games costs)"
    )


if __name__ == "__main__":
    main()
