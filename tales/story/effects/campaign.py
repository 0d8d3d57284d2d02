"""The campaign log and counters: what a scenario leaves to the next. These
are the effects an interlude or an epilogue may use, with no table in play."""

from __future__ import annotations

from typing import Any

from tales.rules.decisions import EventSink
from tales.story.effects.kind import SLUG, EffectKind, Ref, map_schema, object_schema, small_amount
from tales.story.model import Effect
from tales.story.state import StoryState, change_counter, cross_out_entry, record_entry

_ENTRY = object_schema({"section": SLUG, "entry": SLUG}, ("section", "entry"))


def _check_entry(value: Any) -> str | None:
    if isinstance(value, dict) and set(value) == {"section", "entry"}:
        return None
    return f"not {value!r}"


def _check_counter(value: Any) -> str | None:
    if isinstance(value, dict) and len(value) == 1 and all(small_amount(v) for v in value.values()):
        return None
    return f"not {value!r}"


def _section(effect: Effect) -> list[Ref]:
    assert isinstance(effect.value, dict)  # checked at parse
    return [("log", str(effect.value["section"]))]


def _counters(effect: Effect) -> list[Ref]:
    assert isinstance(effect.value, dict)  # checked at parse
    return [("counter", str(name)) for name in effect.value]


def _record(state: StoryState, sink: EventSink, effect: Effect) -> None:
    assert isinstance(effect.value, dict)  # checked at load
    record_entry(state, sink, str(effect.value["section"]), str(effect.value["entry"]))


def _cross_out(state: StoryState, sink: EventSink, effect: Effect) -> None:
    assert isinstance(effect.value, dict)  # checked at load
    cross_out_entry(state, sink, str(effect.value["section"]), str(effect.value["entry"]))


def _count(state: StoryState, sink: EventSink, effect: Effect) -> None:
    assert isinstance(effect.value, dict)  # checked at load
    for name, amount in effect.value.items():
        change_counter(state, sink, str(name), int(amount))


KINDS = (
    EffectKind(
        "log",
        "a mapping with section and entry",
        _ENTRY,
        "{log: {section: the-missing, entry: keeper-lost}}",
        _check_entry,
        record=_record,
        interlude=True,
        refs=_section,
    ),
    EffectKind(
        "cross_out",
        "a mapping with section and entry",
        _ENTRY,
        "{cross_out: {section: the-missing, entry: keeper-lost}}",
        _check_entry,
        record=_cross_out,
        interlude=True,
        refs=_section,
    ),
    EffectKind(
        "counter",
        "a mapping of a counter to a number",
        {**map_schema({"type": "integer"}), "minProperties": 1, "maxProperties": 1},
        "{counter: {trust: 1}}",
        _check_counter,
        record=_count,
        interlude=True,
        refs=_counters,
    ),
)
