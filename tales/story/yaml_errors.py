"""A YAML syntax error in an author's words, with the fix.

The parser's own message ("expected ',' or '}', but got '<scalar>'") names
what it expected, not what the author wrote wrong. The common mistakes of a
storybook each get a sentence that says what happened and how to fix it;
the parser's words follow in brackets, so nothing it knew is lost. A file
stops at its first syntax error: one problem a file, never a cascade.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

_DUPLICATE = re.compile(r'found duplicate key "(?P<key>[^"]*)"')
_UNCLOSED_HINT = (
    "close it with the same quote, or write a text that holds quotes as a block (text: |)"
)


@dataclass(frozen=True, slots=True)
class Explained:
    """Where to point the author (1-based) and what to tell them."""

    line: int
    col: int
    message: str


def explain(error: Any, text: str = "") -> Explained:
    """``error``: a ruamel :class:`MarkedYAMLError` (duck-typed: its
    ``problem``, ``context`` and their marks); ``text``: the file, to find
    a quote left open on a line before the one the parser stopped at."""
    problem, context = str(error.problem or ""), str(error.context or "")
    at = _mark(error.problem_mark or error.context_mark)
    left_open = _open_quote(text, at[0])
    if left_open is not None and "quoted scalar" not in context:
        # A quoted text may run over lines, so the parser stops only where
        # the next key makes no sense: point at the quote instead.
        return Explained(
            *left_open,
            f"YAML syntax: the quote opened here is not closed on its line, so YAML reads "
            f"on into the lines after it and stops at line {at[0]}; {_UNCLOSED_HINT} "
            f"(the parser says: {(problem or context).split(' with value ')[0]})",
        )
    opened = _mark(error.context_mark) if error.context_mark is not None else at
    # The parser's words, without the values it quotes (a whole paragraph, maybe).
    said = f" (the parser says: {(problem or context).split(' with value ')[0]})"
    if "quoted scalar" in context:
        # Reported where the quote opens: the end of the file tells nothing.
        return Explained(
            *opened,
            "YAML syntax: this quote is never closed, so all that follows reads as one "
            f"text; {_UNCLOSED_HINT}{said}",
        )
    if "flow mapping" in context or "flow sequence" in context:
        brackets = "{...}" if "mapping" in context else "[...]"
        return Explained(
            *at,
            f"YAML syntax: inside the {brackets} opened at line {opened[0]}, a comma or ': ' "
            "in a value starts another entry. Quote a text that holds ': ' or a comma in a "
            'flow mapping, such as {keyword: LAMP, if: \'log("fates", "toasted")\'}' + said,
        )
    if "mapping values are not allowed" in problem:
        return Explained(
            *at,
            "YAML syntax: a ': ' inside a plain text reads as a second key on the line. "
            'Quote the text (text: "Read this: now") or write it as a block (text: |)' + said,
        )
    if "'\\t'" in problem:
        return Explained(
            *at,
            "YAML syntax: a tab indents this line, and YAML indents with spaces only. "
            "Replace the tab with spaces, as many as the lines around it use" + said,
        )
    duplicate = _DUPLICATE.search(problem)
    if duplicate is not None:
        key = duplicate.group("key")
        return Explained(
            *at,
            f'YAML syntax: the key "{key}" is written twice in the same mapping, and the '
            "second would silently replace the first. Keep one (a paragraph's number "
            "once in the tale, a field once in its mapping)" + said,
        )
    return Explained(*at, f"YAML syntax: {problem or context}")


# The codes of a file that could not be read at all: whatever other files
# say about its content is not known to be wrong (no follow-on errors).
UNREADABLE = frozenset({"E001", "E002", "E003", "E004", "E005"})


def unreadable(problems: Any, folder: Any) -> bool:
    """Whether a file under ``folder`` could not be read (``problems``: Problems)."""
    prefix = str(folder).rstrip("/") + "/"
    return any(p.code in UNREADABLE and str(p.path).startswith(prefix) for p in problems)


# A value that opens with a quote: ``key: "...``, ``- "...``.
_QUOTED_VALUE = re.compile(
    r"""^(?:\s*-\s+|\s*[^\s#'"-][^:#]*:\s+|\s*-\s+[^\s#'"][^:#]*:\s+)(["'])"""
)


def _open_quote(text: str, before: int) -> tuple[int, int] | None:
    """The last line before line ``before`` whose value opens a quote it does
    not close on that line, as (line, column of the quote)."""
    found = None
    for number, line in enumerate(text.splitlines()[: before - 1], start=1):
        match = _QUOTED_VALUE.match(line)
        if match is None:
            continue
        quote, rest = match.group(1), line[match.end() :]
        closed = re.search(r'(?<!\\)"' if quote == '"' else r"'(?!')", rest.replace("''", ""))
        found = None if closed else (number, match.end())
    return found


def _mark(mark: Any) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
