"""The goal-directed bot's map of a storybook: what leads where, behind which
keywords and items, and what each paragraph grants.

Built once per storybook (:func:`story_map`) from the same ``targets``,
``grants`` and ``leads`` the effect registry declares for ``tales check`` and
``tales graph``, with what a location leads to (its scene, then its
``on_enter`` inside; ``by_story`` connections) and where the story moves
someone (``move``) as steps. A decision then only asks how far each
paragraph stands from the goals still open, a search over that fixed map,
remembered until the table's facts or the hour change. The clock is tried
hour by hour from now to the board's end (:class:`Clock`): a window ahead is
a place to be in time, a window passed is shut, and the true ending's
deadline (:meth:`StoryMap.closing`) calls the team to it.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from tales.authoring.endbound import ending_bound, falls_to
from tales.authoring.gates import (
    Clock,
    Fact,
    Step,
    gate_open,
    grant_may_hold,
    holds_given,
    requirements,
)
from tales.authoring.supposing import named_facts
from tales.rules.scenario import Scenario
from tales.story.effects import kind_of
from tales.story.model import ChoiceDef, Effect, OptionDef, Paragraph
from tales.story.view import TableView

# The gates live in gates.py; these names are kept importable from here.
__all__ = ["Clock", "Fact", "Step", "gate_open", "grant_may_hold", "requirements"]

FAR = 10_000  # a paragraph from which no open goal can be reached
FOCUS = 7  # hours before the true ending's deadline when the team stops exploring
FIGHT = 6  # the steps an encounter's defeat is worth: a way round it is taken first
SHUT = 12  # what passing a gate still shut costs: what opens it is sought first
# A goal's head start: the true ending first, then what opens the way to it
# (keywords, items, paragraphs its gates ask for), the objectives, then any
# unread paragraph.
ENDING, NEEDED, OBJECTIVE, UNREAD = 0, 8, 8, 30
_MOVING = frozenset(
    {"move", "move_group", "drive", "move_vehicle", "board", "leave_vehicle", "remove_barrier"}
)


_CARRIED = ("drive", "move_vehicle")  # a vehicle takes those aboard to ``to``


def _destination(effect: Effect) -> str:
    """The location an effect stands someone on or reveals."""
    if effect.kind in _CARRIED and isinstance(effect.value, dict):
        return str(effect.value.get("to", ""))
    return str(effect.value)


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
    first_grants: dict[int, set[Fact]] = field(default_factory=dict)  # only on its first reading
    # What a paragraph grants only under an effect's own condition, by paragraph.
    guarded: dict[int, list[tuple[str, set[Fact]]]] = field(default_factory=dict)
    endings: tuple[int, ...] = ()
    true_ending: int | None = None
    needed: frozenset[Fact] = frozenset()  # facts the gates toward the true ending ask
    wanted: frozenset[Fact] = frozenset()  # those, and every objective
    gates: frozenset[Fact] = frozenset()  # every fact a gate asks
    obtainable: frozenset[Fact] = frozenset()  # every fact the story can make true
    movers: frozenset[int] = frozenset()  # stand someone elsewhere or open a way (a bar lifted)
    bound: frozenset[int] = frozenset()  # ways out that read an ending whatever is chosen
    exit_needs: frozenset[Fact] = frozenset()  # what their gates into the true ending ask
    _incoming: dict[int, list[Step]] = field(default_factory=dict)
    _fought: set[int] = field(default_factory=set)  # an encounter's "defeated" paragraphs
    # By board, difficulty and target (None: the true ending).
    _closing: dict[tuple[int, str, int | None], int] = field(default_factory=dict)
    _memo: dict[object, dict[int, int]] = field(default_factory=dict)
    _needs: dict[int, frozenset[Fact]] = field(default_factory=dict)  # by aimed paragraph

    def __post_init__(self) -> None:
        for number, paragraph in self.paragraphs.items():
            self._add_paragraph(number, paragraph)
        self._add_places()
        for step in self.steps:
            self._incoming.setdefault(step.target, []).append(step)
        self.endings = tuple(sorted(n for n, p in self.paragraphs.items() if p.end))
        self.bound = ending_bound(self.paragraphs, frozenset(self.endings))
        self.true_ending = self._choose_true_ending()
        self.exit_needs = frozenset(
            f
            for s in self.steps
            if s.source in self.bound and s.target == self.true_ending
            for f in s.needs
        )
        if self.true_ending is not None:
            self.needed = self._needed_for(self.true_ending)
        objectives = {f for granted in self.grants.values() for f in granted if f[0] == "objective"}
        self.wanted = self.needed | objectives
        self.gates = frozenset(fact for step in self.steps for fact in step.facts)
        self.obtainable = frozenset(f for granted in self.grants.values() for f in granted)
        self.movers = frozenset(
            number
            for number, paragraph in self.paragraphs.items()
            if any(effect.kind in _MOVING for effect in paragraph.effects)
        )

    def wanted_for(self, paragraph: int) -> frozenset[Fact]:
        """What the gates on the ways to ``paragraph`` ask for, and every
        objective: the goals of a bot aimed at it."""
        return self.needed_for(paragraph) | (self.wanted - self.needed)

    def gate_needs(self, paragraph: int) -> frozenset[Fact]:
        """What the gates of the steps straight into ``paragraph`` ask for."""
        return frozenset(f for step in self._incoming.get(paragraph, ()) for f in step.needs)

    def needed_for(self, paragraph: int) -> frozenset[Fact]:
        """What the gates on the ways to ``paragraph`` ask for (remembered)."""
        if paragraph not in self._needs:
            self._needs[paragraph] = self._needed_for(paragraph)
        return self._needs[paragraph]

    def _needed_for(self, ending: int) -> frozenset[Fact]:
        """What the gates on the ways to ``ending`` ask for, and what the gates
        on the ways to those paragraphs, and to the paragraphs granting what
        they ask, ask for in turn (the hymn that sings the Warden down, whose
        defeat opens the haul; the figure beaten before the light is changed,
        whose change the last boat asks), until nothing is added."""
        needed: set[Fact] = set()
        targets = {ending}
        while True:
            toward = self.distances(dict.fromkeys(targets, 0), lambda step: True)
            needed |= {f for step in self.steps if step.target in toward for f in step.needs}
            more = {int(v) for k, v in needed if k == "visited" and v.isdecimal()}
            more |= {n for n, granted in self.grants.items() if granted & needed}
            more -= targets
            if not more:
                return frozenset(needed)
            targets |= more

    def _add_places(self) -> None:
        """A card's outside view leads inside (its ``on_enter`` is read on going
        in), and a ``by_story`` connection leads to the far card's inside: the
        story carries the team there (a boat, the bared flats)."""
        for place in self.scenario.locations.values():
            inside = place.on_enter
            if inside is None:
                continue
            if place.paragraph is not None:
                self._step(place.paragraph, inside, None)
            for slug in place.by_story:
                far = self.scenario.locations.get(slug)
                for target in (far.on_enter, far.paragraph) if far else ():
                    if target is not None:
                        self._step(inside, target, None)

    def _add_paragraph(self, number: int, paragraph: Paragraph) -> None:
        effects = (*paragraph.effects, *paragraph.first_time)
        granted = effect_grants(e for e in effects if e.condition is None)
        guards = [(e.condition, effect_grants((e,))) for e in effects if e.condition]
        self.first_grants[number] = effect_grants(paragraph.first_time) - effect_grants(
            paragraph.effects
        )
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
            for target in self.choice_targets(choice, paragraph):
                self._step(number, target, choice.condition)
        for effect in (*paragraph.effects, *paragraph.first_time):
            for target in self._effect_targets(effect):
                self._step(number, target, effect.condition)
        self.guarded[number] = [(c, facts - granted) for c, facts in guards if facts - granted]
        granted |= {fact for _, facts in guards for fact in facts}
        self.grants[number] = granted | {("visited", str(number))}

    def option_targets(self, option: OptionDef) -> list[int]:
        """Where taking ``option`` may lead: its paragraphs, and where the
        effects of its outcomes lead (a revealed location's scene...)."""
        found = option.targets()
        for outcome in (option.success, option.failure):
            for effect in outcome.effects if outcome else ():
                found += self._effect_targets(effect)
        return found

    def choice_targets(self, choice: ChoiceDef, paragraph: Paragraph) -> list[int]:
        """Where a choice leads: its paragraph (or the paragraph's own
        ``goto``), and where its effects lead (the card it reveals...)."""
        goto = choice.outcome.goto if choice.outcome.goto is not None else paragraph.goto
        found = [goto] if goto is not None else []
        for effect in choice.outcome.effects:
            found += self._effect_targets(effect)
        return found

    def _effect_targets(self, effect: Effect) -> list[int]:
        """Where an effect leads: the paragraph it reads, the scene a revealed
        location reads, the inside (``on_enter``) of a location the story moves
        someone to, an encounter's narratives."""
        found = [lead] if (lead := kind_of(effect.kind).leads(effect)) is not None else []
        if effect.kind in ("reveal", "move", *_CARRIED):
            location = self.scenario.locations.get(_destination(effect))
            for number in (location.paragraph, location.on_enter) if location else ():
                found += [number] if number is not None else []
        if effect.kind == "encounter":
            card = self.scenario.encounters.get(str(effect.value))
            if card is not None:
                found += [n for n in (card.defeated, card.round_end) if n is not None]
                if card.defeated is not None:
                    self._fought.add(card.defeated)
        return found

    def _step(self, source: int, target: int, condition: str | None) -> None:
        if target in self.paragraphs:
            named = named_facts(condition)
            weight = FIGHT if target in self._fought else 1
            step = Step(source, target, requirements(condition), condition, named, weight)
            self.steps.append(step)

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
            number
            for loc in self.scenario.locations.values()
            for number in (loc.paragraph, loc.on_enter)
            if number is not None
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
        self,
        goals: Mapping[int, int],
        passable: Callable[[Step], bool],
        toll: Callable[[Step], int] | None = None,
    ) -> dict[int, int]:
        """Each paragraph's cost to the nearest goal (its head start plus the
        steps), walking back along the steps whose gates ``passable`` opens;
        ``toll`` adds what passing a step costs beyond its weight."""
        cost = dict(goals)
        queue = [(c, n) for n, c in goals.items()]
        heapq.heapify(queue)
        while queue:
            here, number = heapq.heappop(queue)
            if here > cost.get(number, FAR):
                continue
            for step in self._incoming.get(number, ()):
                there = here + step.weight + (toll(step) if toll else 0)
                if there < cost.get(step.source, FAR) and passable(step):
                    cost[step.source] = there
                    heapq.heappush(queue, (there, step.source))
        return cost

    def closing(self, clock: Clock, target: int | None = None) -> int:
        """The true ending's (or ``target``'s) deadline: the last hour at
        which, were the clock stopped there, some way from the scenes still
        reaches it (the cage hauled up at 8 or later, the Sink shut by 10: 10)."""
        key = (clock.last, clock.difficulty, target)
        if key not in self._closing:
            self._closing[key] = self._last_hour(clock, target or self.true_ending)
        return self._closing[key]

    def _last_hour(self, clock: Clock, ending: int | None) -> int:
        if ending is None:
            return clock.last
        starts = self._entry_points() - {ending}
        for hour in reversed(range(1, clock.last + 1)):
            if starts & self._reach_stopped(ending, Clock(hour, hour, clock.difficulty)).keys():
                return hour
        return clock.last

    def _reach_stopped(self, ending: int, stopped: Clock) -> dict[int, int]:
        """What reaches ``ending`` were the clock stopped at ``stopped.now``."""
        return self.distances(
            {ending: 0}, lambda step: gate_open(step, frozenset(), self.obtainable, stopped)
        )

    def remembered(
        self,
        key: object,
        goals: Callable[[], Mapping[int, int]],
        passable: Callable[[Step], bool],
        toll: Callable[[Step], int] | None = None,
    ) -> dict[int, int]:
        """:meth:`distances`, kept while ``key`` (the facts that decide it) is the same."""
        if key not in self._memo:
            if len(self._memo) > 64:
                self._memo.clear()
            self._memo[key] = self.distances(goals(), passable, toll)
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


def costs(
    chart: StoryMap, view: TableView, aim: int | None = None, also: frozenset[Fact] = frozenset()
) -> dict[int, int]:
    """How far each paragraph stands from the goals still open at this table.

    ``aim``: a paragraph to plan toward in the true ending's place (a
    campaign simulation aims each game at one its earlier games never read),
    with what the gates on the way to it ask for, and ``also`` (what the
    clock asks be held when it reads the aim: :mod:`tales.authoring.appointments`);
    once it is read, the usual goals."""
    aimed = aim is not None and aim in chart.paragraphs and not view.was_read(aim)
    target = aim if aimed else chart.true_ending
    wanted = chart.wanted if not aimed or aim is None else chart.wanted_for(aim) | also
    unmet = frozenset(fact for fact in wanted if not holds(fact, view))
    unread = tuple(n for n in chart.paragraphs if not view.was_read(n))
    held = frozenset(fact for fact in chart.gates if holds(fact, view))
    clock = Clock.of(view)
    refused = _refused(chart, view)

    def goals() -> dict[int, int]:
        if target is not None and chart.closing(clock, target) - FOCUS <= clock.now:
            # The target's deadline is near: everyone makes for it now, and
            # for what the way out into it still asks (the objectives); an
            # aim, for whatever its gates still ask (the key and the sledge
            # both carried to the Sink), or it is passed by at the last gate.
            exits = _exit_goals(chart, unmet, refused)
            if aimed and aim is not None:
                exits |= _granting(chart, (chart.gate_needs(aim) | also) & unmet, refused)
            return exits | {target: ENDING}
        # Another ending is never sought (reading it, or a way out that
        # reads one whatever is chosen, ends the game).
        found = {n: UNREAD for n in unread if n not in chart.endings and n not in chart.bound}
        fresh = frozenset(unread)
        for number, granted in chart.grants.items():
            if number in chart.bound:
                continue
            # What a paragraph grants only the first time is not sought there again.
            sought = (granted if number in fresh else granted - chart.first_grants[number]) & unmet
            sought -= refused.get(number, frozenset())
            if sought:
                found[number] = head_start(sought, chart)
        if target is not None:
            found[target] = ENDING
        return found

    def toll(step: Step) -> int:
        # A gate the facts held now do not open (those the story can still
        # grant are hoped for) is passed only after what opens it is found.
        return 0 if gate_open(step, held, frozenset(), clock) else SHUT

    return chart.remembered(
        (target, unmet, unread, held, clock, frozenset(refused.items())),
        goals,
        _passable(chart, held, clock),
        toll,
    )


def _refused(chart: StoryMap, view: TableView) -> dict[int, frozenset[Fact]]:
    """What each paragraph grants only under a condition the log and the
    counters do not meet now (see :func:`grant_may_hold`)."""
    refused: dict[int, frozenset[Fact]] = {}
    for number, guards in chart.guarded.items():
        for condition, facts in guards:
            if not grant_may_hold(condition, view.counters, view.campaign_log):
                refused[number] = refused.get(number, frozenset()) | facts
    return refused


def _exit_goals(
    chart: StoryMap, unmet: frozenset[Fact], refused: Mapping[int, frozenset[Fact]]
) -> dict[int, int]:
    """While the gates of the ways out into the true ending are still shut
    (an objective not yet done), the paragraphs granting what they ask, and
    what the ways to those ask in turn (the Assessor beaten before the Roll
    is burned), with their head start."""
    asked = chart.exit_needs & unmet
    if asked:
        asked |= chart.needed & unmet
    return _granting(chart, asked, refused)


def _granting(
    chart: StoryMap, asked: frozenset[Fact], refused: Mapping[int, frozenset[Fact]]
) -> dict[int, int]:
    """The paragraphs (not ways out) granting some of ``asked``, with their head start."""
    return {
        number: NEEDED
        for number, granted in chart.grants.items()
        if (granted - refused.get(number, frozenset())) & asked and number not in chart.bound
    }


def _passable(chart: StoryMap, held: frozenset[Fact], clock: Clock) -> Callable[[Step], bool]:
    """Whether a step can be taken: its gate can open, and out of a way out
    that reads an ending whatever is chosen, only the branch the facts held
    now choose (see :mod:`tales.authoring.endbound`); nothing out of an ending."""
    now = Clock(clock.now, clock.now, clock.difficulty)
    chosen: dict[int, int | None] = {}
    ends = frozenset(chart.endings)

    def passable(step: Step) -> bool:
        if step.source in ends:  # what an ending reads after it is no goal of play
            return False
        if step.source not in chart.bound:
            return gate_open(step, held, chart.obtainable, clock)
        if step.source not in chosen:
            paragraph = chart.paragraphs[step.source]
            chosen[step.source] = falls_to(paragraph, lambda c: holds_given(c, held, now.now, now))
        return chosen[step.source] == step.target

    return passable
