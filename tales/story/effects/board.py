"""The Event board: its tokens and the time marker."""

from __future__ import annotations

from tales.rules.eventboard import move_time, place_event_token, remove_event_token
from tales.rules.terms import EventSymbol
from tales.story.effects.kind import INTEGER, EffectKind, Play, check_whole, check_word, enum_schema
from tales.story.model import Effect

_SYMBOL = enum_schema(EventSymbol)


def _place(play: Play, effect: Effect) -> None:
    place_event_token(play.table, EventSymbol(str(effect.value)), by="story")


def _remove(play: Play, effect: Effect) -> None:
    remove_event_token(play.table, EventSymbol(str(effect.value)))


def _time(play: Play, effect: Effect) -> None:
    assert isinstance(effect.value, int)  # checked at load
    move_time(play.table, effect.value)


KINDS = (
    EffectKind(
        "event_token",
        "an Event board symbol",
        _SYMBOL,
        "{event_token: skull}",
        check_word(EventSymbol),
        _place,
    ),
    EffectKind(
        "remove_token",
        "an Event board symbol",
        _SYMBOL,
        "{remove_token: skull}",
        check_word(EventSymbol),
        _remove,
    ),
    EffectKind("time", "a whole number", INTEGER, "{time: 1}", check_whole, _time),
)
