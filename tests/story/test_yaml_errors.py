"""A YAML syntax error told in an author's words with the fix, and one
typo reported once: the file stops at its first syntax error, and what
other files say about its content is not reported as wrong (issue 14:
"today one unclosed quote gives 20 errors")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tales.story.loader import load_tale
from tests.story.campaign_tale import CAMPAIGN, edited_campaign

HARBOUR = Path("harbour") / "paragraphs" / "harbour.yaml"
LAMP = "  text: A lamp burns in the boathouse window."


def _spoilt(tmp_path: Path, old: str, new: str, file: Path = HARBOUR) -> list:
    tale, problems = load_tale(edited_campaign(tmp_path, (file, old, new)))
    assert tale is None
    return [p for p in problems if p.severity == "error"]


def _line_of(text: str) -> int:
    lines = (CAMPAIGN / HARBOUR).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if text in line)


def test_an_unclosed_quote_is_one_error_at_the_quote(tmp_path: Path) -> None:
    (problem,) = _spoilt(tmp_path, LAMP, '  text: "A lamp burns in the boathouse window.')
    assert problem.code == "E002" and problem.path.endswith("harbour.yaml")
    assert (problem.line, problem.col) == (_line_of("A lamp burns"), 9)
    assert "quote opened here is not closed" in problem.message
    assert "close it with the same quote" in problem.message


def test_an_unclosed_quote_at_the_end_of_a_file_points_at_the_quote(tmp_path: Path) -> None:
    old = "  text: The harbour gave up its secrets."
    (problem,) = _spoilt(tmp_path, old, "  text: 'The harbour gave up its secrets.")
    assert problem.line == _line_of("gave up its secrets")
    assert "never closed" in problem.message or "not closed" in problem.message


def test_a_comma_in_a_flow_mapping_says_to_quote(tmp_path: Path) -> None:
    old = """    - {keyword: LAMP, if: 'log("letters", "answered")'}"""
    new = """    - {keyword: LAMP, if: log("letters", "answered")}"""
    (problem,) = _spoilt(tmp_path, old, new)
    assert problem.line == _line_of("keyword: LAMP")
    assert "Quote a text that holds ': ' or a comma in a flow mapping" in problem.message


def test_a_colon_in_plain_text_says_to_quote_or_use_a_block(tmp_path: Path) -> None:
    (problem,) = _spoilt(tmp_path, LAMP, "  text: A lamp burns: in the boathouse window.")
    assert problem.line == _line_of("A lamp burns")
    assert "Quote the text" in problem.message and "text: |" in problem.message


def test_a_tab_says_yaml_indents_with_spaces(tmp_path: Path) -> None:
    (problem,) = _spoilt(tmp_path, LAMP, "\ttext: A lamp burns in the boathouse window.")
    assert problem.line == _line_of("A lamp burns")
    assert "indents with spaces only" in problem.message


def test_a_key_written_twice_is_named(tmp_path: Path) -> None:
    (problem,) = _spoilt(tmp_path, "3:\n  text: The boathouse is dark.", "2:\n  text: Dark.")
    assert 'the key "2" is written twice' in problem.message
    assert "original value" not in problem.message, "the parser's quoted values are left out"


@pytest.mark.parametrize("file", ["tale.yaml", "harbour/scenario.yaml"])
def test_a_broken_file_brings_no_follow_on_errors(tmp_path: Path, file: str) -> None:
    path = CAMPAIGN / file
    first = path.read_text(encoding="utf-8").splitlines()[-1]
    problems = _spoilt(tmp_path, first, first + "\n  broken: 'open", Path(file))
    assert [p.code for p in problems] == ["E002"], [str(p) for p in problems]


def test_independent_files_still_report_their_problems(tmp_path: Path) -> None:
    """The harbour's paragraphs cannot be read; the archive's own mistake is still told."""
    root = edited_campaign(
        tmp_path,
        (HARBOUR, LAMP, '  text: "Open'),
        ("archive/paragraphs/archive.yaml", "goto: 13\n", "goto: 99\n"),
    )
    _, problems = load_tale(root)
    assert sorted(p.code for p in problems if p.severity == "error") == ["E002", "E202"]
