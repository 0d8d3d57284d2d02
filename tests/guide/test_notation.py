"""The notation: value objects whose text form round-trips, narrow errors."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tales.guide.citymap import CityMap
from tales.guide.components import ChallengeCell, TouristFace
from tales.guide.errors import NoSuchRoadError, NotationError
from tales.guide.geometry import District, Kind, Node, Segment
from tales.guide.options import DistrictPick, DrawPick, Reveal, body, same_kind, shown
from tales.guide.route import FinalRoute, Section
from tales.guide.terms import TOURIST_COLOURS, Bank, Colour
from tests.guide.conftest import guide_rule

digits = st.integers(1, 6)
points = st.integers(0, 6)


@st.composite
def segments(draw: st.DrawFn) -> Segment:
    kind = draw(st.sampled_from(list(Kind)))
    if kind is Kind.BRIDGE:
        return Segment(kind, draw(points), draw(points))
    if kind is Kind.CORNER:
        return Segment(kind, draw(st.sampled_from([1, 6])), draw(st.sampled_from([1, 6])))
    way = draw(st.sampled_from(["ne", "nw"] if kind is Kind.DIAGONAL else ["n", "e", "s", "w"]))
    return Segment(kind, draw(digits), draw(digits), way)


nodes = st.builds(Node, points, points, st.sampled_from([None, Bank.NORTH, Bank.SOUTH]))


@given(segments())
def test_segment_ids_round_trip(segment: Segment) -> None:
    assert Segment.parse(segment.id) == segment
    assert Segment.from_id(segment.id) == segment


@given(nodes)
def test_intersection_ids_round_trip(node: Node) -> None:
    assert Node.parse(node.id) == node


@given(st.lists(st.tuples(nodes, st.lists(segments(), min_size=1, max_size=4)), max_size=5))
def test_route_ids_round_trip(parts: list[tuple[Node, list[Segment]]]) -> None:
    route = FinalRoute(tuple(Section(n, tuple(s)) for n, s in parts))
    assert FinalRoute.parse(route.id) == route


@pytest.mark.parametrize("text", ["", "34", "34x", "74n", "b77", "12c", "3 4n", "34nn"])
def test_bad_segment_text_is_quoted(text: str) -> None:
    with pytest.raises(NotationError, match=repr(text).replace("\\", "\\\\")) as raised:
        Segment.parse(text)
    assert isinstance(raised.value, ValueError)


def test_parse_is_forgiving_but_from_id_is_strict() -> None:
    assert Segment.parse(" 34N ") == Segment(Kind.SIDE, 3, 4, "n")
    with pytest.raises(NotationError, match="write '34n'"):
        Segment.from_id("34N")


@pytest.mark.parametrize("text", ["7.1", "2.3x", "23", "2,3"])
def test_bad_intersection_text_is_quoted(text: str) -> None:
    with pytest.raises(NotationError, match=repr(text)):
        Node.parse(text)


def test_districts_parse_and_refuse_the_off_map() -> None:
    assert District.parse("34") == District(3, 4)
    with pytest.raises(NotationError, match="'70'"):
        District.parse("70")


@guide_rule("segment-notation")
def test_two_names_of_one_road_resolve_to_the_north_or_west_one(city: CityMap) -> None:
    assert city.road("33e").segment.id == "43w"
    assert city.road("22s").segment.id == "23n"
    assert city.road("26s").segment.id == "26s"  # the map's edge: one district, one name
    assert city.road("33s").segment.id == "33s"  # across the river: two roads
    assert city.road("34n").segment.id == "34n"
    with pytest.raises(NoSuchRoadError, match="'13s'"):
        city.road("13s")


def test_a_route_without_its_start_is_refused() -> None:
    with pytest.raises(NotationError, match="empty section"):
        FinalRoute.parse("1.0 11c ~ ")


@given(st.sampled_from(["beginner", "experienced", "legendary"]), st.integers(0, 999))
def test_a_challenge_cell_round_trips_through_its_text(level: str, goal: int) -> None:
    cell = ChallengeCell(level, goal)
    assert ChallengeCell.from_text(str(cell)) == cell
    assert ChallengeCell.from_text(f" {level.upper()} : {goal} ") == cell, "case and spaces aside"


@given(digits, st.lists(st.sampled_from(TOURIST_COLOURS), min_size=1, max_size=2))
def test_a_tourist_face_round_trips_through_its_text(number: int, colours: list[Colour]) -> None:
    face = TouristFace(number, tuple(colours))
    assert TouristFace.from_text(str(face)) == face
    assert TouristFace.from_text(f"{number}: {'+'.join(colours)}") == face, "as die-faces.yaml"


@pytest.mark.parametrize(
    "text", ["experienced", "experienced:", ":32", "experienced:thirty", "a:1:2", ""]
)
def test_a_malformed_challenge_cell_is_one_line_quoting_it(text: str) -> None:
    quoted = "^" + re.escape(f"{text!r} is not a challenge cell")
    with pytest.raises(NotationError, match=quoted) as refused:
        ChallengeCell.from_text(text)
    assert "\n" not in str(refused.value) and "'experienced:32'" in str(refused.value)


@pytest.mark.parametrize("text", ["5", "five: red", "5: pink", "5:", "5: red+"])
def test_a_malformed_tourist_face_is_one_line_quoting_it(text: str) -> None:
    quoted = "^" + re.escape(f"{text!r} is not a tourist die face")
    with pytest.raises(NotationError, match=quoted) as refused:
        TouristFace.from_text(text)
    assert "\n" not in str(refused.value)


def test_the_prompt_writes_an_option_without_its_kind() -> None:
    district = DistrictPick(District(3, 4))
    assert body(district) == "34" and shown(district) == "34"
    drawing = DrawPick((Segment.from_id("33n"), Segment.from_id("32w")))
    assert body(drawing) == "33n+32w" and shown(drawing) == "33n 32w"
    assert body(Reveal(True)) == "next"
    assert same_kind(district, "55") == "district:55" == DistrictPick(District(5, 5)).id
