"""The story map: paragraphs and what leads where, as DOT or Mermaid.

Tests are drawn as two edges (success and failure), endings stand out, and
the paragraphs the rules read (introduction, Event board, deaths,
encounters) are marked as entry points. Two nodes are not paragraphs: the
Event board, whose thresholds send to paragraphs ("threshold" edges), and
each interlude read after the scenario's endings ("interlude" edges).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import pairwise

from tales.story.effects import kind_of
from tales.story.model import Effect, Interlude, ScenarioBook

# A paragraph by its number, or a node that is not one (see :func:`other_nodes`).
Node = int | str
BOARD = "board"  # the Event board's node


@dataclass(frozen=True, slots=True)
class Edge:
    source: Node
    target: Node
    label: str
    kind: str  # "goto", "option", "success", "failure", "choice", "read", "encounter",
    # "time" (the time track's next narrative), "epilogue" (an ending to its rate's paragraph),
    # "threshold" (the Event board to what a threshold reads), "interlude" (an ending to one)
    gate: str | None = None  # the condition an option or a choice stands behind


def interlude_node(interlude: Interlude) -> str:
    """An interlude's node: a name DOT and Mermaid take unquoted (``p`` + it)."""
    return "interlude_" + interlude.id.replace("-", "_")


def following(book: ScenarioBook, interludes: Iterable[Interlude]) -> list[Interlude]:
    """The interludes read after this scenario."""
    return [i for i in interludes if i.after == book.id]


def other_nodes(book: ScenarioBook, interludes: Iterable[Interlude] = ()) -> dict[str, str]:
    """The nodes that are not paragraphs, with their labels."""
    found = {BOARD: "Event board"} if book.scenario.board.thresholds else {}
    for interlude in following(book, interludes):
        found[interlude_node(interlude)] = f"interlude {interlude.id.replace('-', ' ')}"
    return found


def _gated(label: str, gate: str | None, newline: str) -> str:
    """The label, and under it the gate the edge stands behind, each cut between words."""
    shown = _short(label)
    return f"{shown}{newline}[if {_short(gate, 60)}]" if gate else shown


def edges(book: ScenarioBook, interludes: Iterable[Interlude] = ()) -> Iterator[Edge]:
    """Every edge of the map; ``interludes``: the tale's, for those read after it."""
    yield from _paragraph_edges(book)
    yield from _time_edges(book)
    yield from _epilogue_edges(book)
    for threshold in book.scenario.board.thresholds:
        label = f"threshold: {threshold.count} {threshold.symbol}"
        yield Edge(BOARD, threshold.paragraph, label, "threshold")
    for interlude in following(book, interludes):
        for ending in book.endings:
            yield Edge(ending, interlude_node(interlude), "then", "interlude")


def _paragraph_edges(book: ScenarioBook) -> Iterator[Edge]:
    for number, paragraph in sorted(book.paragraphs.items()):
        for branch in paragraph.branches:
            yield Edge(number, branch.goto, f"if {branch.condition}", "goto")
        if paragraph.goto is not None:
            yield Edge(number, paragraph.goto, "", "goto")
        for option in paragraph.options:
            cost = f" [{option.cost}]" if option.cost else ""
            gate = option.condition
            if option.test is None and option.goto is not None:
                yield Edge(number, option.goto, option.label + cost, "option", gate)
            elif option.test is not None:
                test = f"{option.test.attribute} {option.test.need}"
                for kind, outcome in (("success", option.success), ("failure", option.failure)):
                    if outcome is not None and outcome.goto is not None:
                        label = f"{option.label}{cost}: {test} {kind}"
                        yield Edge(number, outcome.goto, label, kind, gate)
        for choice in paragraph.choices:
            if choice.outcome.goto is not None:
                yield Edge(number, choice.outcome.goto, choice.label, "choice", choice.condition)
        for effect in (*paragraph.effects, *paragraph.first_time):
            lead = kind_of(effect.kind).leads(effect)
            if lead is not None:
                yield Edge(number, lead, "read", "read")
            yield from _encounter_edges(book, number, effect)


def _encounter_edges(book: ScenarioBook, number: int, effect: Effect) -> Iterator[Edge]:
    """An encounter begun here leads to its narratives: overcome, and the round's end."""
    if effect.kind != "encounter":
        return
    card = book.scenario.encounters.get(str(effect.value))
    if card is None:
        return
    if card.defeated is not None:
        yield Edge(number, card.defeated, f"{card.enemy.name} overcome", "encounter")
    if card.round_end is not None:
        yield Edge(number, card.round_end, f"{card.enemy.name}: end of round", "encounter")


def _time_edges(book: ScenarioBook) -> Iterator[Edge]:
    """The time track read as a chain: each timed narrative to the next one."""
    timed = [(space, n) for space, n in enumerate(book.scenario.board.spaces, 1) if n is not None]
    for (_, before), (space, after) in pairwise(timed):
        yield Edge(before, after, f"time: space {space}", "time")


def _epilogue_edges(book: ScenarioBook) -> Iterator[Edge]:
    """Every ending leads to the paragraphs its exploration rate may read."""
    for ending in book.endings:
        for rate in book.rates:
            yield Edge(ending, rate.read, f"rate {rate.start}% or more", "epilogue")


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
        if location.on_enter is not None:
            points.setdefault(location.on_enter, f"inside {location.name}")
    return points


def _short(text: str, width: int = 40) -> str:
    """A label at most ``width`` long, cut between words, never inside one."""
    text = " ".join(text.split())
    if len(text) <= width:
        return text
    cut = text[: width - 1].rsplit(" ", 1)[0]
    return cut + "…"


def areas(book: ScenarioBook) -> dict[str, set[int]]:
    """The paragraphs standing at each area's locations (scenes and ``at``)."""
    locations = book.scenario.locations
    found: dict[str, set[int]] = {}
    for location in locations.values():
        for number in (location.paragraph, location.on_enter):
            if number is not None and number in book.paragraphs:
                found.setdefault(location.area, set()).add(number)
    for number, paragraph in book.paragraphs.items():
        if paragraph.at is not None and paragraph.at in locations:
            found.setdefault(locations[paragraph.at].area, set()).add(number)
    claimed: set[int] = set()
    for area in sorted(found):  # a paragraph sits in one cluster only
        found[area] -= claimed
        claimed |= found[area]
    return {area: members for area, members in found.items() if members}


def _dot_node(
    book: ScenarioBook,
    number: int,
    points: dict[int, str],
    endings: set[int],
    quote: Callable[[str], str],
) -> str:
    label = f"{number}" + (f"\n{points[number]}" if number in points else "")
    shape = "doubleoctagon" if number in endings else ("house" if number in points else "box")
    return f"  p{number} [label={quote(label)}, shape={shape}];"


# How DOT draws each kind of edge; the legend shows each kind the map has.
DOT_STYLE = {
    "success": "color=darkgreen",
    "failure": "color=firebrick,style=dashed",
    "choice": "color=navy",
    "read": "style=dotted",
    "goto": "",
    "option": "",
    "encounter": "color=darkorange",
    "time": "color=purple,style=bold",
    "epilogue": "color=gray40,style=dashed",
    "threshold": "color=darkcyan,style=bold",
    "interlude": "color=deeppink3,style=dashed",
}


def _dot_quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return '"' + escaped + '"'


def _dot_legend(kinds: set[str]) -> list[str]:
    """A cluster with one short arrow per kind of edge drawn, named and styled as on the map."""
    lines = ["  subgraph cluster_legend {", '    label="legend"; style=rounded; color=gray80;']
    for kind in (k for k in DOT_STYLE if k in kinds):
        style = f", {DOT_STYLE[kind]}" if DOT_STYLE[kind] else ""
        lines.append(
            f'    legend_{kind}_a [label="", shape=point]; legend_{kind}_b [label="", shape=point];'
        )
        lines.append(f'    legend_{kind}_a -> legend_{kind}_b [label="{kind}"{style}];')
    return [*lines, "  }"]


def to_dot(book: ScenarioBook, interludes: Iterable[Interlude] = ()) -> str:
    quote = _dot_quote
    lines = [f"digraph {quote(book.id)} {{", "  rankdir=LR;", "  node [shape=box, fontsize=10];"]
    points = entry_points(book)
    endings = set(book.endings)
    clusters = areas(book)
    for number in sorted(book.paragraphs):
        if any(number in members for members in clusters.values()):
            continue
        lines.append(_dot_node(book, number, points, endings, quote))
    for index, (area, members) in enumerate(sorted(clusters.items())):
        lines.append(f"  subgraph cluster_{index} {{")
        lines.append(f"    label={quote(area.replace('-', ' '))}; style=rounded; color=gray60;")
        lines += ["  " + _dot_node(book, n, points, endings, quote) for n in sorted(members)]
        lines.append("  }")
    for node, label in other_nodes(book, interludes).items():
        shape = "component" if node == BOARD else "note"
        lines.append(
            f"  p{node} [label={quote(label)}, shape={shape}, style=filled, fillcolor=gray95];"
        )
    drawn = list(edges(book, interludes))
    for edge in drawn:
        text = _gated(edge.label, edge.gate, "\n")
        attributes = [f"label={quote(text)}"] if text else []
        attributes += [DOT_STYLE[edge.kind]] if DOT_STYLE[edge.kind] else []
        styled = f" [{', '.join(attributes)}]" if attributes else ""
        lines.append(f"  p{edge.source} -> p{edge.target}{styled};")
    lines += _dot_legend({edge.kind for edge in drawn})
    lines.append("}")
    return "\n".join(lines) + "\n"


def to_mermaid(book: ScenarioBook, interludes: Iterable[Interlude] = ()) -> str:
    def label(text: str) -> str:
        return " ".join(text.split()).replace('"', "'").replace("|", "/")

    lines = ["flowchart LR"]
    points = entry_points(book)
    endings = set(book.endings)
    for number in sorted(book.paragraphs):
        text = f"{number}" + (f" {label(points[number])}" if number in points else "")
        lines.append(
            f'  p{number}((("{text}")))' if number in endings else f'  p{number}["{text}"]'
        )
    for node, name in other_nodes(book, interludes).items():
        lines.append(
            f'  p{node}[["{label(name)}"]]' if node == BOARD else f'  p{node}>"{label(name)}"]'
        )
    arrows = {"failure": "-.->", "read": "-.->", "interlude": "-.->", "threshold": "==>"}
    drawn = list(edges(book, interludes))
    for edge in drawn:
        arrow = arrows.get(edge.kind, "-->")
        gated = _gated(label(edge.label), edge.gate and label(edge.gate), "<br/>")
        text = f'|"{gated}"|' if gated else ""
        lines.append(f"  p{edge.source} {arrow}{text} p{edge.target}")
    # The legend: one arrow per kind of edge drawn, as the map draws it.
    lines.append('  subgraph legend["legend"]')
    for kind in (k for k in DOT_STYLE if k in {e.kind for e in drawn}):
        arrow = arrows.get(kind, "-->")
        lines.append(f'    legend_{kind}_a[" "] {arrow}|{kind}| legend_{kind}_b[" "]')
    lines.append("  end")
    return "\n".join(lines) + "\n"
