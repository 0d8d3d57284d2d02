"""Benchmark: skill tests resolved per second through the decision interface.

A bot picks uniformly among the legal options of every decision (playing
cards, asking for help, exploding, rerolling...) until each test resolves.
Run ``python tools/bench_tests.py [--tests N] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tales.rules.decisions import Engine
from tales.rules.setup import new_table
from tales.rules.skilltest import TestSpec, skill_test
from tales.rules.table import Table
from tales.rules.terms import Attribute, Track
from tales.story.core import load_core

ATTRIBUTES = list(Attribute)


def fresh_hands(table: Table, rng: random.Random) -> None:
    """Gather every player's cards, shuffle and deal five, MAGIC refilled."""
    for inv in table.players():
        inv.deck += inv.hand + inv.play_area + inv.discard
        inv.hand, inv.play_area, inv.discard = [], [], []
        rng.shuffle(inv.deck)
        inv.hand = [inv.deck.pop() for _ in range(5)]
        inv.magic = inv.sheet.maxima[Track.MAGIC]
    for companion in table.companions():
        companion.markers_used.clear()


def run(tests: int, seed: int) -> dict[str, float]:
    core = load_core()
    sheets = list(core.investigators.values())
    table = new_table(
        sheets[:2], sheets[2:4], dice=core.dice, supply=core.supply, seed=seed, rulings=core.rulings
    )
    for inv in table.players():
        inv.location = "bench"
    bot = random.Random(seed)
    decisions = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for _ in range(tests):
        fresh_hands(table, bot)
        actor = bot.choice(table.players())
        spec = TestSpec(bot.choice(ATTRIBUTES), bot.randint(1, 6))
        engine = Engine(skill_test(table, actor, spec), table.sink)
        while engine.pending is not None:
            engine.apply(bot.choice(engine.pending.options).id)
            decisions += 1
        table.sink.take()
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "tests": tests,
        "seconds": elapsed,
        "cpu_seconds": cpu,
        "load_average": os.getloadavg()[0],
        "tests_per_second": tests / elapsed,
        "decisions_per_second": decisions / elapsed,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tests", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = run(args.tests, args.seed)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"skill tests: {report['tests_per_second']:,.0f} per second ({args.tests:,} tests)")
    print(f"decisions:   {report['decisions_per_second']:,.0f} per second")
    print(
        f"time:        {report['seconds']:.2f} s wall, {report['cpu_seconds']:.2f} s CPU"
        f" (load average {report['load_average']:.2f})"
    )


if __name__ == "__main__":
    main()
