"""tales simulate: what seeded bots find in a tale."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tales.authoring import simulate
from tales.cli import cli

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "data" / "tiny-tale"
BELL = ROOT / "storybooks" / "the-drowned-bell"
TIMING = ("seconds", "choices_per_second", "playthroughs_per_second")


def flawed_tale(tmp_path: Path) -> Path:
    """The tiny tale with a deliberate dead end (paragraph 3 now offers
    choices that can never open) and an unreachable paragraph (90)."""
    root = tmp_path / "tale"
    shutil.copytree(TINY, root)
    path = root / "cove" / "paragraphs" / "cove.yaml"
    text = path.read_text()
    text = text.replace(
        "3:\n  text: The lamp burns.\n  effects: [{keyword: LAMP}]\n",
        "3:\n  text: The lamp burns.\n  effects: [{keyword: LAMP}]\n"
        "  choices:\n    - label: Wait for a ship\n      if: round > 99\n      goto: 6\n",
    )
    text += "90:\n  text: Nobody comes here.\n"
    path.write_text(text)
    return root


def report_for(root: Path, runs: int, jobs: int, seed: int = 3) -> dict[str, object]:
    report = simulate.run_simulation(root, None, runs=runs, seed=seed, jobs=jobs)
    data = report.as_json()
    return {k: v for k, v in data.items() if k not in TIMING}


def test_a_dead_end_and_an_unreachable_paragraph_are_reported_with_file_and_line(tmp_path):
    root = flawed_tale(tmp_path)
    data = report_for(root, runs=30, jobs=1)
    cove = "cove/paragraphs/cove.yaml"  # relative to the tale, wherever it runs
    lines = (root / cove).read_text().splitlines()
    unreached = {u["paragraph"]: u["where"] for u in data["unreached"]}
    assert unreached[90] == f"{cove}:{lines.index('90:') + 1}:1"
    (dead_end,) = data["dead_ends"]
    assert dead_end["paragraph"] == 3 and dead_end["where"] == f"{cove}:{lines.index('3:') + 1}:1"
    assert dead_end["runs"] > 0


def test_the_same_seed_gives_the_same_report_with_one_job_or_two(tmp_path):
    one = report_for(BELL, runs=24, jobs=1)
    two = report_for(BELL, runs=24, jobs=2)
    assert one == two
    assert one["runs"] == 24 and one["crashes"] == 0


def test_the_json_report_follows_the_contract():
    result = CliRunner().invoke(
        cli, ["simulate", str(TINY), "--runs", "6", "--jobs", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) >= {
        "runs",
        "crashes",
        "paragraphs_total",
        "paragraphs_visited",
        "coverage",
        "options_total",
        "options_taken",
        "dead_ends",
        "endings",
        "exploration_rate",
        "choices_per_second",
    }
    assert set(data["exploration_rate"]) >= {"mean", "min", "max"}
    assert data["runs"] == 6 and 0 < data["coverage"] <= 1


def test_a_crash_is_saved_and_replayed_by_the_printed_command(tmp_path, monkeypatch):
    """Inject a crash: reading paragraph 7 (the cave) blows up."""
    from tales.story import interpreter

    original = interpreter.Book.read_as

    def sabotaged(self, table, number, actor, place=None):
        if number == 7:
            raise RuntimeError("injected crash in paragraph 7")
        return original(self, table, number, actor, place)

    monkeypatch.setattr(interpreter.Book, "read_as", sabotaged)
    report = simulate.run_simulation(TINY, None, runs=12, seed=5, jobs=1)
    simulate.save_crashes(report, tmp_path / "crashes")
    data = report.as_json()
    assert data["crashes"] > 0
    crash = data["crash_reports"][0]
    assert "injected crash in paragraph 7" in crash["error"]
    assert Path(crash["script"]).is_file()
    command = crash["replay"].split()
    assert command[:2] == ["tales", "play"]
    with pytest.raises(RuntimeError, match="injected crash in paragraph 7"):
        CliRunner().invoke(cli, command[1:], catch_exceptions=False)


def test_the_text_and_html_reports(tmp_path):
    html = tmp_path / "report.html"
    result = CliRunner().invoke(
        cli, ["simulate", str(BELL), "--runs", "8", "--jobs", "1", "--html", str(html)]
    )
    assert result.exit_code == 0, result.output
    assert "playthroughs of The Bell House" in result.output and "Endings:" in result.output
    page = html.read_text()
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page and "Exploration rate" in page
