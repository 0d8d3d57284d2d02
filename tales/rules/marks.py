"""Per-investigator marks and counters: what a storybook notes against one
investigator rather than the team (a diving suit worn, trauma suffered, a
seat taken). A mark is a counter of 1; none goes below 0, and each change
is told as an event so the prompt can say it and the sheet can keep it."""

from __future__ import annotations

from tales.rules.events import MarkChanged
from tales.rules.investigators import Investigator
from tales.rules.table import Table


def mark_count(table: Table, slug: str, mark: str) -> int:
    return table.marks.get(slug, {}).get(mark, 0)


def change_mark(table: Table, inv: Investigator, mark: str, by: int) -> None:
    """Add ``by`` (negative to take away) to ``inv``'s ``mark``, never below 0."""
    before = mark_count(table, inv.slug, mark)
    after = max(0, before + by)
    if after == before:
        return
    marks = table.marks.setdefault(inv.slug, {})
    if after:
        marks[mark] = after
    else:
        del marks[mark]
        if not marks:
            del table.marks[inv.slug]
    table.emit(MarkChanged(inv.slug, mark, before, after))
