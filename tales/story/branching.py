"""Where a paragraph goes on: the one reading of ``if:``, ``choices`` and
``goto`` that scenarios and interludes share.

After its effects, a paragraph with choices asks the group among the open
ones; in a tale that says ``lone_choice: take``, when every choice is closed
but one, that one is taken without asking (there is nothing to decide). A
choice that names no ``goto`` goes on by the paragraph's ``goto``, and so
does a paragraph whose choices are all closed.
A ``goto`` may be a list of ``{if, goto}`` branches with a fallback: the
first branch whose condition holds is read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from tales.rules.decisions import Decision, DecisionKind, Proc
from tales.rules.options import Option
from tales.story.model import Effect, Outcome, Paragraph
from tales.story.options import StoryChoice

Holds = Callable[[str], bool]  # does a condition hold now
# How a choice is asked (prompt, options) -> the chosen option: with a table in
# play, the abilities usable "at any time" are offered beside the choices.
Ask = Callable[[str, tuple[Option, ...]], Proc[Option]]


def _plain_ask(prompt: str, options: tuple[Option, ...]) -> Proc[Option]:
    return (yield Decision(None, DecisionKind.STORY_CHOICE, prompt, options))


def applying(effects: Iterable[Effect], holds: Holds) -> Iterator[Effect]:
    """The effects whose ``if:`` holds, asked one at a time as they come
    (an earlier effect may change what a later one asks)."""
    for effect in effects:
        if effect.condition is None or holds(effect.condition):
            yield effect


def goto(paragraph: Paragraph, holds: Holds) -> int | None:
    """The paragraph read next by ``goto``: the first branch that holds, else the fallback."""
    for branch in paragraph.branches:
        if holds(branch.condition):
            return branch.goto
    return paragraph.goto


def choose(
    paragraph: Paragraph, holds: Holds, lone: bool, ask: Ask = _plain_ask
) -> Proc[tuple[Outcome | None, bool]]:
    """The outcome of the group's choice (None when every choice is closed:
    go on by ``goto``), and whether the group was asked (a reading loop is
    counted between decisions). ``lone``: the tale's ``lone_choice: take``,
    so the group is asked only when two or more choices are open."""
    open_choices = [
        (i, c) for i, c in enumerate(paragraph.choices) if c.condition is None or holds(c.condition)
    ]
    if not open_choices:
        return None, False
    if lone and len(open_choices) == 1 and len(paragraph.choices) > 1:
        return open_choices[0][1].outcome, False  # all closed but one: nothing to decide
    options = tuple([story_choice(i, c.label) for i, c in open_choices])
    choice = yield from ask(f"Paragraph {paragraph.number}: choose", options)
    assert isinstance(choice, StoryChoice)  # the only options offered
    return paragraph.choices[choice.index].outcome, True


# Each choice's option made once, by its value: a paragraph read again offers
# the same objects, their ids already written (a bot asks thousands a second).
_CHOICES: dict[tuple[int, str], StoryChoice] = {}


def story_choice(index: int, label: str) -> StoryChoice:
    made = _CHOICES.get((index, label))
    if made is None:
        if len(_CHOICES) > 65536:  # many tales in one long process
            _CHOICES.clear()
        made = _CHOICES[index, label] = StoryChoice(index, label=label)
    return made


def after_choice(paragraph: Paragraph, outcome: Outcome, holds: Holds) -> int | None:
    """Where a chosen outcome goes on: its own ``goto``, else the paragraph's."""
    return outcome.goto if outcome.goto is not None else goto(paragraph, holds)
