"""Rulings: every point the rulebook leaves open, as named data.

The texts live in ``storybooks/core/rulings.yaml``; the engine only needs
each ruling's value, looked up by id. A ruling whose value is ``True`` or
``False`` is a switch a group may flip; the rest record a fixed reading.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Ruling:
    id: str
    title: str
    default: object
    rationale: str
    rulebook: str = ""  # the rulebook's words, where it speaks


@dataclass(frozen=True, slots=True)
class Rulings:
    """The rulings in force: their defaults, with any overrides applied."""

    rulings: Mapping[str, Ruling] = field(default_factory=dict)
    overrides: Mapping[str, object] = field(default_factory=dict)

    def value(self, ruling_id: str) -> object:
        if ruling_id in self.overrides:
            return self.overrides[ruling_id]
        if ruling_id in self.rulings:
            return self.rulings[ruling_id].default
        raise KeyError(f"no ruling named {ruling_id!r}")

    def flag(self, ruling_id: str, default: bool = True) -> bool:
        """A switch ruling; ``default`` when the ruling is not loaded at all,
        so the pure engine also runs on bare test fixtures."""
        if ruling_id not in self.overrides and ruling_id not in self.rulings:
            return default
        return bool(self.value(ruling_id))

    def with_overrides(self, **values: object) -> Rulings:
        """``rulings.with_overrides(explosions_optional=False)``: ids use ``-``
        in data and ``_`` here."""
        merged = {**self.overrides, **{k.replace("_", "-"): v for k, v in values.items()}}
        return Rulings(self.rulings, merged)
