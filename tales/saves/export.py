"""A save as a printable sheet laid out like the paper one (Markdown or
HTML), so a group can carry a digital game back to the table."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from tales.errors import TalesError
from tales.saves.export_map import between_words, location_name, map_pieces
from tales.saves.export_more import more_of_the_sheet
from tales.saves.load import LoadedSheet

FORMATS = ("md", "html")
_TEMPLATES = Path(__file__).with_name("templates")


PAGES = ("A4", "Letter")


def export(loaded: LoadedSheet, fmt: str, page: str = "A4") -> str:
    """The sheet rendered in ``fmt``; user text is escaped in HTML."""
    if fmt not in FORMATS:
        raise TalesError(f"a sheet exports as {' or '.join(FORMATS)}, not {fmt!r}")
    if page not in PAGES:
        raise TalesError(f"a sheet prints on {' or '.join(PAGES)} paper, not {page!r}")
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

    env = Environment(
        loader=FileSystemLoader(_TEMPLATES),
        autoescape=select_autoescape(["html.j2"], default_for_string=False),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
    )
    return env.get_template(f"sheet.{fmt}.j2").render(s=view(loaded), page=page)


def view(loaded: LoadedSheet) -> dict[str, Any]:
    """The sheet's fields as the templates show them."""
    data = loaded.data
    book = loaded.tale.scenarios[str(data["scenario"])]
    companions = data.get("companions") or {}
    found = data.get("found") or {}
    items = _item_names(loaded)
    carried = {who: items.get(item, item) for who, item in _carried(data).items()}
    between = between_words(loaded.tale, data, carried)
    return {
        "session": data.get("session", loaded.files.name),
        "title": f"{loaded.tale.title}: {book.scenario.title}",
        "round": _round(data, between),
        "between": between,
        "pieces": map_pieces(book, data),
        "difficulty": data.get("difficulty", "standard"),
        "time": data.get("time"),
        "event_tokens": data.get("event_tokens") or {},
        "revealed": [location_name(book, slug) for slug in data.get("revealed") or []],
        "notes": data.get("notes") or "",
        "house_rules": _house_rules(data.get("rulings")),
        "players": _players(book, data.get("players") or {}, items, carried),
        "companions": [
            {"name": str(n), "ENERGY": _get(c, "ENERGY"), "MAGIC": _get(c, "MAGIC")}
            for n, c in _pairs(companions)
        ],
        "clues": [book.clues.get(str(c), str(c)) for c in (found.get("clue") or [])],
        "keywords": [str(k) for k in data.get("keywords") or []],
        "keyword_sheet": list(book.keywords),
        **more_of_the_sheet(loaded, book),
    }


def _item_names(loaded: LoadedSheet) -> dict[str, str]:
    from tales.story.campaign import item_cards
    from tales.story.core import load_core

    return {slug: card.name for slug, card in item_cards(load_core().items, loaded.tale).items()}


def _round(data: dict[Any, Any], between: str) -> Any:
    """The round saved in; a sheet of no round played says what it is instead."""
    number = data.get("round", 0)
    if number or isinstance(data.get("players"), dict):
        return number
    if data.get("finished"):
        return "over"
    return "between scenarios" if between else "not begun"


def _carried(data: dict[Any, Any]) -> dict[str, str]:
    """Who carries which item into the next scenario (slugs, as written)."""
    carried = data.get("carried")
    return {str(k): str(v) for k, v in carried.items()} if isinstance(carried, dict) else {}


def _players(
    book: Any, raw: Any, items: dict[str, str], carried: dict[str, str]
) -> list[dict[str, Any]]:
    """Each player's column of the sheet: filled in, or names only on a
    sheet written at setup or between scenarios, each with the item they
    carry in (every track starts full at the setup)."""
    if isinstance(raw, dict):
        return [
            _player(book, str(name), e if isinstance(e, dict) else {}, items)
            for name, e in raw.items()
        ]
    if isinstance(raw, list):
        blank = dict.fromkeys(("location", "VITALITY", "SANITY", "ENERGY", "MAGIC"), "")
        return [
            {
                "name": str(n),
                "dead": False,
                "at_setup": True,
                "carries": carried.get(str(n), ""),
                **blank,
                "status_cards": dict.fromkeys(("STRESS", "INJURY", "PANIC", "POISON"), 0),
                "items_by_uses": [],
                "tokens": [],
                "special_cards": [],
                "clues": [],
            }
            for n in raw
        ]
    return []


def _player(book: Any, name: str, entry: dict[Any, Any], items: dict[str, str]) -> dict[str, Any]:
    by_uses: dict[int, list[str]] = defaultdict(list)
    for item, uses in (entry.get("items") or {}).items():
        by_uses[int(uses) if isinstance(uses, int) else 0].append(items.get(str(item), str(item)))
    tokens = entry.get("status_tokens") or {}
    cards = entry.get("status_cards") or {}
    return {
        "name": name,
        "dead": bool(entry.get("dead")),
        "at_setup": False,
        "location": location_name(book, entry.get("location")),
        **{t: entry.get(t, "") for t in ("VITALITY", "SANITY", "ENERGY", "MAGIC")},
        "status_cards": {k: cards.get(k, 0) for k in ("STRESS", "INJURY", "PANIC", "POISON")},
        "items_by_uses": sorted(by_uses.items(), reverse=True),
        "tokens": [f"{t} x{n}" if n != 1 else str(t) for t, n in tokens.items()],
        "special_cards": [str(c) for c in entry.get("special_cards") or []],
        "clues": [book.clues.get(str(c), str(c)) for c in entry.get("clues") or []],
    }


def _house_rules(raw: Any) -> list[str]:
    """``id=value`` of each switch the group flipped, as ``--ruling`` spells it."""
    if not isinstance(raw, dict):
        return []
    return [f"{k}={str(v).lower()}" for k, v in raw.items()]


def _pairs(value: Any) -> list[tuple[Any, Any]]:
    if isinstance(value, dict):
        return list(value.items())
    if isinstance(value, list):  # names only, as at setup
        return [(name, {}) for name in value]
    return []


def _get(entry: Any, key: str) -> Any:
    return entry.get(key, "") if isinstance(entry, dict) else ""
