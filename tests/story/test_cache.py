"""The content-hash cache: a tale loads from it unchanged, a change to any
file misses it, a tale with problems is never cached."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from tales.story.cache import load_tale_cached
from tales.story.loader import content_hash, load_tale

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from make_synthetic import write  # noqa: E402


def test_a_cached_tale_equals_a_fresh_load(tmp_path):
    write(tmp_path / "tale", 120)
    fresh, _ = load_tale(tmp_path / "tale", fast=True)
    first, problems = load_tale_cached(tmp_path / "tale", tmp_path / "cache")
    assert problems == [] and first == fresh
    assert len(list((tmp_path / "cache").glob("*.pickle"))) == 1
    second, _ = load_tale_cached(tmp_path / "tale", tmp_path / "cache")
    assert second == fresh


def test_changing_any_file_changes_the_hash_and_misses_the_cache(tmp_path):
    write(tmp_path / "tale", 60)
    load_tale_cached(tmp_path / "tale", tmp_path / "cache")
    before = content_hash(tmp_path / "tale")
    part = tmp_path / "tale" / "synthetic" / "paragraphs" / "part-000.yaml"
    part.write_text(part.read_text().replace("Location", "Place", 1) + "\n")
    assert content_hash(tmp_path / "tale") != before
    load_tale_cached(tmp_path / "tale", tmp_path / "cache")
    assert len(list((tmp_path / "cache").glob("*.pickle"))) == 2


def test_a_tale_with_errors_is_reported_with_positions_and_not_cached(tmp_path):
    shutil.copytree(ROOT / "storybooks" / "the-drowned-bell", tmp_path / "tale")
    scene = tmp_path / "tale" / "bell-house" / "locations.yaml"
    scene.write_text(scene.read_text().replace("scene: 2", "scene: 999", 1))
    tale, problems = load_tale_cached(tmp_path / "tale", tmp_path / "cache")
    assert tale is None
    (problem,) = [p for p in problems if p.code == "E202"]
    assert problem.path.endswith("locations.yaml") and problem.line > 1
    assert not (tmp_path / "cache").exists() or not list((tmp_path / "cache").glob("*.pickle"))


def test_an_unwritable_cache_is_simply_not_used(tmp_path):
    write(tmp_path / "tale", 30)
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the cache folder would go")
    tale, problems = load_tale_cached(tmp_path / "tale", blocker)
    assert tale is not None and problems == []


def test_a_tale_cached_by_other_code_is_not_loaded(tmp_path, monkeypatch):
    """Two checkouts of one version share the cache folder: a tale pickled by
    the other's model classes must miss, not load with the wrong shape."""
    import tales.story.cache as cache

    write(tmp_path / "tale", 20)
    load_tale_cached(tmp_path / "tale", tmp_path / "cache")
    monkeypatch.setattr(cache, "code_fingerprint", lambda: "other-code")
    load_tale_cached(tmp_path / "tale", tmp_path / "cache")
    names = sorted(p.name for p in (tmp_path / "cache").glob("*.pickle"))
    assert len(names) == 2 and any("other-code" in n for n in names)


def test_the_hash_never_reads_a_file_the_loader_refuses(tmp_path):
    """A symlink out of the tale (to a file that could be huge or endless) is
    hashed as refused, unread, as the loader refuses it (issue 21)."""
    write(tmp_path / "tale", 20)
    outside = tmp_path / "outside.yaml"
    outside.write_text("1: {text: Outside.}\n")
    (tmp_path / "tale/synthetic/paragraphs/extra.yaml").symlink_to(outside)
    before = content_hash(tmp_path / "tale")
    outside.write_text("1: {text: Changed, and never read.}\n")
    assert content_hash(tmp_path / "tale") == before
    tale, problems = load_tale_cached(tmp_path / "tale", tmp_path / "cache")
    assert tale is None and any("symlink out of its folder" in p.message for p in problems)
    assert not list((tmp_path / "cache").glob("*.pickle"))
