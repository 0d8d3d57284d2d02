"""The table timer (issue 20): time per round and in all in the status bar,
kept on the save sheet and counted on after a load. Every clock here is
injected: no test waits on real time."""

from __future__ import annotations

import random
from pathlib import Path

from tales.authoring.bots import POLICIES
from tales.saves.session import load_saved
from tales.saves.store import SaveFiles
from tales.story.core import Core
from tales.ui.timer import TableTimer, clock_text
from tests.saves.helpers import load_bell, new_saved, setup_for


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_time_is_shown_per_round_and_in_all() -> None:
    clock = Clock()
    timer = TableTimer(clock, 1)
    clock.now += 65
    assert timer.status(1) == " | round 1:05, in all 1:05"
    clock.now += 10
    assert timer.status(2) == " | round 0:00, in all 1:15", "round 2 has just begun"
    clock.now += 3600
    assert timer.status(2) == " | round 1:00:00, in all 1:01:15"
    assert timer.field() == {"timer": {"rounds": {1: 75, 2: 3600}}}


def test_a_saved_timer_goes_on_counting() -> None:
    clock = Clock()
    timer = TableTimer(clock, 3, {"rounds": {1: 100, 2: 50}})
    clock.now += 30
    assert timer.total() == 180 and timer.this_round() == 30


def test_an_unreadable_timer_field_counts_from_zero() -> None:
    timer = TableTimer(Clock(), 1, {"rounds": {"x": 5, 2: -4, 3: "soon"}})
    assert timer.total() == 0
    assert TableTimer(Clock(), 1, "broken").total() == 0


def test_clock_text() -> None:
    assert (clock_text(0), clock_text(59.9), clock_text(3723)) == ("0:00", "0:59", "1:02:03")


def test_the_timer_is_saved_with_the_game_and_restored_on_load(core: Core, tmp_path: Path) -> None:

    clock = Clock()
    files = SaveFiles.named(tmp_path, "timed")
    saved = new_saved(core, load_bell(), setup_for(3), files)
    timer = TableTimer(clock, saved.game.view.round)
    saved.annotate = timer.field
    rng = random.Random(3)
    while saved.sheet.round_played < 1:
        clock.now += 7
        timer.observe(saved.game.view.round)
        saved.apply(POLICIES["sensible"](saved.game.pending, saved.game.view, rng).id)
    saved.close()
    assert "timer:" in files.sheet.read_text(encoding="utf-8")
    loaded, _ = load_saved(files, core)
    kept = loaded.sheet.data["timer"]
    again = TableTimer(Clock(), loaded.game.view.round, kept)
    assert again.total() == sum(kept["rounds"].values()) > 0
    loaded.close()
