"""Setup: "Place the Event board Time marker on the space that matches the
selected difficulty level. The standard difficulty always starts on the 1st
round." """

from __future__ import annotations

from pathlib import Path

import pytest

from tales.story.loader import load_tale, standard_start_problem
from tests.story.test_loader import SCENARIO, load_edited, replace

ROOT = Path(__file__).resolve().parents[2]
START = "start: {easy: 1, standard: 1, hard: 2}"


def test_the_loader_refuses_a_scenario_whose_standard_start_is_not_space_1(
    tmp_path: Path,
) -> None:
    loaded = load_edited(
        tmp_path, replace(SCENARIO, START, "start: {easy: 1, standard: 2, hard: 3}")
    )
    assert loaded.tale is None
    loaded.expect("E104", SCENARIO, "standard: 2", ["standard", "space 1", "1st round"])


@pytest.mark.parametrize(
    ("start", "problem"),
    [({"easy": 1, "standard": 1, "hard": 3}, False), ({"standard": 3}, True), ({}, False)],
)
def test_only_the_standard_start_is_bound_to_space_1(start: dict[str, int], problem: bool) -> None:
    assert (standard_start_problem(start) is not None) is problem


def test_the_reef_ledger_starts_on_space_1_at_standard_and_keeps_hard_harder() -> None:
    tale, problems = load_tale(ROOT / "storybooks" / "the-reef-ledger")
    assert tale is not None, problems
    for book in tale.scenarios.values():
        start = book.scenario.board.start
        assert start["standard"] == 1
        assert start["easy"] <= start["standard"] < start["hard"]
