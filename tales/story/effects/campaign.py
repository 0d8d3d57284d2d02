"""The campaign log and counters: what a scenario leaves to the next. These
are the effects an interlude or an epilogue may use, with no table in play."""

from __future__ import annotations

import math
from typing import Any

from tales.errors import StoryExpressionError
from tales.rules.decisions import EventSink
from tales.rules.eventboard import end_scenario
from tales.rules.table import Table
from tales.story.conditions import analyse, called_with, render
from tales.story.effects.kind import (
    SLUG,
    TRUE,
    EffectKind,
    Play,
    Ref,
    Step,
    check_true,
    map_schema,
    object_schema,
    small_amount,
)
from tales.story.model import Effect
from tales.story.state import (
    CounterNotSet,
    StoryState,
    campaign_context,
    change_counter,
    cross_out_entry,
    lose_campaign,
    record_entry,
)
from tales.story.yamlio import is_whole

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
    """The entry, as "section/entry": the loader checks both are declared."""
    assert isinstance(effect.value, dict)  # checked at parse
    return [("log", f"{effect.value['section']}/{effect.value['entry']}")]


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


def _counting(effect: Effect) -> Step:
    assert isinstance(effect.value, dict)  # checked at load
    changes = tuple((str(name), int(amount)) for name, amount in effect.value.items())

    def count(table: Table, state: StoryState) -> None:
        for name, amount in changes:
            change_counter(state, table.sink, name, amount)

    return count


# What an expression set into a counter may ask: the campaign's own vocabulary.
CAMPAIGN_NAMES = frozenset({"log", "crossed_out", "entries", "counter", "visited"})


def _check_set(value: Any) -> str | None:
    if not isinstance(value, dict) or not value:
        return f"not {value!r}"
    for name, given in value.items():
        if is_whole(given):
            continue
        if not isinstance(given, str) or not given.strip():
            return f"{name!r} is set to a whole number or an expression, not {given!r}"
        analysis = analyse(given, template=False)
        if analysis.problems:
            return f"{name!r}: {analysis.problems[0][1]}"
        asked = sorted(analysis.names - CAMPAIGN_NAMES)
        if asked:
            names = ", ".join(sorted(CAMPAIGN_NAMES))
            return f"{name!r}: an expression asks only {names}, not {asked[0]!r}"
    return None


def _set_refs(effect: Effect) -> list[Ref]:
    assert isinstance(effect.value, dict)  # checked at parse
    refs: list[Ref] = [("counter", str(name)) for name in effect.value]
    for given in effect.value.values():
        if isinstance(given, str):
            refs += [("counter", c) for c in called_with(given, "counter")]
            refs += [("log", s) for s in called_with(given, "entries")]
    return refs


def _set(state: StoryState, sink: EventSink, effect: Effect) -> None:
    """Each counter set to its value, every expression worked out before any is set."""
    assert isinstance(effect.value, dict)  # checked at load
    context = campaign_context(state)
    values: dict[str, int] = {}
    for name, given in effect.value.items():
        try:
            values[str(name)] = (
                given if is_whole(given) else _whole(render("{{ " + given + " }}", context))
            )
        except (StoryExpressionError, ValueError) as error:
            # A storybook mistake that shows only in play leaves the counter as it was.
            sink.emit(CounterNotSet(str(name), str(error)))
    for name, value in values.items():
        change_counter(state, sink, name, value - state.counters.get(name, 0))


def _lose(state: StoryState, sink: EventSink, effect: Effect) -> None:
    lose_campaign(state, sink)


def _lose_in_play(play: Play, effect: Effect) -> None:
    """The campaign is lost: the scenario ends here, and no scenario follows."""
    lose_campaign(play.state, play.table.sink)
    end_scenario(play.table, "the investigators lose the campaign")


def _whole(text: str) -> int:
    """A rendered number, rounded down (``counter('xp') / 2``)."""
    return math.floor(float(text))


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
        bind=_counting,
    ),
    EffectKind(
        "set_counter",
        "a mapping of counters to a whole number or an expression",
        {
            **map_schema({"oneOf": [{"type": "integer"}, {"type": "string"}]}),
            "minProperties": 1,
        },
        "{set_counter: {xp: \"counter('xp') + entries('fates')\"}}",
        _check_set,
        record=_set,
        interlude=True,
        refs=_set_refs,
    ),
    EffectKind(
        "lose_campaign",
        "true",
        TRUE,
        "{lose_campaign: true}",
        check_true,
        _lose_in_play,
        record=_lose,
        interlude=True,
    ),
)
