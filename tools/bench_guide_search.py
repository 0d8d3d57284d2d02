"""Time the Travel Guide's best-route search on seeded, dense drawings.

Run as ``python tools/bench_guide_search.py [--boards N] [--segments S] [--json]``.
Each board is a random walk over the city's roads (a fifth of the steps jump
elsewhere, as separate fragments of a real drawing do), with tourists,
threats and the Old Harbour caches; each is searched for a player with no
character, the Boatman and the Warlock, CPU time measured (wall time and
the load average beside it); the slowest board's seed is named.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script, the repo root is not on the path
    sys.path.insert(0, str(ROOT))

from tales.guide.board import PlayerBoard  # noqa: E402
from tales.guide.components import Components  # noqa: E402
from tales.guide.data import load_components  # noqa: E402
from tales.guide.search import best_route  # noqa: E402
from tales.guide.terms import TOURIST_COLOURS, Character  # noqa: E402


def board(components: Components, seed: int, segments: int) -> PlayerBoard:
    city, rng = components.city, random.Random(seed)
    roads = sorted(
        (r for r in city.roads.values() if r.segment.kind.value != "diagonal"),
        key=lambda r: r.segment,
    )
    road = rng.choice(roads)
    drawn = {road.segment}
    while len(drawn) < segments:
        if rng.random() < 0.2:
            road = rng.choice(roads)
        else:
            node = rng.choice([road.a, road.b])
            road = rng.choice([r for r in city.at_node[node] if r in roads])
        drawn.add(road.segment)
    districts = sorted(city.colours)
    tourists = {
        rng.choice(districts): tuple(rng.choices(TOURIST_COLOURS, k=rng.randint(2, 4)))
        for _ in range(10)
    }
    threats = tuple(sorted(rng.choice(districts) for _ in range(5)))
    caches = components.cache_cards["old-harbour"].caches
    return PlayerBoard(tourists, frozenset(drawn), threats, caches)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=10)
    parser.add_argument("--segments", type=int, default=22)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    components = load_components()
    goals = [components.goals["winding-route"], components.goals["long-walk"]]
    results: dict[str, list[float]] = {}
    walls: dict[str, list[float]] = {}
    for who in (None, Character.BOATMAN, Character.WARLOCK):
        name = who.value if who else "none"
        times, wall = results.setdefault(name, []), walls.setdefault(name, [])
        for seed in range(args.boards):
            b = board(components, seed, args.segments)
            start, started = time.process_time(), time.perf_counter()
            best_route(components.city, b, who, goals)
            times.append(time.process_time() - start)
            wall.append(time.perf_counter() - started)
    summary = {
        k: {
            "median_s": round(statistics.median(v), 3),
            "max_s": round(max(v), 3),
            "worst_seed": v.index(max(v)),  # the board to profile: board(components, seed, S)
            "max_wall_s": round(max(walls[k]), 3),
        }
        for k, v in results.items()
    }
    load = [round(x, 2) for x in os.getloadavg()]
    if args.json:
        report = {"boards": args.boards, "segments": args.segments, "load": load}
        print(json.dumps({**report, "search": summary}))
    else:
        for who, line in summary.items():
            print(
                f"{who:>8}: CPU median {line['median_s']:.3f} s, max {line['max_s']:.3f} s"
                f" (board seed {line['worst_seed']}, wall {line['max_wall_s']:.3f} s)"
            )
        print(f"load average {load[0]} {load[1]} {load[2]}")


if __name__ == "__main__":
    main()
