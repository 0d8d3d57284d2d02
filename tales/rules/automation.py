"""Who supplies a table's chance steps: a switch per tool (pokerkit's
``Automation`` flags). Set by the game's setup and by settings played during
it (:mod:`tales.rules.randomness`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Source(StrEnum):
    """Who supplies a chance step: the program or the people at the table."""

    DIGITAL = "digital"
    PHYSICAL = "physical"


class Tool(StrEnum):
    DICE = "dice"
    CARDS = "cards"


@dataclass
class Automation:
    """The table's sources, one per tool; everything else runs the same."""

    dice: Source = Source.DIGITAL
    cards: Source = Source.DIGITAL

    def of(self, tool: Tool) -> Source:
        return self.dice if tool is Tool.DICE else self.cards

    def set(self, tool: Tool, source: Source) -> None:
        if tool is Tool.DICE:
            self.dice = source
        else:
            self.cards = source

    @property
    def all_digital(self) -> bool:
        return self.dice is Source.DIGITAL and self.cards is Source.DIGITAL
