"""Games on a Dask cluster give the report they give on one process: the
work units are planned once, each with its own seed."""

from __future__ import annotations

import re
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
