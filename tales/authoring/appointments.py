"""An appointment with the clock, for a goal bot aimed at a paragraph only
the Event board's narrative reads (:func:`tales.authoring.bots.aimed_at`).

Such an aim (the households on their steps, 173, read at half past eight if
the team stands in Federal Street in the open, the patrol beaten and the
households not yet met) is no step anyone can take: the story map has no way
into the clock's paragraph. Its :class:`ClockPlan` says where to stand when,
and what to hold then and not to have read; the bot gets what it must hold,
keeps off what it must not read (:func:`spoils`), then goes there and ends
its rounds until the clock comes round (:func:`keep_appointment`).
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

from tales.authoring.endbound import falls_to
from tales.authoring.lookahead import FAR, StoryMap, holds
from tales.authoring.supposing import HOPED, Fact, named_facts, supposed_vocabulary
from tales.errors import StoryExpressionError
from tales.rules.decisions import Decision
from tales.rules.options import EndRound, Move, Option
from tales.story.conditions import analyse, evaluate
from tales.story.options import StoryOption
from tales.story.view import TableView


@dataclass(frozen=True, slots=True)
class ClockPlan:
    """Where to be when the board's narrative at ``space`` reads the aim."""

    space: int
    place: str
    hold: frozenset[Fact]  # to hold by then (the patrol beaten: visited 29)
    avoid: frozenset[int]  # not to have read by then (the households sent in: 82)

    @property
    def asks(self) -> frozenset[Fact]:
        """What to hold before going to wait: the facts, and the place on the map."""
        return self.hold | {("revealed", self.place)}

    def waiting(self, view: TableView) -> bool:
        """The plan is live and everything it asks is held: go and wait."""
        return view.time < self.space and all(holds(fact, view) for fact in self.asks)


# Remembered by the chart's id, the chart kept beside the plan so that an id
# reused by another chart is not mistaken for it; bounded, since each entry
# keeps its chart alive.
_PLANS: dict[tuple[int, int], tuple[StoryMap, ClockPlan | None]] = {}


def clock_plan(chart: StoryMap, aim: int) -> ClockPlan | None:
    """The plan for an aim the Event board's narrative reads (remembered)."""
    key = (id(chart), aim)
    held = _PLANS.get(key)
    if held is None or held[0] is not chart:
        if len(_PLANS) > 256:  # charts of many tales in one long process: start again
            _PLANS.clear()
        held = (chart, _first_plan(chart, aim))
        _PLANS[key] = held
    return held[1]


def _first_plan(chart: StoryMap, aim: int) -> ClockPlan | None:
    """The earliest board space whose narrative falls to ``aim``, at the
    first place its gate names, with the fewest facts held: the smaller sets
    are tried first, so the plan asks no more of the team than the aim needs."""
    for space, number in enumerate(chart.scenario.board.spaces, start=1):
        paragraph = chart.paragraphs.get(number) if number is not None else None
        if paragraph is None:
            continue
        conditions = [b.condition for b in paragraph.branches if b.condition]
        into = [b.condition for b in paragraph.branches if b.goto == aim and b.condition]
        named = sorted({fact for condition in conditions for fact in named_facts(condition)})
        said = {word for c in into for word in analyse(c, template=False).strings}
        places = [place for place in chart.scenario.locations if place in said]
        for place, size in itertools.product(places, range(len(named) + 1)):
            for chosen in itertools.combinations(named, size):
                truth = frozenset(chosen)
                opens = functools.partial(_holds_at, truth=truth, place=place, space=space)
                if falls_to(paragraph, opens) == aim:
                    avoid = {int(v) for k, v in set(named) - truth if k == "visited"}
                    return ClockPlan(space, place, truth, frozenset(avoid))
    return None


def _holds_at(condition: str | None, truth: frozenset[Fact], place: str, space: int) -> bool:
    """A gate as the clock would ask it with the team at ``place`` in the
    open at ``space``, ``truth`` the facts held; the rest hoped for."""
    if not condition:
        return True
    context = supposed_vocabulary(truth.__contains__, HOPED)
    context.update(time=space, here=place, group_at=place, group_hidden=False)
    try:
        return evaluate(condition, context)
    except StoryExpressionError:  # a plan is worth waiting rounds for only when sure
        return False


def spoils(option: Option, view: TableView, chart: StoryMap, plan: ClockPlan | None) -> bool:
    """Whether ``option`` may read what the clock's plan asks be unread
    (the households sent in before half past eight)."""
    if plan is None or not plan.avoid or not isinstance(option, StoryOption):
        return False
    return bool(set(chart.option_targets(view.option(option))) & plan.avoid)


def keep_appointment(plan: ClockPlan, decision: Decision, view: TableView) -> Option | None:
    """A step toward the plan's place, or, everyone there, the round's end."""
    moves = [o for o in decision.options if isinstance(o, Move)]
    best: tuple[int, Option] | None = None
    for move in moves:
        here = view.investigator(move.investigator).location
        now = view.distances(here).get(plan.place, FAR) if here else FAR
        then = view.distances(move.destination).get(plan.place, FAR)
        if then < now and (best is None or then < best[0]):
            best = (then, move)
    if best is not None:
        return best[1]
    return next((o for o in decision.options if isinstance(o, EndRound)), None)
