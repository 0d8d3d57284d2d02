"""What play refuses, check refuses first (issue 21): a power or a repeat
whose size only play knows passes ``tales check`` no more."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tales.cli import cli
from tales.errors import StoryExpressionError
from tales.story.conditions import evaluate
from tales.story.loader.runtime_limits import runtime_limits
from tales.story.sandbox import MAX_POWER

TINY = Path(__file__).parents[1] / "data" / "tiny-tale"


@pytest.mark.parametrize(
    "condition",
    ['2 ** counter("trust") > 4', '("ab" * counter("trust"))|length > 2', "2 ** 65 > 1"],
)
def test_what_play_could_refuse_is_a_check_error(condition: str) -> None:
    assert runtime_limits(condition, template=False), condition


@pytest.mark.parametrize(
    "condition", ['counter("trust") * 2 > 4', "2 ** 3 > 1", '("ab" * 3) != ""', "round > 1"]
)
def test_what_play_allows_passes(condition: str) -> None:
    assert runtime_limits(condition, template=False) == ()


def test_play_does_refuse_what_check_now_refuses() -> None:
    """The sandbox's own limit, for the counter value a long game may reach."""
    with pytest.raises(StoryExpressionError):
        evaluate("2 ** trust > 4", {"trust": MAX_POWER + 6})


def test_a_text_repeats_a_line_a_counter_decides(tmp_path: Path) -> None:
    tale = tmp_path / "tiny-tale"
    shutil.copytree(TINY, tale)
    path = tale / "cove/paragraphs/cove.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("6: You slip.", "6: \"You slip{{ '!' * counter('trust') }}\"")
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(tale)])
    assert result.exit_code == 1
    assert "cove.yaml:" in result.output and "decided in play" in result.output, result.output
