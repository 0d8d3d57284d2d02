"""The Travel Guide's decisions, on the storybook engine's machinery.

A rules procedure is a generator that yields a :class:`Decision` (who
decides, what is asked, the legal typed options) and receives the chosen
option back, so it reads in the rulebook's order. The shared
:class:`~tales.rules.decisions.BaseEngine` runs it and logs the inputs;
only the kinds of question are the guide's own.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar

from tales.rules.decisions import BaseDecision, BaseEngine
from tales.rules.options import Option

R = TypeVar("R")


class Kind(StrEnum):
    """What a decision asks."""

    TAKE_DIE = "take-die"  # phase 1: a round die
    REMOVE_DIE = "remove-die"  # phase 1: a die made unavailable
    DISTRICT = "district"  # phase 2
    ADJUST = "adjust"  # bonus die: Route adjustment
    TOURIST = "tourist"  # a kind of tourist (phase 3 c, the Detective)
    DRAW = "draw"  # phase 4
    SKIP = "skip"  # Deep Ones: skip this threat symbol
    BONUS_SEGMENT = "bonus-segment"  # end of the game: Extra or Diagonal route segment
    REVEAL = "reveal"  # step 3: reveal the next artifact card or stop
    REROLL = "reroll"  # Manuscript
    DAGGER = "dagger"
    TIARA = "tiara"
    HUNT = "hunt"  # Huntress: a threat symbol to erase
    PUNISH = "punish"  # a tie left by the punishment rule
    ROUTE = "route"  # step 1: the final route, the best one offered, any legal one taken


@dataclass(frozen=True, slots=True)
class Decision(BaseDecision[Kind]):
    """A decision of the Travel Guide."""


def _accept_none(option_id: str) -> Option | None:
    return None


@dataclass(frozen=True, slots=True)
class OpenDecision(Decision):
    """A decision that also takes options it does not list (any final route
    the rules allow): ``accept`` returns the option an id names, None for
    text that is no such option, and raises the rule's error for one that
    breaks a rule, so the engine refuses it before anything changes."""

    accept: Callable[[str], Option | None] = field(default=_accept_none, compare=False)

    def get(self, option_id: str) -> Option | None:
        return Decision.get(self, option_id) or self.accept(option_id)


Proc = Generator[Decision, Option, R]
"""A Travel Guide procedure: yields decisions, receives the chosen option, returns R."""


class Engine(BaseEngine[Decision, R]):
    """Runs a Travel Guide procedure; :attr:`inputs` is the game's input log."""
