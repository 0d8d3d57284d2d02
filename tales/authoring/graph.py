"""The story map: paragraphs and what leads where, as DOT or Mermaid.

Tests are drawn as two edges (success and failure), endings stand out, and
the paragraphs the rules read (introduction, Event board, deaths,
encounters) are marked as entry points.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from tales.story.effects import kind_of
from tales.story.model import ScenarioBook


@dataclass(frozen=True, slots=True)
class Edge:
    source: int
    target: int
    label: str
    kind: str  # "goto", "option", "success", "failure", "choice", "read"


def edges(book: ScenarioBook) -> Iterator[Edge]:
    for number, paragraph in sorted(book.paragraphs.items()):
        for branch in paragraph.branches:
            yield Edge(number, branch.goto, f"if {branch.condition}", "goto")
        if paragraph.goto is not None:
            yield Edge(number, paragraph.goto, "", "goto")
        for option in paragraph.options:
            cost = f" [{option.cost}]" if option.cost else ""
            if option.test is None and option.goto is not None:
                yield Edge(number, option.goto, option.label + cost, "option")
            elif option.test is not None:
                test = f"{option.test.attribute} {option.test.need}"
                for kind, outcome in (("success", option.success), ("failure", option.failure)):
                    if outcome is not None and outcome.goto is not None:
                        yield Edge(
                            number, outcome.goto, f"{option.label}{cost}: {test} {kind}", kind
                        )
        for choice in paragraph.choices:
            if choice.outcome.goto is not None:
                yield Edge(number, choice.outcome.goto, choice.label, "choice")
        for effect in (*paragraph.effects, *paragraph.first_time):
            lead = kind_of(effect.kind).leads(effect)
            if lead is not None:
                yield Edge(number, lead, "read", "read")


def entry_points(book: ScenarioBook) -> dict[int, str]:
    """Paragraphs the rules read, and why."""
    board = book.scenario.board
    points = {book.introduction: "introduction"}
    for space, number in enumerate(board.spaces, start=1):
        if number is not None:
            points.setdefault(number, f"time {space}")
    for threshold in board.thresholds:
        points.setdefault(threshold.paragraph, f"{threshold.count} {threshold.symbol}")
    if board.death is not None:
        points.setdefault(board.death, "death")
    for location in book.scenario.locations.values():
        if location.paragraph is not None:
            points.setdefault(location.paragraph, location.name)
    return points


def _short(text: str, width: int = 40) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def to_dot(book: ScenarioBook) -> str:
    def quote(text: str) -> str:
        escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        return '"' + escaped + '"'

    style = {
        "success": "color=darkgreen",
        "failure": "color=firebrick,style=dashed",
        "choice": "color=navy",
        "read": "style=dotted",
        "goto": "",
        "option": "",
    }
    lines = [f"digraph {quote(book.id)} {{", "  rankdir=LR;", "  node [shape=box, fontsize=10];"]
    points = entry_points(book)
    endings = set(book.endings)
    for number in sorted(book.paragraphs):
        label = f"{number}" + (f"\n{points[number]}" if number in points else "")
        shape = "doubleoctagon" if number in endings else ("house" if number in points else "box")
        lines.append(f"  p{number} [label={quote(label)}, shape={shape}];")
    for edge in edges(book):
        attributes = [f"label={quote(_short(edge.label))}"] if edge.label else []
        attributes += [style[edge.kind]] if style[edge.kind] else []
        styled = f" [{', '.join(attributes)}]" if attributes else ""
        lines.append(f"  p{edge.source} -> p{edge.target}{styled};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def to_mermaid(book: ScenarioBook) -> str:
    def label(text: str) -> str:
        return _short(text).replace('"', "'").replace("|", "/")

    lines = ["flowchart LR"]
    points = entry_points(book)
    endings = set(book.endings)
    for number in sorted(book.paragraphs):
        text = f"{number}" + (f" {label(points[number])}" if number in points else "")
        lines.append(
            f'  p{number}((("{text}")))' if number in endings else f'  p{number}["{text}"]'
        )
    arrows = {"failure": "-.->", "read": "-.->"}
    for edge in edges(book):
        arrow = arrows.get(edge.kind, "-->")
        text = f'|"{label(edge.label)}"|' if edge.label else ""
        lines.append(f"  p{edge.source} {arrow}{text} p{edge.target}")
    return "\n".join(lines) + "\n"
