"""What is wrong with a storybook or a save sheet, and the word that was meant.

One :class:`Problem` type serves the loader, ``tales check`` and the save-sheet
loader alike; :func:`did_you_mean` is the one "did you mean" of ``tales``
(difflib, as click's ``NoSuchOption`` does).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    """One problem at a place in a file.

    Storybook problems carry a rule ``code`` and read
    ``path:line:col: error[CODE]: message``; save-sheet problems carry the
    ``field`` of the sheet instead and read ``path:line:col: field: message``.
    ``source`` is the offending line, when known, printed under the message
    by :meth:`annotated` as Jinja does.
    """

    path: str
    line: int  # 1-based
    col: int  # 1-based
    code: str
    message: str
    severity: str = "error"
    field: str = ""
    source: str = ""

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}:{self.col}: "
        if self.code:
            return f"{where}{self.severity}[{self.code}]: {self.message}"
        named = f"{self.field}: " if self.field else ""
        return f"{where}{named}{self.message}"

    def annotated(self) -> str:
        """The one-line form, then the offending source line indented."""
        shown = self.source.strip()
        return f"{self}\n    {shown}" if shown else str(self)


def close_match(word: str, choices: Iterable[str]) -> str | None:
    """The choice nearest to ``word``, if one is near enough; a match
    ignoring case counts when none matches as written."""
    choices = list(choices)
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    if close:
        return close[0]
    lowered = {choice.lower(): choice for choice in choices}
    close = difflib.get_close_matches(word.lower(), lowered, n=1, cutoff=0.6)
    return lowered[close[0]] if close else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``"; did you mean 'x'?"`` to end a message with, or ``""``."""
    close = close_match(word, choices)
    return f"; did you mean {close!r}?" if close is not None else ""
