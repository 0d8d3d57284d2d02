"""Balance sweeps: the plan of games, the flags, the text report, bad input."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tales.authoring.sweep import flags, plan_sweep
from tales.authoring.sweep_report import as_text
from tales.cli import cli

TINY = Path(__file__).parent.parent / "data" / "tiny-tale"
EIGHT = [f"investigator-{i}" for i in range(8)]
TRUE, OTHER = "125 “The grating goes down…”", "139 “Dawn comes up…”"


def test_every_team_of_four_at_every_difficulty_each_game_its_own_seed() -> None:
    plans = plan_sweep("tale", "scenario", EIGHT, games=3, seed=1)
    assert len(plans) == 70 * 3 * 3
    assert len({(p.players + p.companions, p.difficulty) for p in plans}) >= 70 * 3
    assert all(len(p.players) + len(p.companions) == 4 and p.players for p in plans)
    assert [p.index for p in plans] == list(range(len(plans)))
    # A game's seed depends on its cell, not on what else is planned.
    fewer = plan_sweep("tale", "scenario", EIGHT, difficulties=["hard"], games=3, seed=1)
    hard = [p for p in plans if p.difficulty == "hard"]
    assert [p.seed for p in fewer] == [p.seed for p in hard]
    assert plan_sweep("tale", "scenario", EIGHT, games=3, seed=2)[0].seed != plans[0].seed


def _stats(true: float, games: int = 100) -> dict[str, Any]:
    return {
        "games": games,
        "endings": {TRUE: true, OTHER: 100 - true},
        "deaths": 0.5,
        "exploration": 60.0,
    }


def _report(levels: dict[str, float], shifts: dict[str, tuple[float, float]]) -> dict[str, Any]:
    investigators = {
        slug: {
            "name": slug.title(),
            "with": _stats(with_them),
            "without": _stats(without),
            "shift": {TRUE: with_them - without, OTHER: without - with_them},
        }
        for slug, (with_them, without) in shifts.items()
    }
    return {
        "true_ending": TRUE,
        "by_difficulty": {d: _stats(rate) for d, rate in levels.items()},
        "by_investigator": investigators,
    }


def test_an_investigator_who_moves_an_ending_more_than_20_points_is_flagged() -> None:
    data = _report({"easy": 60, "standard": 50, "hard": 40}, {"laszlo": (77, 19), "ada": (50, 45)})
    found = flags(data)
    assert {(f["slug"], f["ending"]) for f in found} == {("laszlo", TRUE), ("laszlo", OTHER)}
    assert next(f for f in found if f["ending"] == TRUE)["shift"] == 58


def test_a_difficulty_not_harder_than_the_one_below_is_flagged() -> None:
    data = _report({"easy": 44, "standard": 55, "hard": 60}, {})
    found = flags(data)
    assert [(f["harder"], f["easier"]) for f in found] == [
        ("standard", "easy"),
        ("hard", "standard"),
    ]
    assert flags(_report({"easy": 60, "standard": 50, "hard": 40}, {})) == []


def test_the_text_report_leads_with_the_flags() -> None:
    data = _report({"easy": 44, "standard": 55, "hard": 60}, {"laszlo": (77, 19)})
    data |= {
        "scenario": "Low Water",
        "games": 300,
        "teams": 70,
        "difficulties": ["easy", "standard", "hard"],
        "games_per_cell": 200,
        "policy": "goal",
        "seed": 1,
        "crashes": [],
        "overall": _stats(50),
        "timing": {"seconds": 1.0, "cpu_seconds": 1.0, "decisions_per_cpu_second": 1000},
    }
    data["flags"] = flags(data)
    text = as_text(data)
    assert "FLAGS:" in text
    assert "! Laszlo moves 125 “The grating goes down…” by +58.0 points (77.0% with" in text
    assert "! hard is not harder than standard" in text
    assert "the story ends at paragraph" not in text


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--team-size", "3"], "a team is always 4 investigators, not 3"),
        (["--investigators", "nobody,a,b,c"], "no investigator named 'nobody'"),
        (["--difficulties", "easy,brutal"], "no difficulty 'brutal'"),
    ],
)
def test_bad_sweep_settings_are_one_line_of_error(option: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["simulate", str(TINY), "--sweep", "--games", "1", *option])
    assert result.exit_code == 1
    assert message in result.output
    assert "Traceback" not in result.output
