"""The words every part of the prompt shares: a line of output and the
names of people, places and items (never their slugs)."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from tales.story.view import TableView


@dataclass(frozen=True, slots=True)
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


def name_of(table: TableView, slug: str) -> str:
    inv = table.investigators.get(slug)
    return inv.name if inv else slug


def place(table: TableView, slug: str) -> str:
    if table.scenario and slug in table.scenario.locations:
        return table.scenario.locations[slug].name
    return slug


def item_name(table: TableView, slug: str) -> str:
    for inv in table.investigators.values():
        held = inv.item(slug)
        if held:
            return held.card.name
    if table.scenario and slug in table.scenario.items:
        return table.scenario.items[slug].name
    return slug
