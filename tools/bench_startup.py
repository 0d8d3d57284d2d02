"""Benchmark: start-up time, time to the first screen, and a whole game's memory.

    python tools/bench_startup.py [--runs N] [--json]

* ``tales --version`` against ``python -c "import click"``: what tales adds.
* ``tales play`` to its first screen: a scripted game whose input ends at once.
* A whole scripted game (every round ended at once until the time track runs
  out, the game then over): peak memory (max RSS) of the process.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time


def best_time(command: list[str], runs: int, stdin: str = "") -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, input=stdin, capture_output=True, text=True, check=True)
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def peak_memory_mb(command: list[str], stdin: str) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    subprocess.run(command, input=stdin, capture_output=True, text=True, check=True)
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
    report = {
        "import_click_ms": best_time([python, "-c", "import click"], args.runs),
        "version_ms": best_time([python, "-m", "tales", "--version"], args.runs),
        "first_screen_ms": best_time(play, args.runs),
        # End every round, keep the cards in hand, draw on, take the first choice.
        "whole_game_peak_mb": peak_memory_mb(play, "end-round\nkeep\nkeep\ndraw\nchoice:0\n" * 60),
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"import click:       {report['import_click_ms']:6.0f} ms")
    print(f"tales --version:    {report['version_ms']:6.0f} ms")
    print(f"tales play, first screen: {report['first_screen_ms']:6.0f} ms")
    print(f"a whole game, peak memory: {report['whole_game_peak_mb']:5.1f} MB")


if __name__ == "__main__":
    main()
