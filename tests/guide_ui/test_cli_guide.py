"""``tales guide`` from a script or a pipe, its saves, export and simulate."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from tales.cli import cli

SCRIPT = "5\n4\n55\n"  # seed 3: take dice 5 and 4, fill district 55


def guide(*args: str, input: str = "", saves: Path) -> Result:
    return CliRunner().invoke(
        cli, ["guide", *args, "--saves", str(saves)], input=input, catch_exceptions=False
    )


def test_a_piped_game_echoes_each_command_and_ends_with_its_input(tmp_path: Path) -> None:
    result = guide("--seed", "3", input=SCRIPT, saves=tmp_path)
    assert result.exit_code == 0, result.output
    assert "> 5\n" in result.output and "Traveller chooses district 55." in result.output
    assert "Saved as 'guide-3'" in result.output
    assert "━" not in result.output, "words only from a pipe"


def test_the_game_saves_after_every_input_and_resumes(tmp_path: Path) -> None:
    guide("--seed", "3", "--save", "friday", input=SCRIPT, saves=tmp_path)
    saved = json.loads((tmp_path / "friday.guide.json").read_text(encoding="utf-8"))
    assert saved["inputs"] == ["tourist-die:5", "tourist-die:4", "district:55"]
    result = guide("--load", "friday", input="help\n", saves=tmp_path)
    assert result.exit_code == 0
    assert "Loaded 'friday' after 3 input(s)." in result.output
    assert "Traveller: Draw route segments" in result.output
    # Left before its end, the game says where it is kept.
    told = "The game is saved as 'friday' (tales guide --load friday)."
    assert result.output.rstrip().endswith(told)
    again = guide("--seed", "3", "--save", "friday", input="", saves=tmp_path)
    assert again.exit_code == 1 and "already a save named 'friday'" in again.output
    mixed = guide("--load", "friday", "--players", "2", saves=tmp_path)
    assert mixed.exit_code == 2 and "leave out --players" in mixed.output


def test_a_refused_input_says_why_and_the_game_goes_on(tmp_path: Path) -> None:
    result = guide("--seed", "3", "--no-save", input="7\n5\n", saves=tmp_path)
    assert result.exit_code == 0
    assert "'7' is not a legal choice" in result.output
    assert "Traveller takes die 5" in result.output
    assert not list(tmp_path.iterdir()), "--no-save writes nothing"


def test_setup_errors_are_one_clear_line(tmp_path: Path) -> None:
    result = guide("--challenge", "heroic:16", saves=tmp_path)
    assert result.exit_code == 1
    assert result.output.startswith("Error: the challenge card has no cell heroic:16")
    result = guide("--load", "missing", saves=tmp_path)
    assert result.exit_code == 1 and "no Travel Guide save named 'missing'" in result.output
    result = guide("--challenge", "experienced-32", saves=tmp_path)
    assert result.exit_code == 1
    assert result.output == (
        "Error: 'experienced-32' is not a challenge cell (a level and a goal column):"
        " write it such as 'experienced:32'\n"
    )
    # A challenge is the solo game's: with more players it was taken and never read.
    result = guide("--challenge", "beginner:32", "--players", "2", saves=tmp_path)
    assert result.exit_code == 2 and "--challenge is the solo game's" in result.output


def test_export_writes_a_printable_page(tmp_path: Path) -> None:
    guide("--seed", "3", "--save", "friday", input=SCRIPT, saves=tmp_path)
    page = tmp_path / "friday.html"
    result = CliRunner().invoke(
        cli, ["guide", "export", "friday", "-o", str(page), "--saves", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!doctype html>") and "round 1 of 10" in text and "55:BR" in text


def test_simulate_reports_scores_and_win_rates(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["guide", "simulate", "--runs", "2", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["runs"] == 2 and report["total"]["games"] == 2
    assert set(report["solo_win_rates"]) == {"beginner", "experienced", "outstanding", "legendary"}
    assert sum(s["games"] for s in report["characters"].values()) == 2
    assert sum(s["games"] for s in report["character_goal_pairs"].values()) == 2
    text = CliRunner().invoke(cli, ["guide", "simulate", "--runs", "1"])
    assert "Solo win rate per challenge cell" in text.output
