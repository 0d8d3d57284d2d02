"""A player process SIGKILLed at random moments, and what its save says then:
shared by tests/saves/test_kill.py and tools/kill_saves.py.

The player is forked from the caller (so it needs no start-up of its own),
plays a seeded game with the random bot, saved throughout, and writes one
line to a pipe after each input is acknowledged, that is after its save
returned (as the prompt shows the input's result only then). The killer
reads those lines up to a random count and SIGKILLs the player at once, so
the kill lands wherever the player is in the next input; the last line read
is the last acknowledged input. The player never runs more than
``LEAD`` inputs past the target: on a loaded machine the killer may be kept
off the CPU while the player plays on, and a player that finished its game
first would never be killed at all.
"""

from __future__ import annotations

import os
import random
import signal
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tales.saves.session import load_saved
from tales.saves.store import SaveFiles
from tales.story.core import Core
from tests.saves.helpers import Bell, new_saved, picture, random_input, setup_for

# Seeds whose first rounds are short, so a kill often falls near a round end.
SEEDS = (1, 5, 6, 8, 24, 26)
LENGTH = 70  # inputs of each scripted game the killer looks at
LEAD = 2  # inputs a player may play past the target before it waits to be killed
# What a crash may leave for the next load to say; anything else is a failure.
CRASH_WARNINGS = (
    "was cut off by a crash",
    "the last save was cut off after writing its sheet",
    "an interrupted save left the temporary file",
)


@dataclass
class Script:
    inputs: list[str]
    pictures: list[dict[str, Any]]  # after each number of inputs (0: at setup)
    round_ends: list[int]  # after this many inputs, the next one ends a round


def script_of(core: Core, bell: Bell, seed: int) -> Script:
    saved = new_saved(core, bell, setup_for(seed), None)
    rng = random.Random(seed)
    script = Script([], [picture(saved.game)], [])
    while saved.game.pending is not None and len(script.inputs) < LENGTH + 20:
        sheet = saved.sheet
        script.inputs.append(random_input(saved.game, rng))
        saved.apply(script.inputs[-1])
        script.pictures.append(picture(saved.game))
        if saved.sheet is not sheet and len(script.inputs) <= LENGTH:
            script.round_ends.append(len(script.inputs) - 1)
    return script


def _play(
    core: Core, bell: Bell, seed: int, files: SaveFiles, ack: int, hold: int, last: int
) -> None:
    """The player: acknowledges 0 once the new game is saved, then each input;
    after input ``last`` it waits on ``hold``, which is never written to."""
    saved = new_saved(core, bell, setup_for(seed), files)
    os.write(ack, b"0\n")
    rng = random.Random(seed)
    count = 0
    while saved.game.pending is not None:
        if count >= last:
            os.read(hold, 1)  # blocks until the SIGKILL: the killer is late, not absent
        saved.apply(random_input(saved.game, rng))
        count += 1
        os.write(ack, b"%d\n" % count)


def kill_at(core: Core, bell: Bell, seed: int, files: SaveFiles, target: int) -> int:
    """Fork a player of game ``seed`` saving to ``files``, SIGKILL it once it
    has acknowledged ``target`` inputs: the last input it acknowledged."""
    read_end, write_end = os.pipe()
    hold_read, hold_write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the player: never returns into the caller
        status = 1
        try:
            os.close(read_end)
            os.close(hold_write)
            _play(core, bell, seed, files, write_end, hold_read, target + LEAD)
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)
    os.close(hold_read)
    acked = -1
    with os.fdopen(read_end, "rb") as acks:
        for line in acks:
            acked = int(line)
            if acked >= target:
                os.kill(pid, signal.SIGKILL)
                break
        _, status = os.waitpid(pid, 0)
        acked = max([acked, *(int(line) for line in acks)])  # what it wrote before dying
    os.close(hold_write)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, status
    return acked


@dataclass
class Resumed:
    acked: int  # the last input acknowledged
    at: int  # the input the save resumed at
    warnings: list[str]


def resume(core: Core, files: SaveFiles, script: Script, acked: int, further: int) -> Resumed:
    """Load the save a kill left; check it is the game at the acknowledged
    input (or the next one, when the kill came after that input was durable
    but before it was acknowledged), then play ``further`` inputs on, load
    again, and check none of them was lost."""
    loaded, warnings = load_saved(files, core)
    assert all(any(w in warning for w in CRASH_WARNINGS) for warning in warnings), warnings
    now = picture(loaded.game)
    candidates = [n for n in (acked, acked + 1) if script.pictures[n] == now]
    assert candidates, f"{files.sheet}: not the game at input {acked} or {acked + 1}"
    at = candidates[0]
    end = min(at + further, len(script.inputs))
    for option_id in script.inputs[at:end]:
        loaded.apply(option_id)
    again, later = load_saved(files, core)
    assert later == [], later
    assert picture(again.game) == script.pictures[end]
    return Resumed(acked, at, warnings)


def random_kills(
    core: Core, bell: Bell, folder: Path, kills: int, rng: random.Random, further: int = 12
) -> list[Resumed]:
    scripts = {seed: script_of(core, bell, seed) for seed in SEEDS}
    results = []
    for kill in range(kills):
        seed = rng.choice(SEEDS)
        files = SaveFiles.named(folder, f"kill-{kill}")
        # Half the kills come as the input that ends a round is being saved.
        ends = scripts[seed].round_ends
        target = rng.choice(ends) if ends and rng.random() < 0.5 else rng.randint(0, LENGTH)
        acked = kill_at(core, bell, seed, files, target)
        results.append(resume(core, files, scripts[seed], acked, further))
    return results
