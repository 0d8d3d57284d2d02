"""Fixtures for the Travel Guide: the real components, and dice that roll
what a worked example says they rolled."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

from tales.guide.citymap import CityMap
from tales.guide.components import Components
from tales.guide.data import load_components

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
