"""Interludes: paragraphs read between two scenarios of a campaign.

No table is in play, so an interlude knows only the campaign: its log, its
counters and the paragraphs read; it offers choices to the group and its
effects record or cross out log entries and move counters. Choices, ``goto``
and ``if:`` are read as in a scenario (:mod:`tales.story.branching`).
"""

from __future__ import annotations

from tales.errors import StoryLoop
from tales.rules.decisions import EventSink, Proc
from tales.story import branching
from tales.story.conditions import evaluate, render
from tales.story.effects import UnknownEffect, kind_of
from tales.story.interpreter import (
    StoryDeadEnd,
    StoryState,
    campaign_context,
    read_bound,
)
from tales.story.model import Effect, Interlude
from tales.story.story_events import InterludeRead


def play_interlude(interlude: Interlude, state: StoryState, sink: EventSink) -> Proc[None]:
    yield from _read(interlude, interlude.start, state, sink, 0)


def _holds(state: StoryState) -> branching.Holds:
    """Conditions asked against the campaign as it is when they are asked."""
    return lambda condition: evaluate(condition, campaign_context(state))


def _read(
    interlude: Interlude, number: int | None, state: StoryState, sink: EventSink, reads: int
) -> Proc[None]:
    holds = _holds(state)
    while number is not None:
        reads += 1
        if reads > read_bound(len(interlude.paragraphs)):
            raise StoryLoop(
                f"the interlude {interlude.id!r} reads in a circle at paragraph {number}"
            )
        paragraph = interlude.paragraphs[number]
        first = number not in state.visited
        state.visited.add(number)
        context = campaign_context(state)
        text = render(paragraph.text, context).strip() if paragraph.text else ""
        sink.emit(InterludeRead(number, text, interlude.id))
        effects = (*paragraph.effects, *(paragraph.first_time if first else ()))
        yield from _apply(interlude, effects, state, sink, reads)
        if paragraph.end or state.lost:  # ``lose_campaign``: nothing more is read
            return
        if paragraph.choices:
            outcome, asked = yield from branching.choose(paragraph, holds, interlude.lone_choice)
            reads = 0 if asked else reads
            if outcome is None and paragraph.goto is None and not paragraph.branches:
                sink.emit(StoryDeadEnd(number))
            if outcome is not None:
                yield from _apply(interlude, outcome.effects, state, sink, reads)
                if state.lost:
                    return
                number = branching.after_choice(paragraph, outcome, holds)
                continue
        number = branching.goto(paragraph, holds)


def _apply(
    interlude: Interlude,
    effects: tuple[Effect, ...],
    state: StoryState,
    sink: EventSink,
    reads: int,
) -> Proc[None]:
    for effect in branching.applying(effects, _holds(state)):
        kind = kind_of(effect.kind)
        lead = kind.leads(effect)
        if not kind.interlude:  # the loader refuses these; never skip one in silence
            raise UnknownEffect(f"{effect.kind!r} needs a scenario in play, not an interlude")
        if lead is not None:
            yield from _read(interlude, lead, state, sink, reads)
        elif kind.record is not None:
            kind.record(state, sink, effect)
