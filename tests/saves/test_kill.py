"""A player process killed with SIGKILL at random moments, many times: every
save it leaves behind loads, and is the game as it stood at some input."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

from tales.saves.session import load_saved
from tales.saves.store import list_saves
from tests.saves.helpers import ROOT, picture, reference_pictures

PLAYER = """\
import sys
sys.path.insert(0, {root!r})
from pathlib import Path
from tales.saves.store import SaveFiles
from tales.story.core import load_core
from tests.saves.helpers import load_bell, play_saved_game

folder, seed = Path(sys.argv[1]), int(sys.argv[2])
core, bell = load_core(), load_bell()
print("ready", flush=True)
while True:  # game after game, each saved throughout, until killed
    play_saved_game(core, bell, seed, SaveFiles.named(folder, f"game-{{seed}}"))
    seed += 1
"""

KILLS = 24
# What a crash may leave for the next load to say; anything else is a failure.
CRASH_WARNINGS = ("was cut off by a crash", "the journal follows another sheet")


def test_saves_left_by_a_killed_player_all_load(core, bell, tmp_path):
    script = tmp_path / "player.py"
    script.write_text(PLAYER.format(root=str(ROOT)), encoding="utf-8")
    rng = random.Random(20)
    runs = []
    for kill in range(0, KILLS, 2):
        # Two players at a time, one per core; each killed at its own moment.
        pair = []
        for first_seed in (kill * 100, (kill + 1) * 100):
            folder = tmp_path / f"run-{first_seed}"
            folder.mkdir()
            player = subprocess.Popen(
                [sys.executable, str(script), str(folder), str(first_seed)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
            )
            pair.append((player, folder))
        for player, _ in pair:
            assert player.stdout is not None
            assert player.stdout.readline() == "ready\n", player.stderr.read()
        ready = time.monotonic()
        for when, index in sorted((rng.uniform(0.05, 0.25), i) for i in range(len(pair))):
            time.sleep(max(0.0, ready + when - time.monotonic()))
            os.kill(pair[index][0].pid, signal.SIGKILL)
        for player, folder in pair:
            _, errors = player.communicate(timeout=10)  # and the pipes are closed
            assert player.returncode == -signal.SIGKILL, errors
            runs.append(folder)

    loaded_saves = 0
    mid_game = 0
    for folder in runs:
        names = {p.name.split(".")[0] for p in folder.glob("game-*")}
        saves = list_saves(folder)
        # A journal never outlives its sheet: the sheet is written first.
        assert {f.name for f in saves} == names, sorted(p.name for p in folder.iterdir())
        for files in saves:
            game, warnings = load_saved(files, core)  # never raises
            assert all(any(w in warning for w in CRASH_WARNINGS) for warning in warnings), warnings
            seed = int(files.name.split("-")[1])
            reference = reference_pictures(core, bell, seed)
            assert picture(game.game) in reference, f"{files.sheet} is no moment of game {seed}"
            loaded_saves += 1
            mid_game += game.game.pending is not None
    # The kills came while games were being played and saved, not before.
    assert loaded_saves >= KILLS
    assert mid_game >= KILLS // 2
