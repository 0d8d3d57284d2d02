"""Benchmark: load and validate synthetic tales of 1,000 and 10,000 paragraphs.

Reports, per size: the fast load (C parser, no positions) with nothing
cached, the warm load from the content-hash cache, and the load with
positions that `tales check` does. Run ``python tools/bench_load.py [--json]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_synthetic import write

from tales.story.cache import load_tale_cached
from tales.story.conditions import analyse
from tales.story.loader import load_tale


def best(seconds: list[float]) -> float:
    return min(seconds) * 1000


def measure(paragraphs: int, repeats: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "tale"
        write(root, paragraphs)
        cache = Path(folder) / "cache"
        cold, warm, positions = [], [], []
        for _ in range(repeats):
            analyse.cache_clear()
            start = time.perf_counter()
            tale, _ = load_tale(root, fast=True)
            cold.append(time.perf_counter() - start)
            assert tale is not None
        load_tale_cached(root, cache)
        for _ in range(repeats):
            start = time.perf_counter()
            tale, _ = load_tale_cached(root, cache)
            warm.append(time.perf_counter() - start)
        analyse.cache_clear()
        start = time.perf_counter()
        load_tale(root)
        positions.append(time.perf_counter() - start)
    return {
        "paragraphs": paragraphs,
        "cold_ms": best(cold),
        "warm_ms": best(warm),
        "positions_ms": best(positions),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    results = [measure(n, args.repeats) for n in (1_000, 10_000)]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for r in results:
        print(
            f"{r['paragraphs']:>6,} paragraphs: cold {r['cold_ms']:7.1f} ms, "
            f"warm {r['warm_ms']:6.1f} ms, "
            f"with positions (tales check) {r['positions_ms']:7.1f} ms"
        )


if __name__ == "__main__":
    main()
