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
    assert journal.read(tmp_path / "other.journal") is None  # not a journal at all


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


def test_a_journal_that_follows_another_sheet_is_not_replayed(core, started):
    saved, files, rng = started
    past_round(saved, rng, 1)
    at_sheet = journal_of(saved, rng, 6)
    inputs = journal.read(files.journal)
    assert inputs is not None and len(inputs.inputs) == 6
    # The same inputs, behind the header of another session's sheet.
    round_played = saved.sheet.round_played
    journal.start(files.journal, journal.header("someone-else", round_played), inputs.inputs)
    loaded, warnings = load_saved(files, core)
    assert warnings == [
        f"the journal follows another sheet (someone-else round {round_played}) and was "
        "not replayed"
    ]
    assert picture(loaded.game) == at_sheet


def test_a_journal_left_from_an_earlier_round_is_not_replayed(core, started):
    """Killed between writing a round end's sheet and starting its journal:
    the old journal's inputs are already in the sheet."""
    saved, files, rng = started
    past_round(saved, rng, 1)
    journal_of(saved, rng, 3)
    stale, earlier = files.journal.read_bytes(), saved.sheet.round_played
    at_sheet = past_round(saved, rng, earlier + 1)
    files.journal.write_bytes(stale)
    loaded, warnings = load_saved(files, core)
    assert warnings == [
        f"the journal follows another sheet (friday round {earlier}) and was not replayed"
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
    assert picture(loaded.game) == before
