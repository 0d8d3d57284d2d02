"""The box's components as frozen values; their contents come from data."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Self

from tales.guide.citymap import CityMap
from tales.guide.errors import NotationError
from tales.guide.geometry import Node
from tales.guide.rulings import Rulings
from tales.guide.terms import (
    Artifact,
    Bonus,
    BonusFace,
    Character,
    Colour,
    GoalMeasure,
    ThreatSide,
)

# "<word or number>:<the rest>", as a die face ("5: red+blue") and a challenge
# cell ("experienced:32") are written; spaces around either part are allowed.
_PAIR = re.compile(r"\s*([^:\s]+)\s*:\s*([^:]*?)\s*")


def _pair(text: str, what: str, example: str) -> tuple[str, str]:
    """The two parts of ``text`` written as ``what`` is, or a one-line
    :class:`NotationError` quoting it with an example."""
    found = _PAIR.fullmatch(text)
    if found is None or not found[2]:
        raise _miswritten(text, what, example)
    return found[1], found[2]


def _miswritten(text: str, what: str, example: str) -> NotationError:
    """The one sentence for a value not written as ``what`` is, with an example."""
    return NotationError(f"{text!r} is not {what}: write it such as {example!r}")


@dataclass(frozen=True, slots=True)
class TouristFace:
    """A tourist die's face: its number and one or two tourists, ``5:red+blue``."""

    number: int
    tourists: tuple[Colour, ...]  # one or two

    @classmethod
    def from_text(cls, text: str) -> Self:
        """The face ``text`` is written as (``str(face)`` reads back the same)."""
        what, example = "a tourist die face (a number and its tourists)", "5: red+blue"
        number, tourists = _pair(text, what, example)
        try:
            return cls(int(number), tuple(Colour(t.strip()) for t in tourists.split("+")))
        except ValueError:  # not a number, or a colour no tourist has
            raise _miswritten(text, what, example) from None

    @property
    def id(self) -> str:
        return f"{self.number}:{'+'.join(t.value for t in self.tourists)}"

    def __str__(self) -> str:
        return self.id


@dataclass(frozen=True, slots=True)
class ChallengeCell:
    """A cell of the solo challenge card: a level and a goal column, ``experienced:32``.

    The one reader of that text: the command line's ``--challenge`` and a
    save's ``challenge`` field both go through :meth:`from_text`."""

    level: str
    goal: int

    @classmethod
    def from_text(cls, text: str) -> Self:
        """The cell ``text`` names, case aside (``str(cell)`` reads back the same)."""
        what, example = "a challenge cell (a level and a goal column)", "experienced:32"
        level, goal = _pair(text.lower(), what, example)
        if not goal.isdigit():
            raise _miswritten(text, what, example)
        return cls(level, int(goal))

    def __str__(self) -> str:
        return f"{self.level}:{self.goal}"


@dataclass(frozen=True, slots=True)
class TouristDie:
    name: str
    faces: tuple[TouristFace, ...]


@dataclass(frozen=True, slots=True)
class RoundBoardSide:
    """Which slots of the 10-slot round track bring a threat symbol.

    Cultists: a threat in every listed slot, its district the pair (odd slot
    = X, even slot = Y). Deep Ones: ``columns`` maps a slot to the column of
    its threat; the fate die written there gives the row.
    """

    side: ThreatSide
    threat_slots: tuple[int, ...]
    columns: Mapping[int, int]


@dataclass(frozen=True, slots=True)
class CacheCard:
    name: str
    caches: frozenset[Node]


@dataclass(frozen=True, slots=True)
class GoalCard:
    name: str
    title: str
    measure: GoalMeasure
    tiers: tuple[tuple[int, int], ...]  # (at least, VP), lowest first

    def points(self, value: int) -> int:
        """The VP of the highest tier reached; 0 below the first."""
        return max((vp for least, vp in self.tiers if value >= least), default=0)


@dataclass(frozen=True, slots=True)
class CharacterCard:
    character: Character
    title: str
    bonuses: tuple[Bonus, ...]
    text: str


@dataclass(frozen=True, slots=True)
class Challenge:
    """The solo challenge card: total VP by difficulty, goal VP across the top."""

    totals: Mapping[str, int]
    goals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Components:
    city: CityMap
    tourist_dice: tuple[TouristDie, ...]
    bonus_die: tuple[BonusFace, ...]
    round_board: Mapping[ThreatSide, RoundBoardSide]
    artifact_deck: tuple[Artifact, ...]  # one colour's seven cards
    artifact_effects: Mapping[Artifact, str]  # the card texts, in the order applied
    deck_colours: tuple[str, ...]
    cache_cards: Mapping[str, CacheCard]
    goals: Mapping[str, GoalCard]
    characters: Mapping[Character, CharacterCard]
    challenge: Challenge
    rulings: Rulings
