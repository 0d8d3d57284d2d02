"""The map: Location cards revealed, investigators moved by the story, and
the tokens on Location cards (a flood level...)."""

from __future__ import annotations

from typing import Any

from tales.rules.activities import narrative_move
from tales.rules.decisions import Proc
from tales.rules.exploration import change_location_tokens
from tales.rules.paths import in_play
from tales.rules.table import Table
from tales.story.effects.kind import SLUG, EffectKind, Play, Ref, check_slug, small_amount
from tales.story.model import Effect


def _place(effect: Effect) -> list[Ref]:
    return [("location", str(effect.value))]


def _reveal(play: Play, effect: Effect) -> Proc[None]:
    yield from play.reveal(str(effect.value))


def _move(play: Play, effect: Effect) -> Proc[None]:
    slug = str(effect.value)
    if not in_play(play.table, slug):
        return  # a card left in the box at this player count (ruling ``cards-by-player-count``)
    if slug not in play.table.revealed:
        yield from play.reveal(slug)
    for inv in play.who(effect):
        narrative_move(play.table, inv, slug)


def _check_tokens(value: Any) -> str | None:
    if not isinstance(value, dict):
        return f"not {value!r}"
    counts = {k: v for k, v in value.items() if k != "location"}
    place = value.get("location", "")
    if (
        len(counts) == 1
        and all(small_amount(v) for v in counts.values())
        and isinstance(place, str)
    ):
        return None
    return f"not {value!r}"


def _token_place(effect: Effect) -> list[Ref]:
    value = effect.value
    if isinstance(value, dict) and "location" in value:
        return [("location", str(value["location"]))]
    return []


def _tokens(play: Play, effect: Effect) -> None:
    assert isinstance(effect.value, dict)  # checked at load
    doer = play.doer
    place = str(effect.value.get("location") or (doer.location if doer else "") or "")
    limits = play.token_limits(place)
    for name, amount in effect.value.items():
        if name != "location" and place:
            before = play.table.location_tokens.get(place, {}).get(name, 0)
            low, high = limits.get(name, (0, None))
            after = max(low, before + int(amount))  # a floor: "cannot be fully flooded"
            after = after if high is None else min(high, after)  # a ceiling
            change_location_tokens(play.table, place, name, after - before)


def _unrevealed(effect: Effect, table: Table) -> bool:
    return str(effect.value) not in table.revealed


KINDS = (
    EffectKind(
        "reveal",
        "a location",
        SLUG,
        "{reveal: quay}",
        check_slug,
        _reveal,
        refs=_place,
        grants=_place,
        news=_unrevealed,
    ),
    EffectKind(
        "move",
        "a location",
        SLUG,
        "{move: quay, who: here}",
        check_slug,
        _move,
        who=True,
        refs=_place,
        grants=_place,
    ),
    EffectKind(
        "location_token",
        "a mapping of a token to a number, with an optional location",
        {
            "type": "object",
            "properties": {"location": SLUG},
            "additionalProperties": {"type": "integer"},
            "minProperties": 1,
        },
        "{location_token: {location: quay, flood: 1}}",
        _check_tokens,
        _tokens,
        refs=_token_place,
    ),
)
