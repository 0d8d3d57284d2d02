"""Fixtures of the save tests: the starter tale, a private tale cache, and
saves folders in tmp_path."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.saves.helpers import Bell, load_bell, load_deadly


@pytest.fixture(scope="package", autouse=True)
def private_tale_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Tales edited by these tests must not land in the user's tale cache."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TALES_CACHE", str(tmp_path_factory.mktemp("tale-cache")))
        yield


@pytest.fixture(scope="package")
def bell(private_tale_cache: None) -> Bell:
    return load_bell()


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder


@pytest.fixture(scope="package")
def deadly(private_tale_cache: None) -> Bell:
    return load_deadly()
