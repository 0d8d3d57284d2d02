"""The Travel Guide's rulings: every point its rulebook leaves open, as data.

The texts live in ``storybooks/guide/rulings.yaml`` and are rendered into
``docs/guide.md`` by :func:`render_rulings`; the rules read only values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

# One shape of ruling for both games: the Travel Guide's are all readings.
from tales.rules.rulings import Ruling

__all__ = ["Ruling", "Rulings", "render_rulings"]


@dataclass(frozen=True, slots=True)
class Rulings:
    rulings: Mapping[str, Ruling] = field(default_factory=dict)

    def value(self, ruling_id: str) -> object:
        try:
            return self.rulings[ruling_id].default
        except KeyError:
            raise KeyError(f"no Travel Guide ruling named {ruling_id!r}") from None


def render_rulings(rulings: Rulings) -> str:
    """The rulings as Markdown sections, in the order the data lists them."""
    parts: list[str] = []
    for ruling in rulings.rulings.values():
        parts.append(f"\n### `{ruling.id}`: {ruling.title}\n")
        parts.append(f"\n**Default:** `{ruling.default}`\n")
        parts.append(f"\n{ruling.rationale}\n")
        if ruling.rulebook:
            parts.append(f"\n> Rulebook: {ruling.rulebook}\n")
    return "".join(parts)
