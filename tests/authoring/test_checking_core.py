"""``tales check`` keeps a core read without a problem by the hash of its
files (issue 16): the same problems either way, a core with any problem
read afresh every time, a stray file always found."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tales.authoring.checking import check_paths
from tales.story import core as core_module
from tales.story.core import core_dir


@pytest.fixture
def core(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TALES_CACHE", str(tmp_path / "cache"))
    root = tmp_path / "core"
    shutil.copytree(core_dir(), root)
    return root


def _refuse_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(root: Path, **_: object) -> object:
        raise AssertionError(f"{root} was read again")

    monkeypatch.setattr("tales.authoring.checking.read_core", refuse)


def test_a_clean_core_is_checked_once(core: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert check_paths([core]) == ([], {})
    assert list((core.parent / "cache").glob("checked-core-*.pickle"))
    _refuse_reading(monkeypatch)
    assert check_paths([core]) == ([], {})


def test_a_stray_beside_a_cached_core_is_still_found(core: Path) -> None:
    check_paths([core])
    (core / "dice.yml").write_text("white: []\n")
    problems, _ = check_paths([core])
    assert [(p.code, Path(p.path).name) for p in problems] == [("W304", "dice.yml")]


def test_a_core_with_a_warning_is_never_kept(core: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (core / "notes.txt").write_text("not a core file\n")
    first, _ = check_paths([core])
    assert [p.code for p in first] == ["W304"]
    assert not list((core.parent / "cache").glob("checked-core-*.pickle"))
    reads: list[Path] = []
    original = core_module.read_core

    def counted(root: Path, **options: bool) -> object:
        reads.append(root)
        return original(root, **options)

    monkeypatch.setattr("tales.authoring.checking.read_core", counted)
    assert check_paths([core])[0] == first and reads


def test_a_core_with_an_error_is_reported_with_its_place(core: Path) -> None:
    check_paths([core])  # cached clean
    supply = core / "supply.yaml"
    supply.write_text(supply.read_text().replace("heroism_cards: 4", "heroism_cards: many"))
    problems, _ = check_paths([core])
    assert problems and all(Path(p.path).name == "supply.yaml" and p.line > 1 for p in problems)
