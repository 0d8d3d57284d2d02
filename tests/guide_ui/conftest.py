"""Fixtures of the Travel Guide's prompt: the real components, a fresh session."""

from __future__ import annotations

import pytest

from tales.guide.components import Components
from tales.guide.data import load_components


@pytest.fixture(scope="session")
def components() -> Components:
    return load_components()
