"""What the team learns: the Keyword sheet and the exploration elements found.

Every change is made here and told as an event, so the prompt can say what
happened and a replay of the events rebuilds the sheet (DESIGN principle 5).
"""

from __future__ import annotations

from tales.rules.events import ElementFound, KeywordErased, KeywordMarked, LocationRevealed
from tales.rules.table import Table


def mark_keyword(table: Table, keyword: str) -> None:
    """Mark ``keyword`` on the Keyword sheet (marking it twice changes nothing)."""
    if keyword not in table.keywords:
        table.keywords.add(keyword)
        table.emit(KeywordMarked(keyword))


def erase_keyword(table: Table, keyword: str) -> None:
    if keyword in table.keywords:
        table.keywords.discard(keyword)
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
    then read by the storybook)."""
    if slug in table.revealed:
        return False
    table.revealed.add(slug)
    table.emit(LocationRevealed(slug))
    return True
