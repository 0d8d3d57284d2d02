"""Item and Weapon cards, as printed and as held.

"Most Items and all Weapons have a specific number of uses ... When getting a
new card, place Item use markers in number equal to its number of uses."
Use markers come from the box's limited pool (Components Golden Rule), and
go back to it as they are spent.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from tales.records import record
from tales.rules.terms import Attribute

HAND_SLOTS = 2  # "You may wield 2 one-handed weapons simultaneously."
HAND, BACKPACK = "hand", "backpack"


@record
class ItemCard:
    slug: str
    name: str
    kind: str  # "weapon" or "item"
    uses: int
    hands: int = 0  # weapons: 1 (one-handed) or 2 (two-handed)
    attribute: Attribute | None = None  # a weapon's combat test
    damage: int = 0  # a weapon's base damage
    effect: Mapping[str, object] = field(default_factory=dict)
    text: str = ""
    owner: str = ""  # the investigator whose starting item this is
    # The scenario whose cards print it (empty: the box's): two scenarios may
    # print different cards under one slug, and a carried card stays its own.
    origin: str = ""
    # Items bound to this one ("a key bound to its idol"): one leaves, all leave.
    bound: tuple[str, ...] = ()

    @property
    def weapon(self) -> bool:
        return self.kind == "weapon"


@dataclass
class HeldItem:
    """An item card next to an investigator's board, with its use markers."""

    card: ItemCard
    uses: int
    place: str = BACKPACK  # HAND or BACKPACK

    @property
    def slug(self) -> str:
        return self.card.slug

    @property
    def in_hand(self) -> bool:
        return self.place == HAND


def hands_used(items: list[HeldItem]) -> int:
    return sum(i.card.hands for i in items if i.in_hand)


def first_place(items: list[HeldItem], card: ItemCard) -> str:
    """Where a new card goes: "in either hand(s) or in a backpack slot,
    depending on the icon on the card". A weapon takes free hands if there
    are enough, else waits in the backpack (ruling ``backpack``)."""
    if card.weapon and hands_used(items) + card.hands <= HAND_SLOTS:
        return HAND
    return BACKPACK


def equip(items: list[HeldItem], slug: str) -> list[HeldItem]:
    """Take a weapon from the backpack into the hands, putting back into the
    backpack whichever weapons in hand leave too few hands free (the
    latest-equipped stays longest: the list is kept in the order weapons
    were taken in hand). Returns the weapons put away."""
    weapon = next(i for i in items if i.slug == slug)
    items.remove(weapon)
    items.append(weapon)
    put_away: list[HeldItem] = []
    for held in [i for i in items if i.in_hand]:
        if hands_used(items) + weapon.card.hands <= HAND_SLOTS:
            break
        held.place = BACKPACK
        put_away.append(held)
    weapon.place = HAND
    return put_away
