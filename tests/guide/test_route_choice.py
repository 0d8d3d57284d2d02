"""Step 1: the best final route is offered, and the player may choose another."""

from __future__ import annotations

import pytest

from tales.guide.board import PlayerBoard
from tales.guide.components import Components
from tales.guide.endgame import choose_route
from tales.guide.errors import IllegalRouteError
from tales.guide.geometry import Segment
from tales.guide.kinds import Engine, Kind
from tales.guide.route import FinalRoute
from tales.guide.terms import Character
from tales.rules.decisions import EventSink


def engine_for(components: Components) -> Engine[FinalRoute]:
    city = components.city
    board = PlayerBoard().with_segments(city.road(Segment.parse(s)).segment for s in ("33n", "32w"))
    goals = tuple(components.goals.values())[:2]
    sink = EventSink()
    return Engine(
        choose_route(
            city,
            "A",
            board,
            Character.BOATMAN,
            goals,
        ),
        sink,
    )


def test_the_best_route_is_offered(components: Components) -> None:
    engine = engine_for(components)
    assert engine.pending is not None and engine.pending.kind is Kind.ROUTE
    (best,) = engine.pending.ids
    assert "33n" in best and "32w" in best and "VP" in engine.pending.prompt
    engine.apply(best)
    assert engine.result is not None and len(engine.result.sections[0].segments) == 2


def test_another_legal_route_is_taken(components: Components) -> None:
    engine = engine_for(components)
    engine.apply("route:2.2 33n")
    assert engine.result == FinalRoute.parse("2.2 33n")


def test_an_illegal_route_is_refused_with_its_rule_and_nothing_changes(
    components: Components,
) -> None:
    engine = engine_for(components)
    asked = engine.pending
    with pytest.raises(IllegalRouteError, match="does not continue the route"):
        engine.apply("route:2.1 33n")
    assert engine.pending is asked and engine.inputs == []
