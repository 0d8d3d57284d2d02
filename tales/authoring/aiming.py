"""What a goal bot aimed at one paragraph (:func:`tales.authoring.bots.aimed_at`)
does besides planning toward it: it does not end the game elsewhere while
the aim is still within reach of where it stands, and it keeps the clock's
appointments.

A campaign simulation aims its bots at the paragraphs no earlier game read,
and those are most often one test away from an ending the bot would take
anyway: at the Sink (127) the pass key beaten in with the sledge (183) and
the sledge alone (125) are side by side, and a bot that failed the first
took the second, whose success ends the scenario, before the next round
gave it another try.

An aim that only the Event board's narrative reads (the households on their
steps, 173, read at half past eight if the team stands in Federal Street in
the open, the patrol beaten and the households not yet met) is no step
anyone can take: the story map has no way into the clock's paragraph. Its
:class:`ClockPlan` says where to stand when, and what to hold then and not
to have read; the bot gets what it must hold, keeps off what it must not
read, then goes there and ends its rounds until the clock comes round.
"""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass

from tales.authoring.endbound import falls_to
from tales.authoring.lookahead import FAR, StoryMap, holds
from tales.authoring.supposing import Fact, Wild, named_facts, supposed_vocabulary
from tales.errors import StoryExpressionError
from tales.rules.decisions import Decision
from tales.rules.options import EndRound, Move, Option
from tales.story.conditions import analyse, evaluate
from tales.story.model import ChoiceDef, Paragraph
from tales.story.options import StoryChoice, StoryOption
from tales.story.view import TableView

_CHOICE_PROMPT = re.compile(r"Paragraph (\d+):")


def active_aim(aim: int | None, view: TableView) -> int | None:
    """The aim while it is a paragraph of this storybook not yet read."""
    if aim is None or aim not in view.paragraphs or view.was_read(aim):
        return None
    return aim


def choice_of(
    option: StoryChoice, decision: Decision, view: TableView
) -> tuple[ChoiceDef, Paragraph] | None:
    """The storybook's choice a story-choice option stands for, and its paragraph."""
    found = _CHOICE_PROMPT.match(decision.prompt)
    paragraph = view.paragraphs.get(int(found.group(1))) if found else None
    if paragraph is None or option.index >= len(paragraph.choices):
        return None
    return paragraph.choices[option.index], paragraph


def strays(
    option: Option,
    decision: Decision,
    view: TableView,
    chart: StoryMap,
    cost: dict[int, int],
    aim: int | None,
) -> bool:
    """An option or a choice that may read an ending other than the aim (or
    a way out that reads one whatever is chosen), offered where the aim is
    in reach (the scene's, or for a choice the aim is not behind it: leaving
    Laszlo on the grating ends the night; hauling him off does not)."""
    if aim is None:
        return False
    # A way out counts only if it does not fall to the aim now (costs follow
    # the branch the facts held choose: the cut read after the call goes
    # through reads 201, the outside let in).
    others = (set(chart.endings) - {aim}) | {b for b in chart.bound if cost.get(b, FAR) >= FAR}
    if isinstance(option, StoryOption):
        targets = set(chart.option_targets(view.option(option)))
        return bool(targets & others) and cost.get(option.scene, FAR) < FAR
    if isinstance(option, StoryChoice) and (found := choice_of(option, decision, view)):
        return bool(set(chart.choice_targets(*found)) & others)
    return False


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


_PLANS: dict[tuple[int, int], ClockPlan | None] = {}
_OPTIMIST = Wild(True)  # the tokens, the counters: hoped for


def clock_plan(chart: StoryMap, aim: int) -> ClockPlan | None:
    """The plan for an aim the Event board's narrative reads (remembered)."""
    key = (id(chart), aim)
    if key not in _PLANS:
        _PLANS[key] = _first_plan(chart, aim)
    return _PLANS[key]


def _first_plan(chart: StoryMap, aim: int) -> ClockPlan | None:
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
    context = supposed_vocabulary(truth.__contains__, _OPTIMIST)
    context.update(time=space, here=place, group_at=place, group_hidden=False)
    try:
        return evaluate(condition, context)
    except StoryExpressionError:
        return False


def avoids(option: Option, view: TableView, chart: StoryMap, plan: ClockPlan | None) -> bool:
    """An option that may read what the clock's plan asks be unread."""
    if plan is None or not plan.avoid or not isinstance(option, StoryOption):
        return False
    return bool(set(chart.option_targets(view.option(option))) & plan.avoid)


def wait_for(plan: ClockPlan, decision: Decision, view: TableView) -> Option | None:
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
