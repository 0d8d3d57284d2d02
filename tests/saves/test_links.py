"""A save's files are what they claim to be: a sheet, backup or journal that
is a symbolic link, a FIFO or a folder is refused, never read or written
through, and no file's content reaches a message beyond a short excerpt."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from tales.cli import cli
from tales.errors import NotSaved, SaveFileError
from tales.saves.session import SavedGame, load_saved
from tales.saves.store import SaveFiles
from tests.saves.helpers import new_saved, picture, random_input, setup_for

SECRET = b"root:x:0:0:SECRET-CONTENT:/root:/bin/bash\n"
REFUSED = "a save's sheet, backup and journal must be regular files in the saves folder"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A file outside the saves folder that nothing may read or change."""
    path = tmp_path / "outside" / "passwd"
    path.parent.mkdir()
    path.write_bytes(SECRET)
    return path


@pytest.fixture
def friday(core, bell, saves) -> tuple[SavedGame, SaveFiles, random.Random]:
    files = SaveFiles.named(saves, "friday")
    saved = new_saved(core, bell, setup_for(3), files)
    rng = random.Random(3)
    while saved.sheet.round_played < 1:  # a backup and a journal are there
        saved.apply(random_input(saved.game, rng))
    saved.apply(random_input(saved.game, rng))
    return saved, files, rng


def link(path: Path, target: Path) -> None:
    path.unlink()
    path.symlink_to(target)


def saves_command(saves: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["saves", *args, "--saves", str(saves)])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.output


def test_a_journal_that_is_a_link_is_refused_and_its_target_untouched(core, friday, outside):
    saved, files, rng = friday
    link(files.journal, outside)
    with pytest.raises(SaveFileError) as refused:
        load_saved(files, core)
    assert str(refused.value).startswith(f"{files.journal} is a symbolic link: {REFUSED}")
    # A journal made a link in mid-game: the next input is not written through it.
    for _ in range(2):  # the retry after a refusal does not replace the link either
        with pytest.raises(NotSaved, match="is a symbolic link"):
            saved.apply(random_input(saved.game, rng))
    assert outside.read_bytes() == SECRET
    assert files.journal.is_symlink()


def test_a_sheet_that_is_a_link_is_refused_unread(core, friday, outside, saves):
    _, files, _ = friday
    link(files.sheet, outside)
    with pytest.raises(SaveFileError) as refused:
        load_saved(files, core)
    assert str(refused.value).startswith(f"{files.sheet} is a symbolic link: {REFUSED}")
    code, output = saves_command(saves, "show", "friday")
    assert code == 1 and output.startswith(f"Error: {files.sheet} is a symbolic link")
    code, output = saves_command(saves, "list")
    assert code == 0
    assert "friday: not a regular file in the saves folder; not read" in output
    for shown in (str(refused.value), output):
        assert "SECRET" not in shown and "root:x" not in shown
    assert outside.read_bytes() == SECRET


def test_a_backup_that_is_a_link_is_replaced_never_written_through(core, friday, outside):
    saved, files, rng = friday
    link(files.backup, outside)
    loaded, warnings = load_saved(files, core)  # the journal follows the sheet itself
    assert warnings == [] and picture(loaded.game) == picture(saved.game)
    round_played = loaded.sheet.round_played
    while loaded.sheet.round_played == round_played:
        loaded.apply(random_input(loaded.game, rng))
    assert not files.backup.is_symlink() and files.backup.is_file()
    assert outside.read_bytes() == SECRET


def test_a_backup_that_is_a_link_is_not_read_to_recover_a_save(core, friday, outside):
    """The journal follows the backup (a round end was cut off): loading
    would read the backup, and a link there is refused."""
    saved, files, rng = friday
    sheet, journal_bytes = saved.sheet, files.journal.read_bytes()
    while saved.sheet is sheet:
        journal_bytes = files.journal.read_bytes()
        saved.apply(random_input(saved.game, rng))
    files.journal.write_bytes(journal_bytes)
    files.backup.rename(outside.with_name("bak"))
    files.backup.symlink_to(outside.with_name("bak"))
    with pytest.raises(SaveFileError) as refused:
        load_saved(files, core)
    assert str(refused.value).startswith(f"{files.backup} is a symbolic link: {REFUSED}")


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_journal_that_is_no_file_is_refused_without_waiting(core, friday, kind):
    _, files, _ = friday
    files.journal.unlink()
    if kind == "fifo":
        os.mkfifo(files.journal)  # opening it to read would wait for a writer for ever
    else:
        files.journal.mkdir()
    with pytest.raises(SaveFileError) as refused:
        load_saved(files, core)
    assert str(refused.value).startswith(f"{files.journal} is not a regular file: {REFUSED}")


def test_a_journal_input_is_quoted_short_and_escaped(core, friday):
    _, files, _ = friday
    hostile = "\x1b]0;pwned\x07" + "x" * 100_000
    with files.journal.open("a", encoding="utf-8") as out:
        out.write(f"{hostile}\n")
    _, warnings = load_saved(files, core)
    [warning] = warnings
    assert warning.startswith("journal input ")
    assert "'\\x1b]0;pwned\\x07xxxxx" in warning and "\x1b" not in warning
    assert len(warning) < 300


def test_a_sheet_swapped_for_a_link_after_any_check_is_not_read_through(
    core, friday, outside, monkeypatch
):
    """The sheet is opened once, without following a link, and checked by
    fstat of what was opened: a link swapped in just before the open (after
    an lstat-style check would have passed) is refused, its target unread."""
    _, files, _ = friday
    real_open = os.open
    swapped = []

    def swap_then_open(path, flags, *args):
        if Path(path) == files.sheet and not swapped:
            swapped.append(flags)
            link(files.sheet, outside)  # the race: a link lands between check and open
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", swap_then_open)
    with pytest.raises(SaveFileError) as refused:
        load_saved(files, core)
    assert swapped and swapped[0] & os.O_NOFOLLOW
    assert str(refused.value).startswith(f"{files.sheet} is a symbolic link: {REFUSED}")
    assert "SECRET" not in str(refused.value)
    assert outside.read_bytes() == SECRET
