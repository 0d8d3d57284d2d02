"""The closed vocabularies of the Travel Guide, in the rulebook's words."""

from __future__ import annotations

from enum import StrEnum


class Colour(StrEnum):
    """A district's attraction; the first four are also the tourist types."""

    RED = "red"
    GREEN = "green"
    BLUE = "blue"
    PURPLE = "purple"
    YELLOW = "yellow"
    WHITE = "white"


TOURIST_COLOURS: tuple[Colour, ...] = (Colour.RED, Colour.GREEN, Colour.BLUE, Colour.PURPLE)


class Bank(StrEnum):
    """The two parts of the city the Manuxet divides."""

    NORTH = "n"
    SOUTH = "s"

    @property
    def other(self) -> Bank:
        return Bank.SOUTH if self is Bank.NORTH else Bank.NORTH


class Character(StrEnum):
    DETECTIVE = "detective"
    WARLOCK = "warlock"
    COLLECTOR = "collector"
    BOATMAN = "boatman"
    HUNTRESS = "huntress"


class Bonus(StrEnum):
    """The character bonuses a player circles on their board."""

    COORDINATE_CHANGE = "coordinate-change"
    EXTRA_SEGMENT = "extra-segment"
    DIAGONAL_SEGMENT = "diagonal-segment"


class BonusFace(StrEnum):
    """The six faces of the bonus die."""

    BLANK = "blank"
    ROUTE_ADJUSTMENT = "route-adjustment"
    SECRET_ALLEY = "secret-alley"
    NEW_TURN = "new-turn"
    COORDINATE_CHANGE = "coordinate-change"
    ZIGZAG = "zigzag"


class Artifact(StrEnum):
    """Artifact effects, declared in the order they are applied."""

    MANUSCRIPT = "manuscript"
    DAGGER = "dagger"
    AMULET = "amulet"
    TIARA = "tiara"


ARTIFACT_ORDER: tuple[Artifact, ...] = tuple(Artifact)


class ThreatSide(StrEnum):
    """The two sides of the round board."""

    CULTISTS = "cultists"
    DEEP_ONES = "deep-ones"


class GoalMeasure(StrEnum):
    """What a goal card counts on the final route."""

    TURNS = "turns"
    SEGMENTS = "segments"
    DISTRICTS = "districts"
    CACHES = "caches"
    TOURISTS = "tourists"
