"""Who rolls and who draws: the source of a table's dice and cards.

pokerkit's ``Automation`` is the model: each chance step of the game is
either done by the program (``digital``) or waits for a person, who says what
the real dice show or which card the real deck gave (``physical``); pokerkit
then verifies a dealt card against the deck, as :mod:`tales.rules.entries`
verifies faces and cards here. The rules call :func:`roll_white`,
:func:`roll_dice` and :func:`draw_card` and never ask which source answers.

A table's choice is part of the game's record: the setup names it, and a
change during play (``dice physical`` at the prompt) is an input in the one
log (:class:`TableSettings`), so undo, saves and replay see it in order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tales.errors import OptionIdError
from tales.records import record
from tales.rules.automation import Source, Tool
from tales.rules.cards import Card
from tales.rules.decisions import Decision, DecisionKind, Proc
from tales.rules.dice import Face
from tales.rules.entries import CardEntry, DiceEntry, Drew, Faces
from tales.rules.events import Event
from tales.rules.investigators import Investigator
from tales.rules.options import Option, option, parse_option
from tales.rules.table import Table

if TYPE_CHECKING:  # teststate rolls through this module
    from tales.rules.teststate import TestState


@option("dice-by")
@record
class DiceBy(Option):
    """From now on the dice are rolled by ``source`` (``dice-by:physical``)."""

    source: Source


@option("cards-by")
@record
class CardsBy(Option):
    """From now on the decks are drawn from by ``source`` (``cards-by:digital``)."""

    source: Source


@option("roll-for-us")
@record
class RollForUs(Option):
    """At a physical table, let the program roll these dice after all."""


@option("draw-for-us")
@record
class DrawForUs(Option):
    """At a physical table, let the program draw this card after all."""


@record
class SourceChanged(Event):
    tool: Tool
    source: Source


_SETTINGS = (DiceBy, CardsBy)
ROLL_FOR_US = RollForUs(label="Let the program roll these dice")
DRAW_FOR_US = DrawForUs(label="Let the program draw this card")


def setting_of(option: Option) -> tuple[Tool, Source] | None:
    """The tool and source a table-setting option chooses; None for any other."""
    if isinstance(option, DiceBy):
        return Tool.DICE, option.source
    if isinstance(option, CardsBy):
        return Tool.CARDS, option.source
    return None


class TableSettings:
    """The engine's hook for inputs that change how the table is run, not the
    game: legal at any decision, logged like any input (see
    :class:`~tales.rules.decisions.BaseEngine`)."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def read(self, option_id: str) -> Option | None:
        """The setting ``option_id`` names, or None. Asked of every input
        played: one (cached) parse and a type check, no error raised and caught."""
        try:
            parsed = parse_option(option_id)
        except OptionIdError:
            return None
        return parsed if isinstance(parsed, _SETTINGS) else None

    def apply(self, option: Option, pending: Decision | None) -> Option | None:
        """Change the source; the option that now answers ``pending`` in its
        place (a roll asked of the players, when the dice become digital)."""
        setting = setting_of(option)
        assert setting is not None  # only settings are passed here
        tool, source = setting
        self.table.automation.set(tool, source)
        self.table.emit(SourceChanged(tool, source))
        if pending is None or source is Source.PHYSICAL:
            return None
        if tool is Tool.DICE and pending.kind is DecisionKind.ENTER_DICE:
            return ROLL_FOR_US
        if tool is Tool.CARDS and pending.kind is DecisionKind.ENTER_CARD:
            return DRAW_FOR_US
        return None

    def claims(self, option: Option) -> bool:
        """By its type: every input is asked, so its id is not written and read back."""
        return isinstance(option, _SETTINGS)  # what setting_of() reads, asked at every input


# The chance steps the rules call ---------------------------------------------------


def roll_white(table: Table, state: TestState, count: int, why: str) -> Proc[tuple[Face, ...]]:
    """``count`` white dice, from the program's stream or the players' hands."""
    white, _ = yield from roll_dice(table, state, count, 0, why)
    return white


def roll_dice(
    table: Table, state: TestState, white: int, red: int, why: str
) -> Proc[tuple[tuple[Face, ...], tuple[Face, ...]]]:
    """White then red dice: the digital stream is drawn in that order, as it
    always was, so a digital game's rolls do not change."""
    if table.automation.dice is Source.PHYSICAL:
        entry = DiceEntry(table.dice, white, red)
        choice = yield Decision(
            state.actor.slug,
            DecisionKind.ENTER_DICE,
            f"{why}: {entry.ask()}",
            (ROLL_FOR_US,),
            state,
            entry=entry,
        )
        if isinstance(choice, Faces):
            return choice.white, choice.red
    rolled_white = tuple(table.dice.roll_white(table.rng) for _ in range(white))
    return rolled_white, tuple(table.dice.roll_red(table.rng) for _ in range(red))


def draw_card(table: Table, inv: Investigator, why: str) -> Proc[Card | None]:
    """The next card of ``inv``'s deck, taken out of it: the top card, or the
    one the player says the real deck gave. None from an empty deck."""
    if not inv.deck:
        return None
    if table.automation.cards is Source.PHYSICAL:
        entry = CardEntry(inv)
        choice = yield Decision(
            inv.slug,
            DecisionKind.ENTER_CARD,
            f"{inv.name} {why}: which card was drawn?",
            (*entry.options(), DRAW_FOR_US),
            entry=entry,
        )
        if isinstance(choice, Drew):
            card = next(c for c in reversed(inv.deck) if c.id == choice.card)
            inv.deck.remove(card)
            return card
    return inv.deck.pop()
