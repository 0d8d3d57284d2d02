"""The core loader reports every problem with its position, never a crash."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tales.story.core import core_dir, read_core


def _core_with_dice(tmp_path: Path, dice_yaml: str) -> Path:
    root = tmp_path / "core"
    shutil.copytree(core_dir(), root)
    (root / "dice.yaml").write_text(dice_yaml)
    return root


FACES = "[blank, blank, success, success, explode, shatter]"
RED = "red: {faces: [blank, success, success, skull, tentacle, star]}\n"


def test_counts_default_to_the_box(tmp_path):
    core, problems = read_core(_core_with_dice(tmp_path, f"white: {{faces: {FACES}}}\n{RED}"))
    assert problems == []
    assert core is not None and (core.dice.white_count, core.dice.red_count) == (6, 2)


@pytest.mark.parametrize(
    ("count", "message"),
    [
        ("true", "'count' should be a whole number, not true"),
        ("six", "'count' should be a whole number, not 'six'"),
        ("0", "the box holds at least 1"),
    ],
)
def test_a_bad_count_is_reported_where_it_stands(tmp_path, count, message):
    text = f"white:\n  faces: {FACES}\n  count: {count}\n{RED}"
    core, problems = read_core(_core_with_dice(tmp_path, text))
    assert core is None
    (problem,) = problems
    assert (problem.line, problem.col) == (3, 3)
    assert message in problem.message


def test_unknown_keys_and_bad_faces_are_all_reported(tmp_path):
    text = f"white: {{faces: [blank, blank, success, success, explode, boom]}}\nblue: 1\n{RED}"
    core, problems = read_core(_core_with_dice(tmp_path, text))
    assert core is None
    messages = [(p.line, p.code, p.message) for p in problems]
    assert any(line == 1 and "'boom' is not a die face" in m for line, _, m in messages)
    assert any(line == 2 and code == "E103" and "'blue'" in m for line, code, m in messages)


def test_a_white_die_with_a_narrative_symbol_is_refused(tmp_path):
    text = "white: {faces: [skull, blank, success, success, explode, shatter]}\n" + RED
    core, problems = read_core(_core_with_dice(tmp_path, text))
    assert core is None
    (problem,) = problems
    assert problem.line == 1 and "only the red die" in problem.message
