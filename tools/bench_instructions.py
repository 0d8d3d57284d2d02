"""Instructions, not seconds: two versions of tales compared on a machine too
loaded for timings to say anything.

    python3 tools/bench_instructions.py --base REV [--games 30] [--choices 5000]

On two cores shared by many, the CPU time of one run moves by 30% from one
minute to the next (the caches and the other cores' work), so a change of a
few percent is lost in it. The count of instructions a run executes does not
move with the load: this script runs each workload under valgrind's
cachegrind (``--cache-sim=no``: instructions only), once with no work and
once with it, for ``REV`` (checked out into a temporary git worktree) and for
this working tree, and prints the instructions of the work alone (the
difference, so the start-up and the tale's loading do not count), per unit,
and the ratio this/base. A ratio below 1.00 means this tree does less. Every
run has the same hash seed and reads bytecode compiled by an uncounted run
before: no count includes compiling, or depends on the order a random hash
seed gives sets (with neither, 1,000 choices once counted 2.3x the base's).

- ``simulate``: ``--games`` seeded games of the uniform random bot, every
  rule in force, on the bundled tale (what tools/bench_simulate.py times);
- ``peers``: tales' side of tools/bench_peers.py, ``--choices`` story
  choices on its generated story (the base's own bench_peers.py plays it).

Instructions are a proxy: they do not see a cache miss, and the figures the
issue asks for remain CPU seconds from bench_simulate.py and bench_peers.py.
Needs valgrind (``apt-get install valgrind``); each run is about 50 times
slower than without it.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Each workload: a program run by the tree's own Python path, given the tree and a count.
SIMULATE = """
import sys
from pathlib import Path
from tales.authoring.simulate import _content, plan_runs, play_one
tale = str(Path(sys.argv[1]) / "storybooks" / "the-reef-ledger")
book = _content(tale)
plans = plan_runs(tale, book.tale.scenario_id(None), int(sys.argv[2]), 1, "random")
print(sum(play_one(plan).decisions for plan in plans))
"""
PEERS = """
import sys, tempfile
from pathlib import Path
sys.path.insert(0, sys.argv[1] + "/tools")
import bench_peers
nodes = bench_peers.generate(1, 300)
with tempfile.TemporaryDirectory() as folder:
    play = bench_peers.tales_player(bench_peers.write_tale(nodes, Path(folder) / "tale"))
    print(play(int(sys.argv[2]), 1000)[0] if int(sys.argv[2]) else 0)
"""
WORKLOADS = {"simulate": SIMULATE, "peers": PEERS}


def environment(tree: Path, bytecode: Path) -> dict[str, str]:
    """The tree's own Python path; a fixed hash seed, so that sets and dicts
    iterate alike in every run; compiled bytecode kept per tree, so no run
    counts the compiling of a module another run did not import."""
    kept = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {
        **kept,
        "PYTHONPATH": str(tree),
        "PYTHONHASHSEED": "0",
        "PYTHONPYCACHEPREFIX": str(bytecode),
    }


def instructions(tree: Path, program: Path, count: int, bytecode: Path) -> tuple[int, int]:
    """The instructions of one run of ``program`` on ``tree``, and what it printed."""
    python = sys.executable  # a venv's own link: the real interpreter, with the venv's packages
    command = [python, str(program), str(tree), str(count)]
    valgrind = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
    ]
    done = subprocess.run(
        valgrind + command,
        capture_output=True,
        text=True,
        cwd=tree,
        env=environment(tree, bytecode),
        check=True,
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        sys.exit(f"valgrind gave no instruction count:\n{done.stderr[-2000:]}")
    printed = done.stdout.strip().splitlines()
    return int(found.group(1).replace(",", "")), int(printed[-1]) if printed else 0


def work(tree: Path, program: Path, count: int, bytecode: Path) -> tuple[int, int]:
    """Instructions of the work alone (a run with it less a run without), and
    its units; after one run without valgrind, which writes the bytecode."""
    python = sys.executable
    warm = [python, str(program), str(tree), str(count)]
    subprocess.run(warm, capture_output=True, cwd=tree, env=environment(tree, bytecode), check=True)
    idle, _ = instructions(tree, program, 0, bytecode)
    busy, units = instructions(tree, program, count, bytecode)
    return busy - idle, units


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--base", required=True, help="the revision to compare against")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--choices", type=int, default=5000)
    parser.add_argument("--only", choices=sorted(WORKLOADS))
    args = parser.parse_args()
    counts = {"simulate": args.games, "peers": args.choices}
    with tempfile.TemporaryDirectory(prefix="tales-instructions-") as folder:
        base = Path(folder) / "base"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(base), args.base],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        try:
            for name, source in WORKLOADS.items():
                if args.only not in (None, name):
                    continue
                program = Path(folder) / f"{name}.py"
                program.write_text(source)
                before, units = work(base, program, counts[name], Path(folder) / "pyc-base")
                after, units_here = work(ROOT, program, counts[name], Path(folder) / "pyc-this")
                same = "same work" if units == units_here else f"WORK DIFFERS: {units_here:,}"
                print(
                    f"{name:9} base {before / units:>11,.0f}  this {after / units_here:>11,.0f}"
                    f" instructions per unit ({units:,} units, {same}); this/base "
                    f"{(after / units_here) / (before / units):.3f}"
                )
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(base)], cwd=ROOT, check=False
            )


if __name__ == "__main__":
    main()
