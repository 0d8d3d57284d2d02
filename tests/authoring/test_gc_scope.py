"""While a playtest's games are played, the objects alive before them are
frozen out of the garbage collector's passes (tales.authoring.cluster.
long_lived_frozen), and given back after: the choice lasts as long as the
games, never outlives them, keeps nothing from the collector and changes no
game."""

from __future__ import annotations

import gc
import weakref
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from tales.authoring.cluster import long_lived_frozen, play_batch, run_units
from tales.authoring.simulate import RunResult, _content, plan_runs, play_one

TALE = str(Path(__file__).resolve().parents[2] / "storybooks" / "the-reef-ledger")


@dataclass
class Seen:
    """What one unit of work saw of the collector."""

    index: int
    frozen: int


class Cycle:
    """Garbage only the collector frees: it refers to itself."""

    def __init__(self) -> None:
        self.me = self


def _look(unit: int) -> Seen:
    return Seen(unit, gc.get_freeze_count())


def _old_garbage() -> weakref.ref[Cycle]:
    """A cycle made and dropped before the games: garbage the collector owes."""
    return weakref.ref(Cycle())


@pytest.mark.parametrize("play", ["one-by-one", "batch"])
def test_the_games_run_frozen_and_leave_nothing_frozen(play):
    assert gc.isenabled() and gc.get_freeze_count() == 0
    old = _old_garbage()
    seen = run_units(_look, [0, 1, 2]) if play == "one-by-one" else play_batch(_look, [0, 1, 2])
    assert all(s.frozen > 0 for s in seen)  # the games ran with what came before set aside
    assert gc.get_freeze_count() == 0 and gc.isenabled()
    gc.collect()
    assert old() is None  # garbage older than the games was given back and collected


def test_a_freeze_someone_else_made_is_left_as_it_was():
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with long_lived_frozen():
            assert gc.get_freeze_count() == frozen
        assert gc.get_freeze_count() == frozen  # not undone by the games' scope
    finally:
        gc.unfreeze()


def test_with_the_collector_off_nothing_is_frozen():
    gc.disable()
    try:
        with long_lived_frozen():
            assert gc.get_freeze_count() == 0
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_games_played_frozen_are_the_games_played_without():
    """The same seeds give the same games, frozen or not (the time taken aside)."""
    scenario = _content(TALE).tale.scenario_id(None)
    plans = plan_runs(TALE, scenario, 4, 11, "both")

    def untimed(result: RunResult) -> RunResult:
        return replace(result, seconds=0.0)

    frozen = [untimed(r) for r in run_units(play_one, plans)]
    assert frozen == [untimed(play_one(plan)) for plan in plans]
    assert sum(r.decisions for r in frozen) > 0 and not any(r.crash for r in frozen)
