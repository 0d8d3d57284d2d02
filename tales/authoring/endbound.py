"""Paragraphs that end the game whatever is chosen: a way out whose ``goto``
reads the first ending its facts allow (the books closed if both objectives
are done, the outside let in if the call went through, else the road out).

Reading such a paragraph is not a step toward the ending it names unless
its gate holds at that moment: the bot cannot read it now and earn the
objectives afterwards, because the story falls through to the branch after
it and the game is over. So the goal bot's map follows only the branch the
facts held now choose out of it (:func:`falls_to`), and what it reads on the
way (the prisoners counted out at the exit) is no goal of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from tales.story.model import Paragraph

Opens = Callable[[str], bool]  # whether a gate holds with the facts held now


def ending_bound(paragraphs: Mapping[int, Paragraph], endings: frozenset[int]) -> frozenset[int]:
    """The paragraphs that offer nothing to choose and whose every ``goto``
    (each branch and the fallback) reads an ending or another such paragraph."""
    bound: set[int] = set()
    while True:
        more = {
            number
            for number, paragraph in paragraphs.items()
            if number not in bound
            and number not in endings
            and _falls_only(paragraph, endings | bound)
        }
        if not more:
            return frozenset(bound)
        bound |= more


def _falls_only(paragraph: Paragraph, ends: frozenset[int] | set[int]) -> bool:
    if paragraph.options or paragraph.choices:
        return False
    targets = [branch.goto for branch in paragraph.branches]
    targets += [paragraph.goto] if paragraph.goto is not None else []
    return bool(targets) and all(target in ends for target in targets)


def falls_to(paragraph: Paragraph, opens: Opens) -> int | None:
    """The paragraph its ``goto`` reads now: the first branch whose gate holds
    (the rulebook's order, as the interpreter reads it), else the fallback."""
    for branch in paragraph.branches:
        if opens(branch.condition):
            return branch.goto
    return paragraph.goto
