"""The simulation report as text for a terminal, and as a self-contained HTML
page with a chart of the exploration-rate distribution (inline SVG)."""

from __future__ import annotations

import html
from typing import Any


def as_text(data: dict[str, Any], scenario: str) -> str:
    lines = [
        f"{data['runs']} playthroughs of {scenario} in {data['seconds']} s "
        f"({data['choices_per_second']:,} choices/s per process, "
        f"{data['playthroughs_per_second']} playthroughs/s).",
        f"Paragraphs reached: {data['paragraphs_visited']} of {data['paragraphs_total']} "
        f"({data['coverage']:.0%}); options taken: {data['options_taken']} of "
        f"{data['options_total']}.",
        f"Crashes: {data['crashes']}; story dead ends: {len(data['dead_ends'])}; "
        f"deaths: {data['deaths']}.",
        "Endings:",
        *(f"  {count:>6}  {ending}" for ending, count in data["endings"].items()),
    ]
    rate = data["exploration_rate"]
    if rate["mean"] is not None:
        lines.append(
            f"Exploration rate: mean {rate['mean']}%, min {rate['min']:.0f}%, "
            f"max {rate['max']:.0f}%."
        )
        peak = max(rate["histogram"].values()) or 1
        for bucket, count in rate["histogram"].items():
            lines.append(f"  {bucket:>7}% {'#' * round(30 * count / peak):<30} {count}")
    if data["unreached"] or data["options_never_taken"] or data["dead_ends"]:
        lines.append(f"Files are named from the tale's folder, {data['tale']}.")
    if data["unreached"]:
        lines.append("Never reached:")
        lines += [f"  {u['where']}: paragraph {u['paragraph']}" for u in data["unreached"]]
    if data["options_never_taken"]:
        lines.append("Options never taken:")
        lines += [
            f"  {o['where']}: {o['label']!r} (paragraph {o['paragraph']})"
            for o in data["options_never_taken"]
        ]
    if data["dead_ends"]:
        lines.append("Dead ends (choices offered, none open):")
        lines += [
            f"  {d['where']}: paragraph {d['paragraph']} in {d['runs']} runs"
            for d in data["dead_ends"]
        ]
    for crash in data["crash_reports"]:
        lines.append(f"CRASH (seed {crash['seed']}): {crash['error']}")
        if "replay" in crash:
            lines.append(f"  replay: {crash['replay']}")
    return "\n".join(lines) + "\n"


def as_html(data: dict[str, Any], scenario: str) -> str:
    text = html.escape(as_text(data, scenario))
    chart = _svg_histogram(data["exploration_rate"]["histogram"])
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>tales simulate: {html.escape(scenario)}</title>
<style>
body {{ font: 15px/1.45 Georgia, serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem;
  color: #222; }}
h1 {{ font-weight: normal; }} svg {{ max-width: 100%; height: auto; display: block; }}
pre {{ background: #f6f4ef; padding: 1rem; white-space: pre-wrap; overflow-wrap: anywhere; }}
svg text {{ font: 12px sans-serif; }}
</style></head><body>
<h1>Playtest of <em>{html.escape(scenario)}</em></h1>
<h2>Exploration rate</h2>
{chart}
<h2>Report</h2>
<pre>{text}</pre>
</body></html>
"""


def _svg_histogram(histogram: dict[str, int]) -> str:
    if not histogram:
        return "<p>No playthrough reached an ending with an exploration rate.</p>"
    width, height, gap = 560, 200, 6
    bar = (width - gap * len(histogram)) / len(histogram)
    peak = max(histogram.values()) or 1
    parts = [
        f'<svg viewBox="0 0 {width} {height + 40}" width="{width}" role="img" '
        'aria-label="Histogram of exploration rates">'
    ]
    for i, (bucket, count) in enumerate(histogram.items()):
        h = height * count / peak
        x = i * (bar + gap)
        parts.append(
            f'<rect x="{x:.1f}" y="{height - h:.1f}" width="{bar:.1f}" height="{h:.1f}" '
            f'fill="#5b7b8a"><title>{bucket}%: {count}</title></rect>'
        )
        parts.append(
            f'<text x="{x + bar / 2:.1f}" y="{height + 15}" text-anchor="middle">{bucket}</text>'
        )
        parts.append(
            f'<text x="{x + bar / 2:.1f}" y="{max(12, height - h - 4):.1f}" '
            f'text-anchor="middle">{count}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)
