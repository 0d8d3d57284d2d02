"""Limits on what hostile content controls: each refused fast, naming the
limit, with file:line:col, by ``tales check`` and ``tales play`` alike."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.hostile.conftest import DATA, no_traceback, tales

LAUGHS = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(8)
)
PARAGRAPH = "cove/paragraphs/cove.yaml"


def spoil(tale: Path, rel: str, old: str, new: str) -> None:
    path = tale / rel
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


HOSTILE = {
    "billion-laughs": ("cove/paragraphs/laughs.yaml", LAUGHS, "E004", "anchors are not allowed"),
    "deep-brackets": (
        "cove/paragraphs/deep.yaml",
        "a: " + "[" * 5000 + "]" * 5000,
        "E005",
        "nested deeper",
    ),
    "deep-dashes": ("cove/paragraphs/dash.yaml", "- " * 3000 + "x\n", "E005", "nested deeper"),
    "5000-digits": ("cove/paragraphs/big.yaml", "99: " + "9" * 5000 + "\n", "E005", "digits"),
    "long-line": (
        "cove/paragraphs/line.yaml",
        "99: '" + "x" * 30_000 + "'\n",
        "E005",
        "characters",
    ),
    "tag-on-key": ("cove/paragraphs/key.yaml", "!secret 99: You slip.\n", "E003", "!secret"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_yaml_is_refused_by_check_and_play(tale: Path, case: str) -> None:
    rel, text, code, words = HOSTILE[case]
    (tale / rel).write_text(text, encoding="utf-8")
    checked = tales("check", str(tale))
    assert checked.returncode == 1
    assert f"{tale / rel}:" in checked.stdout and f"error[{code}]" in checked.stdout
    assert words in checked.stdout
    played = tales("play", str(tale), "--no-save", stdin="quit\n")
    assert played.returncode != 0 and f"error[{code}]" in played.stderr
    for result in (checked, played):
        no_traceback(result)


def test_a_100_mb_line_is_refused_by_the_size_limit(tale: Path) -> None:
    (tale / "cove/paragraphs/huge.yaml").write_text("99: " + "x" * 100_000_000)
    result = tales("check", str(tale))
    assert result.returncode == 1 and "larger than the limit" in result.stdout
    no_traceback(result)


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        # (This once passed on "count" in "encounters.yaml" of a follow-on error.)
        (
            "effects: [{time: 1}]",
            "effects: [{status: BLEEDING, count: 1000000000}]",
            "1000000000 is past the limit",
        ),
        ("effects: [{time: 1}]", "effects: [{time: 1000000000}]", "limit of 1,000"),
    ],
)
def test_an_effect_of_a_billion_is_refused(tale: Path, old: str, new: str, words: str) -> None:
    spoil(tale, PARAGRAPH, old, new)
    result = tales("check", str(tale))
    assert result.returncode == 1 and words in result.stdout, result.stdout
    no_traceback(result)


def test_an_event_board_of_a_billion_spaces_is_refused(tale: Path) -> None:
    spoil(tale, "cove/scenario.yaml", "length: 6", "length: 1000000000")
    for args in (("check", str(tale)), ("play", str(tale), "--no-save")):
        result = tales(*args, stdin="quit\n")
        assert result.returncode == 1 and "limit of 1,000,000" in result.stdout + result.stderr
        no_traceback(result)


def _saves_with(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "small.yaml").write_text(text, encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("extra", "words"),
    [(LAUGHS.replace("a:", "laughs:", 1), "not allowed"), ("seed: " + "7" * 5000 + "\n", "digits")],
)
def test_a_hostile_save_sheet_is_refused_by_every_command(
    tmp_path: Path, extra: str, words: str
) -> None:
    sheet = (DATA / "saves/small-sheet.yaml").read_text(encoding="utf-8")
    folder = _saves_with(tmp_path, sheet + extra)
    for args in (("list",), ("show", "small"), ("export", "small", "--format", "md")):
        result = tales("saves", *args, "--saves", str(folder))
        no_traceback(result)
        if args != ("list",):
            assert result.returncode == 1 and words in result.stderr, result.stderr
    played = tales("play", "--load", "small", "--saves", str(folder), stdin="quit\n")
    assert played.returncode == 1 and words in played.stderr
    no_traceback(played)


def test_a_fifo_named_yaml_is_refused_not_waited_on(tale: Path) -> None:
    os.mkfifo(tale / "cove/paragraphs/fifo.yaml")
    result = tales("check", str(tale))
    assert result.returncode == 1 and "not a regular file (a FIFO)" in result.stdout
    no_traceback(result)


def test_a_folder_named_yaml_is_refused(tale: Path) -> None:
    (tale / "cove/paragraphs/folder.yaml").mkdir()
    result = tales("check", str(tale))
    assert result.returncode == 1 and "not a regular file (a folder)" in result.stdout
    no_traceback(result)


@pytest.mark.parametrize("target", ["/dev/zero", "/etc/passwd", "outside"])
def test_a_symlink_out_of_the_tale_is_refused(tale: Path, target: str) -> None:
    if target == "outside":
        outside = tale.parent / "outside.yaml"
        outside.write_text("99: \x1b]0;owned\x07secret\n")
        target = str(outside)
    (tale / "cove/paragraphs/link.yaml").symlink_to(target)
    result = tales("check", str(tale))
    assert result.returncode == 1 and "a symlink out of its folder is not followed" in result.stdout
    assert "root:" not in result.stdout and "secret" not in result.stdout
    no_traceback(result)


def test_a_symlink_inside_the_tale_is_read(tale: Path) -> None:
    shutil.move(tale / PARAGRAPH, tale / "cove/elsewhere.yaml")
    (tale / PARAGRAPH).symlink_to(tale / "cove/elsewhere.yaml")
    result = tales("check", str(tale))
    assert "symlink" not in result.stdout
    no_traceback(result)


@pytest.mark.parametrize("script", ["/dev/zero", "fifo", "folder"])
def test_a_script_that_is_not_a_file_is_refused(tmp_path: Path, script: str) -> None:
    if script == "fifo":
        os.mkfifo(tmp_path / "fifo")
    elif script == "folder":
        (tmp_path / "folder").mkdir()
    path = script if script.startswith("/") else str(tmp_path / script)
    result = tales("play", "--no-save", "--script", path, cwd=tmp_path)
    assert result.returncode != 0 and "regular file" in result.stderr, result.stderr
    no_traceback(result)
