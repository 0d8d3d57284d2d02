"""The table timer (``tales play --timer``): time spent in the round being
played and in the whole game, shown in the status bar and kept on the save
sheet (``timer:``), so a game loaded again goes on counting.

The rulebook's rounds are long; the timer only watches, it never hurries
anyone. Time comes from an injected clock (``time.monotonic`` in play), so
tests never wait on a real one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

TIMER_FIELD = "timer"


def clock_text(seconds: float) -> str:
    """``4:05`` or ``1:02:33``."""
    whole = max(0, int(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class TableTimer:
    """Seconds per round and in all, from a saved start when loaded."""

    def __init__(self, clock: Callable[[], float], round_number: int, saved: Any = None) -> None:
        self.clock = clock
        self.rounds: dict[int, float] = {}
        self.total_before = 0.0
        self._read(saved)
        self.round = round_number
        self.started = clock()  # when the round in play was begun, or the game loaded
        self.before_in_round = self.rounds.pop(round_number, 0.0)

    def _read(self, saved: Any) -> None:
        """The sheet's ``timer`` field; anything unreadable counts from zero."""
        if not isinstance(saved, dict):
            return
        rounds = saved.get("rounds")
        if isinstance(rounds, dict):
            for key, value in rounds.items():
                if str(key).isdecimal() and isinstance(value, int | float) and value >= 0:
                    self.rounds[int(key)] = float(value)
        self.total_before = sum(self.rounds.values())

    def observe(self, round_number: int) -> None:
        """The game is in ``round_number`` now: close the round just left."""
        if round_number != self.round:
            now = self.clock()
            self.rounds[self.round] = self.before_in_round + now - self.started
            self.round, self.started, self.before_in_round = round_number, now, 0.0

    def this_round(self) -> float:
        return self.before_in_round + self.clock() - self.started

    def total(self) -> float:
        return sum(self.rounds.values()) + self.this_round()

    def status(self, round_number: int) -> str:
        self.observe(round_number)
        return f" | round {clock_text(self.this_round())}, in all {clock_text(self.total())}"

    def field(self) -> dict[str, Any]:
        """What the save sheet keeps: whole seconds per round."""
        rounds = {**self.rounds, self.round: self.this_round()}
        return {TIMER_FIELD: {"rounds": {n: round(s) for n, s in sorted(rounds.items())}}}
