"""Where the reading goes: another paragraph now, or the scenario's end."""

from __future__ import annotations

from typing import Any

from tales.rules.decisions import Proc
from tales.story.effects.kind import NUMBER, TRUE, EffectKind, Play, Ref, check_true
from tales.story.model import Effect
from tales.story.yamlio import is_whole


def _check_number(value: Any) -> str | None:
    return None if is_whole(value) and value > 0 else f"not {value!r}"


def _lead(effect: Effect) -> int | None:
    return effect.value if isinstance(effect.value, int) else None


def _paragraph(effect: Effect) -> list[Ref]:
    return [("paragraph", effect.value)] if isinstance(effect.value, int) else []


def _read(play: Play, effect: Effect) -> Proc[None]:
    assert isinstance(effect.value, int)  # checked at load
    yield from play.read(effect.value)


def _end(play: Play, effect: Effect) -> None:
    play.finish()


KINDS = (
    EffectKind(
        "read",
        "a paragraph number",
        NUMBER,
        "{read: 14}",
        _check_number,
        _read,
        interlude=True,
        refs=_paragraph,
        leads=_lead,
    ),
    EffectKind("end", "true", TRUE, "{end: true}", check_true, _end),
)
