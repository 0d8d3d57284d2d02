"""Benchmark: start-up time, time to the first screen, and a whole game's memory.

    python tools/bench_startup.py [--runs N] [--json]

* ``tales --version`` against ``python -c "import click"``: what tales adds.
* ``tales play`` to its first screen: a scripted game whose input ends at once.
* A whole scripted game (every round ended at once until the time track runs
  out, the game then over): peak memory (max RSS) of the process.

Each figure is the best of ``--runs`` runs, in wall time and in the child's
CPU time (user + system, from ``getrusage``), with the load average: the
machine is shared. The children may write and read compiled bytecode (in a
temporary ``PYTHONPYCACHEPREFIX``, warmed by one run first), as an
installed tales does, even when ``PYTHONDONTWRITEBYTECODE`` is set here:
otherwise every run would time Python compiling tales from source.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

ENV = {
    **{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
    "PYTHONPYCACHEPREFIX": tempfile.mkdtemp(prefix="tales-bench-pyc-"),
}


def _run(command: list[str], stdin: str) -> tuple[float, float]:
    """(wall ms, CPU ms) of one run of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, input=stdin, capture_output=True, text=True, check=True, env=ENV)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall * 1000, cpu * 1000


def best_time(command: list[str], runs: int, stdin: str = "") -> dict[str, float]:
    _run(command, stdin)  # bytecode written, files in the page cache
    times = [_run(command, stdin) for _ in range(runs)]
    return {"wall_ms": min(w for w, _ in times), "cpu_ms": min(c for _, c in times)}


def peak_memory_mb(command: list[str], stdin: str) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    subprocess.run(command, input=stdin, capture_output=True, text=True, check=True, env=ENV)
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(before, after) / 1024  # ru_maxrss is in KiB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    python = sys.executable
    play = [python, "-m", "tales", "play", "--seed", "1", "--players", "2"]
    load_before = os.getloadavg()[0]
    report: dict[str, object] = {
        "import_click_ms": best_time([python, "-c", "import click"], args.runs),
        "version_ms": best_time([python, "-m", "tales", "--version"], args.runs),
        "first_screen_ms": best_time(play, args.runs),
        # End every round, keep the cards in hand, draw on, take the first choice.
        "whole_game_peak_mb": peak_memory_mb(play, "end-round\nkeep\nkeep\ndraw\nchoice:0\n" * 60),
    }
    report["load"] = [load_before, os.getloadavg()[0]]
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"load average {load_before:.2f} before, {os.getloadavg()[0]:.2f} after; best of runs")
    for name, key in (
        ("import click", "import_click_ms"),
        ("tales --version", "version_ms"),
        ("tales play, first screen", "first_screen_ms"),
    ):
        row = report[key]
        assert isinstance(row, dict)
        print(f"{name:25} {row['wall_ms']:6.0f} ms wall, {row['cpu_ms']:6.0f} ms CPU")
    print(f"a whole game, peak memory: {report['whole_game_peak_mb']:5.1f} MB")


if __name__ == "__main__":
    main()
