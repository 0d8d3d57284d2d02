"""The Reef Ledger, Scenario I "Low Water": the bundled campaign is as large as
the paper box's first scenario and uses every mechanic somewhere."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

from tales.authoring.check import scenario_stats
from tales.authoring.checking import check_paths
from tales.rules.terms import Attribute, EventSymbol, StatusCardKind, StatusToken
from tales.story.core import DEFAULT_TALE, tale_path
from tales.story.loader import load_tale
from tales.story.model import Effect, ScenarioBook


@pytest.fixture(scope="module")
def book() -> ScenarioBook:
    tale, problems = load_tale(tale_path("the-reef-ledger"), fast=True)
    assert tale is not None, problems
    return tale.scenarios["low-water"]


def every_effect(book: ScenarioBook) -> list[Effect]:
    effects: list[Effect] = []
    for paragraph in book.paragraphs.values():
        effects += [*paragraph.effects, *paragraph.first_time]
        for option in paragraph.options:
            effects += [e for out in (option.success, option.failure) if out for e in out.effects]
        effects += [
            e for choice in paragraph.choices if choice.outcome for e in choice.outcome.effects
        ]
    return effects


def test_it_is_the_tale_the_quick_start_plays() -> None:
    assert DEFAULT_TALE == "the-reef-ledger"


def test_it_checks_clean() -> None:
    problems, _ = check_paths([tale_path("the-reef-ledger")])
    assert [str(p) for p in problems] == []


def test_it_is_the_size_of_a_paper_scenario(book: ScenarioBook) -> None:
    stats = scenario_stats(book)
    prose = sum(
        len(re.sub(r"{[%{#].*?[%}#]}", " ", p.text, flags=re.S).split())
        for p in book.paragraphs.values()
    )
    assert stats["paragraphs"] >= 120
    assert prose >= 25_000
    assert stats["locations"] >= 20
    assert len({loc.area for loc in book.scenario.locations.values()}) >= 6
    assert stats["enemies"] == 12
    assert stats["encounters"] >= 3
    assert stats["clues"] >= 7
    assert stats["objectives"] >= 3
    assert len(book.keywords) >= 10
    assert len(book.rates) >= 3 and len(book.endings) >= 3
    assert book.scenario.board.death is not None


def test_its_event_board_has_timed_narratives_and_a_threshold_for_each_symbol(
    book: ScenarioBook,
) -> None:
    board = book.scenario.board
    assert sum(1 for paragraph in board.spaces if paragraph is not None) >= 8
    assert {t.symbol for t in board.thresholds} == set(EventSymbol)
    assert set(board.start) == {"easy", "standard", "hard"}


def test_every_attribute_is_tested_at_needs_one_to_four(book: ScenarioBook) -> None:
    needs: dict[Attribute, set[int]] = defaultdict(set)
    tests = [o.test for p in book.paragraphs.values() for o in p.options if o.test]
    for test in tests:
        needs[test.attribute].add(test.need)
    assert all({1, 2, 3, 4} <= needs[attribute] for attribute in Attribute)
    assert any(t.team for t in tests)
    assert any(t.ease and t.ease.item for t in tests)
    assert any(t.ease and t.ease.keyword for t in tests)


def test_every_status_token_and_status_card_is_dealt_somewhere(book: ScenarioBook) -> None:
    effects = every_effect(book)
    assert {e.value for e in effects if e.kind == "status"} == {t.value for t in StatusToken}
    assert {e.value for e in effects if e.kind == "card"} == {k.value for k in StatusCardKind}


def test_one_and_two_handed_weapons_and_the_investigators_keywords_matter(
    book: ScenarioBook,
) -> None:
    hands = {card.hands for card in book.scenario.items.values() if card.kind == "weapon"}
    assert {1, 2} <= hands
    own = {"SOLDIER", "ARCHAEOLOGY", "SEA", "OCCULT", "STAGE", "PRESS", "FAITH", "MEDICINE"}
    paragraphs = list(book.paragraphs.values())
    conditions = " ".join(c.condition or "" for p in paragraphs for c in (*p.options, *p.choices))
    eased = {
        t.ease.keyword
        for p in book.paragraphs.values()
        for o in p.options
        if (t := o.test) and t.ease
    }
    assert all(f'keyword("{word}")' in conditions or word in eased for word in own)
