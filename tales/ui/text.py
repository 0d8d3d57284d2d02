"""The words every part of the prompt shares: a line of output and the
names of people, places and items (never their slugs)."""

from __future__ import annotations

import textwrap

from tales.records import record
from tales.rules.events import ActionsPaid
from tales.rules.terms import and_list
from tales.story.view import TableView
from tales.ui.words import count, words


@record
class Line:
    """One line of output and what kind it is (for styling)."""

    text: str
    kind: str = "message"  # "narrative", "heading", "message", "dice", "warning", "option"


def wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n\n"):
        lines += textwrap.wrap(" ".join(paragraph.split()), width=width) or [""]
        lines.append("")
    return lines[:-1]


def fit(lines: list[Line], width: int) -> list[Line]:
    """Every line wrapped to ``width`` as it is printed, words never broken;
    a continuation is indented under the text it continues ("  3. " options)."""
    fitted: list[Line] = []
    for line in lines:
        if len(line.text) <= width:
            fitted.append(line)
            continue
        body = line.text.lstrip(" ")
        lead = len(line.text) - len(body)
        marker = body.split(" ", 1)[0]
        hang = lead + (len(marker) + 1 if marker.rstrip(".").isdecimal() or marker == "r." else 2)
        parts = textwrap.wrap(
            line.text,
            width=width,
            subsequent_indent=" " * min(hang, width // 2),
            break_long_words=False,
            break_on_hyphens=False,
        )
        fitted += [Line(part, line.kind) for part in parts or [""]]
    return fitted


def name_of(table: TableView, slug: str) -> str:
    inv = table.investigators.get(slug)
    return inv.name if inv else words(slug)


def place(table: TableView, slug: str) -> str:
    if table.scenario and slug in table.scenario.locations:
        return table.scenario.locations[slug].name
    return words(slug)


def item_name(table: TableView, slug: str) -> str:
    for inv in table.investigators.values():
        held = inv.item(slug)
        if held:
            return held.card.name
    if table.scenario and slug in table.scenario.items:
        return table.scenario.items[slug].name
    return words(slug)


def actions_paid(table: TableView, paid: ActionsPaid) -> str:
    """Who spent the Actions and, where a Companion's marker paid any, with
    what: a playtest read "Arthur Blackwood spends 1 Action" when Irene
    Dubois's marker had paid it, and wondered where his card had gone."""
    spent = len(paid.cards) + len(paid.markers)
    text = f"{name_of(table, paid.investigator)} spends {count(spent, 'Action')} ({paid.why})"
    if not paid.markers:
        return text + "."
    means = [count(len(paid.cards), "card")] if paid.cards else []
    for written in paid.markers:  # "companion:marker", as ActionsPaid names it
        companion, _, marker = written.partition(":")
        means.append(f"{name_of(table, companion)}'s {marker} marker")
    return f"{text}, paid with {and_list(means)}."
