"""Fixtures of the storybook tests."""

from __future__ import annotations

import pytest

from tales.story.loader import load_tale
from tales.story.model import Tale
from tests.saves.helpers import DEADLY
from tests.story.random_games import load_bundled


@pytest.fixture(scope="session")
def tales() -> dict[str, Tale]:
    """The bundled tales by name, loaded once for the property tests that play
    random games of them (a Tale is frozen: no game changes it)."""
    return load_bundled()


@pytest.fixture(scope="module")
def deadly_tale() -> Tale:
    """The deadly test tale (tests/data/deadly-tale): its shallows kill,
    split the team and carry items on."""
    tale, problems = load_tale(DEADLY)
    assert tale is not None, problems
    return tale
