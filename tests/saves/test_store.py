"""The saves folder: names that cannot leave it, and writes that never leave
a partial file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tales.errors import SaveNameError, TalesError
from tales.saves import store
from tales.saves.store import SaveFiles, check_name, list_saves, write_atomic

ESCAPING = [
    "../x",
    "/etc/passwd",
    "a/b",
    "a\\b",
    "",
    " ",
    ".",
    "..",
    "...",
    "a..b",
    "friday night",
    "friday\tnight",
    "x" * 65,
    "x" * 500,
    "friday\x00",
    ".hidden",
    "-rf",
    "~/x",
    "@x",
    "x@",
    "a@b@c",
    "x@../y",
]


@pytest.mark.parametrize("name", ESCAPING, ids=repr)
def test_a_name_that_could_leave_the_folder_is_refused(tmp_path, name):
    with pytest.raises(SaveNameError) as refused:
        SaveFiles.named(tmp_path, name)
    assert isinstance(refused.value, TalesError)
    assert "cannot be a save name" in str(refused.value)
    assert len(str(refused.value)) < 300  # a very long name is shown cut short
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("name", "checked"),
    [
        ("friday", "friday"),
        ("Friday-Night", "friday-night"),
        ("  friday  ", "friday"),
        ("v1.2_b", "v1.2_b"),
        ("friday@before-the-reef", "friday@before-the-reef"),
        ("x" * 64, "x" * 64),
    ],
)
def test_good_names_are_kept_inside_the_folder(tmp_path, name, checked):
    files = SaveFiles.named(tmp_path, name)
    assert check_name(name) == checked == files.name
    for path in (files.sheet, files.backup, files.journal):
        assert path.parent == tmp_path
        assert path.resolve().is_relative_to(tmp_path.resolve())
    assert files.sheet.name == f"{checked}.yaml"
    assert files.backup.name == f"{checked}.yaml.bak"
    assert files.journal.name == f"{checked}.journal"


def test_list_saves_finds_sheets_and_leaves_stray_files_alone(tmp_path):
    for name in ("b", "a", "a@cp"):
        (tmp_path / f"{name}.yaml").write_text("x", encoding="utf-8")
    (tmp_path / "a.yaml.bak").write_text("x", encoding="utf-8")
    (tmp_path / "a.journal").write_text("x", encoding="utf-8")
    (tmp_path / "Not A Save.yaml").write_text("x", encoding="utf-8")
    (tmp_path / ".a.yaml.tmp123").write_text("x", encoding="utf-8")
    assert [f.name for f in list_saves(tmp_path)] == ["a", "a@cp", "b"]
    assert list_saves(tmp_path / "missing") == []


def test_saves_dir_prefers_the_option_then_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(store.SAVES_ENV, str(tmp_path / "env"))
    assert store.saves_dir(tmp_path / "opt") == tmp_path / "opt"
    assert store.saves_dir() == tmp_path / "env"
    monkeypatch.delenv(store.SAVES_ENV)
    assert store.saves_dir() == Path("saves")


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_write_atomic_keeps_the_previous_file_as_the_backup(tmp_path):
    sheet, backup = tmp_path / "s.yaml", tmp_path / "s.yaml.bak"
    write_atomic(sheet, "one\n", keep=backup)
    assert sheet.read_text(encoding="utf-8") == "one\n" and not backup.exists()
    write_atomic(sheet, "two\n", keep=backup)
    assert (sheet.read_text(encoding="utf-8"), backup.read_text(encoding="utf-8")) == (
        "two\n",
        "one\n",
    )
    write_atomic(sheet, "three\n", keep=backup)
    assert (sheet.read_text(encoding="utf-8"), backup.read_text(encoding="utf-8")) == (
        "three\n",
        "two\n",
    )
    write_atomic(sheet, "four\n")  # no backup asked for: the old one stays
    assert backup.read_text(encoding="utf-8") == "two\n"
    assert _leftovers(tmp_path) == ["s.yaml", "s.yaml.bak"]


def test_write_atomic_creates_the_folder(tmp_path):
    write_atomic(tmp_path / "new" / "s.yaml", "one\n")
    assert (tmp_path / "new" / "s.yaml").read_text(encoding="utf-8") == "one\n"


class Crash(Exception):
    pass


def _crash(*args: object, **kwargs: object) -> None:
    raise Crash("the power went out")


@pytest.mark.parametrize("when", ["fsync", "replace", "replace-of-the-sheet"])
def test_a_write_that_fails_midway_leaves_the_old_file_whole(tmp_path, monkeypatch, when):
    sheet, backup = tmp_path / "s.yaml", tmp_path / "s.yaml.bak"
    write_atomic(sheet, "old\n", keep=backup)
    write_atomic(sheet, "current\n", keep=backup)
    real_replace = os.replace
    if when == "fsync":
        monkeypatch.setattr(os, "fsync", _crash)
    elif when == "replace":
        monkeypatch.setattr(os, "replace", _crash)
    else:  # the backup is made, then the sheet's rename fails

        def replace(src: object, dst: object) -> None:
            if Path(str(dst)) == sheet:
                raise Crash("the power went out")
            real_replace(src, dst)

        monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(Crash):
        write_atomic(sheet, "new and much longer than what was there\n" * 50, keep=backup)
    monkeypatch.undo()
    assert sheet.read_text(encoding="utf-8") == "current\n"
    assert backup.read_text(encoding="utf-8") in ("old\n", "current\n")
    assert _leftovers(tmp_path) == ["s.yaml", "s.yaml.bak"]  # no temporary file left


def test_a_failing_write_of_a_new_file_leaves_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "fsync", _crash)
    with pytest.raises(Crash):
        write_atomic(tmp_path / "s.yaml", "text\n", keep=tmp_path / "s.yaml.bak")
    monkeypatch.undo()
    assert _leftovers(tmp_path) == []


def test_remove_deletes_only_the_saves_own_files(tmp_path):
    files = SaveFiles.named(tmp_path, "friday")
    for path in (files.sheet, files.backup, files.journal, tmp_path / "friday@cp.yaml"):
        path.write_text("x", encoding="utf-8")
    removed = store.remove(files)
    assert sorted(p.name for p in removed) == ["friday.journal", "friday.yaml", "friday.yaml.bak"]
    assert _leftovers(tmp_path) == ["friday@cp.yaml"]


def test_leftovers_are_the_temporary_files_of_this_save_only(tmp_path):
    files = SaveFiles.named(tmp_path, "friday")
    ours = [".friday.yaml.tmp-k3j_x9a2", ".friday.yaml.bak.tmp-a1", ".friday.journal.tmp-zz"]
    ours.append(".friday.yaml.ab_cd123")  # as older tales named them
    others = [
        ".friday.x.yaml.tmp-k3j_x9a2",  # the save "friday.x"
        ".friday.yaml.yaml.tmp-abc",  # the save "friday.yaml"
        ".friday.yaml.bak.tmp-a.b",
        ".friday.yaml.abc",
        "friday.yaml.tmp-abc",
        ".saturday.yaml.tmp-abc",
    ]
    for name in ours + others:
        (tmp_path / name).write_text("x", encoding="utf-8")
    assert [p.name for p in files.leftovers()] == sorted(ours)
    assert SaveFiles.named(tmp_path / "missing", "friday").leftovers() == []
