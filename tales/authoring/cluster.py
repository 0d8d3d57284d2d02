"""Where the games of a playtest run: this machine's processes, or a Dask
cluster.

The work units are decided before anything runs (each carries its own seed),
so however they are split into batches and whoever plays a batch, the
results are the same; they come back sorted by their place in the plan.
Without ``scheduler`` the batches go to local processes (``jobs``); with it,
to the Dask scheduler at that address (``pip install 'tales[cluster]'``),
whose workers need tales installed and the tale at the same path.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from tales.errors import ClusterError

BATCHES_PER_WORKER = 8  # enough batches to balance uneven games, few enough to be cheap


class Indexed(Protocol):
    """A result that knows its unit's place in the plan, to be sorted back into it."""

    @property
    def index(self) -> int: ...


UnitT = TypeVar("UnitT")
ResultT = TypeVar("ResultT", bound=Indexed)
Progress = Callable[[int, int], None]


def batches(units: Sequence[UnitT], workers: int) -> list[list[UnitT]]:
    """The units in contiguous batches, about ``BATCHES_PER_WORKER`` per worker."""
    size = max(1, len(units) // max(1, workers * BATCHES_PER_WORKER))
    return [list(units[i : i + size]) for i in range(0, len(units), size)]


def play_batch(work: Callable[[UnitT], ResultT], batch: list[UnitT]) -> list[ResultT]:
    """A batch played where it was sent: module-level, so a process pool or a
    Dask worker can unpickle it by name."""
    with long_lived_frozen():
        return [work(unit) for unit in batch]


def _one_by_one(
    work: Callable[[UnitT], ResultT], units: Sequence[UnitT]
) -> Generator[list[ResultT]]:
    """The units played in this process, each result handed on as it comes."""
    with long_lived_frozen():
        for unit in units:
            yield [work(unit)]


@contextmanager
def long_lived_frozen() -> Iterator[None]:
    """While games are played, what was alive before them (the loaded tale,
    the modules) is left out of the garbage collector's full passes: each
    pass over the whole heap walked the tale's tens of thousands of objects
    again for nothing (a game's garbage is the game's own), a few percent of
    a simulation's time. ``gc.freeze`` moves those objects aside until
    ``gc.unfreeze`` gives them back to the oldest generation, so nothing is
    kept from the collector after the games: garbage older than them is
    collected at the next full pass. Left alone when the collector is off or
    something else froze objects (a caller's own choice, not undone here)."""
    if not gc.isenabled() or gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def run_units(
    work: Callable[[UnitT], ResultT],
    units: Sequence[UnitT],
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> list[ResultT]:
    """Every unit played by ``work`` (a module-level function, so it pickles),
    the results in plan order."""
    stream: Generator[list[ResultT]]
    if scheduler is not None:
        stream = _on_cluster(work, units, scheduler)
    elif jobs > 1 and len(units) > 1:
        stream = _on_processes(work, units, jobs)
    else:
        stream = _one_by_one(work, units)
    results: list[ResultT] = []
    try:
        for finished in stream:
            results += finished
            if progress is not None:
                progress(len(results), len(units))
    finally:  # stopped early (a signal, an error): the workers go now, not when the GC says
        stream.close()
    return sorted(results, key=lambda result: result.index)


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C to the parent (the terminal sends it to the
    whole process group) and dies at once on SIGTERM, as the parent's
    ``terminate`` sends it: no half-unwound game, no traceback per worker."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)


def _on_processes(
    work: Callable[[UnitT], ResultT], units: Sequence[UnitT], jobs: int
) -> Generator[list[ResultT]]:
    import functools
    import multiprocessing

    pool = multiprocessing.get_context("fork").Pool(jobs, initializer=_quiet_worker)
    finished = False
    try:
        yield from pool.imap_unordered(functools.partial(play_batch, work), batches(units, jobs))
        finished = True
    finally:
        # Every game done: close and wait. Stopped before that: the batches
        # still queued would each be played to the end first (a SIGTERM took
        # minutes), and a simulation's games are worth nothing half played.
        if finished:
            pool.close()
        else:
            pool.terminate()
        pool.join()


def _on_cluster(
    work: Callable[[UnitT], ResultT], units: Sequence[UnitT], address: str
) -> Generator[list[ResultT]]:
    import importlib

    try:  # an optional extra, untyped: held as Any
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise ClusterError(
            "--scheduler needs Dask distributed: pip install 'tales[cluster]'"
        ) from None
    try:
        client = distributed.Client(address, timeout="10s")
    except Exception as error:  # Dask's own errors for an address it cannot use
        raise ClusterError(f"no Dask scheduler answers at {address}: {error}") from None
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        futures: list[Any] = [
            client.submit(play_batch, work, batch, pure=False) for batch in batches(units, workers)
        ]
        for future in distributed.as_completed(futures):
            yield future.result()
    finally:
        client.close()
