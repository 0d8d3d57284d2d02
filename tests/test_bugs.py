"""A bug in tales reaches the user as one paragraph, never a traceback
(tales.bugs): whose fault it is, that the game is saved, where the report is.

The suite runs with ``TALES_BUGS=raise`` (tests/conftest.py), so that a bug
fails the test that met it; these tests take it away to see what a user sees.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tales import bugs
from tales.cli import cli


def _broken(folder: object) -> list[str]:
    raise RuntimeError("a decision with no options was asked: 'Round 3'")


@pytest.fixture
def broken_list(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """``tales saves list`` with a bug in it, as a user would meet it."""
    monkeypatch.setattr("tales.saves.catalog.list_lines", _broken)
    monkeypatch.delenv(bugs.RAISE, raising=False)
    monkeypatch.setenv("TALES_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache" / "bugs"


def test_a_bug_is_one_paragraph_with_its_report_written(broken_list: Path) -> None:
    result = CliRunner().invoke(cli, ["saves", "list"])
    assert result.exit_code == bugs.BUG_EXIT == 70
    assert "Traceback" not in result.output
    told = result.output.strip()
    assert told.startswith("Error: tales stopped on a bug of its own, not on anything you typed")
    assert "RuntimeError: a decision with no options was asked" in told
    assert "A game being saved" not in told, "tales saves list plays no game"
    (written,) = broken_list.iterdir()
    assert str(written) in told
    report = written.read_text(encoding="utf-8")
    assert "Traceback" in report and "_broken" in report and "command: " in report


def test_a_bug_whose_report_cannot_be_written_still_says_what_happened(
    broken_list: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("TALES_CACHE", str(blocked))
    result = CliRunner().invoke(cli, ["saves", "list"])
    assert result.exit_code == bugs.BUG_EXIT
    assert "Traceback" not in result.output
    assert "The details could not be written down" in result.output


def test_the_test_suite_sees_the_bug_itself(
    broken_list: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(bugs.RAISE, "raise")
    result = CliRunner().invoke(cli, ["saves", "list"])
    assert isinstance(result.exception, RuntimeError)
    assert not broken_list.exists()


def test_a_usage_error_is_still_clicks_own(broken_list: Path) -> None:
    result = CliRunner().invoke(cli, ["saves", "list", "--no-such-option"])
    assert result.exit_code == 2 and "No such option" in result.output
    assert not broken_list.exists()


def test_content_in_the_error_reaches_the_terminal_printable(
    monkeypatch: pytest.MonkeyPatch, broken_list: Path
) -> None:
    def hostile(folder: object) -> list[str]:
        raise KeyError("\x1b]0;owned\x07")

    monkeypatch.setattr("tales.saves.catalog.list_lines", hostile)
    result = CliRunner().invoke(cli, ["saves", "list"])
    assert result.exit_code == bugs.BUG_EXIT
    assert "\x1b" not in result.output and "\x07" not in result.output


def test_a_bug_at_the_prompt_says_the_game_is_saved(
    monkeypatch: pytest.MonkeyPatch, broken_list: Path
) -> None:
    """In ``tales play`` the journal holds every input confirmed: the
    paragraph says so, and how to go on."""

    def broken_handle(self: object, text: str) -> bool:
        raise AssertionError("the prompt met a state it cannot be in")

    monkeypatch.setattr("tales.ui.play.PlayLoop.handle", broken_handle)
    result = CliRunner().invoke(cli, ["play", "--plain", "--save", "buggy"], input="1\n")
    assert result.exit_code == bugs.BUG_EXIT, result.output
    assert "Traceback" not in result.output
    assert "A game being saved keeps every input you confirmed" in result.output
    assert "tales play --load NAME" in result.output
