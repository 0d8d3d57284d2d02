"""Fixtures for the Travel Guide: the real components, and dice that roll
what a worked example says they rolled."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

from tales.guide.board import PlayerBoard
from tales.guide.citymap import CityMap
from tales.guide.components import Components
from tales.guide.data import load_components
from tales.guide.geometry import District
from tales.guide.route import FinalRoute
from tales.guide.terms import Colour

# Tests pin the ruling they check with @guide_rule("<id>") (a marker of its
# own, so the storybook game's ruling checks do not read ours).
guide_rule = pytest.mark.guide_rule


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "guide_rule(id): the test pins down a ruling of storybooks/guide/rulings.yaml"
    )


@pytest.fixture(scope="session")
def components() -> Components:
    return load_components()


@pytest.fixture(scope="session")
def city(components: Components) -> CityMap:
    return components.city


class ScriptedDice(random.Random):
    """``randint(1, 6)`` answers the scripted results first, then falls through."""

    def __init__(self, results: Iterable[int], seed: int = 0) -> None:
        super().__init__(seed)
        self.results = list(results)

    def randint(self, a: int, b: int) -> int:
        if (a, b) == (1, 6) and self.results:
            return self.results.pop(0)
        return super().randint(a, b)


# Maxim's final route (the threat check's worked example), laid on our map:
# it passes along two districts with threat symbols (22 and 35), uses one
# crossing (from the dead end 0.3n to 0.3s) and touches four caches of the
# Old Harbour card (4.1, 2.2, 0.3n, 5.5).
MAXIM_ROUTE = "4.1 42n 32n 32w 23n 13n 13w ~ 0.3s 14n 24w 25n 35w 36n 46n 56n"


@pytest.fixture
def maxim(components: Components) -> tuple[PlayerBoard, FinalRoute]:
    route = FinalRoute.parse(MAXIM_ROUTE)
    segments = {components.city.road(s).segment for sec in route.sections for s in sec.segments}
    board = PlayerBoard(
        tourists={
            District(2, 2): (Colour.RED, Colour.RED, Colour.BLUE),
            District(3, 5): (Colour.GREEN, Colour.GREEN),
            District(2, 5): (Colour.PURPLE, Colour.PURPLE, Colour.RED, Colour.BLUE),
            # Off the route, though next to a threat: erased in step 1, never punished.
            District(3, 4): (Colour.RED,) * 5,
        },
        segments=frozenset(segments),
        threats=(District(2, 2), District(3, 5)),
        caches=components.cache_cards["old-harbour"].caches,
    )
    return board, route
