"""Ending cleanly on a signal: one line, no traceback, the shell's exit code.

SIGINT (Ctrl-C) arrives as Python's KeyboardInterrupt; SIGTERM and SIGHUP
are turned into :class:`Stopped` the same way, so every command unwinds
(closing its files: a game has saved every input already) up to
:func:`run`, which says what stopped it, and where the game is saved when
play recorded that on the way out. Stdlib only: it is installed before the
rest of ``tales`` is imported, so even a signal during start-up is clean.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable
from types import FrameType

NAMES: dict[int, str] = {
    signal.SIGINT: "Interrupted",
    signal.SIGTERM: "Terminated",
    signal.SIGHUP: "Hung up",
}


class Stopped(BaseException):
    """A SIGTERM or SIGHUP, raised where the program was, to unwind it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _raise(signum: int, frame: FrameType | None) -> None:
    raise Stopped(signum)


def install() -> None:
    """Make SIGTERM and SIGHUP unwind the program as Ctrl-C does."""
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _raise)


def saved_note(stop: BaseException, note: str) -> None:
    """Record on a stop where the game is saved, for :func:`run` to say."""
    stop.__dict__.setdefault("saved", note)


def run(main: Callable[[], None]) -> None:
    """``main()``, ending with one line and exit 128+N on signal N."""
    try:
        main()
    except (KeyboardInterrupt, Stopped) as stop:
        for each in NAMES:  # a second signal while saying so changes nothing
            signal.signal(each, signal.SIG_IGN)
        end(stop.signum if isinstance(stop, Stopped) else signal.SIGINT, stop)


def end(signum: int, stop: BaseException) -> None:
    """Say in one line what stopped the program, and exit with 128+N."""
    note = stop.__dict__.get("saved", "")
    try:
        sys.stdout.flush()
        print(f"{NAMES.get(signum, 'Stopped')}.{' ' + note if note else ''}", file=sys.stderr)
        sys.stderr.flush()
    except (OSError, ValueError):  # the terminal hung up: nobody to tell
        pass
    raise SystemExit(128 + signum) from None
