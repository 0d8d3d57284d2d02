"""The command-line contract of DESIGN.md: names, outputs and exit codes."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from tales import __version__
from tales.cli import cli


def invoke(*args: str) -> click.testing.Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_version_prints_tales_and_the_version():
    result = invoke("--version")
    assert result.exit_code == 0
    assert result.output == f"tales {__version__}\n"


def test_odds_json_follows_the_contract():
    result = invoke("odds", "--dice", "0", "--need", "1", "--json")
    assert result.exit_code == 0
    report = json.loads(result.output)
    assert set(report) >= {"probability", "exact", "dice", "cards", "need", "mode", "faces"}
    # No white dice: only the red die can succeed, on 2 faces of 6.
    assert report["exact"] == "1/3"
    assert report["probability"] == pytest.approx(1 / 3)
    assert report["mode"] == "normal"
    assert report["faces"]["white"] == [
        "blank",
        "blank",
        "success",
        "success",
        "explode",
        "shatter",
    ]
    assert report["faces"]["red"] == ["blank", "success", "success", "skull", "tentacle", "star"]


@pytest.mark.parametrize(
    ("flag", "mode", "exact"),
    [
        ("--advantage", "advantage", Fraction(5, 9)),
        ("--disadvantage", "disadvantage", Fraction(1, 9)),
    ],
)
def test_odds_red_die_modes(flag: str, mode: str, exact: Fraction):
    report = json.loads(invoke("odds", "--dice", "0", "--need", "1", flag, "--json").output)
    assert report["mode"] == mode
    assert Fraction(report["exact"]) == exact


def test_odds_sentence_for_people():
    result = invoke("odds", "--dice", "2", "--cards", "1", "--need", "2")
    assert result.exit_code == 0
    assert "to reach 2 successes with 2 white dice and 1 sure success" in result.output


def test_odds_refuses_more_dice_than_the_box_without_a_traceback():
    result = CliRunner().invoke(cli, ["odds", "--dice", "9", "--need", "3"])
    assert result.exit_code == 1
    assert "Error:" in result.output and "9" in result.output
    assert "Traceback" not in result.output


def _commands(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = []
    ctx = click.Context(group)
    for name in group.list_commands(ctx):  # a lazy command is imported by get_command
        command = group.get_command(ctx, name)
        found.append((*prefix, name))
        if isinstance(command, click.Group):
            found += _commands(command, (*prefix, name))
    return found


@pytest.mark.parametrize("path", _commands(cli))
def test_every_command_has_help(path: tuple[str, ...]):
    result = invoke(*path, "--help")
    assert result.exit_code == 0
    command: click.Command | None = cli
    for name in path:
        assert isinstance(command, click.Group)
        command = command.get_command(click.Context(command), name)
    assert command is not None and command.help, f"'tales {' '.join(path)}' has no help text"


def test_check_passes_the_bundled_storybooks():
    result = invoke("check", "storybooks")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1].startswith("0 errors, ")


def _broken_core(tmp_path):
    import shutil

    from tales.story.core import core_dir

    root = tmp_path / "core"
    shutil.copytree(core_dir(), root)
    arthur = root / "investigators" / "arthur-blackwood.yaml"
    arthur.write_text(arthur.read_text().replace("keyword:", "keywrd:"))
    (root / "dice.yaml").write_text(
        "white: {faces: [blank, blank, success, success, explode, boom]}\n"
    )
    return tmp_path


def test_check_lists_every_problem_with_its_position(tmp_path):
    root = _broken_core(tmp_path)
    result = CliRunner().invoke(cli, ["check", str(root)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert any(
        "arthur-blackwood.yaml:" in line
        and "error[E103]" in line
        and "'keywrd'; did you mean 'keyword'?" in line
        for line in lines
    ), result.output
    assert any("dice.yaml:1:" in line and "'boom'" in line for line in lines), result.output
    assert any("dice.yaml" in line and "lacks 'red'" in line for line in lines), result.output
    assert "Traceback" not in result.output
    # The core is read with the C parser first; one with problems is read again
    # with positions, so the misspelt key is reported on its own line.
    arthur = root / "core" / "investigators" / "arthur-blackwood.yaml"
    typo_line = (
        arthur.read_text()
        .splitlines()
        .index(next(t for t in arthur.read_text().splitlines() if t.startswith("keywrd:")))
    )
    assert any(f"arthur-blackwood.yaml:{typo_line + 1}:" in line for line in lines), result.output


def test_check_json_follows_the_contract(tmp_path):
    result = CliRunner().invoke(cli, ["check", str(_broken_core(tmp_path)), "--json"])
    assert result.exit_code == 1
    report = json.loads(result.output)
    assert set(report) >= {"errors", "warnings", "stats"}
    assert report["errors"] and all(
        set(e) == {"path", "line", "col", "code", "message"} for e in report["errors"]
    )


def test_a_core_folder_without_its_dice_file_is_checked_and_refused(tmp_path):
    """Issue 21: a storybooks folder whose core/ lacks dice.yaml was passed over
    for the bundled core, so its errors went unseen."""
    import shutil

    from tales.story.core import core_dir

    shutil.copytree(core_dir(), tmp_path / "core")
    (tmp_path / "core" / "dice.yaml").unlink()
    result = CliRunner().invoke(cli, ["check", str(tmp_path)])
    assert result.exit_code == 1
    assert any("dice.yaml:1:1: error[E001]" in line for line in result.output.splitlines()), (
        result.output
    )


def test_a_stray_file_in_the_core_is_a_warning_and_the_core_still_loads(tmp_path):
    import shutil

    from tales.story.core import core_dir, load_core

    shutil.copytree(core_dir(), tmp_path / "core")
    (tmp_path / "core" / "dices.yaml").write_text("white: {}\n")
    result = CliRunner().invoke(cli, ["check", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "dices.yaml:1:1: warning[W304]" in result.output
    assert load_core(tmp_path / "core").dice == load_core().dice


def test_a_stray_file_at_a_scenarios_top_is_a_warning(tmp_path):
    """A misnamed ``card.yaml`` beside scenario.yaml is not read: check says
    so (W304, as for the core) rather than passing it over (issue 21)."""
    import shutil

    tale = tmp_path / "tiny-tale"
    shutil.copytree(Path(__file__).parent / "data" / "tiny-tale", tale)
    (tale / "cove" / "card.yaml").write_text("items: {}\n")
    (tale / "cove" / ".notes").write_text("hidden files are the author's own\n")
    result = CliRunner().invoke(cli, ["check", str(tale)])
    assert result.exit_code == 0, result.output
    assert "card.yaml:1:1: warning[W304]" in result.output
    assert ".notes" not in result.output
