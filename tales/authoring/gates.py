"""Whether a gate on the goal bot's map can open: the facts a condition
names (:func:`requirements`), the hour as the planner sees it
(:class:`Clock`), and the gate tried with the facts held, those the story can
still grant, and the hours ahead (:func:`gate_open`)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from tales.authoring.supposing import FACTS, HOPED, Fact, supposed_vocabulary
from tales.errors import StoryExpressionError
from tales.story.condition_calls import wanted_true
from tales.story.conditions import VALUES, VOCABULARY, asked_in, evaluate
from tales.story.view import TableView

__all__ = [
    "FACTS",
    "Clock",
    "Fact",
    "Step",
    "gate_open",
    "grant_may_hold",
    "holds_given",
    "requirements",
]


@dataclass(frozen=True, slots=True)
class Step:
    """One edge of the map: reading ``source`` may lead to ``target`` once
    every fact in ``needs`` holds."""

    source: int
    target: int
    needs: frozenset[Fact]
    condition: str | None = None
    facts: tuple[Fact, ...] = ()  # every fact the gate names
    weight: int = 1  # what taking it costs: a fight to win costs more than a page to turn


def requirements(condition: str | None) -> frozenset[Fact]:
    """The facts a gate asks for (not those it asks to be absent), read from
    Jinja's parse: ``not (keyword("A") or item("b"))`` asks for neither."""
    if not condition:
        return frozenset()
    calls = asked_in(condition)
    return frozenset(
        (function, arguments[0])
        for function in FACTS
        for arguments in wanted_true(calls, function)
        if len(arguments) == 1
    )


@dataclass(frozen=True, slots=True)
class Clock:
    """The hour as the planner sees it: the time now, the board's last space
    and the difficulty. Time only goes forward, so a gate like ``time >= 6
    and time <= 9`` is open if some hour from now to the last still opens
    it: before the window it is a place to be in time, after it (the cage
    gone under at the turn) it is shut for good."""

    now: int
    last: int
    difficulty: str

    @classmethod
    def of(cls, view: TableView) -> Clock:
        last = max(len(view.scenario.board.spaces), view.time) if view.scenario else view.time
        return cls(view.time, last, view.difficulty)

    def hours(self) -> range:
        return range(self.now, self.last + 1)


_GATES: dict[tuple[str, frozenset[Fact], frozenset[Fact], Clock | None], bool] = {}
_MAX_FREE = 8  # more facts than this in one gate: assume it can open


def gate_open(
    step: Step,
    held: frozenset[Fact],
    obtainable: frozenset[Fact],
    clock: Clock | None = None,
) -> bool:
    """Whether the step's gate can hold: the facts true now are true, those
    the story can still make true are tried both ways, the hours from now to
    the board's end are tried one by one (no clock: any hour is hoped for),
    and the tokens are hoped for."""
    if step.condition is None:
        return True
    truth = frozenset(fact for fact in step.facts if fact in held)
    free = frozenset(f for f in step.facts if f not in held and f in obtainable)
    timed = clock if clock is not None and "time" in step.condition else None
    key = (step.condition, truth, free, timed)
    if key not in _GATES:
        if len(_GATES) > 100_000:
            _GATES.clear()
        hours: Iterable[int | None] = timed.hours() if timed else (None,)
        _GATES[key] = len(free) > _MAX_FREE or any(
            holds_given(step.condition, truth | set(chosen), hour, clock)
            for hour in hours
            for size in range(len(free) + 1)
            for chosen in itertools.combinations(sorted(free), size)
        )
    return _GATES[key]


def holds_given(
    condition: str, truth: frozenset[Fact], hour: int | None = None, clock: Clock | None = None
) -> bool:
    """Whether ``condition`` holds with the facts in ``truth`` true and the
    others false, at ``hour`` if given, every other number hoped for."""
    context = supposed_vocabulary(truth.__contains__, HOPED)
    if hour is not None:
        context["time"] = hour
    if clock is not None:
        context["difficulty"] = clock.difficulty
    teams = _TEAM_APART if any(word in condition for word in _TEAM_APART[0]) else ({},)
    return any(_holds_in(condition, {**context, **team}) for team in teams)


# Where the team stands is neither known nor a fact to seek: a gate on it
# (``not elsewhere``, ``away_in("tower")``) is tried with the team together
# and with it apart, so neither the put-out nor the put-out-without-them
# looks shut to the planner.
_TEAM_APART: tuple[dict[str, Any], ...] = tuple(
    {"elsewhere": team, "in_area": lambda *_, t=team: t, "away_in": lambda *_, t=team: t}
    for team in ([], ["someone"])
)


def _holds_in(condition: str, context: dict[str, Any]) -> bool:
    try:
        return evaluate(condition, context)
    except StoryExpressionError:  # an odd gate gets the benefit of the doubt
        return True


_GRANTS: dict[tuple[str, tuple[tuple[str, int], ...], tuple[tuple[str, str, bool], ...]], bool] = {}


def grant_may_hold(
    condition: str, counters: Mapping[str, int], log: Mapping[str, Mapping[str, bool]]
) -> bool:
    """Whether a grant under ``condition`` (``objective: free-the-eight, if:
    counter("brought-out") >= 4``) is worth seeking at the table now: the
    campaign log and the counters are read as they stand (the story seldom
    changes them, and hoping for them sent the team to an exit to be
    counted out with nobody to count), everything else is hoped for."""
    frozen_log = tuple((s, e, out) for s, entries in log.items() for e, out in entries.items())
    key = (condition, tuple(sorted(counters.items())), tuple(sorted(frozen_log)))
    if key not in _GRANTS:
        if len(_GRANTS) > 10_000:
            _GRANTS.clear()
        context: dict[str, Any] = dict.fromkeys(VOCABULARY, lambda *args, **kwargs: HOPED)
        context.update(dict.fromkeys(VALUES, HOPED))
        context["log"] = lambda section, entry: log.get(section, {}).get(entry) is False
        context["crossed_out"] = lambda section, entry: log.get(section, {}).get(entry) is True
        context["entries"] = lambda section: sum(not out for out in log.get(section, {}).values())
        context["counter"] = lambda name: counters.get(name, 0)
        try:
            _GRANTS[key] = bool(evaluate(condition, context))
        except StoryExpressionError:
            _GRANTS[key] = True
    return _GRANTS[key]
