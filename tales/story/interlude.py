"""Interludes: paragraphs read between two scenarios of a campaign.

No table is in play, so an interlude knows only the campaign: its log, its
counters and the paragraphs read; it offers choices to the group and its
effects record or cross out log entries and move counters.
"""

from __future__ import annotations

from tales.errors import StoryLoop
from tales.rules.decisions import Decision, DecisionKind, EventSink, Proc
from tales.story.conditions import evaluate, render
from tales.story.effects import UnknownEffect, kind_of
from tales.story.interpreter import (
    MAX_READS,
    StoryRead,
    StoryState,
    campaign_context,
)
from tales.story.model import Effect, Interlude
from tales.story.options import StoryChoice


def play_interlude(interlude: Interlude, state: StoryState, sink: EventSink) -> Proc[None]:
    yield from _read(interlude, interlude.start, state, sink, 0)


def _read(
    interlude: Interlude, number: int | None, state: StoryState, sink: EventSink, reads: int
) -> Proc[None]:
    while number is not None:
        reads += 1
        if reads > MAX_READS:
            raise StoryLoop(
                f"the interlude {interlude.id!r} reads in a circle at paragraph {number}"
            )
        paragraph = interlude.paragraphs[number]
        first = number not in state.visited
        state.visited.add(number)
        context = campaign_context(state)
        sink.emit(
            StoryRead(number, render(paragraph.text, context).strip() if paragraph.text else "")
        )
        effects = (*paragraph.effects, *(paragraph.first_time if first else ()))
        yield from _apply(interlude, effects, state, sink, reads)
        if paragraph.end:
            return
        open_choices = [
            (i, c)
            for i, c in enumerate(paragraph.choices)
            if c.condition is None or evaluate(c.condition, context)
        ]
        if open_choices:
            options = tuple(StoryChoice(i, label=c.label) for i, c in open_choices)
            choice = yield Decision(
                None, DecisionKind.STORY_CHOICE, f"Paragraph {number}: choose", options
            )
            assert isinstance(choice, StoryChoice)  # the only options offered
            outcome = paragraph.choices[choice.index].outcome
            yield from _apply(interlude, outcome.effects, state, sink, 0)
            number, reads = outcome.goto, 0
            continue
        number = paragraph.goto


def _apply(
    interlude: Interlude,
    effects: tuple[Effect, ...],
    state: StoryState,
    sink: EventSink,
    reads: int,
) -> Proc[None]:
    for effect in effects:
        kind = kind_of(effect.kind)
        lead = kind.leads(effect)
        if not kind.interlude:  # the loader refuses these; never skip one in silence
            raise UnknownEffect(f"{effect.kind!r} needs a scenario in play, not an interlude")
        if lead is not None:
            yield from _read(interlude, lead, state, sink, reads)
        elif kind.record is not None:
            kind.record(state, sink, effect)
