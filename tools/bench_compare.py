"""Benchmark two versions of tales side by side, interleaved, by CPU time.

    python tools/bench_compare.py [--base REV] [--rounds N] [--json]

The machine is shared and noisy, so a figure measured at one moment says
little about a figure measured at another. This script checks ``REV`` out
into a temporary git worktree and runs the same workloads against it and
against this working tree in alternation (base, this, base, this, ...), each
in a fresh process. For every run it records the child's CPU time (user +
system, from ``getrusage``: what ``time.process_time`` would report inside
it) beside its wall time, and prints the medians, the ratio this/base of
the CPU medians and the load average before and after. A ratio below 1.00
means this tree is faster.

The workloads use the command-line contract (``tales --version``, ``tales
check``, ``tales simulate --json``, a scripted ``tales play``), so they run
unchanged on any version that keeps it, and each tree's own in-process
benchmarks (``tools/bench_rounds.py``, ``tools/bench_tests.py``).

By default the children run in this shell's environment: with
``PYTHONDONTWRITEBYTECODE`` set, as on the shared machine, every run then
compiles each module it imports from source, so a tree with more source
lines pays for them at every start. ``--bytecode`` gives each tree its own
``PYTHONPYCACHEPREFIX`` instead, warmed by one uncounted run of each
workload, as an installed tales reads compiled bytecode (what
``tools/bench_startup.py`` always does).

A ``tales simulate --json`` workload also reports the median of the
decisions a second that ``simulate`` itself counts (``choices_per_second``:
decisions over the CPU-bound time of the games, without the start-up).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
SIDES = ("base", "this")
BELL = "storybooks/the-drowned-bell"
REEF = "storybooks/the-reef-ledger"
# A scripted game: end every round, keep cards, draw on, take the first choice.
RANDOM_JSON = ("--policy", "random", "--json")
SCRIPT = "end-round\nkeep\nkeep\ndraw\nchoice:0\n" * 40

WORKLOADS: dict[str, tuple[list[str], str]] = {
    "version": (["--version"], ""),
    "check-storybooks": (["check", "storybooks"], ""),
    "simulate-bell-300": (
        ["simulate", BELL, "--runs", "300", "--seed", "1", "--jobs", "1", "--json"],
        "",
    ),
    "simulate-reef-60": (
        ["simulate", REEF, "--runs", "60", "--seed", "1", "--jobs", "1", "--json"],
        "",
    ),
    # Issue 16's yardstick: full rules, the random bot, the bundled tale.
    "simulate-reef-random-300": (
        [*("simulate", REEF, "--runs", "300", "--seed", "1", "--jobs", "1"), *RANDOM_JSON],
        "",
    ),
    "play-scripted": (["play", BELL, "--seed", "1", "--players", "2", "--no-save"], SCRIPT),
    # Issue 16's "first screen at most 250 ms": the bundled tale, input ended at once.
    "play-first-screen": (["play", "--seed", "1", "--players", "2", "--no-save"], ""),
    # The in-process benchmarks, run from each tree's own tools/ folder.
    "bench-rounds": (["tools/bench_rounds.py", "--games", "200"], ""),
    # The same games replayed by id (a script or journal); needs a tree with --ids.
    "bench-rounds-ids": (["tools/bench_rounds.py", "--games", "200", "--ids"], ""),
    "bench-tests": (["tools/bench_tests.py", "--tests", "5000"], ""),
}


@contextmanager
def worktree(rev: str) -> Iterator[Path]:
    """``rev`` checked out beside this tree, removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="tales-base-"))
    subprocess.run(
        ["git", "-C", str(HERE), "worktree", "add", "--detach", "-q", str(folder), rev],
        check=True,
    )
    try:
        yield folder
    finally:
        subprocess.run(
            ["git", "-C", str(HERE), "worktree", "remove", "--force", str(folder)], check=False
        )


def run_once(
    tree: Path, args: list[str], stdin: str, pycache: Path | None = None
) -> tuple[float, float, float | None]:
    """(CPU seconds, wall seconds, decisions a second or None) of one ``python
    -m tales ARGS`` in ``tree``, or of ``python tools/SCRIPT.py ARGS`` when
    ARGS names a tools script."""
    env = {**os.environ, "PYTHONPATH": str(tree), "NO_COLOR": "1"}
    if pycache is not None:  # --bytecode: compiled once, read afterwards
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, *(args if args[0].endswith(".py") else ["-m", "tales", *args])],
        cwd=tree,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, _decision_rate(done.stdout)


def _decision_rate(output: str) -> float | None:
    """``choices_per_second`` of a ``tales simulate --json`` report, if it is one."""
    try:
        report = json.loads(output)
    except ValueError:
        return None
    rate = report.get("choices_per_second") if isinstance(report, dict) else None
    return float(rate) if isinstance(rate, int | float) else None


def compare(
    base: Path, rounds: int, names: list[str], bytecode: bool = False
) -> dict[str, dict[str, float]]:
    if not bytecode:
        return {name: _compare_one(base, rounds, name, None, None) for name in names}
    # One bytecode folder per tree: a module of the same name differs between them.
    caches = [Path(tempfile.mkdtemp(prefix=f"tales-pyc-{side}-")) for side in SIDES]
    try:
        return {name: _compare_one(base, rounds, name, *caches) for name in names}
    finally:
        for folder in caches:
            shutil.rmtree(folder, ignore_errors=True)


def _compare_one(
    base: Path, rounds: int, name: str, base_pyc: Path | None, this_pyc: Path | None
) -> dict[str, float]:
    args, stdin = WORKLOADS[name]
    samples: dict[str, list[tuple[float, float, float | None]]] = {side: [] for side in SIDES}
    if base_pyc is not None:  # one uncounted run each writes the bytecode the others read
        run_once(base, args, stdin, base_pyc)
        run_once(HERE, args, stdin, this_pyc)
    for _ in range(rounds):  # interleaved: the load hits both alike
        samples["base"].append(run_once(base, args, stdin, base_pyc))
        samples["this"].append(run_once(HERE, args, stdin, this_pyc))
    row: dict[str, float] = {}
    for side, runs in samples.items():
        row[f"{side}_cpu_s"] = statistics.median(c for c, _, _ in runs)
        row[f"{side}_wall_s"] = statistics.median(w for _, w, _ in runs)
        rates = [r for _, _, r in runs if r is not None]
        if rates:
            row[f"{side}_decisions_per_s"] = statistics.median(rates)
    row["cpu_ratio"] = row["this_cpu_s"] / row["base_cpu_s"]
    return row


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--base", default="HEAD", help="the revision to compare against")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each side per workload")
    parser.add_argument("--only", action="append", choices=sorted(WORKLOADS), default=None)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--bytecode", action="store_true", help="read compiled bytecode, as an installed tales does"
    )
    args = parser.parse_args()
    names = args.only or list(WORKLOADS)
    load_before = os.getloadavg()
    with worktree(args.base) as base:
        report = compare(base, args.rounds, names, args.bytecode)
    load_after = os.getloadavg()
    if args.json:
        print(json.dumps({"base": args.base, "load": [load_before, load_after], **report}))
        return
    compiled = ", compiled bytecode read" if args.bytecode else ""
    runs = f"{args.rounds} interleaved runs each"
    print(f"base {args.base} against this tree, {runs}, medians{compiled}")
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f}")
    print(
        f"{'workload':20} {'base cpu':>9} {'this cpu':>9} {'ratio':>6} {'base wall':>10} "
        f"{'this wall':>10}"
    )
    for name, row in report.items():
        print(
            f"{name:20} {row['base_cpu_s']:8.3f}s {row['this_cpu_s']:8.3f}s "
            f"{row['cpu_ratio']:6.2f} {row['base_wall_s']:9.3f}s {row['this_wall_s']:9.3f}s"
        )
        if "base_decisions_per_s" in row and "this_decisions_per_s" in row:
            print(
                f"{'':20} decisions/s: base {row['base_decisions_per_s']:,.0f}, "
                f"this {row['this_decisions_per_s']:,.0f}"
            )


if __name__ == "__main__":
    main()
