"""Time the exact-odds tables: how long a build takes and what one query costs.

Run from anywhere as ``python tools/bench_odds.py`` (add ``--json`` for a
machine-readable line). The exit status is 1 if a query misses the target,
so the script can guard a CI job. The dice come from ``storybooks/core/dice.yaml`` so the
figures are for the box the game really uses; the tables are rebuilt directly
through :class:`OddsTable` (not the cached ``odds_table``) so the build is
actually measured each time.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
import timeit
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script, the repo root is not on the path
    sys.path.insert(0, str(ROOT))

from ruamel.yaml import YAML  # noqa: E402

from tales.rules.dice import DiceSet  # noqa: E402
from tales.rules.odds import OddsTable, RedMode  # noqa: E402

DICE_YAML = ROOT / "storybooks" / "core" / "dice.yaml"
QUERY_TARGET_US = 50.0

Query = tuple[int, int, int, RedMode, bool]


def load_dice(path: Path = DICE_YAML) -> DiceSet:
    """The box described by ``dice.yaml``: faces and counts of each kind."""
    data: Any = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    faces = DiceSet.from_words(data["white"]["faces"], data["red"]["faces"])
    return dataclasses.replace(
        faces, white_count=int(data["white"]["count"]), red_count=int(data["red"]["count"])
    )


def time_build(dice: DiceSet, repeats: int) -> float:
    """Best-of-``repeats`` seconds to build every table for ``dice``."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        OddsTable(dice)
        best = min(best, time.perf_counter() - start)
    return best


def random_queries(dice: DiceSet, count: int, seed: int) -> list[Query]:
    """Queries spread over every pool size, mode and deficit, trivial ones included."""
    rng = random.Random(seed)
    return [
        (
            rng.randint(0, dice.white_count),
            rng.randint(0, 4),
            rng.randint(0, 10),
            rng.choice(list(RedMode)),
            rng.random() < 0.25,
        )
        for _ in range(count)
    ]


def time_queries(table: OddsTable, queries: Sequence[Query], repeats: int) -> float:
    """Best-of-``repeats`` microseconds per ``probability()`` call."""
    probability = table.probability

    def run() -> None:
        for white, cards, need, mode, shatters in queries:
            probability(white=white, cards=cards, need=need, mode=mode, shatters_count=shatters)

    seconds = min(timeit.repeat(run, number=1, repeat=repeats))
    return seconds / len(queries) * 1e6


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--queries", type=int, default=100_000, help="queries per timing run")
    parser.add_argument("--seed", type=int, default=2024, help="seed for the random queries")
    args = parser.parse_args(argv)

    dice = load_dice()
    build_s = time_build(dice, repeats=5)
    table = OddsTable(dice)
    query_us = time_queries(table, random_queries(dice, args.queries, args.seed), repeats=5)

    if args.json:
        figures = {
            "table_build_s": build_s,
            "query_us": query_us,
            "query_target_us": QUERY_TARGET_US,
            "queries": args.queries,
        }
        print(json.dumps(figures))
    else:
        print(f"table build: {build_s:.3f} s")
        print(f"odds query: {query_us:.1f} us per query (target < {QUERY_TARGET_US:.0f} us)")
    return 0 if query_us < QUERY_TARGET_US else 1


if __name__ == "__main__":
    raise SystemExit(main())
