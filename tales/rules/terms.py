"""The rulebook's own terms, as enums whose values are the printed words.

Rule terms are written in capitals in the rulebook ("a STRENGTH test", "gain a
DISADVANTAGE token"); the enum values keep that spelling so text round-trips.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum


class Attribute(StrEnum):
    """The six attributes a test can target ("Each test targets one of 6 attributes")."""

    AGILITY = "AGILITY"
    APPEARANCE = "APPEARANCE"
    CONSTITUTION = "CONSTITUTION"
    EDUCATION = "EDUCATION"
    POWER = "POWER"
    STRENGTH = "STRENGTH"


class Track(StrEnum):
    """An investigator's four counted resources."""

    VITALITY = "VITALITY"
    SANITY = "SANITY"
    ENERGY = "ENERGY"
    MAGIC = "MAGIC"


class StatusToken(StrEnum):
    """The status tokens. STRESS, INJURY, PANIC and POISON are cards instead."""

    ADVANTAGE = "ADVANTAGE"
    FOCUS = "FOCUS"
    FORTIFIED = "FORTIFIED"
    DISADVANTAGE = "DISADVANTAGE"
    BLEEDING = "BLEEDING"
    STUNNED = "STUNNED"
    SCARED = "SCARED"
    SURPRISED = "SURPRISED"

    @property
    def positive(self) -> bool:
        return self in _POSITIVE_TOKENS


_POSITIVE_TOKENS = frozenset({StatusToken.ADVANTAGE, StatusToken.FOCUS, StatusToken.FORTIFIED})


class StatusCardKind(StrEnum):
    """The four kinds of status card shuffled into a character deck."""

    STRESS = "STRESS"
    INJURY = "INJURY"
    PANIC = "PANIC"
    POISON = "POISON"


class EventSymbol(StrEnum):
    """The narrative symbols of the red die, in the rulebook's order, worst first.

    "use this hierarchy to choose: skull (worst), then tentacle, then star (best)".
    """

    SKULL = "skull"
    TENTACLE = "tentacle"
    STAR = "star"

    @property
    def rank(self) -> int:
        """0 for the worst symbol (skull), 2 for the best (star)."""
        return list(EventSymbol).index(self)


def article(word: str) -> str:
    """ "an ADVANTAGE token", "a skull"; a name with its own article is left alone (the
    rules' own labels need it too: "shake off an INJURY card")."""
    if word.split(" ", 1)[0] in ("The", "A", "An"):
        return word
    return ("an " if word[:1].upper() in "AEIOU" else "a ") + word


def and_list(words: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C": names told in one sentence."""
    return f"{', '.join(words[:-1])} and {words[-1]}" if len(words) > 1 else "".join(words)
