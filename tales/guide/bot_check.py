"""The sensible bot's artifact play in the threat check: the dice it last saw
and what a careful player does with them.

A die fails below :func:`tales.guide.threat.success_at`: the Manuscript
rerolls exactly the failing dice, the Dagger's +2 goes where it turns the
most failures into successes, the Tiara's 6 to the lowest die.
"""

from __future__ import annotations

from collections.abc import Callable

from tales.guide.check import ThreatDice
from tales.guide.kinds import Kind
from tales.guide.options import DicePick
from tales.guide.terms import Character
from tales.guide.threat import success_at
from tales.guide.view import TableView
from tales.rules.options import Option

Score = Callable[[Option], float]


def last_dice(view: TableView, player: str) -> tuple[int, ...]:
    """The threat dice as the latest roll or artifact left them."""
    for event in reversed(view.said):
        if isinstance(event, ThreatDice) and event.player == player:
            return event.values
    return ()


def dice_score(kind: Kind, values: tuple[int, ...], character: Character | None) -> Score:
    need = success_at(character)

    def score(option: Option) -> float:
        assert isinstance(option, DicePick)
        chosen = [values[i] for i in option.dice if i < len(values)]
        if kind is Kind.REROLL:
            failing = {i for i, v in enumerate(values) if v < need}
            return -float(len(failing.symmetric_difference(option.dice)))
        if kind is Kind.DAGGER:
            return sum(v < need <= v + 2 for v in chosen) - sum(chosen) / 100
        return -float(sum(chosen))  # Tiara: the lowest die becomes a 6

    return score
