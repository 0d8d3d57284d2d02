"""What a goal bot aimed at one paragraph (:func:`tales.authoring.bots.aimed_at`)
does besides planning toward it: it does not end the game elsewhere while
the aim is still within reach of where it stands (:func:`ends_elsewhere`).

A campaign simulation aims its bots at the paragraphs no earlier game read,
and those are most often one test away from an ending the bot would take
anyway: at the Sink (127) the pass key beaten in with the sledge (183) and
the sledge alone (125) are side by side, and a bot that failed the first
took the second, whose success ends the scenario, before the next round
gave it another try.

An aim only the Event board's narrative reads is kept by an appointment
with the clock instead (:mod:`tales.authoring.appointments`).
"""

from __future__ import annotations

import re

from tales.authoring.lookahead import FAR, StoryMap
from tales.rules.decisions import Decision
from tales.rules.options import Option
from tales.story.model import ChoiceDef, Paragraph
from tales.story.options import StoryChoice, StoryOption
from tales.story.view import TableView

# A choice's option carries only its index; the paragraph it belongs to is
# named in the prompt the story asks it with (tales/story/branching.py and
# plans.py write "Paragraph 127: choose").
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


def ends_elsewhere(
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
    elsewhere = bool(set(targets_of(option, decision, view, chart)) & others)
    if isinstance(option, StoryOption):
        return elsewhere and cost.get(option.scene, FAR) < FAR
    return elsewhere


def targets_of(option: Option, decision: Decision, view: TableView, chart: StoryMap) -> list[int]:
    """The paragraphs a story option or a choice may read (none for the
    rules' own options: a move, a rest)."""
    if isinstance(option, StoryOption):
        return chart.option_targets(view.option(option))
    if isinstance(option, StoryChoice) and (found := choice_of(option, decision, view)):
        return chart.choice_targets(*found)
    return []
