"""The sweep's report as text for a terminal, and as a self-contained HTML
page with charts (inline SVG: no script, nothing fetched)."""

from __future__ import annotations

import html
from typing import Any

from tales.authoring.titles import opening

_COLOURS = ("#4e79a7", "#e15759", "#76b7b2", "#f28e2b", "#59a14f", "#b07aa1", "#9c755f")


def flag_line(flag: dict[str, Any]) -> str:
    if flag["kind"] == "investigator":
        return (
            f"{flag['investigator']} moves {flag['ending']} by {flag['shift']:+.1f} points "
            f"({flag['with']:.1f}% with, {flag['without']:.1f}% without)"
        )
    return (
        f"{flag['harder']} is not harder than {flag['easier']}: {flag['ending']} in "
        f"{flag['harder_rate']:.1f}% of {flag['harder']} games, "
        f"{flag['easier_rate']:.1f}% of {flag['easier']}"
    )


def as_text(data: dict[str, Any]) -> str:
    endings = list(data["overall"]["endings"])
    lines = [
        f"Sweep of {data['scenario']}: {data['games']} games ({data['teams']} teams x "
        f"{len(data['difficulties'])} difficulties x {data['games_per_cell']} games), "
        f"{data['policy']} bot, seed {data['seed']}; {len(data['crashes'])} crashes.",
        f"True ending: {data['true_ending']}.",
        "",
        "FLAGS:" if data["flags"] else "No flags.",
        *(f"  ! {flag_line(flag)}" for flag in data["flags"]),
        "",
        "Endings (% of games):",
        *(f"  {chr(65 + i)} = {title}" for i, title in enumerate(endings)),
        "",
        _table("By difficulty", data["by_difficulty"], endings),
        "",
        _investigator_table(data, endings),
        "",
        f"Played in {data['timing']['seconds']} s ({data['timing']['cpu_seconds']} s of CPU, "
        f"{data['timing']['decisions_per_cpu_second']:,} decisions per CPU second).",
    ]
    return "\n".join(lines) + "\n"


def _row(label: str, stats: dict[str, Any], endings: list[str]) -> str:
    cells = "".join(f"{stats['endings'].get(t, 0.0):>7.1f}" for t in endings)
    explored = stats["exploration"]
    shown = f"{explored:>7.1f}" if explored is not None else f"{'-':>7}"
    return f"  {label:<26}{stats['games']:>7}{cells}{stats['deaths']:>8.2f}{shown}"


def _header(title: str, endings: list[str]) -> str:
    letters = "".join(f"{chr(65 + i):>7}" for i in range(len(endings)))
    return f"{title}:\n  {'':<26}{'games':>7}{letters}{'deaths':>8}{'explor':>7}"


def _table(title: str, rows: dict[str, dict[str, Any]], endings: list[str]) -> str:
    return "\n".join([_header(title, endings), *(_row(k, v, endings) for k, v in rows.items())])


def _investigator_table(data: dict[str, Any], endings: list[str]) -> str:
    lines = [_header("By investigator (with / without)", endings)]
    for entry in data["by_investigator"].values():
        lines.append(_row(f"{entry['name'][:20]} with", entry["with"], endings))
        lines.append(_row("  without", entry["without"], endings))
    return "\n".join(lines)


def as_html(data: dict[str, Any]) -> str:
    endings = list(data["overall"]["endings"])
    legend = "".join(
        f'<li><span class="key" style="background:{_COLOURS[i % len(_COLOURS)]}"></span>'
        f"{html.escape(title)}</li>"
        for i, title in enumerate(endings)
    )
    flagged = "".join(f"<li>{html.escape(flag_line(f))}</li>" for f in data["flags"])
    by_difficulty = {k: v["endings"] for k, v in data["by_difficulty"].items()}
    true = data["true_ending"]
    shifts = {e["name"]: e["shift"].get(true, 0.0) for e in data["by_investigator"].values()}
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>tales sweep: {html.escape(data["scenario"])}</title>
<style>
body {{ font: 15px/1.45 Georgia, serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem;
  color: #222; box-sizing: border-box; }}
h1 {{ font-weight: normal; }} svg {{ max-width: 100%; height: auto; display: block; }}
svg text {{ font: 12px sans-serif; }}
pre {{ background: #f6f4ef; padding: 1rem; white-space: pre-wrap; overflow-wrap: anywhere; }}
.flags li {{ color: #a0231b; }} .key {{ display: inline-block; width: 1em; height: 1em;
  margin-right: .4em; vertical-align: -.15em; }} ul.legend {{ list-style: none; padding: 0; }}
</style></head><body>
<h1>Balance sweep of <em>{html.escape(data["scenario"])}</em></h1>
<h2>Flags</h2>
<ul class="flags">{flagged or "<li>None.</li>"}</ul>
<h2>Endings by difficulty</h2>
<ul class="legend">{legend}</ul>
{grouped_bars(by_difficulty, endings, "Ending rates by difficulty")}
<h2>How each investigator moves the true ending</h2>
<p>{html.escape(true)}: points with them minus without them.</p>
{shift_bars(shifts, "Shift of the true ending's rate by investigator")}
<h2>Report</h2>
<pre>{html.escape(as_text(data))}</pre>
</body></html>
"""


def grouped_bars(groups: dict[str, dict[str, float]], series: list[str], label: str) -> str:
    """Percentages as bars, one group per key, one bar per series."""
    width, height, pad = 720, 220, 30
    slot = (width - pad) / max(1, len(groups))
    bar = max(2.0, (slot - 16) / max(1, len(series)))
    parts = [
        f'<svg viewBox="0 0 {width} {height + 40}" width="{width}" role="img" '
        f'aria-label="{html.escape(label)}">',
        f'<line x1="{pad}" y1="{height}" x2="{width}" y2="{height}" stroke="#888"/>',
    ]
    for g, (group, values) in enumerate(groups.items()):
        x0 = pad + g * slot + 8
        for s, name in enumerate(series):
            value = values.get(name, 0.0)
            h = (height - 20) * value / 100
            x = x0 + s * bar
            parts.append(
                f'<rect x="{x:.1f}" y="{height - h:.1f}" width="{bar - 2:.1f}" height="{h:.1f}" '
                f'fill="{_COLOURS[s % len(_COLOURS)]}"><title>{html.escape(group)}: '
                f"{html.escape(opening(name, 40))} {value:.1f}%</title></rect>"
            )
        parts.append(
            f'<text x="{x0 + slot / 2 - 8:.1f}" y="{height + 16}" text-anchor="middle">'
            f"{html.escape(group)}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts)


def shift_bars(shifts: dict[str, float], label: str) -> str:
    """Signed points as horizontal bars around a zero line."""
    row, width, left = 22, 720, 200
    middle = left + (width - left) / 2
    scale = (width - left) / 2 / 100
    parts = [
        f'<svg viewBox="0 0 {width} {row * len(shifts) + 10}" width="{width}" role="img" '
        f'aria-label="{html.escape(label)}">',
        f'<line x1="{middle}" y1="0" x2="{middle}" y2="{row * len(shifts)}" stroke="#888"/>',
    ]
    for i, (name, shift) in enumerate(shifts.items()):
        y = i * row + 4
        x = middle if shift >= 0 else middle + shift * scale
        colour = "#a0231b" if abs(shift) > 20 else "#5b7b8a"
        parts.append(
            f'<text x="{left - 8}" y="{y + 13}" text-anchor="end">{html.escape(name)}</text>'
            f'<rect x="{x:.1f}" y="{y}" width="{abs(shift) * scale:.1f}" height="{row - 6}" '
            f'fill="{colour}"><title>{html.escape(name)}: {shift:+.1f} points</title></rect>'
        )
    parts.append("</svg>")
    return "\n".join(parts)
