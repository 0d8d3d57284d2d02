"""The last boundary of the command line: an exception no part of ``tales``
expected is a bug in ``tales``, and the user is told so in one paragraph,
never with a Python traceback.

The paragraph says it is not their doing, that a game being saved keeps
every input they confirmed (the journal is written after each input, before
its effect is shown: docs/saves.md), and where the report for the developers
lies: the command,
the versions and the traceback, in a file of its own under the cache folder
(``$TALES_CACHE/bugs``). The exit status is 70, ``EX_SOFTWARE`` of
sysexits.h: an internal error, apart from the 1 of a refused input.

``TALES_BUGS=raise`` lets the exception through instead: the test suite sets
it, so that a bug fails the test that met it, with its traceback.
"""

from __future__ import annotations

import os
import platform
import shlex
import sys
import tempfile
import time
import traceback
from pathlib import Path

BUG_EXIT = 70  # EX_SOFTWARE: "an internal software error has been detected"
RAISE = "TALES_BUGS"  # =raise: let the exception through (the test suite)


def letting_through() -> bool:
    return os.environ.get(RAISE, "") == "raise"


def report(error: BaseException, argv: list[str]) -> tuple[Path | None, str]:
    """Write the report of ``error``; (its path, ""), or (None, why it could
    not be written). Never raises: it is what runs when all else failed."""
    try:
        from tales import __version__
        from tales.story.cache import cache_dir

        folder = cache_dir() / "bugs"
        folder.mkdir(parents=True, exist_ok=True)
        text = "\n".join(
            [
                f"tales {__version__} on Python {platform.python_version()} ({sys.platform})",
                f"command: {shlex.join(argv)}",
                f"time: {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
                "",
                *traceback.format_exception(error),
            ]
        )
        stamp = time.strftime("%Y%m%d-%H%M%S")
        # A name of its own: two bugs in one second keep both reports.
        handle, name = tempfile.mkstemp(prefix=f"bug-{stamp}-", suffix=".txt", dir=folder)
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        return Path(name), ""
    except Exception as failure:  # a full disk, a read-only home: say so, go on
        return None, str(failure) or type(failure).__name__


def message(error: BaseException, written: Path | None, why_not: str, *, playing: bool) -> str:
    """What the user reads: whose fault it is, what is safe (``playing``: the
    command was ``tales play``), what to send."""
    what = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    told = [f"tales stopped on a bug of its own, not on anything you typed ({what})."]
    if playing:
        told.append(
            "A game being saved keeps every input you confirmed: 'tales saves list' "
            "shows it, and 'tales play --load NAME' goes on from there."
        )
    told.append(
        f"The details for a bug report are in {written}."
        if written is not None
        else f"The details could not be written down ({why_not})."
    )
    return " ".join(told)
