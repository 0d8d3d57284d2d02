"""The closed vocabulary of effects, and how each is read from YAML.

An effect is a one-key mapping (``{status: BLEEDING, who: here}``); anything
else is refused with its position. The interpreter applies them; this module
only knows their shapes, which the loader, the checker and ``tales schema``
share.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tales.problems import did_you_mean
from tales.rules.terms import EventSymbol, StatusCardKind, StatusToken, Track
from tales.story.model import Effect, Where

WHO = ("actor", "here", "all")

# kind -> (what the value is, in words for messages and the schema)
SHAPES: dict[str, str] = {
    "keyword": "a keyword",
    "lose_keyword": "a keyword",
    "status": "a status token",
    "card": "a status card kind",
    "damage": "a mapping of VITALITY/SANITY to a number",
    "heal": "a mapping of VITALITY/SANITY to a number",
    "energy": "a whole number",
    "magic": "a whole number",
    "reveal": "a location",
    "move": "a location",
    "item": "a scenario item",
    "clue": "a clue",
    "objective": "an objective",
    "information": "a name",
    "encounter": "an encounter",
    "end_encounter": "true",
    "attack": "true",
    "event_token": "an Event board symbol",
    "remove_token": "an Event board symbol",
    "time": "a whole number",
    "log": "a mapping with section and entry",
    "cross_out": "a mapping with section and entry",
    "counter": "a mapping of a counter to a number",
    "read": "a paragraph number",
    "location_token": "a mapping of a token to a number, with an optional location",
    "end": "true",
}
WITH_WHO = frozenset({"status", "card", "damage", "heal", "energy", "magic", "move"})
_EXTRA_KEYS = {"who", "count"}
_TRACKS = (Track.VITALITY.value, Track.SANITY.value)


def parse_effect(node: Any, where: Where) -> tuple[Effect | None, str | None]:
    """An Effect, or a full sentence saying what is wrong with ``node``."""
    if not isinstance(node, Mapping):
        return None, "an effect is a mapping such as {status: BLEEDING}"
    kinds = [k for k in node if k not in _EXTRA_KEYS]
    if len(kinds) != 1:
        return (
            None,
            f"an effect names exactly one of {', '.join(SHAPES)}; this names {kinds or 'none'}",
        )
    kind = str(kinds[0])
    if kind not in SHAPES:
        return None, f"{kind!r} is not an effect{did_you_mean(kind, SHAPES)}"
    value = _plain(node[kind])
    who = node.get("who", "actor")
    if who not in WHO:
        return None, f"who is one of {', '.join(WHO)}, not {who!r}"
    if "who" in node and kind not in WITH_WHO:
        return None, f"{kind!r} takes no 'who'"
    count = node.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        return None, f"count is a whole number of at least 1, not {count!r}"
    problem = _check_value(kind, value)
    if problem:
        return None, f"{kind!r} takes {SHAPES[kind]}; {problem}"
    return Effect(kind, value, str(who), count, where), None


def _check_value(kind: str, value: Any) -> str | None:
    def enum_word(enum: Any, word: Any) -> str | None:
        names = [e.value for e in enum]
        if word in names:
            return None
        return f"{word!r} is not one{did_you_mean(str(word), names)}"

    if kind in ("keyword", "lose_keyword"):
        if isinstance(value, str) and value.isupper():
            return None
        return f"{value!r} is not a keyword in capitals"
    if kind == "status":
        return enum_word(StatusToken, value)
    if kind == "card":
        return enum_word(StatusCardKind, value)
    if kind in ("event_token", "remove_token"):
        return enum_word(EventSymbol, value)
    if kind in ("damage", "heal"):
        if (
            isinstance(value, dict)
            and value
            and all(k in _TRACKS and _whole(v) and v > 0 for k, v in value.items())
        ):
            return None
        return f"not {value!r}"
    if kind in ("energy", "magic", "time"):
        return None if _whole(value) else f"not {value!r}"
    if kind == "read":
        return None if _whole(value) and value > 0 else f"not {value!r}"
    if kind in ("end_encounter", "attack", "end"):
        return None if value is True else f"not {value!r}"
    if kind in ("log", "cross_out"):
        if isinstance(value, dict) and set(value) == {"section", "entry"}:
            return None
        return f"not {value!r}"
    if kind == "location_token":
        if not isinstance(value, dict):
            return f"not {value!r}"
        counts = {k: v for k, v in value.items() if k != "location"}
        place = value.get("location", "")
        if len(counts) == 1 and all(_whole(v) for v in counts.values()) and isinstance(place, str):
            return None
        return f"not {value!r}"
    if kind == "counter":
        if isinstance(value, dict) and len(value) == 1 and all(_whole(v) for v in value.values()):
            return None
        return f"not {value!r}"
    # Slugs: reveal, move, item, clue, objective, information, encounter.
    return None if isinstance(value, str) and value else f"not {value!r}"


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value
