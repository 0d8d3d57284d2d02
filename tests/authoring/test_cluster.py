"""Games on a Dask cluster give the report they give on one process: the
work units are planned once, each with its own seed."""

from __future__ import annotations

import os
import re
import select
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tales.authoring import simulate
from tales.authoring.cluster import batches, run_units
from tales.authoring.sweep import sweep_tale
from tales.errors import ClusterError

TINY = Path(__file__).parent.parent / "data" / "tiny-tale"
TEAM = ["arthur-blackwood", "ezra-marsh", "irene-dubois", "laszlo-varga", "sarah-elington"]


def _without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key != "timing"}


def _sweep(**where: Any) -> dict[str, Any]:
    return sweep_tale(
        TINY, None, investigators=TEAM, difficulties=["easy", "hard"], games=2, seed=3, **where
    )


def test_any_partition_into_batches_keeps_every_unit_once_in_order() -> None:
    units = list(range(23))
    for workers in (1, 2, 3, 8):
        assert [u for batch in batches(units, workers) for u in batch] == units


def test_local_processes_give_the_report_of_one_process() -> None:
    assert _without_timing(_sweep(jobs=2)) == _without_timing(_sweep(jobs=1))


def test_a_local_dask_cluster_gives_the_report_of_one_process() -> None:
    distributed = pytest.importorskip("distributed", reason="pip install 'tales[cluster]'")
    with (
        distributed.LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
        ) as cluster,
    ):
        on_cluster = _sweep(scheduler=cluster.scheduler_address)
        runs = simulate.run_simulation(
            TINY, None, runs=6, seed=4, jobs=1, scheduler=cluster.scheduler_address
        )
    assert _without_timing(on_cluster) == _without_timing(_sweep(jobs=1))
    alone = simulate.run_simulation(TINY, None, runs=6, seed=4, jobs=1)
    assert [r.inputs for r in runs.results] == [r.inputs for r in alone.results]
    assert on_cluster["games"] == 5 * 2 * 2  # five teams of four, two difficulties, two games


def test_a_scheduler_nobody_runs_is_one_clear_error() -> None:
    pytest.importorskip("distributed", reason="pip install 'tales[cluster]'")
    with pytest.raises(
        ClusterError, match=re.escape("no Dask scheduler answers at tcp://127.0.0.1:9")
    ):
        run_units(abs, [1, 2], scheduler="tcp://127.0.0.1:9")


HOLD_BOUND = 120.0  # seconds: only so that a broken stop fails instead of hanging


@dataclass(frozen=True)
class _Unit:
    """A game of the stop test, with the pipes it talks to the test through:
    made before the pool forks, so every worker holds both ends."""

    index: int
    folder: str
    held: int  # write end: the holding worker's pid goes here
    release: int  # read end: the holding worker waits on it


@dataclass(frozen=True)
class _Played:
    index: int


def _play_or_hold(unit: _Unit) -> _Played:
    """Unit 0 plays at once; the others say which process holds them, wait
    until the test releases them, and leave a file saying they finished."""
    if unit.index > 0:
        os.write(unit.held, f"{os.getpid()}\n".encode())
        select.select([unit.release], [], [], HOLD_BOUND)
        (Path(unit.folder) / f"finished-{unit.index}").write_text("")
    return _Played(unit.index)


class _Stop(Exception):
    pass


def test_a_stop_while_workers_play_ends_them_instead_of_waiting_for_their_games(
    tmp_path: Path,
) -> None:
    # A SIGTERM used to wait for every batch still queued: minutes, on a sweep.
    held_read, held_write = os.pipe()
    release_read, release_write = os.pipe()
    holder: list[int] = []

    def stop_once_the_second_game_is_held(done: int, total: int) -> None:
        readable, _, _ = select.select([held_read], [], [], HOLD_BOUND)
        assert readable, "no worker started the second game"
        holder.append(int(os.read(held_read, 64).decode().split()[0]))
        raise _Stop

    units = [_Unit(i, str(tmp_path), held_write, release_read) for i in (0, 1)]
    try:
        with pytest.raises(_Stop):
            run_units(_play_or_hold, units, jobs=2, progress=stop_once_the_second_game_is_held)
        with pytest.raises(ProcessLookupError):
            os.kill(holder[0], 0)
        assert not (tmp_path / "finished-1").exists()
    finally:
        os.write(release_write, b"go")
        for end in (held_read, held_write, release_read, release_write):
            os.close(end)
