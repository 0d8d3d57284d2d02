"""The goal-directed bot's map of a storybook: what leads where, behind which
keywords and items, and what each paragraph grants.

Built once per storybook (:func:`story_map`) from the same ``targets``,
``grants`` and ``leads`` the effect registry declares for ``tales check`` and
``tales graph``; a decision then only asks how far each paragraph stands
from the goals still open, a search over that fixed map, remembered until
the table's facts change.
"""

from __future__ import annotations

import heapq
import itertools
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tales.authoring.grants import _Wild
from tales.errors import StoryExpressionError
from tales.rules.scenario import Scenario
from tales.story.conditions import FUNCTIONS, VALUES, called_with, evaluate
from tales.story.effects import kind_of
from tales.story.model import Effect, OptionDef, Paragraph
from tales.story.view import TableView

FAR = 10_000  # a paragraph from which no open goal can be reached
# A goal's head start: the true ending first, then what opens the way to it
# (keywords, items, paragraphs its gates ask for), the objectives, then any
# unread paragraph.
ENDING, NEEDED, OBJECTIVE, UNREAD = 0, 8, 8, 30
_NEGATED = re.compile(
    r"not\s+(keyword|item|clue|objective|information|visited|revealed)"
    r"\(\s*['\"]?([^'\")]+)['\"]?\s*\)"
)

_FACTS = ("keyword", "item", "clue", "objective", "information", "visited", "revealed")
Fact = tuple[str, str]  # ("keyword", "PASSWORD"), ("item", "sledge"), ("objective", ...)


@dataclass(frozen=True, slots=True)
class Step:
    """One edge of the map: reading ``source`` may lead to ``target`` once
    every fact in ``needs`` holds."""

    source: int
    target: int
    needs: frozenset[Fact]
    condition: str | None = None
    facts: tuple[Fact, ...] = ()  # every fact the gate names


def requirements(condition: str | None) -> frozenset[Fact]:
    """The facts a gate asks for (not those it asks to be absent)."""
    if not condition:
        return frozenset()
    absent = {(m.group(1), m.group(2).strip()) for m in _NEGATED.finditer(condition)}
    asked = {
        (function, str(argument))
        for function in _FACTS
        for argument in called_with(condition, function)
    }
    return frozenset(asked - absent)


def effect_grants(effects: Iterable[Effect]) -> set[Fact]:
    found: set[Fact] = set()
    for effect in effects:
        for kind, value in kind_of(effect.kind).grants(effect):
            found.add(("revealed" if kind == "location" else kind, str(value)))
    return found


def option_grants(option: OptionDef) -> set[Fact]:
    """What taking ``option`` grants when it goes well."""
    outcome = option.success if option.test is not None else None
    return effect_grants(outcome.effects) if outcome else set()


@dataclass
class StoryMap:
    paragraphs: Mapping[int, Paragraph]
    scenario: Scenario
    steps: list[Step] = field(default_factory=list)
    grants: dict[int, set[Fact]] = field(default_factory=dict)  # paragraph -> facts
    endings: tuple[int, ...] = ()
    true_ending: int | None = None
    needed: frozenset[Fact] = frozenset()  # facts the gates toward the true ending ask
    wanted: frozenset[Fact] = frozenset()  # those, and every objective
    gates: frozenset[Fact] = frozenset()  # every fact a gate asks
    obtainable: frozenset[Fact] = frozenset()  # every fact the story can make true
    _incoming: dict[int, list[Step]] = field(default_factory=dict)
    _memo: dict[object, dict[int, int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for number, paragraph in self.paragraphs.items():
            self._add_paragraph(number, paragraph)
        for step in self.steps:
            self._incoming.setdefault(step.target, []).append(step)
        self.endings = tuple(sorted(n for n, p in self.paragraphs.items() if p.end))
        self.true_ending = self._choose_true_ending()
        if self.true_ending is not None:
            self.needed = self._needed_for(self.true_ending)
        objectives = {f for granted in self.grants.values() for f in granted if f[0] == "objective"}
        self.wanted = self.needed | objectives
        self.gates = frozenset(fact for step in self.steps for fact in step.facts)
        self.obtainable = frozenset(f for granted in self.grants.values() for f in granted)

    def _needed_for(self, ending: int) -> frozenset[Fact]:
        """What the gates on the ways to ``ending`` ask for, and what the gates
        on the ways to those paragraphs ask for in turn (the hymn that sings
        the Warden down, whose defeat opens the haul), until nothing is added."""
        needed: set[Fact] = set()
        targets = {ending}
        while True:
            toward = self.distances(dict.fromkeys(targets, 0), lambda step: True)
            needed |= {f for step in self.steps if step.target in toward for f in step.needs}
            more = {int(v) for k, v in needed if k == "visited" and v.isdecimal()} - targets
            if not more:
                return frozenset(needed)
            targets |= more

    def _add_paragraph(self, number: int, paragraph: Paragraph) -> None:
        granted = effect_grants((*paragraph.effects, *paragraph.first_time))
        for branch in paragraph.branches:
            self._step(number, branch.goto, branch.condition)
        if paragraph.goto is not None:
            self._step(number, paragraph.goto, None)
        for option in paragraph.options:
            granted |= option_grants(option)
            for target in self.option_targets(option):
                self._step(number, target, option.condition)
        for choice in paragraph.choices:
            granted |= effect_grants(choice.outcome.effects)
            if choice.outcome.goto is not None:
                self._step(number, choice.outcome.goto, choice.condition)
        for effect in (*paragraph.effects, *paragraph.first_time):
            for target in self._effect_targets(effect):
                self._step(number, target, effect.condition)
        self.grants[number] = granted | {("visited", str(number))}

    def option_targets(self, option: OptionDef) -> list[int]:
        """Where taking ``option`` may lead: its paragraphs, and where the
        effects of its outcomes lead (a revealed location's scene...)."""
        found = option.targets()
        for outcome in (option.success, option.failure):
            for effect in outcome.effects if outcome else ():
                found += self._effect_targets(effect)
        return found

    def _effect_targets(self, effect: Effect) -> list[int]:
        """Where an effect leads: the paragraph it reads, the scene a revealed
        location reads, an encounter's narratives."""
        found = [lead] if (lead := kind_of(effect.kind).leads(effect)) is not None else []
        if effect.kind == "reveal":
            location = self.scenario.locations.get(str(effect.value))
            found += [location.paragraph] if location and location.paragraph else []
        if effect.kind == "encounter":
            card = self.scenario.encounters.get(str(effect.value))
            if card is not None:
                found += [n for n in (card.defeated, card.round_end) if n is not None]
        return found

    def _step(self, source: int, target: int, condition: str | None) -> None:
        if target in self.paragraphs:
            named = tuple(
                (function, argument)
                for function in _FACTS
                for argument in (called_with(condition, function) if condition else ())
            )
            self.steps.append(Step(source, target, requirements(condition), condition, named))

    def _choose_true_ending(self) -> int | None:
        """The ending the story makes hardest to reach: the one farthest from
        the introduction and the scenes (an ending read by the clock or by
        leaving is near); ties go to the one granting the most."""
        if not self.endings:
            return None
        starts = {n: 0 for n in self._entry_points()}
        depth = self._forward(starts)
        return max(
            self.endings,
            key=lambda n: (depth.get(n, -1), len(self.grants.get(n, ())), -n),
        )

    def _entry_points(self) -> set[int]:
        board = self.scenario.board
        points = {n for n in board.spaces if n is not None}
        points |= {t.paragraph for t in board.thresholds}
        points |= {
            loc.paragraph for loc in self.scenario.locations.values() if loc.paragraph is not None
        }
        return {n for n in points if n in self.paragraphs} or {min(self.paragraphs)}

    def _forward(self, starts: dict[int, int]) -> dict[int, int]:
        outgoing: dict[int, list[int]] = {}
        for step in self.steps:
            outgoing.setdefault(step.source, []).append(step.target)
        depth, frontier = dict(starts), list(starts)
        while frontier:
            nxt = []
            for number in frontier:
                for target in outgoing.get(number, ()):
                    if target not in depth:
                        depth[target] = depth[number] + 1
                        nxt.append(target)
            frontier = nxt
        return depth

    def distances(
        self, goals: Mapping[int, int], passable: Callable[[Step], bool]
    ) -> dict[int, int]:
        """Each paragraph's cost to the nearest goal (its head start plus the
        steps), walking back along the steps whose gates ``passable`` opens."""
        cost = dict(goals)
        queue = [(c, n) for n, c in goals.items()]
        heapq.heapify(queue)
        while queue:
            here, number = heapq.heappop(queue)
            if here > cost.get(number, FAR):
                continue
            for step in self._incoming.get(number, ()):
                if here + 1 < cost.get(step.source, FAR) and passable(step):
                    cost[step.source] = here + 1
                    heapq.heappush(queue, (here + 1, step.source))
        return cost

    def remembered(
        self,
        key: object,
        goals: Callable[[], Mapping[int, int]],
        passable: Callable[[Step], bool],
    ) -> dict[int, int]:
        """:meth:`distances`, kept while ``key`` (the facts that decide it) is the same."""
        if key not in self._memo:
            if len(self._memo) > 64:
                self._memo.clear()
            self._memo[key] = self.distances(goals(), passable)
        return self._memo[key]


_MAPS: dict[int, tuple[Scenario, StoryMap]] = {}


def story_map(paragraphs: Mapping[int, Paragraph], scenario: Scenario) -> StoryMap:
    """The map of the storybook in play, built once per scenario and process."""
    held = _MAPS.get(id(scenario))
    if held is None or held[0] is not scenario:
        held = (scenario, StoryMap(paragraphs, scenario))
        _MAPS[id(scenario)] = held
    return held[1]


def holds(fact: Fact, view: TableView) -> bool:
    """Whether ``fact`` is already true at the table."""
    kind, value = fact
    if kind == "keyword":
        return view.keyword_validated(value)
    if kind == "item":
        return any(inv.item(value) is not None for inv in view.investigators.values())
    if kind in ("location", "revealed"):
        return value in view.revealed
    if kind == "visited":
        return value.isdecimal() and view.was_read(int(value))
    return value in view.found.get(kind, frozenset())


def head_start(facts: Iterable[Fact], chart: StoryMap) -> int:
    """The head start of a goal that grants ``facts`` (all still unmet)."""
    return NEEDED if any(fact in chart.needed for fact in facts) else OBJECTIVE


def costs(chart: StoryMap, view: TableView) -> dict[int, int]:
    """How far each paragraph stands from the goals still open at this table."""
    unmet = frozenset(fact for fact in chart.wanted if not holds(fact, view))
    unread = tuple(n for n in chart.paragraphs if not view.was_read(n))
    held = frozenset(fact for fact in chart.gates if holds(fact, view))

    def goals() -> dict[int, int]:
        found = dict.fromkeys(unread, UNREAD)
        for number, granted in chart.grants.items():
            if granted & unmet:
                found[number] = head_start(granted & unmet, chart)
        if chart.true_ending is not None:
            found[chart.true_ending] = ENDING
        return found

    return chart.remembered(
        (unmet, unread, held), goals, lambda step: gate_open(step, held, chart.obtainable)
    )


_GATES: dict[tuple[str, frozenset[Fact], frozenset[Fact]], bool] = {}
_MAX_FREE = 8  # more facts than this in one gate: assume it can open
_OPTIMIST = _Wild(True)  # a number the bot cannot foresee (the time, tokens): it may come


def gate_open(step: Step, held: frozenset[Fact], obtainable: frozenset[Fact]) -> bool:
    """Whether the step's gate can hold: the facts true now are true, those
    the story can still make true are tried both ways, and the clock and the
    tokens are hoped for."""
    if step.condition is None:
        return True
    truth = frozenset(fact for fact in step.facts if fact in held)
    free = frozenset(f for f in step.facts if f not in held and f in obtainable)
    key = (step.condition, truth, free)
    if key not in _GATES:
        _GATES[key] = len(free) > _MAX_FREE or any(
            _holds_with(step.condition, truth | set(chosen))
            for size in range(len(free) + 1)
            for chosen in itertools.combinations(sorted(free), size)
        )
    return _GATES[key]


def _holds_with(condition: str, truth: frozenset[Fact]) -> bool:
    context: dict[str, Any] = dict.fromkeys(VALUES, _OPTIMIST)
    for function in FUNCTIONS:
        context[function] = _asker(function, truth)
    try:
        return evaluate(condition, context)
    except StoryExpressionError:  # an odd gate gets the benefit of the doubt
        return True


def _asker(function: str, truth: frozenset[Fact]) -> Callable[..., Any]:
    if function not in _FACTS:
        return lambda *args: _OPTIMIST  # the campaign log and counters: hope
    return lambda argument: (function, str(argument)) in truth
