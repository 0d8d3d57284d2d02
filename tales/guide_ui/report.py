"""``tales guide simulate``: a playtest report as text or JSON."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from tales.guide.playtest import Report, Spread


def report_json(report: Report) -> dict[str, Any]:
    """Keys may be added, not removed (DESIGN's rule for every --json)."""
    return {
        "runs": report.runs,
        "seed": report.seed,
        "total": asdict(report.overall),
        "characters": {k: asdict(v) for k, v in report.by_character.items()},
        "goal_pairs": {k: asdict(v) for k, v in report.by_goals.items()},
        "character_goal_pairs": {k: asdict(v) for k, v in report.by_both.items()},
        "solo_win_rates": {
            level: {str(goal): rate for goal, rate in cells.items()}
            for level, cells in report.win_rates.items()
        },
    }


def _row(name: str, spread: Spread) -> str:
    return (
        f"  {name:<32} {spread.games:>5} {spread.mean:>7.1f} {spread.median:>7.1f}"
        f" {spread.low:>5} {spread.high:>5}"
    )


def report_text(report: Report) -> list[str]:
    head = f"  {'':<32} {'games':>5} {'mean':>7} {'median':>7} {'low':>5} {'high':>5}"
    lines = [f"{report.runs} solo games by the sensible bot (seed {report.seed})", head]
    lines.append(_row("all games", report.overall))
    lines.append("By character:")
    lines += [_row(k, v) for k, v in report.by_character.items()]
    lines.append("By goal pair:")
    lines += [_row(k, v) for k, v in report.by_goals.items()]
    goals = next(iter(report.win_rates.values()), {})
    lines.append("Solo win rate per challenge cell (total VP and goal VP both met):")
    lines.append(f"  {'level':<12}" + "".join(f" {str(g) + '+ goal':>10}" for g in goals))
    for level, cells in report.win_rates.items():
        lines.append(f"  {level:<12}" + "".join(f" {rate:>10.1%}" for rate in cells.values()))
    return lines
