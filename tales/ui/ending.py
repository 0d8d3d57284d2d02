"""The end of a game told as a summary: who lived and who died, what was
found, the exploration rate element by element and the campaign log."""

from __future__ import annotations

from tales.rules.scoring import ELEMENTS
from tales.story.view import TableView
from tales.ui.pieces import entry_words
from tales.ui.text import Line, item_name
from tales.ui.words import count, words

_NOUNS = {
    "information": "piece of information",
    "objective": "objective",
    "item": "item",
    "clue": "clue",
    "keyword": "keyword",
    "survivor": "survivor",
}


def team_lines(table: TableView) -> list[Line]:
    alive = [i.name for i in table.investigators.values() if not i.dead]
    dead = [i.name for i in table.investigators.values() if i.dead]
    return [
        Line(f"Lived: {', '.join(alive) or 'no one'}."),
        Line(f"Died: {', '.join(dead) or 'no one'}."),
    ]


def found_lines(table: TableView) -> list[Line]:
    names = table.element_names
    lines = []
    for kind in ("clue", "objective", "information", "item"):
        found = table.found.get(kind, ())
        if kind == "item":  # named as its card is
            got = sorted(item_name(table, slug) for slug in found)
        else:
            got = sorted(names.get(slug, words(slug)) for slug in found)
        if got:
            lines.append(Line(f"Found ({count(len(got), _NOUNS[kind])}): {', '.join(got)}."))
    return lines or [Line("Nothing was found.")]


def elements(table: TableView) -> dict[str, int]:
    """How many of each exploration element the team has, as the rules count
    them (tales.rules.scoring.exploration_elements), read from the view."""
    counts = {kind: len(table.found.get(kind, ())) for kind in ELEMENTS}
    counts["keyword"] = len(table.keywords)
    counts["survivor"] = sum(1 for i in table.investigators.values() if not i.dead)
    return counts


def rate_lines(table: TableView) -> list[Line]:
    if table.scenario is None:
        return []
    table_points = table.scenario.exploration
    parts = []
    total = 0
    for kind, n in elements(table).items():
        worth = table_points.points.get(kind, 0)
        if worth:
            parts.append(f"{count(n, _NOUNS[kind])} x {worth} = {n * worth}")
            total += n * worth
    lines = [Line("Exploration, element by element:", "heading"), *(Line(f"  {p}") for p in parts)]
    carried = table.carried_points
    if carried:
        lines.append(
            Line(f"  {count(carried, 'point')} carried from the campaign's earlier scenarios")
        )
    full = table_points.full
    lines.append(Line(f"  {total + carried} of the {full} points that make 100%."))
    if not carried and total > full:
        # "exceed 100% exploration by carrying over their achievements from one
        # scenario to the next": on its own, a scenario's rate stops at 100%.
        lines.append(
            Line(
                "  A scenario's own points rate at most 100%; only points carried "
                "through a campaign go past it."
            )
        )
    return lines


def log_entry_lines(table: TableView) -> list[Line]:
    entries = [
        f"{words(section).capitalize()}: {entry_words(table, section, entry)}"
        + (" (crossed out)" if crossed else "")
        for section, book in sorted(table.campaign_log.items())
        for entry, crossed in book.items()
    ]
    if not entries:
        return [Line("The campaign log records nothing from this game.")]
    return [Line("Campaign log:", "heading"), *(Line(f"  {e}.") for e in entries)]


def summary_lines(table: TableView) -> list[Line]:
    return [
        *team_lines(table),
        *found_lines(table),
        *rate_lines(table),
        *log_entry_lines(table),
    ]
