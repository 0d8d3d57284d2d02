"""The box's components as frozen values; their contents come from data."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tales.guide.citymap import CityMap
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


@dataclass(frozen=True, slots=True)
class TouristFace:
    number: int
    tourists: tuple[Colour, ...]  # one or two

    @property
    def id(self) -> str:
        return f"{self.number}:{'+'.join(t.value for t in self.tourists)}"


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
