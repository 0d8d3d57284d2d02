"""Step 1 of the end of the game: the final route as a trail with crossings."""

from __future__ import annotations

import pytest

from tales.guide.board import PlayerBoard
from tales.guide.citymap import CityMap
from tales.guide.errors import IllegalRouteError
from tales.guide.geometry import District, Node, Segment
from tales.guide.route import FinalRoute, Section, facts
from tales.guide.terms import Character
from tests.guide.conftest import guide_rule


def board_of(city: CityMap, *segments: str) -> PlayerBoard:
    return PlayerBoard(segments=frozenset(city.road(s).segment for s in segments))


def test_maxims_route_is_a_legal_trail_with_one_crossing(
    city: CityMap, maxim: tuple[PlayerBoard, FinalRoute]
) -> None:
    board, route = maxim
    f = facts(city, board, route)
    assert (f.segments, f.crossings, f.normal_crossings, f.turns) == (13, 1, 1, 7)
    assert {d.id for d in f.along} == {
        "41",
        "42",
        "31",
        "32",
        "22",
        "23",
        "12",
        "13",
        "14",
        "24",
        "25",
        "35",
        "36",
        "45",
        "46",
        "55",
        "56",
    }
    assert District(3, 4) not in f.along  # only its corner is touched


def test_a_segment_counts_only_once(city: CityMap) -> None:
    board = board_of(city, "22n", "32w", "23n", "22w")
    loop = facts(city, board, FinalRoute.parse("1.1 22n 32w 23n 22w"))
    assert loop.segments == 4  # a route may start and end at the same point
    with pytest.raises(IllegalRouteError, match="used twice"):
        facts(city, board, FinalRoute.parse("1.1 22n 32w 23n 22w 22n"))


def test_a_route_must_be_connected_and_drawn(city: CityMap) -> None:
    board = board_of(city, "22n", "32w", "55n")
    with pytest.raises(IllegalRouteError, match=r"does not continue the route at 2\.2"):
        facts(city, board, FinalRoute.parse("1.1 22n 32w 55n"))
    with pytest.raises(IllegalRouteError, match="was not drawn"):
        facts(city, board, FinalRoute.parse("1.1 22n 32w 33n"))


@guide_rule("crossing-banks")
def test_crossings_join_water_on_different_banks(city: CityMap) -> None:
    board = board_of(city, "13n", "13w", "33s", "14n", "42n", "b23")
    assert facts(city, board, FinalRoute.parse("1.2 13n 13w ~ 0.3s 14n")).normal_crossings == 1
    with pytest.raises(IllegalRouteError, match="stays on one bank"):
        facts(city, board, FinalRoute.parse("1.2 13n 13w ~ 2.3n 33s"))
    boat = facts(city, board, FinalRoute.parse("1.2 13n 13w ~ 2.3n 33s"), Character.BOATMAN)
    assert (boat.crossings, boat.normal_crossings) == (1, 0)
    with pytest.raises(IllegalRouteError, match=r"3\.1 is not"):
        facts(city, board, FinalRoute.parse("4.1 42n ~ 0.3s 14n"))
    with pytest.raises(IllegalRouteError, match=r"not 2\.3n to itself"):
        facts(city, board, FinalRoute.parse("3.3n 33s ~ 2.3n b23"), Character.BOATMAN)
    assert city.bank_of(Node(6, 2)) is city.bank_of(Node.parse("6.4n"))


@guide_rule("crossing-chain")
def test_no_more_than_four_crossings_and_no_empty_section(city: CityMap) -> None:
    board = board_of(city, "13w", "14n", "33s", "34n", "b54", "65e")
    six = "0.2 13w ~ 0.3s 14n ~ 2.3n 33s ~ 2.3s 34n ~ 5.4n b54 ~ 6.4s 65e"
    with pytest.raises(IllegalRouteError, match="5 crossings: no more than four"):
        facts(city, board, FinalRoute.parse(six))
    four = "0.2 13w ~ 0.3s 14n ~ 2.3n 33s ~ 2.3s 34n ~ 5.4n b54"
    assert facts(city, board, FinalRoute.parse(four)).crossings == 4
    empty = FinalRoute(
        (Section(Node.parse("0.2"), (Segment.parse("13w"),)), Section(Node.parse("0.3s"), ()))
    )
    with pytest.raises(IllegalRouteError, match="has no segment"):
        facts(city, board, empty)


@guide_rule("turns")
@guide_rule("map-rounded-corners")
def test_turns_are_counted_between_segments_and_in_rounded_roads(city: CityMap) -> None:
    board = board_of(city, "21n", "11c", "12w", "22n", "32w", "23n", "22w")
    assert facts(city, board, FinalRoute.parse("2.0 21n 11c 12w")).turns == 1
    assert facts(city, board, FinalRoute.parse("1.1 22n 32w 23n 22w")).turns == 3
    assert facts(city, board, FinalRoute.parse("0.2 12w 11c 21n")).turns == 1  # either way
