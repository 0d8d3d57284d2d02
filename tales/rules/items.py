"""Item and Weapon cards as printed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from tales.rules.terms import Attribute


@dataclass(frozen=True, slots=True)
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

    @property
    def weapon(self) -> bool:
        return self.kind == "weapon"
