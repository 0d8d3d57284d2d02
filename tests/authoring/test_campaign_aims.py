"""Where a campaign simulation aims its goal bots: the frontier of what is
unread, and the Scenario I paragraph that writes the log entry an unread
Scenario II paragraph asks for (The Reef Ledger: *tithe-freed*, written at
Low Water's 127, opens the Mehitable's forepeak at Gannet Light's 169)."""

from __future__ import annotations

from tales.authoring.campaign_aims import (
    aims_for,
    asked_entries,
    frontier,
    gates_before,
    writers,
)
from tales.authoring.lookahead import story_map
from tales.story.core import tale_path
from tales.story.loader import load_tale
from tales.story.model import Tale

TITHE = ("the-reef", "tithe-freed")


def _reef_ledger() -> Tale:
    tale, problems = load_tale(tale_path("the-reef-ledger"), fast=True)
    assert tale is not None, problems
    return tale


def test_a_gate_asks_for_the_entries_it_names_and_not_those_it_forbids() -> None:
    condition = 'log("the-reef", "tithe-freed") and not log("the-town", "pike-ruined")'
    assert asked_entries(condition) == {TITHE}
    assert asked_entries(None) == set() and asked_entries("time >= 3") == set()


def test_the_frontier_is_the_unread_one_step_from_what_was_read() -> None:
    tale = _reef_ledger()
    book = tale.scenarios["low-water"]
    unread = {n for n in book.paragraphs if n >= 120}
    near = frontier(tale, "low-water", unread)
    steps = story_map(book.paragraphs, book.scenario).steps
    assert near and set(near) <= unread
    assert all(any(s.target == n and s.source not in unread for s in steps) for n in near)
    assert len(near) < len(unread), "paragraphs deeper in are left for later waves"


def test_the_forepeak_asks_for_the_tithe_freed_and_low_water_writes_it_at_127() -> None:
    tale = _reef_ledger()
    assert TITHE in gates_before(tale.scenarios["gannet-light"].paragraphs, {169})
    assert 127 in writers(tale.scenarios["low-water"].paragraphs)[TITHE]


def test_a_low_water_goal_bot_is_sometimes_aimed_at_what_gannet_light_needs() -> None:
    """With 169 unread and the entry rarely written, about half the aimed Low
    Water bots make for 127; written often, none does."""
    tale = _reef_ledger()
    unread = {"low-water": {182, 183}, "gannet-light": {169}}
    policies = ("goal", "random")
    aims = [aims_for(policies, tale, unread, seed) for seed in range(40)]
    targets = [dict(a).get("low-water") for a in aims]
    assert all(t in {182, 183, 127} for t in targets)
    assert 10 <= targets.count(127) <= 30, targets
    often = [aims_for(policies, tale, unread, seed, frozenset({TITHE})) for seed in range(40)]
    assert all(dict(a)["low-water"] in {182, 183} for a in often)
    assert aims_for(policies, tale, unread, 3) == aims_for(policies, tale, unread, 3)
