"""The README's Quick start: two commands that work on a PEP 668 Python, the
second exactly what CI runs."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _quick_start() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", section, flags=re.S)[:2]


def test_the_quick_start_is_two_commands_in_a_venv() -> None:
    play, test = _quick_start()
    for command in (play, test):
        assert "\n" not in command and command.startswith("python3 -m venv .venv && ")
    assert play.endswith("pip install -e . && tales play")
    assert test.endswith("python3 -m pytest")


def test_ci_runs_exactly_the_readme_test_command() -> None:
    _, test = _quick_start()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test in ci


def test_the_readme_says_how_to_turn_on_shell_completion() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert 'eval "$(_TALES_COMPLETE=bash_source tales)"' in readme
