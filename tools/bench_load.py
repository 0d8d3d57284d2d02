"""Benchmark: load and check synthetic tales, this tree beside another one.

    python tools/bench_load.py [--base DIR] [--sizes 1000 10000] [--repeats 3]
                               [--chain 100000] [--json]

For each size, a tale from tools/make_synthetic.py is loaded in a fresh
process: **cold** (``load_tale``, nothing cached but the imports), **warm**
(from the content-hash cache, files unchanged since their stamps were
recorded), **touched** (from the cache with no stamps recorded, as after a
file was touched: every file is hashed again), and ``tales check`` is run
whole as a command (start-up included): **first check** with the tale's
kept report removed from the cache (the core's kept, as on any machine that
ran tales before), and **check** again, which reads the report that check
kept. The tales are written first and the benchmark waits until their files
have settled (tales.story.stamps.SETTLED_NS), as a tale not edited in the
last two seconds has. ``--base DIR`` names another checkout (say ``git
archive d62a06d | tar -x -C DIR``): both trees are measured on the same
files, interleaved run by run so the shared machine's load falls on both.
``--chain N`` also checks an N-paragraph ``goto`` chain. Under
``PYTHONDONTWRITEBYTECODE`` every start compiles the ~100 modules ``tales
check`` imports (about half its time); ``--bytecode`` lets the children keep
them compiled, as an installed package has them (the first repeat compiles). Each figure is the
best of the repeats, CPU time (``time.process_time``, or the child's rusage)
beside wall time, with the load average before and after.
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
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(HERE / "tools"), str(HERE)]

from make_synthetic import write  # noqa: E402

from tales.story.stamps import SETTLED_NS  # noqa: E402

_LOAD = """
import json, sys, time
from pathlib import Path
from tales.story.cache import load_tale_cached
from tales.story.loader import load_tale
root, cache = Path(sys.argv[1]), Path(sys.argv[2])
def timed(step):
    cpu, wall = time.process_time(), time.perf_counter()
    tale, problems = step()
    assert tale is not None, problems[:3]
    return [time.process_time() - cpu, time.perf_counter() - wall]
cold = timed(lambda: load_tale(root, fast=True))
load_tale_cached(root, cache)  # caches the tale and records its files' stamps
warm = timed(lambda: load_tale_cached(root, cache))
for record in cache.glob("stamps-*.json"):  # as if a file had been touched
    record.unlink()
hashed = timed(lambda: load_tale_cached(root, cache))
print(json.dumps({"cold": cold, "warm": warm, "touched": hashed}))
"""


BYTECODE: Path | None = None  # --bytecode: where the children keep their compiled modules


def _env(tree: Path, cache: Path) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(tree), "TALES_CACHE": str(cache)}
    if BYTECODE is not None:  # as an installed package runs: its modules compiled once
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(BYTECODE / tree.name)
    return env


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def load_once(tree: Path, root: Path, cache: Path) -> dict[str, list[float]]:
    done = subprocess.run(
        [sys.executable, "-c", _LOAD, str(root), str(cache)],
        env=_env(tree, cache),
        cwd=tree,  # python puts the working folder first on the path
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, list[float]] = json.loads(done.stdout)
    return result


def check_once(tree: Path, root: Path, cache: Path) -> list[float]:
    """CPU and wall seconds of ``tales check ROOT`` as a whole command."""
    cpu, wall = _children_cpu(), time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "tales", "check", str(root)],
        env=_env(tree, cache),
        cwd=tree,  # python puts the working folder first on the path
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(
            f"tales check failed in {tree}:\n{done.stdout[-1500:]}{done.stderr[-1500:]}"
        )
    return [_children_cpu() - cpu, time.perf_counter() - wall]


KEPT_CHECKS = "checked-tale-*.pickle"  # tales.authoring.check_cache's records


def first_check_once(tree: Path, root: Path, cache: Path) -> list[float]:
    """``tales check ROOT`` with no report of this tale kept: checked afresh."""
    for kept in cache.glob(KEPT_CHECKS):
        kept.unlink()
    return check_once(tree, root, cache)


def _best(runs: list[list[float]]) -> dict[str, float]:
    return {"cpu_ms": min(r[0] for r in runs) * 1000, "wall_ms": min(r[1] for r in runs) * 1000}


def measure(trees: dict[str, Path], root: Path, scratch: Path, repeats: int) -> dict[str, Any]:
    runs: dict[str, dict[str, list[list[float]]]] = {
        name: {"cold": [], "warm": [], "touched": [], "first check": [], "check": []}
        for name in trees
    }
    for repeat in range(repeats):
        for name, tree in trees.items():  # interleaved: tree by tree, repeat by repeat
            cache = scratch / f"cache-{name}-{repeat}"
            loaded = load_once(tree, root, cache)
            runs[name]["cold"].append(loaded["cold"])
            runs[name]["warm"].append(loaded["warm"])
            runs[name]["touched"].append(loaded.get("touched", loaded["warm"]))
            checks = scratch / f"check-{name}"
            runs[name]["first check"].append(first_check_once(tree, root, checks))
            runs[name]["check"].append(check_once(tree, root, checks))
    return {name: {k: _best(v) for k, v in steps.items()} for name, steps in runs.items()}


def chain(trees: dict[str, Path], length: int, scratch: Path) -> dict[str, Any]:
    root = scratch / f"chain-{length}"
    write(root, length, links="goto")
    found: dict[str, Any] = {}
    for name, tree in trees.items():
        try:
            found[name] = _best([check_once(tree, root, scratch / f"chain-{name}")])
        except SystemExit as failed:  # the base tree may not check it at all
            found[name] = {"failed": str(failed)[-300:]}
    return found


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--base", type=Path, help="another checkout to measure beside this one")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--chain", type=int, default=0, help="also check a goto chain this long")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--bytecode",
        action="store_true",
        help="let the children cache compiled modules (as pip install does), even under "
        "PYTHONDONTWRITEBYTECODE; without it every start compiles what it imports",
    )
    args = parser.parse_args()
    trees = {"tree": HERE, **({"base": args.base.resolve()} if args.base else {})}
    report: dict[str, Any] = {"load_before": os.getloadavg(), "sizes": {}}
    global BYTECODE
    report["bytecode"] = args.bytecode or not os.environ.get("PYTHONDONTWRITEBYTECODE")
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        BYTECODE = scratch / "pycache" if args.bytecode else None
        for size in args.sizes:
            write(scratch / f"tale-{size}", size)
        time.sleep(SETTLED_NS / 1e9 + 0.2)  # files changed just now are hashed, not trusted
        for size in args.sizes:
            root = scratch / f"tale-{size}"
            report["sizes"][size] = measure(trees, root, scratch, args.repeats)
        if args.chain:
            report["chain"] = {"paragraphs": args.chain, **chain(trees, args.chain, scratch)}
    report["load_after"] = os.getloadavg()
    print(json.dumps(report, indent=2) if args.json else _text(report))


def _text(report: dict[str, Any]) -> str:
    lines = [f"load average before: {' '.join(f'{x:.2f}' for x in report['load_before'])}"]
    compiled = "cached" if report["bytecode"] else "compiled afresh by every start"
    lines.append(f"modules' bytecode: {compiled}")
    for size, trees in report["sizes"].items():
        for name, steps in trees.items():
            shown = ", ".join(
                f"{step} {f['cpu_ms']:7.1f} ms CPU ({f['wall_ms']:7.1f} wall)"
                for step, f in steps.items()
            )
            lines.append(f"{size:>7,} paragraphs, {name}: {shown}")
    if "chain" in report:
        for name, f in report["chain"].items():
            if name != "paragraphs" and "failed" in f:
                lines.append(f"goto chain, {name}: tales check FAILED: {f['failed']}")
            elif name != "paragraphs":
                lines.append(
                    f"{report['chain']['paragraphs']:,}-paragraph goto chain, {name}: tales check "
                    f"{f['cpu_ms'] / 1000:.1f} s CPU ({f['wall_ms'] / 1000:.1f} s wall)"
                )
    lines.append(f"load average after: {' '.join(f'{x:.2f}' for x in report['load_after'])}")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
