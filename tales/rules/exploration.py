"""What the team learns and marks: the Keyword sheet, the exploration
elements found, the Location cards revealed and the tokens on them.

Every change is made here and told as an event, so the prompt can say what
happened and a replay of the events rebuilds the sheet (DESIGN principle 5).
"""

from __future__ import annotations

import functools

from tales.rules.events import (
    ElementFound,
    KeywordErased,
    KeywordMarked,
    LocationRevealed,
    LocationTokensChanged,
)
from tales.rules.paths import in_play
from tales.rules.table import Table


def mark_keyword(table: Table, keyword: str, *, carried: bool = False) -> None:
    """Mark ``keyword`` on the Keyword sheet (marking it twice changes nothing);
    ``carried``: marked for what the campaign log holds, not uncovered here
    (ruling ``carried-keywords-explored``)."""
    if keyword not in table.keywords:
        table.keywords.add(keyword)
        if carried:
            table.carried_keywords.add(keyword)
        table.emit(_marked(keyword, carried))


@functools.lru_cache(maxsize=1024)
def _marked(keyword: str, carried: bool) -> KeywordMarked:
    """The event of a keyword marked: a frozen value, made once and told by
    every game that marks it (a bench walk is a game, and marks them again)."""
    return KeywordMarked(keyword, carried)


def erase_keyword(table: Table, keyword: str) -> None:
    if keyword in table.keywords:
        table.keywords.discard(keyword)
        table.carried_keywords.discard(keyword)  # marked again later, it is uncovered here
        table.emit(KeywordErased(keyword))


def find_element(table: Table, kind: str, element: str) -> None:
    """An item, clue, objective or information found: it counts for the
    exploration rate once, however often it is found."""
    found = table.found.setdefault(kind, set())
    if element not in found:
        found.add(element)
        table.emit(ElementFound(kind, element))


def reveal_location(table: Table, slug: str) -> bool:
    """Put a Location card on the table; whether it was new (its scene is
    then read by the storybook). A card left in the box at this player count
    ("only with 3+ players") is never put on the table."""
    if slug in table.revealed or (table.scenario is not None and not in_play(table, slug)):
        return False
    table.revealed.add(slug)
    table.emit(LocationRevealed(slug))
    return True


def change_location_tokens(table: Table, location: str, token: str, by: int) -> None:
    """Add ``by`` tokens to a Location card (never below none)."""
    tokens = table.location_tokens.setdefault(location, {})
    before = tokens.get(token, 0)
    tokens[token] = max(0, before + by)
    if tokens[token] != before:
        table.emit(LocationTokensChanged(location, token, before, tokens[token]))
