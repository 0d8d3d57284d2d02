"""The map's pieces and the time between scenarios on a printed sheet, so
that it shows what the paper sheet holds: the format-3 map fields
(tales/saves/map_sheet.py, people_sheet.py: barriers, vehicles, marks, the
Group token, the Prisoner markers, the Investigation tokens and the other
tokens on Location cards), each by the names the scenario prints, and a
sheet written between two scenarios of a campaign read as one."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from tales.story.model import ScenarioBook, Tale


def map_pieces(book: ScenarioBook, data: Mapping[Any, Any]) -> list[tuple[str, str]]:
    """(heading, what it holds) for each map field the sheet has."""
    place = functools.partial(location_name, book)
    vehicles = book.scenario.vehicles

    def vehicle(slug: Any) -> str:
        known = vehicles.get(str(slug))
        return known.name if known is not None else str(slug)

    pieces = [
        ("Group token", _group(data.get("group"), place)),
        ("Prisoners", _each(data.get("prisoners"), lambda v: _prisoner(v, place))),
        ("Investigation tokens", _counts(data.get("investigation"), place)),
        ("Barriers", _barriers(data.get("barriers"), place)),
        ("Vehicles", _each(data.get("vehicles"), lambda v: _vehicle(v, place), vehicle)),
        ("Marks", _each(data.get("marks"), _marks)),
        ("Tokens on Location cards", _each(_on_the_table(data), _marks, place)),
    ]
    return [(heading, text) for heading, text in pieces if text]


def between_words(tale: Tale, data: Mapping[Any, Any], carried: Mapping[str, str]) -> str:
    """ "Between The Gannet Light and The Settling: carried items ..." for a
    sheet written between two scenarios (``carried``: who carries which item,
    by its printed name); "" for any other."""
    after, scenario = str(data.get("after") or ""), str(data.get("scenario") or "")
    if not after or after == scenario or data.get("finished") or after not in tale.scenarios:
        return ""
    each = [f"{who}: {item}" for who, item in carried.items()]
    campaign = data.get("campaign")
    points = campaign.get("points") if isinstance(campaign, dict) else None
    return (
        f"Between {tale.scenarios[after].scenario.title} and "
        f"{tale.scenarios[scenario].scenario.title}: carried items: "
        f"{'; '.join(each) or 'none'}"
        + (f"; exploration points carried: {points}" if isinstance(points, int) else "")
        + "."
    )


def _on_the_table(data: Mapping[Any, Any]) -> Any:
    """The tokens of the cards revealed: a card still in the Location deck
    holds none on the paper table, and its name is not yet the players' to
    read (a playtest's sheet named two cards not yet found). A sheet with no
    list of revealed cards shows all it holds."""
    tokens, revealed = data.get("location_tokens"), data.get("revealed")
    if not isinstance(tokens, dict) or not isinstance(revealed, list):
        return tokens
    return {slug: marks for slug, marks in tokens.items() if slug in revealed}


def location_name(book: Any, slug: Any) -> str:
    """A Location card's printed name, or the slug as the sheet gives it."""
    location = book.scenario.locations.get(str(slug)) if slug else None
    return location.name if location is not None else str(slug or "")


def _group(raw: Any, place: Any) -> str:
    if not isinstance(raw, dict):
        return ""
    hidden = raw.get("hidden") in (True, "yes")
    return f"at {place(raw.get('at'))}, {'hidden' if hidden else 'in the open'}"


def _prisoner(raw: Any, place: Any) -> str:
    if not isinstance(raw, dict):
        return str(raw)
    escort = f", with {raw['with']}" if raw.get("with") else ""
    return f"{raw.get('fate', 'held')} at {place(raw.get('at'))}{escort}"


def _vehicle(raw: Any, place: Any) -> str:
    if not isinstance(raw, dict):
        return str(raw)
    aboard = raw.get("aboard") or []
    driver = f", {raw['driver']} driving" if raw.get("driver") else ""
    who = f", aboard: {', '.join(map(str, aboard))}" if aboard else ", no one aboard"
    return f"at {place(raw.get('at'))}{who}{driver}"


def _marks(raw: Any) -> str:
    if not isinstance(raw, dict):
        return str(raw)
    return ", ".join(f"{str(k).replace('-', ' ')} {n}" for k, n in raw.items())


def _counts(raw: Any, place: Any) -> str:
    if not isinstance(raw, dict):
        return ""
    laid = [f"{place(slug)} {n}" for slug, n in raw.items() if n]
    return ", ".join(laid) or "none on the map"


def _barriers(raw: Any, place: Any) -> str:
    if not isinstance(raw, list):
        return ""
    each = [
        f"{b[2]} between {place(b[0])} and {place(b[1])}"
        for b in raw
        if isinstance(b, list) and len(b) == 3
    ]
    return "; ".join(each) or "none left"


def _each(raw: Any, words: Any, name: Any = str) -> str:
    """``name: words(value)`` for each entry of a mapping field."""
    if not isinstance(raw, dict):
        return ""
    return "; ".join(f"{name(key)}: {words(value)}" for key, value in raw.items())
