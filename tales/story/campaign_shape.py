"""The campaign's shape: the prologue read before its first scenario, the
epilogue after its last, the resolution read when every investigator is
defeated, and the words that say how a campaign ended.

The Innsmouth campaign guide (reference/003) is the model: "If no
resolution was reached (each investigator was defeated): Proceed to
Resolution 1" continues the campaign where the storybook says so, and "The
investigators lose the campaign" is an ending of its own.
"""

from __future__ import annotations

from tales.errors import StoryExpressionError
from tales.rules.decisions import EventSink, Proc
from tales.rules.table import Table
from tales.story import branching
from tales.story.conditions import evaluate, render
from tales.story.effects import kind_of
from tales.story.interlude import play_interlude
from tales.story.interpreter import MAX_READS, Book, StoryRead, StoryWarning
from tales.story.model import Interlude, Tale
from tales.story.state import StoryState

LOST = "the investigators lose the campaign"
COMPLETE = "the campaign is complete"


def is_campaign(tale: Tale) -> bool:
    """A tale played as a campaign: two or more scenarios, or a prologue or an
    epilogue. Its end is written as a final sheet; a lone scenario's is not."""
    return len(tale.scenarios) > 1 or any(i.before or i.epilogue for i in tale.interludes.values())


def prologue_of(tale: Tale, scenario: str) -> Interlude | None:
    """The interlude read before ``scenario`` (``before:``): the campaign's prologue."""
    return next((i for i in tale.interludes.values() if i.before == scenario), None)


def after_of(tale: Tale, scenario: str) -> list[Interlude]:
    """The interludes read after ``scenario`` (and before the next)."""
    return [i for i in tale.interludes.values() if i.after == scenario]


def epilogues(tale: Tale) -> list[Interlude]:
    """The interludes read once the last scenario ends (``epilogue: true``)."""
    return [i for i in tale.interludes.values() if i.epilogue]


def read_interludes(interludes: list[Interlude], state: StoryState, sink: EventSink) -> Proc[None]:
    """Each interlude with the campaign's log, counters and shuffled sets but
    paragraphs read of its own: its numbers may repeat a scenario's."""
    for interlude in interludes:
        if state.lost:
            return
        memory = StoryState(
            log=state.log, counters=state.counters, shuffles=state.shuffles, lost=state.lost
        )
        yield from play_interlude(interlude, memory, sink)
        state.lost = state.lost or memory.lost


def defeated(table: Table) -> bool:
    """Every investigator defeated: no player is left at the table."""
    return table.ended != "" and not table.players()


def read_defeat(table: Table, book: Book) -> None:
    """The scenario's ``on_defeat`` resolution, read once every investigator
    is defeated: the table is put away, so only what it writes in the
    campaign (log, counters, ``lose_campaign``) is kept; it goes on by its
    ``goto`` (conditional or not)."""
    number = book.book.on_defeat
    state, reads = book.state, 0
    while number is not None and reads < MAX_READS and not state.lost:
        reads += 1
        paragraph = book.book.paragraphs[number]
        first = number not in state.visited
        state.visited.add(number)
        table.emit(StoryRead(number, _text(table, book, number, paragraph.text)))

        def holds(condition: str, at: int = number) -> bool:
            try:
                return evaluate(condition, book.context(table, None))
            except StoryExpressionError as error:  # a storybook bug shows, play goes on
                table.emit(StoryWarning(at, str(error)))
                return False

        effects = (*paragraph.effects, *(paragraph.first_time if first else ()))
        for effect in branching.applying(effects, holds):
            record = kind_of(effect.kind).record
            if record is not None:
                record(state, table.sink, effect)
        number = branching.goto(paragraph, holds)


def _text(table: Table, book: Book, number: int, source: str) -> str:
    try:
        return render(source, book.context(table, None)).strip() if source else ""
    except StoryExpressionError as error:
        table.emit(StoryWarning(number, str(error)))
        return "[This paragraph's text could not be shown.]"


def ending_words(table: Table, book: Book, last: bool) -> str:
    """How a campaign that goes no further ended, as its final sheet says."""
    if book.state.lost:
        return LOST
    if last and (table.players() or book.book.on_defeat is not None):
        return COMPLETE
    if not table.players():
        return f"the campaign ends: {table.ended or 'every investigator is dead'}"
    return "the campaign ends: no one is left to take a fallen investigator's seat"


__all__ = [
    "COMPLETE",
    "LOST",
    "after_of",
    "defeated",
    "ending_words",
    "is_campaign",
    "prologue_of",
    "read_defeat",
    "read_interludes",
]
