"""Benchmark: writing a save sheet, appending to the journal, and loading a
save whose journal holds 500 inputs (the sheet replayed, then every input),
and ``tales saves list`` of five such saves.

A bot plays 500 inputs of The Reef Ledger from its setup; the benchmark then
writes that game's setup sheet with all 500 inputs in the journal, the worst
case a save can be in (loading replays every input, crossing round ends).
Targets: a save under 20 ms, load and replay under 200 ms.

    python tools/bench_saves.py [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tales.authoring.bots import POLICIES
from tales.saves.catalog import list_lines
from tales.saves.session import load_saved, new_context, start_saved
from tales.saves.store import SaveFiles
from tales.story.cache import load_tale_cached
from tales.story.core import load_core, tale_path
from tales.story.game import GameSetup, start_game

INPUTS = 500
LISTED = 5  # saves in the folder ``tales saves list`` is timed on


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    core = load_core()
    root = tale_path("the-reef-ledger")
    tale, _ = load_tale_cached(root)
    assert tale is not None
    players = ("philip-harris", "ezra-marsh", "irene-dubois", "laszlo-varga")
    setup = GameSetup("low-water", players, (), "easy", 7)
    folder = Path(tempfile.mkdtemp())
    files = SaveFiles.named(folder, "bench")
    context = new_context("bench", root, "low-water", tale.content_hash)
    saved = start_saved(lambda: start_game(core, tale, setup), files, context, core)
    rng, policy = random.Random(7), POLICIES["random"]

    appends, sheets = [], []
    while len(saved.inputs) < INPUTS and saved.game.engine.pending is not None:
        choice = policy(saved.game.engine.pending, saved.game.view, rng).id
        started = time.perf_counter()
        saved.apply(choice)  # an append, or a whole sheet at a round end
        elapsed = time.perf_counter() - started
        (sheets if saved._sheet_changed else appends).append(elapsed)
    played = list(saved.inputs)

    # A save as a round end writes it: the whole sheet, atomically, and a new journal.
    writes = []
    for _ in range(10):
        started = time.perf_counter()
        saved.persist()
        writes.append(time.perf_counter() - started)
    rewrite = sorted(writes)[len(writes) // 2]

    # The worst case on disk: the setup sheet and every input in the journal.
    saved.sheet = saved.first_sheet
    saved.persist()  # the journal after the setup sheet: every input played

    loads = []
    for _ in range(5):
        started = time.perf_counter()
        again, warnings = load_saved(files, core)
        loads.append(time.perf_counter() - started)
        assert not warnings and again.inputs == played
        assert again.table.snapshot() == saved.table.snapshot()

    # ``tales saves list`` of a folder of such saves: each is loaded and its
    # journal replayed, to tell whether its game ended mid-round.
    for copy in range(1, LISTED):
        twin = SaveFiles.named(folder, f"bench-{copy}")
        twin.sheet.write_bytes(files.sheet.read_bytes())
        twin.journal.write_bytes(files.journal.read_bytes())
    listings = []
    for _ in range(3):
        cpu, started = time.process_time(), time.perf_counter()
        listed = list_lines(folder)
        listings.append((time.process_time() - cpu, time.perf_counter() - started))
        assert len(listed) == LISTED, listed

    result = {
        "inputs": len(played),
        "rounds": saved.table.round,
        "sheet_write_ms": 1000 * rewrite,
        "round_end_input_ms_median": 1000 * sorted(sheets)[len(sheets) // 2] if sheets else None,
        "journal_append_ms_median": 1000 * sorted(appends)[len(appends) // 2],
        "load_and_replay_ms_best": 1000 * min(loads),
        "saves_listed": LISTED,
        "saves_list_cpu_ms_best": 1000 * min(c for c, _ in listings),
        "saves_list_wall_ms_best": 1000 * min(w for _, w in listings),
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    r = result
    print(f"{r['inputs']} inputs over {r['rounds']} rounds of Low Water")
    print(f"  save at a round end (sheet, journal): {r['sheet_write_ms']:.1f} ms (target < 20)")
    print(f"  an input ending a round, with its sheet: {r['round_end_input_ms_median']:.1f} ms")
    print(f"  an input appended to the journal: {r['journal_append_ms_median']:.2f} ms")
    print(f"  load and replay: {r['load_and_replay_ms_best']:.0f} ms (target < 200)")
    print(
        f"  tales saves list of {LISTED} such saves: {r['saves_list_cpu_ms_best']:.0f} ms CPU "
        f"({r['saves_list_wall_ms_best']:.0f} ms wall)"
    )


if __name__ == "__main__":
    main()
