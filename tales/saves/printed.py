"""A paper Save sheet typed as it is written: the rulebook's own field names,
names as the cards print them, the scenario by its number or title.

Rulebook, Saving System: "Write a name for your session ... Scenario number,
round in which you are saving the game, Number of Event board tokens placed
on the board, and discovered Location cards. ... For every player: Note the
name of the Character ... the current Location card, VITALITY, SANITY,
ENERGY, and MAGIC ... the number of STRESS, INJURY, PANIC, and POISON cards
in your deck ... Item cards ... Clue cards, Status tokens, and any Special
cards. ... For all the Characters that are not controlled by any player,
only note their name, ENERGY, and MAGIC."

:func:`as_written` rewrites such a sheet, in place, into the fields the
loader checks: each printed field name to its field, each printed name to
its slug. A name it does not know is left as written, for the loader to
refuse with the nearest names. Keys are renamed where they stand, so every
problem still points at the line the player typed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tales.rules.items import ItemCard
from tales.saves.fields import spoken
from tales.saves.restore import PAPER_FIELDS, PLAYER_FIELDS
from tales.story.model import ScenarioBook, Tale
from tales.story.yamlio import is_whole

# The rulebook's words for each field (lower case, single spaces), beside ours.
SHEET_WORDS = {
    "session name": "session",
    "name of the session": "session",
    "scenario number": "scenario",
    "round in which you are saving": "round",
    "round in which you are saving the game": "round",
    "number of event board tokens": "event_tokens",
    "event board tokens": "event_tokens",
    "discovered location cards": "revealed",
    "discovered locations": "revealed",
    "additional notes": "notes",
    "characters not controlled by any player": "companions",
    "keyword sheet": "keywords",
}
PLAYER_WORDS = {
    "location card": "location",
    "current location card": "location",
    "item cards": "items",
    "clue cards": "clues",
    "status tokens": "status_tokens",
    "special cards": "special_cards",
    "cards in deck": "status_cards",
    "status cards in deck": "status_cards",
}
STATUS_CARDS = ("STRESS", "INJURY", "PANIC", "POISON")


def field_names(data: dict[Any, Any]) -> None:
    """The sheet's fields under the rulebook's names ("Scenario number") as ours."""
    _rename_keys(
        data, {**{spoken(f): f for f in (*PAPER_FIELDS, "after", "carried")}, **SHEET_WORDS}
    )


def as_written(data: dict[Any, Any], tale: Tale, items: Mapping[str, ItemCard]) -> None:
    """Rewrite a typed sheet's printed names in place, into slugs."""
    keywords = data.get("keywords")
    if isinstance(keywords, list):  # the Keyword sheet writes them in capitals
        for index, word in enumerate(keywords):
            keywords[index] = word.upper() if isinstance(word, str) else word
    _campaign_log(data.get("campaign"), tale)
    book = _scenario(data, tale)
    if book is None:
        return
    locations = {spoken(loc.name): slug for slug, loc in book.scenario.locations.items()}
    _names_in_list(data.get("revealed"), locations)
    for key in ("players", "companions"):
        people = data.get(key)
        if isinstance(people, dict):
            for entry in people.values():
                if isinstance(entry, dict):
                    _player(entry, book, locations, items)
    for encounter in data.get("encounters") or []:
        if isinstance(encounter, dict):
            _names_in_value(encounter, "location", locations)
            named = {spoken(e.name): slug for slug, e in book.scenario.encounters.items()}
            _names_in_value(encounter, "encounter", named)


def _campaign_log(campaign: Any, tale: Tale) -> None:
    """Log sections, entries and counters by their words ("the bell")."""
    if not isinstance(campaign, dict):
        return
    log = campaign.get("log")
    if isinstance(log, dict):
        _rename_keys(log, {spoken(name): name for name in tale.log_sections})
        for section, entries in log.items():
            known = tale.log_entries.get(str(section), ())
            if isinstance(entries, dict):
                _rename_keys(entries, {spoken(entry): entry for entry in known})
    counters = campaign.get("counters")
    if isinstance(counters, dict):
        _rename_keys(counters, {spoken(name): name for name in tale.counters})


def _scenario(data: dict[Any, Any], tale: Tale) -> ScenarioBook | None:
    """The scenario by id, by number (1 is the tale's first) or by title."""
    raw = data.get("scenario")
    ids = list(tale.scenarios)
    number = raw if is_whole(raw) else None
    if isinstance(raw, str) and raw.strip().isdecimal():
        number = int(raw.strip())
    if number is not None and 1 <= number <= len(ids):
        data["scenario"] = ids[number - 1]
    elif isinstance(raw, str) and raw not in tale.scenarios:
        titles = {spoken(b.title): slug for slug, b in tale.scenarios.items()}
        titles.update({spoken(slug): slug for slug in ids})
        data["scenario"] = titles.get(spoken(raw), raw)
    return tale.scenarios.get(str(data.get("scenario")))


def _player(
    entry: dict[Any, Any],
    book: ScenarioBook,
    locations: dict[str, str],
    items: Mapping[str, ItemCard],
) -> None:
    _rename_keys(entry, {**{spoken(f): f for f in PLAYER_FIELDS}, **PLAYER_WORDS})
    for kind in STATUS_CARDS:  # "STRESS cards: 1" written beside the others
        for key in list(entry):
            if spoken(key) in (spoken(kind), f"{spoken(kind)} cards"):
                cards = entry.setdefault("status_cards", {})
                if isinstance(cards, dict):
                    cards[kind] = entry.pop(key)
    _names_in_value(entry, "location", locations)
    cards = {spoken(card.name): slug for slug, card in items.items()}
    cards.update({spoken(slug): slug for slug in items})
    held = entry.get("items")
    if isinstance(held, dict):
        _rename_keys(held, cards)
    _names_in_list(entry.get("in_hands"), cards)
    clues = {spoken(name): slug for slug, name in book.clues.items()}
    clues.update({spoken(slug): slug for slug in book.clues})
    _names_in_list(entry.get("clues"), clues)


def _rename_keys(mapping: dict[Any, Any], names: Mapping[str, str]) -> None:
    """Rename each key whose spoken form ``names`` knows, keeping its place
    in the mapping and the line and column it was read at."""
    for key in list(mapping):
        new = names.get(spoken(key))
        if new is None or new == key or new in mapping:
            continue
        _rename(mapping, key, new)


def _rename(mapping: dict[Any, Any], old: Any, new: str) -> None:
    keys = list(mapping)
    value = mapping.pop(old)
    position = keys.index(old)
    insert = getattr(mapping, "insert", None)
    if insert is not None:  # ruamel's CommentedMap: keep the order and the position
        insert(position, new, value)
        lines = getattr(getattr(mapping, "lc", None), "data", None)
        if isinstance(lines, dict) and old in lines:
            lines[new] = lines[old]
    else:
        mapping[new] = value


def _names_in_list(values: Any, names: Mapping[str, str]) -> None:
    if isinstance(values, list):
        for index, value in enumerate(values):
            if isinstance(value, str):
                values[index] = names.get(spoken(value), value)


def _names_in_value(mapping: dict[Any, Any], key: str, names: Mapping[str, str]) -> None:
    value = mapping.get(key)
    if isinstance(value, str):
        mapping[key] = names.get(spoken(value), value)
