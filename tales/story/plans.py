"""A paragraph's reading worked out once: the interpreter's direct path.

Most paragraphs a group reads between two story choices only mark keywords
or move counters and offer choices that lead to other paragraphs (every
walk of a branching tale is made of them). For such a paragraph everything
that never changes is worked out once per storybook, into a :class:`Plan`:
its text as the event that tells it (plain prose renders the same every
time), its effects bound to steps (:attr:`EffectKind.bind`), each choice's
compiled condition, its option, its outcome's steps and where it leads.
Reading it is then: mark it read, emit the event, run the steps, ask the
open choices, run the chosen one's steps, go on
(:meth:`tales.story.interpreter.Book._read_planned`).

Anything else (a scene's options, an ending, a conditional ``goto``, an
effect with an ``if:``, a ``who`` or a ``count``, any kind without
``bind``, a text that could not be shown) has no plan: the general reading
in the interpreter reads it, as it always has. Both readings give the same
game, event for event (tests/story/test_plans.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tales.errors import StoryExpressionError
from tales.rules.abilities import kept_ability_listing, use_ability
from tales.rules.decisions import Decision, DecisionKind, Proc
from tales.rules.options import Option, UseAbility
from tales.rules.table import Table
from tales.story import branching
from tales.story.compiled import Closure
from tales.story.conditions import condition_closure, render, templated
from tales.story.effects import kind_of
from tales.story.effects.kind import Step
from tales.story.model import Effect, Outcome, Paragraph
from tales.story.options import StoryChoice
from tales.story.story_events import StoryDeadEnd, StoryRead


@dataclass(frozen=True, slots=True)
class PlannedChoice:
    """One choice of a planned paragraph."""

    option: StoryChoice
    condition: str | None  # its ``if:``, None when always open
    # The condition compiled; None with a condition: only the sandbox may ask it.
    closure: Closure | None
    steps: tuple[Step, ...]  # its outcome's effects
    goto: int | None  # where it goes on: its own ``goto``, else the paragraph's
    bit: int  # ``1 << index``: the open choices are asked as a mask of these


@dataclass(frozen=True, slots=True)
class Plan:
    """A paragraph read by the direct path."""

    number: int
    text: str  # the source, rendered each reading when ``read`` is None
    read: StoryRead | None  # plain prose: the event that tells it, made once
    steps: tuple[Step, ...]  # its effects
    first_steps: tuple[Step, ...]  # its effects and its first-time ones
    choices: tuple[PlannedChoice, ...]
    options: tuple[StoryChoice, ...]  # every choice's option: offered when all are open
    prompt: str
    goto: int | None
    conditional: bool  # some choice has an ``if:``: the vocabulary is asked
    full: int  # the mask of every choice (choices_now())
    # Its questions by the listing beside them and the choices open (asking()).
    asked: dict[tuple[int, int], tuple[tuple[Option, ...], Decision]] = field(
        default_factory=dict, compare=False, repr=False
    )
    # The options of the choices open, by their mask (offered()).
    subsets: dict[int, tuple[StoryChoice, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )


class Plans(dict[int, Plan | None]):
    """The plans of one storybook's paragraphs, each made the first time it
    is read (None: read by the general path)."""

    def __init__(self, paragraphs: Mapping[int, Paragraph]) -> None:
        super().__init__()
        self.paragraphs = paragraphs

    def __missing__(self, number: int) -> Plan | None:
        plan = self[number] = plan_of(self.paragraphs[number])
        return plan


# The plans of each storybook read in this process, by its paragraphs'
# mapping (kept beside them, so the id is never another's): games of one
# tale share them.
_PLANS: dict[int, tuple[Mapping[int, Paragraph], Plans]] = {}


def plans_for(paragraphs: Mapping[int, Paragraph]) -> Plans:
    known = _PLANS.get(id(paragraphs))
    if known is not None and known[0] is paragraphs:
        return known[1]
    if len(_PLANS) > 64:  # many tales in one long process
        _PLANS.clear()
    plans = Plans(paragraphs)
    _PLANS[id(paragraphs)] = (paragraphs, plans)
    return plans


def plan_of(paragraph: Paragraph) -> Plan | None:
    """The plan of ``paragraph``, or None when only the general path may read it."""
    if paragraph.options or paragraph.end or paragraph.branches:
        return None
    steps, first = _steps(paragraph.effects), _steps(paragraph.first_time)
    read = _read_event(paragraph)
    if steps is None or first is None or read is False:
        return None
    choices = []
    for index, choice in enumerate(paragraph.choices):
        planned = _choice(index, choice.label, choice.condition, choice.outcome, paragraph.goto)
        if planned is None:
            return None
        choices.append(planned)
    return Plan(
        paragraph.number,
        paragraph.text,
        read if isinstance(read, StoryRead) else None,
        steps,
        steps + first,
        tuple(choices),
        tuple(c.option for c in choices),
        f"Paragraph {paragraph.number}: choose",
        paragraph.goto,
        any(c.condition is not None for c in choices),
        (1 << len(choices)) - 1,
    )


def _choice(
    index: int, label: str, condition: str | None, outcome: Outcome, goto: int | None
) -> PlannedChoice | None:
    steps = _steps(outcome.effects)
    if steps is None:
        return None
    closure = condition_closure(condition) if condition is not None else None
    return PlannedChoice(
        branching.story_choice(index, label),
        condition,
        closure,
        steps,
        outcome.goto if outcome.goto is not None else goto,
        1 << index,
    )


def _steps(effects: Iterable[Effect]) -> tuple[Step, ...] | None:
    """The effects bound to steps, or None if one may not be (it asks who,
    how often or whether, or its kind does more than write)."""
    steps = []
    for effect in effects:
        bind = kind_of(effect.kind).bind
        if bind is None or effect.condition is not None or effect.count != 1:
            return None
        if effect.who != "actor":
            return None
        steps.append(bind(effect))
    return tuple(steps)


def _read_event(paragraph: Paragraph) -> StoryRead | bool | None:
    """The event telling a plain-prose paragraph, made as the general path
    makes it; None for a text to render each time; False for a text that
    cannot be shown (the general path says so each reading)."""
    if templated(paragraph.text):
        return None
    try:
        shown = render(paragraph.text, {}) if paragraph.text else ""
    except StoryExpressionError:
        return False
    return StoryRead(paragraph.number, shown.strip())


# How the general path asks a condition: (table, paragraph, condition, vocabulary) -> holds.
Holds = Callable[[Table, int, str, Mapping[str, Any]], bool]


def open_mask(plan: Plan, table: Table, context: Mapping[str, Any], holds: Holds) -> int:
    """The choices whose ``if:`` holds, as the mask of their bits, asked in
    order as the general path asks them: by the compiled closure, and should
    it fail (or be None), by ``holds``
    (:func:`tales.story.conditions.evaluate`, which gives the same answer or
    the error in the sandbox's words)."""
    mask = 0
    for choice in plan.choices:
        condition = choice.condition
        if condition is not None:
            held: bool | None = None
            if choice.closure is not None:
                try:
                    held = bool(choice.closure(context))
                except Exception:  # the sandbox says what went wrong, in its own words
                    held = None
            if held is None:
                held = holds(table, plan.number, condition, context)
            if not held:
                continue
        mask |= choice.bit
    return mask


def offered(plan: Plan, mask: int) -> tuple[StoryChoice, ...]:
    """The options of the choices in ``mask``, in order: one tuple per mask,
    made once (the plan's own options when every choice is open)."""
    if mask == plan.full:
        return plan.options
    known = plan.subsets.get(mask)
    if known is None:
        if len(plan.subsets) >= 256:  # a paragraph of many choices, met in many states
            plan.subsets.clear()
        known = plan.subsets[mask] = tuple([c.option for c in plan.choices if c.bit & mask])
    return known


def asking(plan: Plan, mask: int, listing: tuple[Option, ...], last: Decision | None) -> Decision:
    """The decision asking the choices of ``plan`` in ``mask`` with
    ``listing`` beside them. It is made once per plan, mask and listing and
    asked again, by every game of the storybook: a Decision is a frozen
    value of its prompt and options, and these never change (the plan is
    the storybook's, the listing a tuple). Kept by the listing's id beside
    the listing itself, so an id is never another's. Never ``last``, the
    decision the game asked before: a prompt knows a new question by a new
    object."""
    key = (id(listing), mask)
    known = plan.asked.get(key)
    if known is not None and known[0] is listing and known[1] is not last:
        return known[1]
    story = offered(plan, mask)
    decision = Decision(
        None, DecisionKind.STORY_CHOICE, plan.prompt, (*story, *listing), leading=len(story)
    )
    if known is None or known[0] is not listing:
        if len(plan.asked) >= 256:  # a plan met beside many listings
            plan.asked.clear()
        plan.asked[key] = (listing, decision)
    return decision


def choices_now(
    plan: Plan, table: Table, context: Mapping[str, Any] | None, holds: Holds, lone: bool
) -> tuple[PlannedChoice | None, int]:
    """A planned paragraph's choices as they stand (``context``: the
    vocabulary, None when no choice has an ``if:``): the one taken without
    asking (all closed but one, ``lone``: the tale's ``lone_choice: take``),
    or the mask of the choices to ask, or neither (0: all closed, a dead end
    told, unless it goes on by ``goto``)."""
    if context is None:  # all open: every choice is asked
        return None, plan.full
    mask = open_mask(plan, table, context, holds)
    if not mask:
        if plan.goto is None:
            table.emit(StoryDeadEnd(plan.number))
        return None, 0
    if lone and not mask & (mask - 1) and len(plan.choices) > 1:
        return plan.choices[mask.bit_length() - 1], 0  # all closed but one: nothing to decide
    return None, mask


def ask_again(
    table: Table, plan: Plan, offered: tuple[Option, ...], used: UseAbility
) -> Proc[tuple[StoryChoice, tuple[Option, ...]]]:
    """An ability ``used`` instead of choosing among ``offered``: it is used,
    and the choice asked again with the abilities usable now beside it, as
    :func:`tales.rules.abilities.ask_at_any_time` asks it: "You may activate
    your Ability at any time, as long as you have the required amount of
    ENERGY". (The first asking is the reading's own,
    :meth:`tales.story.interpreter.Book._read_planned`.)

    The listing the reading offers is kept from one planned paragraph to the
    next: their steps write the Keyword sheet and the story's memory, nothing
    an ability's use depends on. Returns the choice and the listing last
    offered."""
    choice: Option = used
    while True:
        assert isinstance(choice, UseAbility)
        user, target = table.investigator(choice.user), table.investigator(choice.target)
        yield from use_ability(table, user, target)
        listing = kept_ability_listing(table)
        options = (*offered, *listing)
        choice = yield Decision(
            None, DecisionKind.STORY_CHOICE, plan.prompt, options, leading=len(offered)
        )
        if not isinstance(choice, UseAbility):
            assert isinstance(choice, StoryChoice)  # the only other options offered
            return choice, listing
