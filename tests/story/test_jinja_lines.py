"""E206 keeps Jinja's own line number: an error inside a multi-line ``text: |``
or condition is reported at its line in the file (the block's first line plus
Jinja's lineno - 1), with that source line printed under the message, as
Jinja's TemplateSyntaxError prints it."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tales.cli import cli
from tales.story.conditions import analyse, source_line
from tests.story.test_loader import PARAGRAPHS, load_edited, replace

BLOCK = """3:
  text: |
    The lamp burns.
    It smokes a little.
    {% if keyword("LAMP") %}Bright{% endfi %}
    Then it steadies.
"""
BAD_LINE = '{% if keyword("LAMP") %}Bright{% endfi %}'


def test_analyse_keeps_jinja_line_numbers() -> None:
    (problem,) = analyse("one\ntwo\n{{ kyeword('X') }}", template=True).problems
    assert problem[0] == 3 and "'kyeword'" in problem[1]
    (syntax,) = analyse("a\n{% if x %}\nb {% endfi %}", template=True).problems
    assert syntax[0] == 3 and syntax[1].startswith("Jinja syntax")
    assert analyse('keyword("A") and\nnot lantrn', template=False).problems[0][0] == 2
    assert source_line("a\nb\nc", 3) == "c" and source_line("a", 4) == ""


def test_a_syntax_error_on_the_third_line_of_a_text_block(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, replace(PARAGRAPHS, "3:\n  text: The lamp burns.\n", BLOCK))
    first_line = loaded.at(PARAGRAPHS, "The lamp burns.")[1]
    _, line, col = loaded.at(PARAGRAPHS, BAD_LINE)
    (problem,) = loaded.coded("E206")
    assert (problem.line, problem.col) == (first_line + 2, col) == (line, col)
    assert "endfi" in problem.message and problem.source.strip() == BAD_LINE
    assert str(problem) == (
        f"{loaded.path(PARAGRAPHS)}:{line}:{col}: error[E206]: {problem.message}"
    )
    assert problem.annotated() == f"{problem}\n    {BAD_LINE}"


def test_a_misspelt_name_in_a_multi_line_condition(tmp_path: Path) -> None:
    condition = 'if: |\n        keyword("LAMP")\n        and not kyeword("ROPE")\n      test:'
    loaded = load_edited(
        tmp_path, replace(PARAGRAPHS, 'if: keyword("LAMP")\n      test:', condition)
    )
    (problem,) = loaded.coded("E206")
    assert (problem.line, problem.col) == loaded.at(PARAGRAPHS, "and not kyeword")[1:]
    assert "did you mean 'keyword'?" in problem.message
    assert problem.source.strip() == 'and not kyeword("ROPE")'


@pytest.mark.parametrize("folded", [">", '"'])
def test_folded_or_quoted_text_keeps_the_key_position(tmp_path: Path, folded: str) -> None:
    """Folded and quoted text join the file's lines, so Jinja's count is not
    the file's: the problem stays where the key was written."""
    text = (
        "text: >\n    The lamp\n    {{ kyeword('X') }}\n"
        if folded == ">"
        else ("text: \"The lamp\n    {{ kyeword('X') }}\"\n")
    )
    loaded = load_edited(tmp_path, replace(PARAGRAPHS, "text: The lamp burns.\n", text))
    (problem,) = loaded.coded("E206")
    assert (problem.line, problem.col) == loaded.at(PARAGRAPHS, text.split("\n")[0])[1:]


def test_tales_check_prints_the_source_line_under_the_message(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, replace(PARAGRAPHS, "3:\n  text: The lamp burns.\n", BLOCK))
    result = CliRunner().invoke(cli, ["check", str(loaded.root)])
    lines = result.output.splitlines()
    (at,) = [i for i, line in enumerate(lines) if "error[E206]" in line]
    assert lines[at + 1] == f"    {BAD_LINE}"
    assert result.exit_code == 1


def test_a_paragraph_that_is_only_text_points_inside_its_block(tmp_path: Path) -> None:
    """``6: |`` with no ``text:`` key: the error is still at its own line, not 1:1."""
    loaded = load_edited(
        tmp_path, replace(PARAGRAPHS, "6: You slip.\n", "6: |\n  You slip\n  on {{ slpi }}.\n")
    )
    (problem,) = loaded.coded("E206")
    assert (problem.line, problem.col) == loaded.at(PARAGRAPHS, "on {{ slpi }}")[1:]
    assert problem.source == "on {{ slpi }}."
