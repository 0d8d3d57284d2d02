"""The journal: inputs since the last sheet, a torn last line dropped and
reported, and a journal of another sheet never replayed."""

from __future__ import annotations

import random

import pytest

from tales.saves import journal
from tales.saves.session import SavedGame, load_saved
from tales.saves.store import SaveFiles
from tests.saves.helpers import new_saved, picture, random_input, setup_for

SEED = 7


def play(saved: SavedGame, rng: random.Random, count: int) -> None:
    for _ in range(count):
        assert saved.game.pending is not None
        saved.apply(random_input(saved.game, rng))


def past_round(saved: SavedGame, rng: random.Random, rounds: int) -> dict:
    """Play to the end of round ``rounds``: the picture of the game there."""
    while saved.sheet.round_played < rounds:
        play(saved, rng, 1)
    return picture(saved.game)


def journal_of(saved: SavedGame, rng: random.Random, count: int) -> dict:
    """Play until the journal holds ``count`` inputs since the latest sheet:
    the picture of the game at that sheet."""
    at_sheet = picture(saved.game)
    while len(saved.inputs) - saved.sheet.after < count:
        sheet = saved.sheet
        play(saved, rng, 1)
        if saved.sheet is not sheet:
            at_sheet = picture(saved.game)
    return at_sheet


@pytest.fixture
def started(core, bell, saves) -> tuple[SavedGame, SaveFiles, random.Random]:
    files = SaveFiles.named(saves, "friday")
    return new_saved(core, bell, setup_for(SEED), files), files, random.Random(SEED)


def test_read_gives_the_header_and_the_inputs(tmp_path):
    path = tmp_path / "j.journal"
    journal.start(path, journal.header("friday", 2), ["draw", "stop"])
    journal.JournalWriter(path).append("move:ezra-marsh:nave")
    text = journal.read(path)
    assert text == journal.JournalText(
        "friday round 2", ("draw", "stop", "move:ezra-marsh:nave"), False
    )
    assert journal.read(tmp_path / "missing.journal") is None
    (tmp_path / "other.journal").write_text("draw\nstop\n", encoding="utf-8")
    other = journal.read(tmp_path / "other.journal")  # not a journal at all
    assert other == journal.JournalText("", (), False) and not journal.headed(other)


def test_read_drops_a_torn_last_line(tmp_path):
    path = tmp_path / "j.journal"
    journal.start(path, "friday round 2", ["draw", "stop"])
    with path.open("a", encoding="utf-8") as out:
        out.write("move:ezra-ma")  # the crash came in the middle of this write
    text = journal.read(path)
    assert text is not None and text.torn
    assert text.inputs == ("draw", "stop")


def test_a_torn_last_line_is_dropped_and_reported_on_loading(core, started):
    saved, files, rng = started
    past_round(saved, rng, 1)
    journal_of(saved, rng, 4)
    live = picture(saved.game)
    with files.journal.open("a", encoding="utf-8") as out:
        out.write(random_input(saved.game, rng)[:3])
    loaded, warnings = load_saved(files, core)
    assert warnings == ["the journal's last line was cut off by a crash and was dropped"]
    assert picture(loaded.game) == live


def test_play_goes_on_safely_after_a_torn_line(core, started):
    saved, files, rng = started
    play(saved, rng, 5)
    with files.journal.open("a", encoding="utf-8") as out:
        out.write("dra")
    loaded, _ = load_saved(files, core)
    play(loaded, rng, 3)
    again, warnings = load_saved(files, core)
    assert warnings == []
    assert picture(again.game) == picture(loaded.game)


def kept_files(files: SaveFiles, why: str) -> list:
    return sorted(files.folder.glob(f"{files.journal.name}.{why}-*"))


def test_an_older_journal_of_another_sheet_is_kept_aside(core, started):
    """A journal naming its sheet in words only (as tales wrote them before
    sheets were named by hash), and naming another one, is never replayed
    and never appended to: it is kept under a new name."""
    saved, files, rng = started
    past_round(saved, rng, 1)
    at_sheet = journal_of(saved, rng, 6)
    inputs = journal.read(files.journal)
    assert inputs is not None and len(inputs.inputs) == 6
    # The same inputs, behind the header of another session's sheet.
    round_played = saved.sheet.round_played
    journal.start(files.journal, journal.header("someone-else", round_played), inputs.inputs)
    stale = files.journal.read_bytes()
    loaded, warnings = load_saved(files, core)
    [kept] = kept_files(files, "unbound")
    assert warnings == [
        f"friday.journal follows another sheet ('someone-else round {round_played}'); it was "
        f"kept as {kept.name} and not replayed"
    ]
    assert kept.read_bytes() == stale
    assert picture(loaded.game) == at_sheet
    assert_later_inputs_kept(core, loaded, files, rng)


def assert_later_inputs_kept(core, loaded: SavedGame, files: SaveFiles, rng) -> None:
    """Inputs given after a recovery are all there on the next load, across
    a round end too (before, they went to a journal never replayed)."""
    first_round = loaded.sheet.round_played
    while loaded.sheet.round_played == first_round:
        play(loaded, rng, 1)
    play(loaded, rng, 2)
    again, warnings = load_saved(files, core)
    assert warnings == []
    assert picture(again.game) == picture(loaded.game)


def test_a_journal_of_an_older_journal_header_that_matches_is_replayed(core, started):
    saved, files, rng = started
    past_round(saved, rng, 1)
    journal_of(saved, rng, 4)
    live = picture(saved.game)
    text = journal.read(files.journal)
    assert text is not None and text.digest is not None
    journal.start(files.journal, text.sheet, text.inputs)  # no hash: as older tales wrote it
    loaded, warnings = load_saved(files, core)
    assert warnings == [] and picture(loaded.game) == live
    rewritten = journal.read(files.journal)
    assert rewritten is not None and rewritten.digest is not None  # now bound by hash
    assert rewritten.inputs == text.inputs


def test_a_journal_of_another_game_is_kept_aside(core, bell, started, saves):
    saved, files, rng = started
    other = new_saved(core, bell, setup_for(SEED + 1), SaveFiles.named(saves, "other"))
    play(other, random.Random(1), 3)
    at_sheet = past_round(saved, rng, 1)
    foreign = other.files.journal.read_bytes()
    files.journal.write_bytes(foreign)
    loaded, warnings = load_saved(files, core)
    [kept] = kept_files(files, "unbound")
    assert warnings == [
        f"friday.journal follows no sheet of this save (it names 'other round 0'); it was "
        f"kept as {kept.name} and not replayed"
    ]
    assert kept.read_bytes() == foreign
    assert picture(loaded.game) == at_sheet
    assert_later_inputs_kept(core, loaded, files, rng)


def test_a_damaged_journal_header_is_kept_aside(core, started):
    saved, files, rng = started
    at_sheet = past_round(saved, rng, 1)
    damaged = b"# tales jour\x00nal after friday\ndraw\n"
    files.journal.write_bytes(damaged)
    loaded, warnings = load_saved(files, core)
    [kept] = kept_files(files, "unbound")
    assert warnings == [
        f"friday.journal follows no sheet of this save (it has no header); it was "
        f"kept as {kept.name} and not replayed"
    ]
    assert kept.read_bytes() == damaged
    assert picture(loaded.game) == at_sheet
    assert_later_inputs_kept(core, loaded, files, rng)


def test_a_journal_with_crlf_line_endings_is_replayed(core, started):
    saved, files, rng = started
    past_round(saved, rng, 1)
    journal_of(saved, rng, 4)
    live = picture(saved.game)
    files.journal.write_bytes(files.journal.read_bytes().replace(b"\n", b"\r\n"))
    loaded, warnings = load_saved(files, core)
    assert warnings == ["the journal's lines ended in CRLF; they were read as plain lines"]
    assert picture(loaded.game) == live
    assert b"\r" not in files.journal.read_bytes()  # rewritten before the next input
    assert_later_inputs_kept(core, loaded, files, rng)


def test_a_round_end_cut_off_before_its_journal_resumes_from_the_backup(core, started):
    """Killed after the round end's sheet was renamed into place but before
    its journal was: the old journal follows the backup, and the game
    resumes at the input before the one that ended the round."""
    saved, files, rng = started
    past_round(saved, rng, 1)
    while True:
        before, journal_bytes, sheet = picture(saved.game), files.journal.read_bytes(), saved.sheet
        play(saved, rng, 1)
        if saved.sheet is not sheet:
            break
    files.journal.write_bytes(journal_bytes)
    count = len(journal.read(files.journal).inputs)
    loaded, warnings = load_saved(files, core)
    assert warnings == [
        "the last save was cut off after writing its sheet; the game resumes from "
        f"friday.yaml.bak and the {count} input(s) of its journal"
    ]
    assert picture(loaded.game) == before
    assert_later_inputs_kept(core, loaded, files, rng)


def test_a_journal_older_than_the_backup_is_kept_aside(core, started):
    saved, files, rng = started
    past_round(saved, rng, 1)
    journal_of(saved, rng, 3)
    stale, earlier = files.journal.read_bytes(), saved.sheet.round_played
    past_round(saved, rng, earlier + 1)
    at_sheet = past_round(saved, rng, earlier + 2)  # the backup is of round earlier + 1 now
    files.journal.write_bytes(stale)
    loaded, warnings = load_saved(files, core)
    [kept] = kept_files(files, "unbound")
    assert warnings == [
        f"friday.journal follows no sheet of this save (it names 'friday round {earlier}'); "
        f"it was kept as {kept.name} and not replayed"
    ]
    assert picture(loaded.game) == at_sheet


def test_an_input_the_game_refuses_stops_the_replay_before_it(core, started):
    saved, files, rng = started
    play(saved, rng, 3)
    before = picture(saved.game)
    with files.journal.open("a", encoding="utf-8") as out:
        out.write("no-such-option\ndraw\n")
    loaded, warnings = load_saved(files, core)
    assert len(warnings) == 1
    assert "journal input 4 ('no-such-option') is not possible" in warnings[0]
    assert "(2 input(s) not replayed)" in warnings[0]
    [kept] = kept_files(files, "not-replayed")
    assert f"the journal was kept as {kept.name}" in warnings[0]
    assert kept.read_bytes().endswith(b"no-such-option\ndraw\n")
    assert picture(loaded.game) == before
    assert_later_inputs_kept(core, loaded, files, rng)


def test_a_sheet_copied_without_its_journal_saves_every_later_input(core, started, saves):
    """Playtest 7: a round-end sheet copied to a new name (to branch a game,
    or as a sheet typed in from paper) has no journal beside it. Each input
    after loading it must be kept: before, every one was refused with
    "copy.journal cannot be written" and quitting lost the game."""
    saved, files, rng = started
    past_round(saved, rng, 1)
    copy = SaveFiles.named(saves, "copy")
    copy.sheet.write_bytes(files.sheet.read_bytes())
    loaded, _ = load_saved(copy, core)
    play(loaded, rng, 4)
    again, warnings = load_saved(copy, core)
    assert warnings == []
    assert picture(again.game) == picture(loaded.game)


def test_a_copied_sheet_goes_on_under_its_own_name(core, started, saves):
    """The copy's checkpoints are its own: a checkpoint made in it never
    writes over one of the save it was copied from."""
    saved, files, rng = started
    past_round(saved, rng, 1)
    saved.checkpoint("dawn")
    original = SaveFiles.named(saves, "friday@dawn").sheet.read_bytes()
    copy = SaveFiles.named(saves, "copy")
    copy.sheet.write_bytes(files.sheet.read_bytes())
    loaded, _ = load_saved(copy, core)
    play(loaded, rng, 2)
    assert loaded.checkpoint("dawn").name == "copy@dawn"
    assert SaveFiles.named(saves, "friday@dawn").sheet.read_bytes() == original
    assert "session: copy" in copy.sheet.read_text(encoding="utf-8")


def test_a_journal_removed_while_playing_is_written_whole_again(core, started):
    """Appending never creates a journal (so never one without its header):
    when it has gone, the next input writes the sheet and a whole journal."""
    saved, files, rng = started
    past_round(saved, rng, 1)
    play(saved, rng, 3)
    files.journal.unlink()
    play(saved, rng, 1)
    again, warnings = load_saved(files, core)
    assert warnings == []
    assert picture(again.game) == picture(saved.game)
