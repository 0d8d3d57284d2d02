"""How often the stock bots read given paragraphs (an ending, the way to
it), by difficulty and by whether an investigator is on the team: the
same seeded runs as ``tales simulate`` (random teams, random difficulty,
the random and sensible bots taking turns), tallied the way a designer asks
about balance.

    python tools/balance_by_team.py storybooks/the-reef-ledger --read 118,127,125 \\
        --runs 900 --with laszlo-varga

CPU time (time.process_time) is printed beside wall time and the load average.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tales.authoring.simulate import plan_runs, play_one


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("tale")
    parser.add_argument("--scenario", default="")
    parser.add_argument("--read", required=True, help="the paragraphs counted, comma-separated")
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", default="both", choices=("both", "random", "sensible"))
    parser.add_argument("--with", dest="member", default="", help="an investigator to split on")
    args = parser.parse_args()

    from tales.story.loader import load_tale

    tale, problems = load_tale(Path(args.tale))
    if tale is None:
        raise SystemExit("\n".join(map(str, problems)))
    scenario = args.scenario or next(iter(tale.scenarios))
    plans = plan_runs(args.tale, scenario, args.runs, args.seed, args.policy)
    wall, cpu = time.perf_counter(), time.process_time()
    results = [play_one(plan) for plan in plans]
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    wanted = [int(n) for n in args.read.split(",")]
    games: Counter[tuple[str, str]] = Counter()
    hits: Counter[tuple[str, str, int]] = Counter()
    for result in results:
        team = (*result.setup.players, *result.setup.companions)
        side = "" if not args.member else ("with" if args.member in team else "without")
        for key in {(result.setup.difficulty, side), (result.setup.difficulty, ""), ("all", side)}:
            games[key] += 1
            for number in wanted:
                hits[(*key, number)] += number in result.read and not result.crash
    crashes = sum(1 for r in results if r.crash)
    print(
        f"{len(results)} runs of {scenario} (seed {args.seed}, policy {args.policy}), "
        f"{crashes} crashes"
    )
    print(f"{'':>8} {'team':<28}" + "".join(f"{'read ' + str(n):>16}" for n in wanted))
    for key in sorted(games):
        difficulty, side = key
        label = f"{difficulty:>8} {side + ' ' + args.member if side else 'any team':<28}"
        cells = (
            f"{hits[(*key, n)]:>5}/{games[key]:<4} {100 * hits[(*key, n)] / games[key]:5.1f}%"
            for n in wanted
        )
        print(label + "".join(f"{c:>16}" for c in cells))
    load = os.getloadavg()[0]
    print(f"wall {wall:.1f} s, CPU {cpu:.1f} s, load average {load:.2f}")
    if crashes:
        first = next(r for r in results if r.crash)
        print(first.crash.strip().splitlines()[-1])
        raise SystemExit(1)


if __name__ == "__main__":
    main()
