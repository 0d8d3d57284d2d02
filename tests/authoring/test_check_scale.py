"""`tales check` at scale: linear graph checks, no recursion on Python's stack
(issue 16). Sizes are counted in work done, never timed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tales.authoring import reach
from tales.authoring.checking import check_paths

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from make_synthetic import write  # noqa: E402


def test_a_5000_paragraph_goto_chain_checks_without_error(tmp_path: Path) -> None:
    """5,000 chained gotos: five times what Python's stack holds, so any
    recursive walk would raise RecursionError here."""
    assert sys.getrecursionlimit() < 5000
    write(tmp_path / "chain", 5000, links="goto")
    problems, stats = check_paths([tmp_path / "chain"])
    assert problems == []
    assert stats["chain/synthetic"]["paragraphs"] == 5000


def test_a_chain_gated_by_visited_is_walked_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each link opens on ``visited()`` of the paragraph it leaves: a walk that
    grows what is reached pass by pass tries every condition once per link
    (N^2/2 tries); the work list tries each about once."""
    count = 600
    write(tmp_path / "gated", count, links="visited")
    tries = 0
    may_hold = reach.may_hold

    def counted(condition: str, grants: reach.Grants) -> bool:
        nonlocal tries
        tries += 1
        return may_hold(condition, grants)

    monkeypatch.setattr(reach, "may_hold", counted)
    problems, _ = check_paths([tmp_path / "gated"])
    assert [p for p in problems if p.code == "W301"] == []  # every link opened
    assert count / 2 < tries < 3 * count


def test_check_does_not_import_play() -> None:
    """``tales check`` starts by importing what it reads and checks, not the
    interpreter that plays a tale: with no bytecode cached, compiling it cost
    every check about 13 ms of its start (issue 16)."""
    import subprocess

    code = (
        "import sys, tales.authoring.checking, tales.authoring.check\n"
        "print('tales.story.interpreter' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.strip() == "False"
