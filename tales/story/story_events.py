"""The events the storybook itself emits: a paragraph read, a storybook
mistake met in play, a story that stopped where a decision was meant, and
the exploration rate assessed."""

from __future__ import annotations

from tales.records import record
from tales.rules.events import Event


@record
class StoryRead(Event):
    """A paragraph read, with its text rendered for this game."""

    paragraph: int
    text: str


@record
class InterludeRead(StoryRead):
    """A paragraph of an interlude (a prologue, an epilogue) read: its number
    may repeat a scenario's, so it says whose it is."""

    interlude: str = ""


@record
class StoryWarning(Event):
    """A condition or text that failed in play (a storybook bug)."""

    paragraph: int
    message: str


@record
class StoryDeadEnd(Event):
    """A paragraph offered choices and every one was closed: the story
    stopped where its author meant a decision (``tales simulate`` reports it)."""

    paragraph: int


@record
class ExplorationRated(Event):
    rate: float  # percent
    exact: str  # "p/q"
    consequence: int | None  # the paragraph the rate leads to
