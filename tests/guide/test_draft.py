"""Phase 1: the dice draft, with the rulebook's worked example."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tales.errors import IllegalInput
from tales.guide.components import Components
from tales.guide.decisions import Engine, EventSink, Kind, parse_option
from tales.guide.draft import DieRemoved, DieTaken, FateDie, RoundDice, choose_round_dice, removers
from tales.guide.errors import NotationError
from tales.guide.geometry import District
from tales.guide.options import DicePick, DiePick, DistrictPick, Reveal
from tales.guide.terms import BonusFace
from tests.guide.conftest import ScriptedDice


def test_maxims_three_player_draft(components: Components) -> None:
    """Maxim takes the 4, Elena removes the 5, Ivan the 1, Maxim takes the 6: fate 3."""
    rng = ScriptedDice([4, 5, 1, 3, 6, 1])  # dice 1 to 5, then the bonus die
    sink = EventSink()
    engine = Engine(choose_round_dice(["Maxim", "Elena", "Ivan"], 0, components, rng, sink), sink)
    steps = [("Maxim", "die:1"), ("Elena", "die:2"), ("Ivan", "die:3"), ("Maxim", "die:5")]
    events = []
    for actor, option in steps:
        assert engine.pending is not None and engine.pending.actor == actor
        events.extend(engine.apply(option))
    result = engine.result
    assert isinstance(result, RoundDice)
    assert result.numbers == (4, 6)
    assert result.fate.face.number == 3
    assert result.bonus is BonusFace.BLANK
    assert [type(e) for e in events] == [DieTaken, DieRemoved, DieRemoved, DieTaken, FateDie]
    assert [e.player for e in events if isinstance(e, DieRemoved)] == ["Elena", "Ivan"]
    assert engine.inputs == ["die:1", "die:2", "die:3", "die:5"]


def test_a_taken_die_is_no_longer_offered(components: Components) -> None:
    sink = EventSink()
    engine = Engine(choose_round_dice(["A", "B"], 1, components, ScriptedDice([]), sink), sink)
    assert engine.pending is not None and engine.pending.actor == "B"
    engine.apply("die:2")
    assert engine.pending is not None and engine.pending.kind is Kind.REMOVE_DIE
    assert engine.pending.actor == "A"  # in a two-player game the second player removes both
    with pytest.raises(IllegalInput, match="'die:2' is not a legal choice"):
        engine.apply("die:2")


def test_who_removes_dice() -> None:
    assert removers(["A", "B"], 0) == ("B", "B")
    assert removers(["A", "B", "C"], 1) == ("C", "A")
    assert removers(["A", "B", "C", "D"], 0) == ("B", "D")
    with pytest.raises(ValueError, match="2 to 4 players"):
        removers(["A"], 0)


options = st.one_of(
    st.builds(DiePick, st.integers(1, 5)),
    st.builds(DistrictPick, st.builds(District, st.integers(1, 6), st.integers(1, 6))),
    st.builds(Reveal, st.booleans()),
    st.builds(DicePick, st.lists(st.integers(0, 9), max_size=4).map(tuple)),
)


@given(options)
def test_option_ids_round_trip(option: object) -> None:
    assert parse_option(option.id) == option  # type: ignore[attr-defined]


@pytest.mark.parametrize("text", ["die", "die:x", "nope:1", "reveal:maybe", "dice:1+a"])
def test_bad_option_ids_are_quoted(text: str) -> None:
    with pytest.raises(NotationError, match=re.escape(repr(text))):
        parse_option(text)
