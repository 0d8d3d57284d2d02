"""A tale's content hash from its files' stamps (tales.story.stamps): the
same hash as reading every file, never trusted where a change could hide."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import tales.story.stamps as stamps
from tales.story.cache import _constructed, load_tale_cached
from tales.story.loader import content_hash
from tales.story.model import Effect, Where

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from make_synthetic import write  # noqa: E402

LATER = 10 * stamps.SETTLED_NS  # how far a test moves the clock on


def _settle(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if the tale's files had been written long ago."""
    monkeypatch.setattr(stamps, "_now", lambda: stamps.time.time_ns() + LATER)


def _refuse_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(root: Path) -> str:
        raise AssertionError(f"{root} was hashed again")

    monkeypatch.setattr(stamps, "content_hash", refuse)


def test_settled_unchanged_files_are_not_read_again(tmp_path, monkeypatch):
    write(tmp_path / "tale", 30)
    _settle(monkeypatch)
    exact = content_hash(tmp_path / "tale")
    assert stamps.quick_content_hash(tmp_path / "tale", tmp_path / "cache", "code") == exact
    _refuse_reading(monkeypatch)
    assert stamps.quick_content_hash(tmp_path / "tale", tmp_path / "cache", "code") == exact


def test_files_changed_just_now_are_hashed_every_time(tmp_path, monkeypatch):
    """Racily clean: a file rewritten within a timestamp tick could keep its stamps."""
    write(tmp_path / "tale", 30)
    stamps.quick_content_hash(tmp_path / "tale", tmp_path / "cache", "code")
    assert not list((tmp_path / "cache").glob("stamps-*.json"))


def test_a_same_size_change_with_the_old_mtime_is_still_seen(tmp_path, monkeypatch):
    write(tmp_path / "tale", 30)
    _settle(monkeypatch)
    stamps.quick_content_hash(tmp_path / "tale", tmp_path / "cache", "code")
    part = tmp_path / "tale" / "synthetic" / "paragraphs" / "part-000.yaml"
    before = part.stat()
    part.write_text(part.read_text().replace("Location", "Lacation", 1))
    os.utime(part, ns=(before.st_atime_ns, before.st_mtime_ns))  # its ctime still moves
    assert part.stat().st_size == before.st_size
    changed = stamps.quick_content_hash(tmp_path / "tale", tmp_path / "cache", "code")
    assert changed == content_hash(tmp_path / "tale")


def test_added_and_removed_files_are_seen(tmp_path, monkeypatch):
    write(tmp_path / "tale", 30)
    _settle(monkeypatch)
    first = stamps.quick_content_hash(tmp_path / "tale", tmp_path / "cache", "code")
    extra = tmp_path / "tale" / "synthetic" / "paragraphs" / "extra.yaml"
    extra.write_text("9999: {text: Extra.}\n")
    added = stamps.quick_content_hash(tmp_path / "tale", tmp_path / "cache", "code")
    assert added != first and added == content_hash(tmp_path / "tale")
    extra.unlink()
    assert stamps.quick_content_hash(tmp_path / "tale", tmp_path / "cache", "code") == first


def test_a_symlink_is_never_trusted(tmp_path, monkeypatch):
    write(tmp_path / "tale", 30)
    outside = tmp_path / "outside.yaml"
    outside.write_text("1: {text: Outside.}\n")
    (tmp_path / "tale/synthetic/paragraphs/link.yaml").symlink_to(outside)
    assert stamps.stamps(tmp_path / "tale") is None
    _settle(monkeypatch)
    stamps.quick_content_hash(tmp_path / "tale", tmp_path / "cache", "code")
    assert not list((tmp_path / "cache").glob("stamps-*.json"))


def test_a_record_made_by_other_code_is_not_used(tmp_path, monkeypatch):
    write(tmp_path / "tale", 30)
    _settle(monkeypatch)
    stamps.quick_content_hash(tmp_path / "tale", tmp_path / "cache", "old code")
    _refuse_reading(monkeypatch)
    with pytest.raises(AssertionError, match="hashed again"):
        stamps.quick_content_hash(tmp_path / "tale", tmp_path / "cache", "new code")


def test_a_broken_record_is_ignored(tmp_path, monkeypatch):
    write(tmp_path / "tale", 30)
    _settle(monkeypatch)
    stamps.quick_content_hash(tmp_path / "tale", tmp_path / "cache", "code")
    (record,) = (tmp_path / "cache").glob("stamps-*.json")
    record.write_text("[not, what, tales, wrote")
    exact = content_hash(tmp_path / "tale")
    assert stamps.quick_content_hash(tmp_path / "tale", tmp_path / "cache", "code") == exact


def test_a_warm_load_from_stamps_equals_a_fresh_one(tmp_path, monkeypatch):
    write(tmp_path / "tale", 60)
    _settle(monkeypatch)
    fresh, _ = load_tale_cached(tmp_path / "tale", tmp_path / "cache")
    _refuse_reading(monkeypatch)
    warm, problems = load_tale_cached(tmp_path / "tale", tmp_path / "cache")
    assert problems == [] and warm == fresh


def test_frozen_slotted_dataclasses_are_pickled_through_their_constructor():
    # The model's records (tales.records) rebuild themselves by their
    # constructor; the cache's own reduction does it for standard ones.
    assert Where("tale.yaml", 2, 3).__reduce_ex__(5) == (Where, ("tale.yaml", 2, 3))
    effect = Effect("gain", 1)
    assert effect.__reduce_ex__(5) == (Effect, ("gain", 1, "actor", 1, effect.where, None))

    @dataclass(frozen=True, slots=True)
    class Standard:
        value: int

    assert _constructed(Standard) == ("value",)

    @dataclass(frozen=True, slots=True)
    class Checked:
        value: int

        def __post_init__(self) -> None:
            if self.value < 0:
                raise ValueError(self.value)

    @dataclass(frozen=True)
    class Unslotted:
        value: int

    assert _constructed(Checked) is None and _constructed(Unslotted) is None
    assert _constructed(int) is None
