"""Random kills: SIGKILL a player of a scripted game at random moments, N
times, and check that every save it leaves resumes at exactly the last input
it acknowledged (or the next one, when the kill came after that input was
durable and before it was acknowledged), and that every input given after
the reload is kept. Prints a tally of what the kills left behind.

    python tools/kill_saves.py [--kills 300] [--seed 21] [--json]
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tales.story.core import load_core
from tests.saves.helpers import load_bell
from tests.saves.killing import random_kills


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=300)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    core, bell = load_core(), load_bell()
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        results = random_kills(core, bell, Path(folder), args.kills, random.Random(args.seed))
    left: collections.Counter[str] = collections.Counter()
    for result in results:
        for warning in result.warnings:
            left[re.sub(r"file \S+;", "file ...;", warning.split(" (")[0])] += 1
    report = {
        "kills": len(results),
        "resumed at the last acknowledged input": sum(r.at == r.acked for r in results),
        "resumed at the input in flight, durable but not yet acknowledged": sum(
            r.at == r.acked + 1 for r in results
        ),
        "resumed elsewhere": sum(r.at not in (r.acked, r.acked + 1) for r in results),
        "kills that left something to recover": sum(bool(r.warnings) for r in results),
        "what loading said": dict(left.most_common()),
        "seconds": round(time.monotonic() - started, 1),
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")


if __name__ == "__main__":
    main()
