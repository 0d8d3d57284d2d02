"""Soak: run one test file many times in a row while both cores are busy.

The terminal tests drive a real pseudo-terminal and wait on what the screen
shows; this is how we show they do not depend on an idle machine. Each run
is printed with the load average at its start; the exit status is non-zero
when any run failed.

Run ``python tools/soak_tests.py [--runs 20] [--burners 2] [FILE]``
(default: tests/ui/test_terminal.py).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def burn() -> None:
    """Keep one core busy until terminated."""
    n = 0
    while True:
        n = (n * 31 + 7) % 1_000_003


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


def run_once(test_file: str) -> tuple[bool, str, float, float]:
    """One pytest run: passed, its last line, wall seconds, child CPU seconds."""
    before_cpu = os.times()
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", test_file],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - started
    after_cpu = os.times()
    cpu = (after_cpu.children_user - before_cpu.children_user) + (
        after_cpu.children_system - before_cpu.children_system
    )
    lines = done.stdout.strip().splitlines()
    return done.returncode == 0, lines[-1] if lines else "", wall, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default="tests/ui/test_terminal.py")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--burners", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    burners = [multiprocessing.Process(target=burn, daemon=True) for _ in range(args.burners)]
    for process in burners:
        process.start()
    failures = 0
    try:
        for run in range(1, args.runs + 1):
            load = load_average()
            passed, last, wall, cpu = run_once(args.file)
            failures += not passed
            verdict = "pass" if passed else "FAIL"
            print(
                f"{run:>3} {verdict} load {load}  wall {wall:6.1f} s  cpu {cpu:5.1f} s  {last}",
                flush=True,
            )
    finally:
        for process in burners:
            process.terminate()
    print(f"{args.runs - failures} of {args.runs} runs passed with {args.burners} burners.")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
