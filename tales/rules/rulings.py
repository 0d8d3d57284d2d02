"""Rulings: every point the rulebook leaves open, as named data.

The texts live in ``storybooks/core/rulings.yaml``. A ruling is either a
*switch*, true or false, that a group may flip and that the engine reads
through :meth:`Rulings.flag`, or a *reading*: a fixed interpretation (dice
faces, what a symbol means) that no group would flip.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import field
from enum import StrEnum

from tales.errors import RulingError
from tales.problems import did_you_mean
from tales.records import record


class RulingKind(StrEnum):
    SWITCH = "switch"  # a group may flip it; the engine reads it with flag()
    READING = "reading"  # a fixed interpretation


@record
class Ruling:
    id: str
    title: str
    default: object
    rationale: str
    rulebook: str = ""  # the rulebook's words, where it speaks
    kind: RulingKind = RulingKind.READING


@record
class Rulings:
    """The rulings in force: their defaults, with a group's overrides applied."""

    rulings: Mapping[str, Ruling] = field(default_factory=dict)
    overrides: Mapping[str, bool] = field(default_factory=dict)
    # Each switch's value once read: flag() is asked at every option list, and
    # neither mapping changes (overriding() makes new Rulings).
    _flags: dict[str, bool] = field(default_factory=dict, init=False, compare=False, repr=False)

    def ruling(self, ruling_id: str) -> Ruling:
        try:
            return self.rulings[ruling_id]
        except KeyError:
            raise RulingError(
                f"there is no ruling {ruling_id!r}{did_you_mean(ruling_id, self.rulings)}"
            ) from None

    def value(self, ruling_id: str) -> object:
        ruling = self.ruling(ruling_id)
        return self.overrides.get(ruling_id, ruling.default)

    def switch(self, ruling_id: str) -> Ruling:
        """The switch ``ruling_id``; an unknown id or a reading is an error."""
        ruling = self.ruling(ruling_id)
        if ruling.kind is not RulingKind.SWITCH:
            switches = [r.id for r in self.switches()]
            raise RulingError(
                f"ruling {ruling_id!r} is a fixed reading, not a switch a group may flip"
                f"{did_you_mean(ruling_id, switches)}"
            )
        return ruling

    def flag(self, ruling_id: str) -> bool:
        """Whether the switch ``ruling_id`` is on; an unknown id or a reading
        is an error, never a silent default."""
        known = self._flags.get(ruling_id)
        if known is not None:
            return known
        ruling = self.switch(ruling_id)  # raises for an unknown id or a reading, saying why
        value = self._flags[ruling_id] = bool(self.overrides.get(ruling_id, ruling.default))
        return value

    def switches(self) -> list[Ruling]:
        return [r for r in self.rulings.values() if r.kind is RulingKind.SWITCH]

    def overriding(self, values: Mapping[str, object]) -> Rulings:
        """These rulings with ``values`` set; each must be a switch and a bool."""
        merged = dict(self.overrides)
        for ruling_id, value in values.items():
            self.switch(ruling_id)
            if not isinstance(value, bool):
                raise RulingError(f"ruling {ruling_id!r} is a switch: true or false, not {value!r}")
            merged[ruling_id] = value
        return Rulings(self.rulings, merged)

    def with_overrides(self, **values: object) -> Rulings:
        """``rulings.with_overrides(explosions_optional=False)``: ids use ``-``
        in data and ``_`` here."""
        return self.overriding({k.replace("_", "-"): v for k, v in values.items()})

    def house_rules(self) -> dict[str, bool]:
        """The overrides that differ from the defaults, by id."""
        return {k: v for k, v in sorted(self.overrides.items()) if v != self.rulings[k].default}


TRUE_WORDS = ("true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")


def parse_override(text: str) -> tuple[str, str]:
    """``"ID=VALUE"`` as (id, value text); the value is checked by :func:`switch_value`."""
    ruling_id, sep, value = text.partition("=")
    if not sep or not ruling_id.strip() or not value.strip():
        raise RulingError(
            f"a ruling is set as ID=VALUE, e.g. explosions-optional=false, not {text!r}"
        )
    return ruling_id.strip(), value.strip()


def switch_value(ruling_id: str, text: str) -> bool:
    word = text.lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise RulingError(
        f"ruling {ruling_id!r} is a switch: true or false, not {text!r}"
        f"{did_you_mean(word, ('true', 'false'))}"
    )


def parse_overrides(rulings: Rulings, texts: Iterable[str]) -> dict[str, bool]:
    """``--ruling ID=VALUE`` options as overrides, each checked against ``rulings``."""
    values: dict[str, bool] = {}
    for text in texts:
        ruling_id, value = parse_override(text)
        if ruling_id not in rulings.rulings:  # suggest what a group may flip
            switches = [r.id for r in rulings.switches()]
            raise RulingError(
                f"there is no ruling {ruling_id!r}{did_you_mean(ruling_id, switches)}"
            )
        switch = rulings.switch(ruling_id)  # a reading says so before its value is read
        values[switch.id] = switch_value(ruling_id, value)
    return values
