"""The Event board (tales.rules.eventboard): its tokens, their thresholds and the
time track.

"Finally, check the red die. If it shows any of the Event symbols (skull,
tentacle or star), place the appropriate token on the Event board. If this token
completes a condition on the current space of the Event track, read the
corresponding narrative."
"""

from __future__ import annotations

import pytest

from tales.rules.eventboard import advance_time, narrative_now, place_event_token
from tales.rules.events import EventSymbolRolled, TimeAdvanced
from tales.rules.scenario import Threshold
from tales.rules.skilltest import TestOutcome, TestSpec, skill_test
from tales.rules.table import Table
from tales.rules.terms import Attribute, EventSymbol
from tales.story.core import Core
from tests.conftest import game_for, load_dice, red, ruling, run

SKULL, TENTACLE, STAR = EventSymbol.SKULL, EventSymbol.TENTACLE, EventSymbol.STAR
TENTACLES = Threshold(TENTACLE, 2, 172)  # harbour_scenario(): any space
SKULLS = Threshold(SKULL, 3, 173, frozenset({3, 4, 5}))  # harbour_scenario(): spaces 3-5


def harbour(core: Core, difficulty: str = "standard") -> Table:
    table = game_for(
        core,
        ["margaret-sinclair"],
        ["arthur-blackwood", "sarah-elington", "irene-dubois"],
        difficulty=difficulty,
    )
    table.sink.take()
    return table


def test_the_event_says_whether_the_red_die_or_the_story_placed_the_token(core: Core) -> None:
    """A test's red die places a token ("Finally, check the red die"); the
    storybook places one without a roll. Both count toward the thresholds
    alike; the event says which, so the prompt never tells a roll not made."""
    table = harbour(core)
    place_event_token(table, TENTACLE)
    place_event_token(table, TENTACLE, by="story")
    rolled = [e for e in table.sink.take() if isinstance(e, EventSymbolRolled)]
    assert [(e.by, e.on_board) for e in rolled] == [("red die", 1), ("story", 2)]
    assert table.to_read == [(172, "2nd tentacle token")]


def test_the_harbour_board_prints_both_thresholds(core: Core) -> None:
    table = harbour(core)
    assert table.scenario is not None
    assert table.scenario.board.thresholds == (TENTACLES, SKULLS)


def test_a_threshold_fires_exactly_once(core: Core) -> None:
    """ "Since the 2nd TENTACLE token has just been placed, go to the mentioned
    narrative, 172 in this example." The third and later tokens read nothing."""
    table = harbour(core)
    place_event_token(table, TENTACLE)
    assert table.to_read == []
    place_event_token(table, TENTACLE)
    assert table.to_read == [(172, "2nd tentacle token")]
    assert table.fired == {TENTACLES}
    for _ in range(5):
        place_event_token(table, TENTACLE)
    assert table.to_read == [(172, "2nd tentacle token")]
    assert table.event_tokens[TENTACLE] == 7
    rolled = [e for e in table.sink.take() if isinstance(e, EventSymbolRolled)]
    assert [(e.symbol, e.placed, e.on_board) for e in rolled] == [
        (TENTACLE, True, n) for n in range(1, 8)
    ]


def test_other_symbols_do_not_count_toward_a_threshold(core: Core) -> None:
    table = harbour(core)
    table.time = 3
    for symbol in (STAR, STAR, TENTACLE, STAR, SKULL, SKULL):
        place_event_token(table, symbol)
    assert table.to_read == [], "two skulls, one tentacle, three stars"
    assert table.event_tokens == {STAR: 3, TENTACLE: 1, SKULL: 2}


@pytest.mark.parametrize(
    ("space", "fires"),
    [(1, False), (2, False), (3, True), (4, True), (5, True), (6, False), (8, False)],
)
def test_a_threshold_with_spaces_fires_only_on_them(core: Core, space: int, fires: bool) -> None:
    """ "If this token completes a condition on the current space of the Event
    track": Threshold(SKULL, 3, 173, {3, 4, 5}) is printed on spaces 3 to 5 only."""
    table = harbour(core)
    table.time = space
    for _ in range(3):
        place_event_token(table, SKULL)
    assert table.to_read == ([(173, "3rd skull token")] if fires else [])
    assert (SKULLS in table.fired) is fires


@ruling("event-token-supply")
def test_no_threshold_is_reached_once_the_supply_is_empty(core: Core) -> None:
    """ "24 Event board markers (8 skulls, 8 stars, 8 tentacles)": with none left,
    the symbol is reported but no token is placed, so no threshold is reached."""
    table = harbour(core)
    table.supply.event_tokens[TENTACLE] = 1
    place_event_token(table, TENTACLE)
    place_event_token(table, TENTACLE)
    assert table.sink.take() == (
        EventSymbolRolled(TENTACLE, True, 1),
        EventSymbolRolled(TENTACLE, False, 1),
    )
    assert table.event_tokens[TENTACLE] == 1
    assert table.to_read == [] and table.fired == set()


def test_the_red_die_places_the_token_when_the_test_resolves(core: Core) -> None:
    """ "Finally, check the red die. If it shows any of the Event symbols ... place
    the appropriate token on the Event board." """
    table = harbour(core)
    margaret = table.investigator("margaret-sinclair")
    load_dice(table, red("tentacle", "tentacle"))
    for _ in range(2):
        engine = run(table, skill_test(table, margaret, TestSpec(Attribute.POWER, 1)))
        engine.apply_all(["roll", "accept"])
        outcome = engine.result
        assert engine.finished and isinstance(outcome, TestOutcome)
        assert outcome.symbol is TENTACLE and not outcome.passed
    assert table.event_tokens[TENTACLE] == 2
    assert table.supply.event_tokens[TENTACLE] == 6
    assert table.to_read == [(172, "2nd tentacle token")]


def test_the_time_track_names_a_narrative_per_space(core: Core) -> None:
    """ "If the Time marker is on a space associated with a numbered narrative, read
    that narrative" -- "If there is a narrative number on the new space, do not read
    it yet. This step will occur at the start of the next round." """
    table = harbour(core)
    seen = []
    for _ in range(7):
        advance_time(table)
        seen.append(narrative_now(table))
    assert seen == [101, None, 102, None, 103, None, 104]
    assert list(table.sink.take()) == [
        TimeAdvanced(space, paragraph) for space, paragraph in zip(range(2, 9), seen, strict=True)
    ]
    assert table.to_read == [], "advancing reads nothing"
    assert table.scenario is not None and table.scenario.board.narrative_at(9) is None


@pytest.mark.parametrize(("difficulty", "space"), [("easy", 1), ("standard", 1), ("hard", 3)])
def test_the_time_marker_starts_on_the_difficultys_space(
    core: Core, difficulty: str, space: int
) -> None:
    """ "Place the Event board Time marker on the space that matches the selected
    difficulty level. The standard difficulty always starts on the 1st round." """
    table = harbour(core, difficulty)
    assert (table.time, table.round) == (space, 1)


@ruling("threshold-reached-or-passed", value=True)
def test_a_threshold_passed_off_its_spaces_fires_with_the_next_token_on_them(core: Core) -> None:
    """Three skulls rolled on space 1, where Threshold(SKULL, 3, {3, 4, 5}) is not
    printed: the next skull placed on space 3 reads its narrative, once."""
    table = harbour(core)
    for _ in range(3):
        place_event_token(table, SKULL)
    assert table.to_read == []
    table.time = 3
    place_event_token(table, SKULL)
    assert table.to_read == [(173, "4th skull token")]
    place_event_token(table, SKULL)
    assert table.to_read == [(173, "4th skull token")] and table.fired == {SKULLS}


@ruling("threshold-reached-or-passed", value=False)
def test_a_threshold_passed_off_its_spaces_is_skipped_when_only_the_exact_count_fires(
    core: Core,
) -> None:
    table = harbour(core)
    table.rulings = core.rulings.overriding({"threshold-reached-or-passed": False})
    for _ in range(3):
        place_event_token(table, SKULL)
    table.time = 3
    for _ in range(3):
        place_event_token(table, SKULL)
    assert table.to_read == [] and table.fired == set()
