"""Cards: attribute cards, status cards and the Heroism card.

A card is an immutable value with a stable id; where it lies (deck, hand,
play area, discard pile, supply) is the state's business, never the card's.
"""

from __future__ import annotations

from dataclasses import field
from enum import StrEnum

from tales.records import record
from tales.rules.terms import Attribute, StatusCardKind


class CardKind(StrEnum):
    ATTRIBUTE = "attribute"
    STATUS = "status"
    HEROISM = "heroism"


@record
class Card:
    """One physical card.

    ``attribute`` is an attribute card's primary icon; ``dice`` the attributes
    whose tests it adds a white die to; ``action`` whether it shows the Action
    icon (only such cards pay for Actions, Rest and movement).
    """

    id: str
    kind: CardKind
    attribute: Attribute | None = None
    dice: frozenset[Attribute] = frozenset()
    action: bool = False
    status: StatusCardKind | None = None
    # Written on first use, then kept: every keep-cards and test prompt names
    # each card in hand, but most cards of the decks a game builds are never named.
    _name: str = field(default="", init=False, compare=False, repr=False)

    def successes_for(self, attribute: Attribute) -> int:
        """Guaranteed successes in a test of ``attribute``.

        "A guaranteed 1 Success if the card's primary icon (and card title)
        matches the test's attribute." The Heroism card matches every
        attribute (ruling ``heroism-card``).
        """
        if self.kind is CardKind.HEROISM:
            return 1
        return int(self.kind is CardKind.ATTRIBUTE and self.attribute is attribute)

    def dice_for(self, attribute: Attribute) -> int:
        """White dice added to a test of ``attribute`` (never with a success:
        ruling ``card-success-or-die``)."""
        if self.successes_for(attribute):
            return 0
        return int(attribute in self.dice)

    def helps(self, attribute: Attribute) -> bool:
        """Whether playing this card to a test of ``attribute`` does anything
        (ruling ``played-cards-must-help``)."""
        return bool(self.successes_for(attribute) or self.dice_for(attribute))

    @property
    def is_status(self) -> bool:
        return self.kind is CardKind.STATUS

    def __str__(self) -> str:
        name = self._name
        if not name:
            name = self._describe()
            object.__setattr__(self, "_name", name)
        return name

    def _describe(self) -> str:
        if self.kind is CardKind.STATUS:
            return f"{self.status} card"
        if self.kind is CardKind.HEROISM:
            return "Heroism card"
        dice = " and ".join(sorted(a.value for a in self.dice))
        action = "; Action icon" if self.action else ""
        return f"{self.attribute} card (die for {dice}{action})"


def attribute_card(
    card_id: str, attribute: Attribute, dice: frozenset[Attribute], *, action: bool
) -> Card:
    if attribute in dice:
        raise ValueError(f"card {card_id!r} gives a die to its own attribute {attribute}")
    return Card(card_id, CardKind.ATTRIBUTE, attribute=attribute, dice=dice, action=action)


def status_card(kind: StatusCardKind, number: int) -> Card:
    """Status cards have no Action icon: they are played, never discarded for time."""
    return Card(f"{kind.value.lower()}-{number:02d}", CardKind.STATUS, status=kind)


def heroism_card(number: int) -> Card:
    """The solo player's Heroism card (ruling ``heroism-card``: a wild success
    with the Action icon)."""
    return Card(f"heroism-{number}", CardKind.HEROISM, action=True)
