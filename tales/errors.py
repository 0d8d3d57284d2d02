"""The errors ``tales`` raises on purpose.

Every error a user or an author can cause is a :class:`TalesError`; the
command line turns those into one clear message and an exit code, never a
traceback. Messages are full sentences that quote the offending input with
``!r``. Every error class of ``tales`` is here, so a caller can catch a narrow
one without importing the module that raises it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only named in signatures: `tales --version` need not load it
    from tales.problems import Problem


class TalesError(Exception):
    """Base class of every error a user or an author can cause."""


# The rules ---------------------------------------------------------------------------


class IllegalInput(TalesError, ValueError):
    """An input that is not among the legal options of the pending decision.

    The engine raises it before changing anything, so the game goes on.
    """


class RulesError(TalesError, ValueError):
    """A rules call that breaks the rulebook (spending tokens one lacks...)."""


class FaceError(TalesError, ValueError):
    """A face written in words that do not name a face."""


class OddsError(TalesError, ValueError):
    """A question about odds that names no real test (a negative count, too many dice)."""


# Content -----------------------------------------------------------------------------


class YamlFileError(TalesError):
    """A YAML file that cannot be read or parsed; ``problem`` says where."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        super().__init__(str(problem))


class ContentError(TalesError):
    """Storybook or core content that cannot be loaded; carries every problem."""

    def __init__(self, problems: Sequence[Problem], summary: str = "") -> None:
        self.problems = list(problems)
        super().__init__(summary or "\n".join(map(str, self.problems)))

    @classmethod
    def in_tale(cls, folder: Path, problems: Sequence[Problem]) -> ContentError:
        """A tale that does not load, said in one line: the first error,
        how many more, and the command that lists them all."""
        errors = [p for p in problems if p.severity == "error"] or list(problems)
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        first = f": {errors[0]}{more}" if errors else ""
        return cls(problems, f"{folder} has errors; run 'tales check {folder}'{first}")


class UnknownName(TalesError, ValueError):
    """A scenario (or other thing chosen by name) that the content does not have."""


class UnknownEffect(TalesError):
    """An effect kind no family declares: the loader refuses it, so in play
    it means a storybook built by hand, and it must not pass unnoticed."""


class StoryExpressionError(TalesError):
    """A condition or text that cannot be evaluated."""


class StoryLoop(TalesError):
    """Paragraphs that read each other for ever (``tales check``: E211)."""


# Saves -------------------------------------------------------------------------------


class SaveNameError(TalesError, ValueError):
    """A save name that could leave the saves folder or is not a name at all."""


class SheetError(TalesError):
    """A save sheet that cannot be loaded; ``problems`` lists every reason."""

    def __init__(self, file: Path, problems: Sequence[Problem]) -> None:
        self.problems = sorted(problems)
        listing = "\n".join(f"  {p}" for p in self.problems)
        count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}"
        super().__init__(
            f"the save sheet {file} cannot be loaded ({count}; "
            f"the file is left as it was):\n{listing}"
        )


class SaveFileError(TalesError):
    """A save's file that is not a regular file inside the saves folder (a
    symbolic link, a FIFO, a folder...): it is neither read nor written."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        super().__init__(
            f"{path} {reason}: a save's sheet, backup and journal must be regular files "
            "in the saves folder, so tales neither reads nor writes through it "
            "(the file is left as it is; move it away to go on)"
        )


class NotSaved(TalesError):
    """An input the game played whose save could not be written: the
    events it caused still belong on the screen, with the reason."""

    def __init__(self, events: Sequence[object], reason: str) -> None:
        self.events = tuple(events)
        self.reason = reason
        super().__init__(f"this input was played but could not be saved: {reason}")


class SaveLocked(TalesError):
    """A save another running ``tales`` is writing: one writer per save."""


class RulingError(TalesError, ValueError):
    """A ruling asked for by an id that does not exist, or set to a value it
    cannot take (a switch is true or false)."""


class OptionIdError(TalesError, ValueError):
    """Text that is not the id of any option (see :func:`tales.rules.options.parse_option`)."""


# Limits on what content may ask ------------------------------------------------------


class LimitExceeded(TalesError):
    """Content or a file that goes past one of ``tales``'s limits (a file too
    large, a YAML alias, a number of 5,000 digits...); the message names the limit."""


class UnsafeFile(TalesError):
    """A file that is not what it claims to be: a FIFO, device or folder
    named like a content file, or a symlink leading out of its folder."""


class ClusterError(TalesError):
    """A Dask cluster cannot be used: Dask is not installed, or no scheduler answers."""


# Inside tales only -------------------------------------------------------------------


class NotCompiled(Exception):
    """A condition or text node outside what tales/story/compiled.py turns into
    a closure: the sandbox evaluates it instead. Never reaches a user."""
