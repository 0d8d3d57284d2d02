"""Names for endings in reports: an ending paragraph's opening words.

Paragraphs have no titles of their own; what an author recognises is how the
paragraph begins. Its text is a template, so the name keeps the words of the
first branch of each ``{% if %}`` and drops every tag: nothing of the
storybook is rendered or executed to name it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from tales.story.model import Paragraph

_LATER_BRANCHES = re.compile(r"\{%-?\s*(?:elif|else)\b.*?%\}.*?\{%-?\s*endif\s*-?%\}", re.S)
_TAGS = re.compile(r"\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}", re.S)
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"'\u201d\u2019]?\s")
_ENDING = re.compile(r"the story ends at paragraph (\d+)")
WIDTH = 56


def opening(text: str, width: int = WIDTH) -> str:
    """The first sentence of ``text`` as a reader meets it, cut between words."""
    plain = " ".join(_TAGS.sub("", _LATER_BRANCHES.sub("", text)).split())
    first = _SENTENCE_END.split(plain, maxsplit=1)[0].strip()
    if len(first) <= width:
        return first
    return first[: width - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def ending_paragraph(ending: str) -> int | None:
    """The paragraph a game's ending names, if it ended in the story."""
    found = _ENDING.fullmatch(ending)
    return int(found.group(1)) if found else None


def ending_title(ending: str, paragraphs: Mapping[int, Paragraph]) -> str:
    """How a report names a game's ending: "125 “The grating goes down…”", or
    the rules' own words for an ending outside the story (all dead, stalled)."""
    number = ending_paragraph(ending)
    if number is None or number not in paragraphs:
        return ending[:1].upper() + ending[1:]
    words = opening(paragraphs[number].text)
    return f"{number} “{words}”" if words else f"Paragraph {number}"
