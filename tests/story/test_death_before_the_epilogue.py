"""A death in the activity that reaches the epilogue (ruling
``death-before-the-epilogue``). A playtest's Arthur Blackwood lay on the
Sink's grating (Low Water 195: 3 VITALITY and 3 SANITY) with 3 SANITY left
and died of it; 195 goes on to the epilogue, 125, which ended the scenario
while the death's narrative (145) still waited for the activity to end. So
145 was never read, its campaign log entry was never written, and 125 said
"the water gives Arthur Blackwood back to you" of a dead man.

Rulebook: "If an Investigator's VITALITY or SANITY is reduced to zero, their
Character is permanently removed from the game and considered dead. Follow
the scenario instructions for the death of an Investigator shown on the
Event board."
"""

from __future__ import annotations

import pytest

from tales.rules.decisions import Engine
from tales.rules.events import Event, InvestigatorDied
from tales.story.game import Game, GameSetup, start_game
from tales.story.interpreter import StoryRead
from tests.conftest import ruling
from tests.story.test_map_tale import to_activity

ARTHUR, ELIZABETH = "arthur-blackwood", "elizabeth-hawthorne"
HOLD_ON = "Stay on the grating"  # 195's choice that costs 3 VITALITY and 3 SANITY


def hold_the_grating(core, reef_ledger, before: bool, sanity: int) -> tuple[list[Event], Game]:  # type: ignore[no-untyped-def]
    setup = GameSetup(
        "low-water",
        (ARTHUR, ELIZABETH),
        ("ezra-marsh", "irene-dubois"),
        "standard",
        5,
        rulings=(("death-before-the-epilogue", before),),
    )
    game = start_game(core, reef_ledger, setup)
    to_activity(game)
    table = game.table
    arthur = table.investigator(ARTHUR)
    arthur.sanity = sanity
    engine = Engine(game.book.read_as(table, 195, arthur), table.sink)
    events = list(engine.opening_events)
    while not engine.finished:
        assert engine.pending is not None
        hold = next((o for o in engine.pending.options if o.label.startswith(HOLD_ON)), None)
        first = engine.pending.options[0]
        events += engine.apply((hold or first).id)
    return events, game


def read(events: list[Event]) -> list[int]:
    return [e.paragraph for e in events if isinstance(e, StoryRead)]


@ruling("death-before-the-epilogue", value=True)
def test_a_death_on_the_grating_is_told_before_the_epilogue(core, reef_ledger) -> None:  # type: ignore[no-untyped-def]
    events, game = hold_the_grating(core, reef_ledger, True, 3)
    assert any(isinstance(e, InvestigatorDied) for e in events)
    told = read(events)
    assert told.index(145) == told.index(125) - 1, "the death's narrative, then the epilogue"
    assert game.table.ended == "the story ends at paragraph 125"
    log = game.book.state.log
    assert "an-investigator-lost-in-innsmouth" in log["the-missing"]
    [epilogue] = [e.text for e in events if isinstance(e, StoryRead) and e.paragraph == 125]
    assert "there is only the grating" in epilogue and "gives Arthur" not in epilogue


@ruling("death-before-the-epilogue", value=False)
def test_switched_off_the_waiting_death_is_dropped_with_the_end(core, reef_ledger) -> None:  # type: ignore[no-untyped-def]
    events, game = hold_the_grating(core, reef_ledger, False, 3)
    assert any(isinstance(e, InvestigatorDied) for e in events)
    assert 145 not in read(events) and 125 in read(events)
    assert "an-investigator-lost-in-innsmouth" not in game.book.state.log.get("the-missing", {})


@pytest.mark.parametrize("before", [True, False])
def test_one_who_lives_through_it_is_given_back_and_no_death_is_read(
    core, reef_ledger, before: bool
) -> None:  # type: ignore[no-untyped-def]
    events, _ = hold_the_grating(core, reef_ledger, before, 4)
    assert not any(isinstance(e, InvestigatorDied) for e in events)
    assert 145 not in read(events)
    [epilogue] = [e.text for e in events if isinstance(e, StoryRead) and e.paragraph == 125]
    assert "gives\nArthur Blackwood back" in epilogue or "gives Arthur Blackwood back" in epilogue
