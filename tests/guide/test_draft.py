"""Phase 1: the dice draft, with the rulebook's worked example."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tales.errors import IllegalInput, OptionIdError
from tales.guide.components import Components
from tales.guide.draft import DieRemoved, DieTaken, FateDie, RoundDice, choose_round_dice, removers
from tales.guide.geometry import District, Segment
from tales.guide.kinds import Engine, Kind
from tales.guide.options import (
    DicePick,
    DiePick,
    DistrictPick,
    DrawPick,
    OneTouristPick,
    Reveal,
    RoutePick,
    SegmentPick,
    Skip,
    TouristPick,
)
from tales.guide.route import FinalRoute
from tales.guide.terms import TOURIST_COLOURS, BonusFace, Colour
from tales.rules.decisions import EventSink
from tales.rules.options import Option, option_classes, parse_option
from tests.guide.conftest import ScriptedDice


def test_maxims_three_player_draft(components: Components) -> None:
    """Maxim takes the 4, Elena removes the 5, Ivan the 1, Maxim takes the 6: fate 3."""
    rng = ScriptedDice([4, 5, 1, 3, 6, 1])  # dice 1 to 5, then the bonus die
    sink = EventSink()
    engine = Engine(choose_round_dice(["Maxim", "Elena", "Ivan"], 0, components, rng, sink), sink)
    steps = [
        ("Maxim", "tourist-die:1"),
        ("Elena", "tourist-die:2"),
        ("Ivan", "tourist-die:3"),
        ("Maxim", "tourist-die:5"),
    ]
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
    assert engine.inputs == ["tourist-die:1", "tourist-die:2", "tourist-die:3", "tourist-die:5"]


def test_a_taken_die_is_no_longer_offered(components: Components) -> None:
    sink = EventSink()
    engine = Engine(choose_round_dice(["A", "B"], 1, components, ScriptedDice([]), sink), sink)
    assert engine.pending is not None and engine.pending.actor == "B"
    engine.apply("tourist-die:2")
    assert engine.pending is not None and engine.pending.kind is Kind.REMOVE_DIE
    assert engine.pending.actor == "A"  # in a two-player game the second player removes both
    with pytest.raises(IllegalInput, match="'tourist-die:2' is not a legal choice"):
        engine.apply("tourist-die:2")


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
    st.builds(Skip, st.booleans()),
    st.builds(TouristPick, st.sampled_from([Colour(c) for c in TOURIST_COLOURS])),
    st.builds(SegmentPick, st.sampled_from([None, Segment.parse("45ne"), Segment.parse("b23")])),
    st.builds(DrawPick, st.just((Segment.parse("33n"), Segment.parse("11c")))),
)


@given(options)
def test_option_ids_round_trip(option: Option) -> None:
    # One registry serves both modes: the storybook's parse_option reads the guide's ids.
    assert parse_option(option.id) == option


@pytest.mark.parametrize(
    "text",
    ["tourist-die", "tourist-die:x", "nope:1", "reveal:maybe", "dice:1+a", "draw:33q", "skip:1"],
)
def test_bad_option_ids_are_quoted(text: str) -> None:
    with pytest.raises(OptionIdError, match=re.escape(repr(text))):
        parse_option(text)


# Each kind's id exactly as saves and scripts hold it.
GUIDE_EXAMPLES: list[tuple[Option, str]] = [
    (DiePick(3), "tourist-die:3"),
    (DistrictPick(District(3, 4)), "district:34"),
    (OneTouristPick(District(3, 5)), "one-tourist:35"),
    (Reveal(True), "reveal:next"),
    (DicePick((0, 2)), "dice:0+2"),
    (DicePick(()), "dice:none"),
    (DrawPick((Segment.parse("33n"), Segment.parse("32w"))), "draw:33n+32w"),
    (SegmentPick(None), "segment:none"),
    (TouristPick(Colour("red")), "tourist:red"),
    (Skip(False), "skip:no"),
    (RoutePick(FinalRoute.parse("1.0 11c 12w ~ 2.3s 34n")), "route:1.0 11c 12w ~ 2.3s 34n"),
]


@pytest.mark.parametrize(("option", "text"), GUIDE_EXAMPLES, ids=[t for _, t in GUIDE_EXAMPLES])
def test_each_guide_option_keeps_its_id(option: Option, text: str) -> None:
    assert option.id == text and type(option).from_id(text) == option


def test_every_guide_option_has_an_example() -> None:
    shown = {type(option) for option, _ in GUIDE_EXAMPLES}
    guide = {c for c in option_classes() if c.__module__.startswith("tales.guide.")}
    assert guide == shown, sorted(c.__name__ for c in guide ^ shown)
