"""The decision interface (tales.rules.decisions.Engine).

Everything a player decides is a Decision with legal options; an illegal input
is refused before anything changes, so the game goes on.
"""

from __future__ import annotations

import pytest

from tales.errors import IllegalInput, TalesError
from tales.rules.decisions import Decision, DecisionKind, Engine, EventSink, Proc
from tales.rules.drawing import draw_up_to
from tales.rules.events import DrawingEnded, TestResolved
from tales.rules.options import Rest
from tales.rules.skilltest import TestOutcome, TestSpec, skill_test
from tales.rules.terms import Attribute, EventSymbol, StatusCardKind
from tales.story.core import Core
from tests.conftest import load_dice, red, run, stack_deck, table_for

ARTHUR = "arthur-blackwood"


def test_an_illegal_input_is_refused_with_a_hint_and_changes_nothing(core: Core) -> None:
    """A typo names the input, the question, and the closest legal id."""
    table = table_for(core, [ARTHUR])
    arthur = table.investigator(ARTHUR)
    arthur.hand = [arthur.deck.pop() for _ in range(3)]
    engine = run(table, skill_test(table, arthur, TestSpec(Attribute.STRENGTH, 1)))
    assert engine.pending is not None
    prompt, legal = engine.pending.prompt, engine.legal_ids()
    before = table.snapshot()

    with pytest.raises(IllegalInput) as error:
        engine.apply("rol")

    assert str(error.value) == (f"'rol' is not a legal choice for {prompt!r}; did you mean 'roll'?")
    assert isinstance(error.value, TalesError) and isinstance(error.value, ValueError)
    assert table.snapshot() == before
    assert engine.pending is not None and engine.pending.prompt == prompt
    assert engine.legal_ids() == legal
    assert engine.inputs == []
    assert not engine.can_apply("rol") and engine.can_apply("roll")


def test_an_input_like_nothing_legal_gets_no_hint(core: Core) -> None:
    table = table_for(core, [ARTHUR])
    engine = run(table, skill_test(table, table.investigator(ARTHUR), TestSpec(Attribute.POWER, 1)))

    with pytest.raises(IllegalInput) as error:
        engine.apply("xyzzy-plugh")

    assert str(error.value).startswith("'xyzzy-plugh' is not a legal choice for ")
    assert "did you mean" not in str(error.value)


def test_the_game_goes_on_after_an_illegal_input(core: Core) -> None:
    """After a refused input the same decision takes a legal one."""
    table = table_for(core, [ARTHUR])
    load_dice(table, red("success"))
    engine = run(table, skill_test(table, table.investigator(ARTHUR), TestSpec(Attribute.POWER, 1)))
    with pytest.raises(IllegalInput):
        engine.apply("accept")  # legal only after the roll

    events = engine.apply_all(["roll", "accept"])

    assert engine.finished and engine.inputs == ["roll", "accept"]
    assert next(e for e in events if isinstance(e, TestResolved)).passed


def test_engine_result_holds_the_procedures_return_value(core: Core) -> None:
    """The procedure's return value is the outcome callers read."""
    table = table_for(core, [ARTHUR])
    load_dice(table, red("star"))
    engine = run(table, skill_test(table, table.investigator(ARTHUR), TestSpec(Attribute.POWER, 2)))
    assert engine.result is None and not engine.finished

    engine.apply_all(["roll", "accept"])

    assert engine.finished and engine.pending is None and engine.legal_ids() == ()
    assert engine.result == TestOutcome(False, 0, 2, EventSymbol.STAR)


def test_applying_after_the_procedure_finished_is_refused(core: Core) -> None:
    """Once the procedure has ended nothing more can be played."""
    table = table_for(core, [ARTHUR])
    engine = run(table, draw_up_to(table, table.investigator(ARTHUR)))
    assert engine.finished and engine.pending is None
    before = table.snapshot()

    with pytest.raises(IllegalInput, match="the game is over; 'draw' cannot be played"):
        engine.apply("draw")
    assert table.snapshot() == before


def test_a_procedure_that_asks_nothing_finishes_at_once(core: Core) -> None:
    """Drawing five ordinary cards asks nothing: the engine ends at construction,
    with the events in ``opening_events``."""
    table = table_for(core, [ARTHUR])
    engine = run(table, draw_up_to(table, table.investigator(ARTHUR)))
    assert engine.result is None and engine.finished
    assert engine.opening_events[-1] == DrawingEnded(ARTHUR, "hand full")


def test_apply_returns_only_the_events_of_that_input(core: Core) -> None:
    """Each applied input hands back the events it caused, and no others."""
    table = table_for(core, [ARTHUR])
    arthur = table.investigator(ARTHUR)
    stress = table.supply.take_status_card(StatusCardKind.STRESS)
    assert stress is not None
    arthur.deck.append(stress)
    stack_deck(table, ARTHUR, [stress])
    engine = run(table, draw_up_to(table, arthur))
    assert len(engine.opening_events) == 1

    events = engine.apply("stop")

    assert events == (DrawingEnded(ARTHUR, "stopped"),)
    assert table.sink.take() == ()


def test_a_decision_with_no_options_is_a_programming_error() -> None:
    """A procedure must always offer something to choose."""

    def broken() -> Proc[None]:
        yield Decision(None, DecisionKind.ACTIVITY, "Choose nothing", ())

    with pytest.raises(RuntimeError, match="a decision with no options was asked"):
        Engine(broken(), EventSink())


def test_a_procedures_own_result_is_kept() -> None:
    """``Engine.result`` is whatever the generator returns."""

    def ask() -> Proc[str]:
        options = (Rest("a", label="A"), Rest("b", label="B"))
        choice = yield Decision("someone", DecisionKind.ACTIVITY, "Pick one", options)
        return f"picked {choice.id}"

    engine = Engine(ask(), EventSink())
    assert engine.pending is not None and engine.pending.ids == ("rest:a", "rest:b")
    assert engine.pending.get("rest:b") == Rest("b", label="B")
    assert engine.pending.get("rest:c") is None
    assert engine.apply("rest:b") == ()
    assert engine.result == "picked rest:b"
