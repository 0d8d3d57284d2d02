"""The core components cached by the hash of their files
(tales.story.cache.load_core_cached, what every ``tales play`` starts by):
an unchanged core loads from the cache, a change to any file misses it, a
core with problems is never cached."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tales.errors import ContentError
from tales.story.cache import load_core_cached
from tales.story.core import _load_core, core_dir, read_core


def _core(tmp_path: Path) -> Path:
    root = tmp_path / "core"
    shutil.copytree(core_dir(), root)
    return root


def test_a_cached_core_equals_a_fresh_read(tmp_path: Path) -> None:
    root, cache = _core(tmp_path), tmp_path / "cache"
    fresh, _ = read_core(root)
    assert load_core_cached(root, _load_core, cache) == fresh
    assert len(list(cache.glob("core-*.pickle"))) == 1
    assert load_core_cached(root, _load_core, cache) == fresh


def test_an_unchanged_core_is_not_read_again(tmp_path: Path) -> None:
    root, cache = _core(tmp_path), tmp_path / "cache"
    load_core_cached(root, _load_core, cache)

    def refuse(path: Path) -> object:
        raise AssertionError(f"{path} was read again")

    assert load_core_cached(root, refuse, cache) is not None  # type: ignore[arg-type]


def test_a_changed_file_misses_the_cache(tmp_path: Path) -> None:
    root, cache = _core(tmp_path), tmp_path / "cache"
    before = load_core_cached(root, _load_core, cache)
    supply = root / "supply.yaml"
    supply.write_text(supply.read_text().replace("heroism_cards: 4", "heroism_cards: 5"))
    after = load_core_cached(root, _load_core, cache)
    assert after != before and after.supply.heroism_cards == 5
    assert len(list(cache.glob("core-*.pickle"))) == 2


def test_a_core_with_problems_is_never_cached(tmp_path: Path) -> None:
    root, cache = _core(tmp_path), tmp_path / "cache"
    (root / "dice.yaml").unlink()
    with pytest.raises(ContentError):
        load_core_cached(root, _load_core, cache)
    assert not list(cache.glob("core-*.pickle"))
