"""What happens to investigators: status tokens and cards, and their tracks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tales.rules.statuses import change_track, gain_status_card, gain_token
from tales.rules.terms import StatusCardKind, StatusToken, Track
from tales.story.effects.kind import (
    INTEGER,
    NUMBER,
    EffectKind,
    Play,
    check_whole,
    check_word,
    enum_schema,
    object_schema,
    small_amount,
)
from tales.story.model import Effect

_TRACKS = (Track.VITALITY.value, Track.SANITY.value)
_POINTS = object_schema({"VITALITY": NUMBER, "SANITY": NUMBER})


def _token(play: Play, effect: Effect) -> None:
    for inv in play.who(effect):
        for _ in range(effect.count):
            gain_token(play.table, inv, StatusToken(str(effect.value)))


def _card(play: Play, effect: Effect) -> None:
    for inv in play.who(effect):
        for _ in range(effect.count):
            gain_status_card(play.table, inv, StatusCardKind(str(effect.value)))


def _check_points(value: Any) -> str | None:
    if (
        isinstance(value, dict)
        and value
        and all(k in _TRACKS and small_amount(v) and v > 0 for k, v in value.items())
    ):
        return None
    return f"not {value!r}"


def _points(sign: int) -> Callable[[Play, Effect], None]:
    def apply(play: Play, effect: Effect) -> None:
        assert isinstance(effect.value, dict)  # checked at load
        for inv in play.who(effect):
            for track, amount in effect.value.items():
                change_track(play.table, inv, Track(track), sign * int(amount), "the storybook")

    return apply


def _track(track: Track) -> Callable[[Play, Effect], None]:
    def apply(play: Play, effect: Effect) -> None:
        assert isinstance(effect.value, int)  # checked at load
        for inv in play.who(effect):
            change_track(play.table, inv, track, effect.value, "the storybook")

    return apply


KINDS = (
    EffectKind(
        "status",
        "a status token",
        enum_schema(StatusToken),
        "{status: BLEEDING, who: here}",
        check_word(StatusToken),
        _token,
        who=True,
        count=True,
    ),
    EffectKind(
        "card",
        "a status card kind",
        enum_schema(StatusCardKind),
        "{card: STRESS, count: 2, who: all}",
        check_word(StatusCardKind),
        _card,
        who=True,
        count=True,
    ),
    EffectKind(
        "damage",
        "a mapping of VITALITY/SANITY to a number",
        _POINTS,
        "{damage: {VITALITY: 1}, who: actor}",
        _check_points,
        _points(-1),
        who=True,
    ),
    EffectKind(
        "heal",
        "a mapping of VITALITY/SANITY to a number",
        _POINTS,
        "{heal: {SANITY: 1}}",
        _check_points,
        _points(1),
        who=True,
    ),
    EffectKind(
        "energy",
        "a whole number",
        INTEGER,
        "{energy: 1}",
        check_whole,
        _track(Track.ENERGY),
        who=True,
    ),
    EffectKind(
        "magic",
        "a whole number",
        INTEGER,
        "{magic: -1}",
        check_whole,
        _track(Track.MAGIC),
        who=True,
    ),
)
