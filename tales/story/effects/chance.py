"""Seeded chance in the story: one of N drawn from the game's seed.

``{pick: {section: culprit, from: [fisherman, priest, widow]}}`` records one
of the entries in a campaign log section, drawn with the table's seeded
random stream, so a replay of the same game draws the same one and every
sheet records it (the log is on every sheet). Once an entry of ``from``
stands in the section, the pick keeps it: a culprit stays the culprit for
the rest of the campaign. Conditions ask ``log("culprit", "priest")``, and
``tales check`` takes every outcome as possible.
"""

from __future__ import annotations

from typing import Any

from tales.story.effects.kind import SLUG, EffectKind, Play, Ref, object_schema
from tales.story.model import Effect
from tales.story.state import record_entry, shuffle_set

_SCHEMA = object_schema(
    {"section": SLUG, "from": {"type": "array", "items": SLUG, "minItems": 2, "uniqueItems": True}},
    ("section", "from"),
)


def _check(value: Any) -> str | None:
    if not isinstance(value, dict) or set(value) != {"section", "from"}:
        return f"not {value!r}"
    outcomes = value["from"]
    if not isinstance(value["section"], str) or not isinstance(outcomes, list):
        return f"not {value!r}"
    if len(outcomes) < 2 or len(set(map(str, outcomes))) != len(outcomes):
        return f"'from' lists two or more different entries, not {outcomes!r}"
    return None


def _refs(effect: Effect) -> list[Ref]:
    """Each outcome, as "section/entry": a declared section must declare them all."""
    assert isinstance(effect.value, dict)  # checked at parse
    return [("log", f"{effect.value['section']}/{entry}") for entry in effect.value["from"]]


def _pick(play: Play, effect: Effect) -> None:
    assert isinstance(effect.value, dict)  # checked at load
    section, outcomes = str(effect.value["section"]), [str(e) for e in effect.value["from"]]
    written = play.state.log.get(section, {})
    if any(written.get(entry) is False for entry in outcomes):
        return  # drawn already: it stands
    drawn = outcomes[play.table.rng.randrange(len(outcomes))]
    record_entry(play.state, play.table.sink, section, drawn)


_SHUFFLE = object_schema(
    {"name": SLUG, "items": {"type": "array", "items": SLUG, "minItems": 2, "uniqueItems": True}},
    ("name", "items"),
)


def _check_shuffle(value: Any) -> str | None:
    if not isinstance(value, dict) or set(value) != {"name", "items"}:
        return f"not {value!r}"
    items = value["items"]
    if not isinstance(value["name"], str) or not isinstance(items, list):
        return f"not {value!r}"
    if len(items) < 2 or len(set(map(str, items))) != len(items):
        return f"'items' lists two or more different names, not {items!r}"
    return None


def _shuffle(play: Play, effect: Effect) -> None:
    """The set in an order drawn from the table's seeded stream, once: a
    set laid out already keeps its order (a replay lays out the same)."""
    assert isinstance(effect.value, dict)  # checked at load
    order = [str(item) for item in effect.value["items"]]
    if str(effect.value["name"]) in play.state.shuffles:
        return
    play.table.rng.shuffle(order)
    shuffle_set(play.state, play.table.sink, str(effect.value["name"]), tuple(order))


KINDS = (
    EffectKind(
        "pick",
        "a mapping with a log section and the entries to draw 'from'",
        _SCHEMA,
        "{pick: {section: culprit, from: [fisherman, priest, widow]}}",
        _check,
        _pick,
        refs=_refs,
    ),
    EffectKind(
        "shuffle",
        "a mapping with the set's name and its 'items'",
        _SHUFFLE,
        "{shuffle: {name: keys, items: [silver-key, iron-key, bone-key]}}",
        _check_shuffle,
        _shuffle,
    ),
)
