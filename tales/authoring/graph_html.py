"""``tales graph --format html``: the story map as one self-contained page.

With Graphviz installed its own SVG of the DOT map is embedded; otherwise a
layered SVG is laid out here (a paragraph's column is its distance from the
paragraphs the rules read first). The wheel zooms and a drag pans, with no
file or script fetched from anywhere.
"""

from __future__ import annotations

import shutil
import subprocess
from collections import deque
from collections.abc import Iterable
from html import escape

from tales.authoring.graph import (
    BOARD,
    Edge,
    Node,
    areas,
    edges,
    entry_points,
    other_nodes,
    to_dot,
)
from tales.story.model import Interlude, ScenarioBook

COLOURS = {
    "success": "#2e7d32",
    "failure": "#c62828",
    "choice": "#1a237e",
    "encounter": "#ef6c00",
    "time": "#6a1b9a",
    "epilogue": "#757575",
    "threshold": "#00838f",
    "interlude": "#ad1457",
}
FILLS = ("#e3f2fd", "#fce4ec", "#e8f5e9", "#fff3e0", "#ede7f6", "#e0f7fa", "#f9fbe7", "#efebe9")
WIDE, HIGH, NODE_W, NODE_H = 170, 56, 120, 36

ZOOM = """
const svg = document.querySelector("svg"); let box = svg.viewBox.baseVal, drag = null;
svg.addEventListener("wheel", e => { e.preventDefault(); const k = e.deltaY > 0 ? 1.15 : 1 / 1.15;
  box.x += (box.width * (1 - k)) / 2; box.y += (box.height * (1 - k)) / 2;
  box.width *= k; box.height *= k; });
svg.addEventListener("mousedown", e => { drag = [e.clientX, e.clientY]; });
window.addEventListener("mouseup", () => { drag = null; });
window.addEventListener("mousemove", e => { if (!drag) return;
  const k = box.width / svg.clientWidth; box.x -= (e.clientX - drag[0]) * k;
  box.y -= (e.clientY - drag[1]) * k; drag = [e.clientX, e.clientY]; });
"""


def columns(book: ScenarioBook, links: list[Edge]) -> dict[int, int]:
    """Each paragraph's column: its distance from the nearest entry point."""
    after: dict[Node, list[Node]] = {}
    for edge in links:
        after.setdefault(edge.source, []).append(edge.target)
    depth = {n: 0 for n in entry_points(book) if n in book.paragraphs}
    queue = deque(sorted(depth))
    while queue:
        number = queue.popleft()
        for target in after.get(number, []):
            if isinstance(target, int) and target in book.paragraphs and target not in depth:
                depth[target] = depth[number] + 1
                queue.append(target)
    return {n: depth.get(n, 0) for n in book.paragraphs}


def _layout_svg(book: ScenarioBook, interludes: Iterable[Interlude]) -> str:
    links = list(edges(book, interludes))
    column: dict[Node, int] = {n: c for n, c in columns(book, links).items()}
    last = max(column.values(), default=0)
    others = other_nodes(book, interludes)
    for node in others:  # the board before every paragraph, interludes after them all
        column[node] = 0 if node == BOARD else last + 1
    rows: dict[int, int] = {}
    place: dict[Node, tuple[int, int]] = {}
    for number in sorted(
        column,
        key=lambda n: (column[n], str(n) if n in others else "", n if isinstance(n, int) else 0),
    ):
        row = rows.get(column[number], 0)
        rows[column[number]] = row + 1
        place[number] = (20 + column[number] * WIDE, 20 + row * HIGH)
    width = 40 + (max(column.values(), default=0) + 1) * WIDE
    height = 40 + max(rows.values(), default=1) * HIGH
    fill: dict[Node, str] = {
        n: FILLS[i % len(FILLS)]
        for i, (_, ns) in enumerate(sorted(areas(book).items()))
        for n in ns
    }
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}">']
    for edge in links:
        if edge.source not in place or edge.target not in place:
            continue
        (x1, y1), (x2, y2) = place[edge.source], place[edge.target]
        tip = escape(edge.label + (f" [if {edge.gate}]" if edge.gate else ""))
        dash = ' stroke-dasharray="4 3"' if edge.gate or edge.kind == "failure" else ""
        parts.append(
            f'<line x1="{x1 + NODE_W}" y1="{y1 + NODE_H // 2}" x2="{x2}" y2="{y2 + NODE_H // 2}" '
            f'stroke="{COLOURS.get(edge.kind, "#444")}"{dash}><title>{tip}</title></line>'
        )
    points: dict[Node, str] = {n: why for n, why in entry_points(book).items()}
    points |= {n: why for n, why in others.items()}
    endings = set(book.endings)
    for number, (x, y) in sorted(place.items(), key=lambda kv: str(kv[0])):
        why = escape(points.get(number, ""))
        shown = "" if number in others else number
        border = ' stroke-width="3"' if number in endings else ""
        parts.append(
            f'<g id="p{number}"><rect x="{x}" y="{y}" width="{NODE_W}" height="{NODE_H}" rx="6" '
            f'fill="{fill.get(number, "#ffffff")}" stroke="#333"{border}/>'
            f'<text x="{x + 6}" y="{y + 15}" font-size="12">{shown}</text>'
            f'<text x="{x + 6}" y="{y + 29}" font-size="9">{why[:24]}</text></g>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


def _graphviz_svg(book: ScenarioBook, interludes: Iterable[Interlude]) -> str | None:
    dot = shutil.which("dot")
    if dot is None:
        return None
    done = subprocess.run(
        [dot, "-Tsvg"], input=to_dot(book, interludes), capture_output=True, text=True
    )
    if done.returncode != 0:
        return None
    return done.stdout[done.stdout.find("<svg") :]


def to_html(book: ScenarioBook, interludes: Iterable[Interlude] = ()) -> str:
    interludes = list(interludes)
    svg = _graphviz_svg(book, interludes) or _layout_svg(book, interludes)
    legend = " ".join(
        f'<span style="color:{colour}">&#9632; {kind}</span>' for kind, colour in COLOURS.items()
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(book.title)}: story map</title>"
        "<style>body{margin:0;font-family:sans-serif}header{padding:6px 12px}"
        "svg{width:100vw;height:calc(100vh - 40px);display:block;cursor:grab}</style>"
        f"</head><body><header>{escape(book.title)}: wheel zooms, drag pans. {legend}</header>\n"
        f"{svg}\n<script>{ZOOM}</script></body></html>\n"
    )
