"""The campaign simulation's report as text for a terminal, and as a
self-contained HTML page (inline SVG bars of each scenario's and
interlude's coverage; no script, nothing fetched). Everything shown from the
storybook (ending openings, log entries, names) is escaped on the page."""

from __future__ import annotations

import html
from typing import Any

SHOWN_ENTRIES = 12  # the most written log entries a scenario's lines name


def as_text(data: dict[str, Any], title: str) -> str:
    """The report in a few lines a part, for the terminal."""
    timing = data["timing"]
    lines = [
        f"{title}: {data['runs']} whole campaigns ({data['policy']} bots, seed {data['seed']}), "
        f"{data['crashes']} crashed; {timing['wall_seconds']} s wall, "
        f"{timing['cpu_seconds']} s CPU.",
        f"Scenario paragraphs read: {data['paragraphs_visited']}/{data['paragraphs_total']} "
        f"({data['coverage']:.0%}); interlude paragraphs: "
        f"{data['interlude_paragraphs_visited']}/{data['interlude_paragraphs_total']} "
        f"({data['interlude_coverage']:.0%}).",
        "Scenarios reached: "
        + ", ".join(f"{s} {n}" for s, n in data["scenarios_reached"].items())
        + f"; the epilogue: {data['epilogue_reached']}.",
        "Endings: " + "; ".join(f"{e} ({n})" for e, n in data["endings"].items()),
        f"Deaths: {data['deaths']}.",
    ]
    dead = data["dead_ends"]
    lines.append(
        "Dead ends: "
        + (
            ", ".join(f"{d['where']} paragraph {d['paragraph']} ({d['runs']})" for d in dead)
            or "none"
        )
    )
    for name, part in data["scenarios"].items():
        lines += _scenario_lines(name, part)
    for name, part in data["interludes"].items():
        lines.append(
            f"Interlude {name}: read in {part['runs']} runs; paragraphs "
            f"{part['paragraphs_visited']}/{part['paragraphs_total']}."
        )
        lines += _unread_lines(part["unreached"])
    for crash in data["crash_reports"]:
        lines.append(f"Crash with seed {crash['seed']} in {crash['scenario']}: {crash['error']}")
        lines.append(f"  rerun: {crash['rerun']}")
        if "replay" in crash:
            lines.append(f"  replay: {crash['replay']}")
    return "\n".join(lines) + "\n"


def _scenario_lines(name: str, part: dict[str, Any]) -> list[str]:
    bots = ", ".join(f"{p} {n}" for p, n in part["policies"].items())
    rate, carried = part["exploration_rate"], part["exploration_carried"]
    lines = [
        f"Scenario {name}: {part['runs']} runs ({bots}; {part['aimed']} aimed at an unread "
        f"paragraph, {part['aims_read']} read it); paragraphs "
        f"{part['paragraphs_visited']}/{part['paragraphs_total']} ({part['coverage']:.0%}); "
        f"deaths {part['deaths']}.",
        "  Endings: " + "; ".join(f"{e} ({n})" for e, n in part["endings"].items()),
    ]
    if rate["mean"] is not None:
        onward = (
            f"; points carried on: mean {carried['mean']}, in {carried['runs_carrying']} runs"
            if carried["mean"] is not None  # the last scenario carries nothing on
            else ""
        )
        lines.append(
            f"  Exploration rate: mean {rate['mean']}%, min {rate['min']:.0f}%, "
            f"max {rate['max']:.0f}%{onward}."
        )
    entries = list(part["log_entries"].items())
    if entries:
        shown = ", ".join(f"{e} {n}" for e, n in entries[:SHOWN_ENTRIES])
        more = len(entries) - SHOWN_ENTRIES
        lines.append(
            f"  Log entries written (runs): {shown}"
            + (f"; {more} more in --json" if more > 0 else "")
        )
    return lines + _unread_lines(part["unreached"])


def _unread_lines(unreached: list[dict[str, Any]]) -> list[str]:
    if not unreached:
        return []
    return ["  Never read: " + ", ".join(f"{u['paragraph']} ({u['where']})" for u in unreached)]


def as_html(data: dict[str, Any], title: str) -> str:
    """The page: coverage bars of every part, a table of the scenarios, and
    the text report."""
    parts = [(f"scenario {n}", p) for n, p in data["scenarios"].items()]
    parts += [(f"interlude {n}", p) for n, p in data["interludes"].items()]
    rows = "\n".join(_row(name, part) for name, part in data["scenarios"].items())
    text = html.escape(as_text(data, title))
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>tales simulate --campaign: {html.escape(title)}</title>
<style>
body {{ font: 15px/1.45 Georgia, serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem;
  color: #222; }}
h1 {{ font-weight: normal; }} svg {{ max-width: 100%; height: auto; display: block; }}
table {{ border-collapse: collapse; }} td, th {{ padding: .2rem .6rem; text-align: left;
  border-bottom: 1px solid #ddd; }}
pre {{ background: #f6f4ef; padding: 1rem; white-space: pre-wrap; overflow-wrap: anywhere; }}
svg text {{ font: 12px sans-serif; }}
</style></head><body>
<h1>Campaign playtest of <em>{html.escape(title)}</em></h1>
<h2>Paragraphs read</h2>
{_coverage_bars(parts)}
<h2>Scenarios</h2>
<table><tr><th>scenario</th><th>runs</th><th>read</th><th>deaths</th>
<th>mean exploration</th><th>points carried (mean)</th></tr>
{rows}
</table>
<h2>Report</h2>
<pre>{text}</pre>
</body></html>
"""


def _row(name: str, part: dict[str, Any]) -> str:
    cells = (
        name,
        part["runs"],
        f"{part['paragraphs_visited']}/{part['paragraphs_total']}",
        part["deaths"],
        part["exploration_rate"]["mean"],
        part["exploration_carried"]["mean"],
    )
    return "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in cells) + "</tr>"


def _coverage_bars(parts: list[tuple[str, dict[str, Any]]]) -> str:
    """One bar a part: its name, the share of its paragraphs read, the percent."""
    width, bar, gap, names_width = 560, 18, 8, 200
    full = width - names_width - 60  # a whole bar; the percent is written after it
    height = len(parts) * (bar + gap)
    lines = [
        f'<svg viewBox="0 0 {width} {height}" width="{width}" role="img" '
        'aria-label="Share of each part\'s paragraphs read">'
    ]
    for i, (name, part) in enumerate(parts):
        y = i * (bar + gap)
        share = part["paragraphs_visited"] / max(1, part["paragraphs_total"])
        lines.append(f'<text x="0" y="{y + 13}">{html.escape(name)}</text>')
        lines.append(
            f'<rect x="{names_width}" y="{y}" width="{full}" height="{bar}" fill="#e4e0d6"></rect>'
        )
        lines.append(
            f'<rect x="{names_width}" y="{y}" width="{full * share:.1f}" height="{bar}" '
            f'fill="#5b7b8a"><title>{part["paragraphs_visited"]} of '
            f"{part['paragraphs_total']}</title></rect>"
        )
        lines.append(f'<text x="{names_width + full + 6}" y="{y + 13}">{share:.0%}</text>')
    lines.append("</svg>")
    return "\n".join(lines)
