"""The one problem type of storybooks and save sheets, and the one "did you mean"."""

from __future__ import annotations

from tales.problems import Problem, close_match, did_you_mean


def test_a_storybook_problem_reads_path_line_col_severity_code_message() -> None:
    problem = Problem("cove.yaml", 12, 5, "E206", "Jinja syntax: unexpected '}'")
    assert str(problem) == "cove.yaml:12:5: error[E206]: Jinja syntax: unexpected '}'"
    warning = Problem("cove.yaml", 3, 1, "W301", "paragraph 9 is never read", "warning")
    assert str(warning) == "cove.yaml:3:1: warning[W301]: paragraph 9 is never read"


def test_a_sheet_problem_names_its_field_instead_of_a_code() -> None:
    problem = Problem("friday.yaml", 16, 5, "", "9 is above the maximum, 8", field="x.VITALITY")
    assert str(problem) == "friday.yaml:16:5: x.VITALITY: 9 is above the maximum, 8"
    assert str(Problem("friday.yaml", 1, 1, "", "a save sheet is a mapping")) == (
        "friday.yaml:1:1: a save sheet is a mapping"
    )


def test_the_source_line_is_printed_under_the_message_as_jinja_does() -> None:
    problem = Problem("p.yaml", 4, 5, "E206", "bad", source="    {{ x }  ")
    assert str(problem) == "p.yaml:4:5: error[E206]: bad"
    assert problem.annotated() == "p.yaml:4:5: error[E206]: bad\n    {{ x }"
    assert Problem("p.yaml", 4, 5, "E206", "bad").annotated() == "p.yaml:4:5: error[E206]: bad"


def test_problems_sort_by_place() -> None:
    late, early = Problem("a", 9, 1, "E1", "m"), Problem("a", 2, 7, "E9", "m")
    assert sorted([late, early]) == [early, late]


def test_did_you_mean_names_the_nearest_word() -> None:
    assert did_you_mean("lantrn", ["lantern", "rope"]) == "; did you mean 'lantern'?"
    assert did_you_mean("zzz", ["lantern", "rope"]) == ""
    assert did_you_mean("x", []) == ""


def test_a_match_ignoring_case_counts_when_none_matches_as_written() -> None:
    assert close_match("LANTRN", ["lantern", "rope"]) == "lantern"  # by case alone: none
    assert close_match("Lantern", ["lantern", "Lantern"]) == "Lantern"
    assert close_match("rope", ["lantern"]) is None
