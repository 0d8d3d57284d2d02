"""``tales saves new``: a paper Save sheet typed in field by field, in the
rulebook's order, with the printed names offered for completion; for those
who would rather not write YAML. What is typed is written as a sheet of
printed names (:mod:`tales.saves.printed` reads it) and checked at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tales.rules.terms import EventSymbol, StatusCardKind, StatusToken
from tales.story.campaign import item_cards
from tales.story.core import Core
from tales.story.model import Tale

Ask = Callable[[str, list[str]], str | None]
"""Ask one question with words to complete; None at the end of input."""


class EndOfInput(Exception):
    """The input ended before the sheet was complete."""


def _answer(ask: Ask, question: str, words: list[str] | None = None, default: str = "") -> str:
    shown = f"{question} [{default}]" if default else question
    text = ask(shown, words or [])
    if text is None:
        raise EndOfInput(question)
    return text.strip() or default


def _number(ask: Ask, question: str, default: int = 0) -> int:
    while True:
        text = _answer(ask, question, [], str(default))
        if text.isdecimal() and len(text) < 4:
            return int(text)
        ask(f"'{text[:20]}' is not a whole number; try again (Enter for {default})", [])


def _listed(ask: Ask, question: str, words: list[str]) -> list[str]:
    """A comma-separated list ("none" or nothing: empty)."""
    text = _answer(ask, f"{question} (comma-separated, or none)", words, "none")
    if text.lower() == "none":
        return []
    # A printed name with a comma in it ("The Ringer's Log, 1871-1876") is one entry.
    kept = {f"\0{i}\0": w for i, w in enumerate(w for w in words if "," in w)}
    for mark, word in kept.items():
        text = text.replace(word, mark)
    entries = [w.strip() for w in text.split(",") if w.strip()]
    for mark, word in kept.items():
        entries = [e.replace(mark, word) for e in entries]
    return entries


def _counted(ask: Ask, question: str, words: list[str]) -> dict[str, int]:
    """ "Hatchet 2, Prayer Book 1": names each with a number (1 when left out)."""
    counted: dict[str, int] = {}
    for entry in _listed(ask, question, words):
        name, _, last = entry.rpartition(" ")
        if name and last.isdecimal():
            counted[name.strip()] = int(last)
        else:
            counted[entry] = 1
    return counted


def ask_sheet(ask: Ask, core: Core, tale: Tale, tale_name: str, session: str) -> dict[str, Any]:
    """The Save sheet, field by field, as the rulebook lists them."""
    books = list(tale.scenarios.values())
    titles = [b.title for b in books]
    scenario = _answer(ask, "Scenario number or title", titles, "1")
    book = next((b for b in books if b.title.lower() == scenario.lower()), None)
    if book is None and scenario.isdecimal() and 1 <= int(scenario) <= len(books):
        book = books[int(scenario) - 1]
    book = book or books[0]
    places = [loc.name for loc in book.scenario.locations.values()]
    sheet: dict[str, Any] = {
        "session": session,
        "tale": tale_name,
        "scenario": book.title,
        "round": _number(ask, "Round in which you are saving the game", 1),
        "event_tokens": {
            s.value: _number(ask, f"Event board tokens: {s.value}") for s in EventSymbol
        },
        "revealed": _listed(ask, "Discovered Location cards", places),
        "notes": _answer(ask, "Notes", [], ""),
    }
    names = [s.name for s in core.investigators.values()]
    players: dict[str, Any] = {}
    for number in range(1, _number(ask, "Players", 1) + 1):
        name = _answer(ask, f"Player {number}: Character", names)
        players[name] = _player(ask, name, places, core, tale, book.clues)
    sheet["players"] = players
    sheet["companions"] = {}
    for number in range(1, 5 - len(players)):
        name = _answer(ask, f"Character no player controls {number}", names)
        sheet["companions"][name] = {
            "ENERGY": _number(ask, f"{name}: ENERGY"),
            "MAGIC": _number(ask, f"{name}: MAGIC"),
        }
    sheet["keywords"] = _listed(ask, "Keywords validated", list(book.keywords))
    sheet["encounters"] = _encounters(ask, book.scenario, places)
    return sheet


def _encounters(ask: Ask, scenario: Any, places: list[str]) -> list[dict[str, Any]]:
    """Each encounter in progress: where, which, its path and tokens placed."""
    names = [e.name for e in scenario.encounters.values()]
    found = []
    for number in range(1, _number(ask, "Encounters in progress", 0) + 1):
        found.append(
            {
                "location": _answer(ask, f"Encounter {number}: Location card", places),
                "encounter": _answer(ask, f"Encounter {number}: Encounter card", names),
                "path": _answer(ask, f"Encounter {number}: path", ["combat", "stratagem"]),
                "tokens": _number(ask, f"Encounter {number}: tokens placed"),
            }
        )
    return found


def _player(
    ask: Ask, name: str, places: list[str], core: Core, tale: Tale, clues: Any
) -> dict[str, Any]:
    items = sorted(card.name for card in item_cards(core.items, tale).values())
    return {
        "location": _answer(ask, f"{name}: Location card", places),
        **{t: _number(ask, f"{name}: {t}") for t in ("VITALITY", "SANITY", "ENERGY", "MAGIC")},
        "status_cards": {
            k.value: _number(ask, f"{name}: {k.value} cards in the deck") for k in StatusCardKind
        },
        "items": _counted(ask, f"{name}: Item cards with their uses left", items),
        "clues": _listed(ask, f"{name}: Clue cards", list(clues.values())),
        "status_tokens": _counted(ask, f"{name}: Status tokens", [t.value for t in StatusToken]),
        "special_cards": _listed(ask, f"{name}: Special cards", ["Heroism"]),
    }
