"""The errors the Travel Guide raises on purpose: each a full sentence.

Notation errors quote the bad text with ``!r``; rule errors name the rule
that forbids the move, so a player reads why and can try again.
"""

from __future__ import annotations

from tales.errors import TalesError


class GuideError(TalesError):
    """Base of every error of the Travel Guide a player or an author can cause."""


class NotationError(GuideError, ValueError):
    """Text that is not written in the segment, point or route notation."""


class NoSuchRoadError(GuideError, ValueError):
    """Well-formed notation naming a road the city map does not have."""


class IllegalDrawingError(GuideError, ValueError):
    """Route segments the rules of phase 4 (or a bonus) do not allow."""


class IllegalRouteError(GuideError, ValueError):
    """A final route that breaks the rules of step 1 of the end of the game."""


class IllegalCheckError(GuideError, ValueError):
    """A threat-check choice (artifact target, reroll) the effects do not allow."""


class GuideDataError(GuideError):
    """Components or rulings in ``storybooks/guide`` that cannot be loaded."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))
