"""The errors ``tales`` raises on purpose.

Every error a user can cause is a :class:`TalesError`; the command line turns
those into one clear message and an exit code, never a traceback. Messages are
full sentences that quote the offending input with ``!r``.
"""

from __future__ import annotations


class TalesError(Exception):
    """Base class of every error a user or an author can cause."""


class IllegalInput(TalesError, ValueError):
    """An input that is not among the legal options of the pending decision.

    The engine raises it before changing anything, so the game goes on.
    """


class RulesError(TalesError, ValueError):
    """A rules call that breaks the rulebook (spending tokens one lacks...)."""


class ContentError(TalesError):
    """Storybook or core content that cannot be loaded; carries every problem."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


class OptionIdError(TalesError, ValueError):
    """Text that is not the id of any option (see :func:`tales.rules.options.parse_option`)."""
