"""The save commands at the prompt (docs/saves.md, "At the prompt"), played
through the real ``tales play`` with a script or a pipe.

``save``, ``save NAME``, ``undo``, ``undo N``, ``checkpoint NAME``,
``rewind NAME`` and ``quit``: a refused command is one line and the game goes
on; what a command changes is on disk at once. A script confirms every
question by itself (PlainConsole.confirm: "a script means what it says"), so
``undo 3`` and ``rewind`` act without a question being shown.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tales.cli import cli
from tales.saves import journal
from tests.prompt_output import END, replies

SOLO = ["the-drowned-bell", "--seed", "5", "--players", "1", "--investigator", "ezra"]
DEFAULT = "bell-house-5"  # the save's name made from the scenario and the seed
# The first inputs of this game (Ezra alone, seed 5): options 1, 2, 3 are the
# cliff path to the boat shed, the move back to the landing stage and the
# discard that pays for it.
FIRST = "story:ezra-marsh:2:0"


@pytest.fixture
def folder() -> Path:
    """The saves folder of this test (tests/conftest.py points TALES_SAVES at it)."""
    return Path(os.environ["TALES_SAVES"])


def play(*args: str, stdin: str = "") -> Result:
    result = CliRunner().invoke(cli, ["play", *args], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def scripted(tmp_path: Path, *lines: str, args: tuple[str, ...] = ()) -> Result:
    """A game of Ezra alone played from a ``--script`` file."""
    script = tmp_path / "script.txt"
    script.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    result = play(*SOLO, *args, "--script", str(script))
    assert result.exit_code == 0, result.output
    return result


def reply(output: str, command: str) -> list[str]:
    """The answer to the one ``command`` typed."""
    answers = replies(output, command)
    assert len(answers) == 1, f"'{command}' was typed {len(answers)} times:\n{output}"
    return answers[0]


def journal_inputs(folder: Path, name: str) -> list[str]:
    lines = (folder / f"{name}.journal").read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# tales journal after "), lines
    return lines[1:]


# save -------------------------------------------------------------------------


def test_save_says_where_the_game_is_saved(tmp_path: Path, folder: Path) -> None:
    result = scripted(tmp_path, "save")
    where = f"Saved as '{DEFAULT}' after every input (tales play --load {DEFAULT})."
    assert where in result.output.splitlines(), "the opening says where the game is saved"
    assert reply(result.output, "save") == [
        f"Saved as '{DEFAULT}' after every input; load it with: tales play --load {DEFAULT}"
    ]
    assert (folder / f"{DEFAULT}.yaml").is_file()
    assert result.output.endswith(f"{END}\n")


def test_save_name_goes_on_saving_under_that_name(tmp_path: Path, folder: Path) -> None:
    """The old save stays where it was; the new one takes every input from now on."""
    result = scripted(tmp_path, "1", "save friday", "7", "save")
    assert reply(result.output, "save friday") == [
        "Saved as 'friday' after every input; load it with: tales play --load friday"
    ]
    assert reply(result.output, "save") == [
        "Saved as 'friday' after every input; load it with: tales play --load friday"
    ]
    assert journal_inputs(folder, DEFAULT) == [FIRST], "the old save stops where it was"
    assert journal_inputs(folder, "friday") == [FIRST, "end-round"]
    assert "session: friday\n" in (folder / "friday.yaml").read_text(encoding="utf-8")


def test_save_name_does_not_overwrite_another_save(tmp_path: Path, folder: Path) -> None:
    play(*SOLO, "--save", "friday", stdin="1\n7\n1\n")
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    result = play(*SOLO, "--seed", "9", stdin="save friday\n")
    after = {p.name: p.read_bytes() for p in folder.iterdir() if p.name in before}
    assert after == before, "the other game's save is left as it was"
    answer = reply(result.output, "save friday")
    assert len(answer) == 1 and "friday" in answer[0] and "Saved as" not in answer[0], answer


@pytest.mark.parametrize(
    ("line", "name"),
    [("save ../x", "../x"), ("save a/b", "a/b"), ("checkpoint ../x", "../x")],
)
def test_a_name_that_leaves_the_folder_is_one_line(
    tmp_path: Path, folder: Path, line: str, name: str
) -> None:
    result = scripted(tmp_path, line, "status")
    answer = reply(result.output, line)
    assert len(answer) == 1 and "cannot be a save name" in answer[0], answer
    assert name in answer[0]
    assert reply(result.output, "status")[0].startswith(
        "Round 1, time space 1 of 8, 7 rounds left;"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["script.txt"]
    assert sorted(p.name for p in folder.iterdir()) == [f"{DEFAULT}.journal", f"{DEFAULT}.yaml"]


# undo -------------------------------------------------------------------------


def test_undo_takes_back_the_last_input(tmp_path: Path, folder: Path) -> None:
    result = scripted(tmp_path, "status", "1", "status", "undo", "status")
    before, moved, after = replies(result.output, "status")
    assert "Ezra Marsh at The Landing Stage" in before[2]
    assert "Ezra Marsh at The Boat Shed" in moved[2]
    assert after == before
    answer = reply(result.output, "undo")
    assert answer[0] == "Took back 1 input."
    assert answer[1 : 1 + len(before)] == before, "undo shows where the game stands"
    assert "  1. Ezra Marsh: Take the cliff path round to the boat shed" in answer
    assert journal_inputs(folder, DEFAULT) == [], "the journal on disk follows the undo"


def test_undo_n_in_a_script_takes_back_n_without_asking(tmp_path: Path, folder: Path) -> None:
    """PlainConsole.confirm answers yes by itself and shows no question."""
    result = scripted(tmp_path, "status", "1", "2", "3", "status", "undo 3", "status")
    before, moved, after = replies(result.output, "status")
    assert moved != before
    assert after == before
    assert reply(result.output, "undo 3")[0] == "Took back 3 inputs."
    assert "Take back the last 3 inputs?" not in result.output
    assert journal_inputs(folder, DEFAULT) == []


def test_undo_more_than_was_played_takes_back_what_there_is(tmp_path: Path) -> None:
    """Fewer taken back than asked: the message says how many, and why no more."""
    result = scripted(tmp_path, "status", "1", "undo 5", "status")
    before, after = replies(result.output, "status")
    assert reply(result.output, "undo 5")[0] == (
        "Took back 1 input, not 5: the only one played since this game was started; "
        "undo reaches back no further."
    )
    assert after == before


def test_undo_across_a_round_end_puts_the_sheet_back(tmp_path: Path, folder: Path) -> None:
    result = scripted(tmp_path, "1", "7", "1", "undo", "status")
    (back,) = replies(result.output, "status")
    assert back[0].startswith("Round 1,")
    sheet = (folder / f"{DEFAULT}.yaml").read_text(encoding="utf-8")
    assert "\nround: 0\n" in sheet, "the round end taken back is gone from the disk"
    assert journal_inputs(folder, DEFAULT) == [FIRST, "end-round"]
    loaded = play("--load", DEFAULT, stdin="status\n")
    assert reply(loaded.output, "status") == back


def test_undo_reaches_back_to_the_loaded_sheet_and_no_further(tmp_path: Path) -> None:
    scripted(tmp_path, "1", "7", "1", "status", "1")  # round 2, one input since its sheet
    loaded = play("--load", DEFAULT, stdin="undo\nundo\nstatus\n")
    first, second = replies(loaded.output, "undo")
    assert first[0] == "Took back 1 input."
    assert second == [
        "There is nothing to undo: no input has been played since this game was loaded "
        "from its sheet, and undo reaches back no further."
    ]
    assert reply(loaded.output, "status")[0].startswith("Round 2,")
    assert "Ezra Marsh at The Boat Shed" in reply(loaded.output, "status")[2]


def test_undo_n_after_a_load_says_it_stops_at_the_loaded_sheet(tmp_path: Path) -> None:
    """The newcomer's report: after a load, `undo 3` took back 2 and said only
    "Took back 2 inputs."; `undo 500` took back 28 without a word of why."""
    scripted(tmp_path, "1", "7", "1", "status", "1", "2")  # round 2, two inputs since its sheet
    loaded = play("--load", DEFAULT, stdin="undo 3\nundo 5\nstatus\n")
    assert reply(loaded.output, "undo 3")[0] == (
        "Took back 2 inputs, not 3: the 2 played since this game was loaded from its sheet; "
        "undo reaches back no further."
    )
    assert reply(loaded.output, "undo 5") == [
        "There is nothing to undo: no input has been played since this game was loaded "
        "from its sheet, and undo reaches back no further."
    ]
    assert reply(loaded.output, "status")[0].startswith("Round 2,")


def test_undo_after_a_rewind_stops_at_the_checkpoints_sheet(tmp_path: Path) -> None:
    """A checkpoint is a sheet (here the setup's) and the inputs since it."""
    result = scripted(tmp_path, "1", "checkpoint shed", "2", "rewind shed", "undo 2", "status")
    assert reply(result.output, "undo 2")[0] == (
        "Took back 1 input, not 2: the only one played since this game was loaded from the "
        "sheet of checkpoint 'shed'; undo reaches back no further."
    )
    assert "Ezra Marsh at The Landing Stage" in reply(result.output, "status")[2]


def test_undo_with_nothing_to_undo_is_one_line(tmp_path: Path) -> None:
    result = scripted(tmp_path, "undo", "1", "status")
    assert reply(result.output, "undo") == [
        "There is nothing to undo: no input has been played since this game was started, "
        "and undo reaches back no further."
    ]
    assert "Ezra Marsh at The Boat Shed" in reply(result.output, "status")[2], "the game goes on"


@pytest.mark.parametrize("count", ["abc", "0", "-1", "1.5", "9999999"])
def test_undo_with_a_bad_count_is_one_line(tmp_path: Path, folder: Path, count: str) -> None:
    result = scripted(tmp_path, "1", f"undo {count}", "status")
    assert reply(result.output, f"undo {count}") == [
        f"Undo takes a number of inputs to take back, not '{count}'."
    ]
    assert "Ezra Marsh at The Boat Shed" in reply(result.output, "status")[2], "nothing undone"
    assert journal_inputs(folder, DEFAULT) == [FIRST]


def test_undo_in_a_game_played_with_no_save_is_one_line(tmp_path: Path, folder: Path) -> None:
    result = scripted(tmp_path, "undo", "status", args=("--no-save",))
    answer = reply(result.output, "undo")
    assert len(answer) == 1, answer
    assert "nothing to undo" in answer[0] or "not being saved" in answer[0], answer
    assert reply(result.output, "status")[0].startswith(
        "Round 1, time space 1 of 8, 7 rounds left;"
    )
    assert "Saved as" not in result.output
    assert list(folder.iterdir()) == [], "--no-save writes nothing"


def test_save_in_a_game_played_with_no_save_is_one_line(tmp_path: Path, folder: Path) -> None:
    result = scripted(tmp_path, "save", "status", args=("--no-save",))
    answer = reply(result.output, "save")
    assert len(answer) == 1 and "not being saved" in answer[0], answer
    assert list(folder.iterdir()) == [], "--no-save writes nothing"


# checkpoint and rewind ----------------------------------------------------------


def test_checkpoint_without_a_name_is_one_line(tmp_path: Path, folder: Path) -> None:
    result = scripted(tmp_path, "checkpoint", "checkpoint   ", "status")
    for answer in replies(result.output, "checkpoint"):
        assert answer == ["Checkpoint needs a name: checkpoint before-the-reef"]
    assert not [p for p in folder.iterdir() if "@" in p.name], "no checkpoint was made"
    assert reply(result.output, "status")[0].startswith(
        "Round 1, time space 1 of 8, 7 rounds left;"
    )


def test_rewind_comes_back_to_the_checkpoint(tmp_path: Path, folder: Path) -> None:
    """checkpoint x, then a round and more, then rewind x: the same state, and
    play goes on saving under the game's own name, from the checkpoint."""
    script = ["1", "status", "checkpoint x", "7", "1", "1", "status", "rewind x", "status"]
    result = scripted(tmp_path, *script)
    kept, later, back = replies(result.output, "status")
    assert kept[0].startswith("Round 1,") and later[0].startswith("Round 2,")
    assert back == kept
    assert reply(result.output, "checkpoint x") == [
        "Checkpoint 'x' kept; 'rewind x' comes back to it."
    ]
    assert reply(result.output, "rewind x")[0] == "Back at checkpoint 'x'."
    assert "Go back to checkpoint" not in result.output, "a script confirms without asking"
    assert (folder / f"{DEFAULT}@x.yaml").is_file()

    loaded = play("--load", DEFAULT, stdin="status\n")
    assert loaded.exit_code == 0, loaded.output
    assert reply(loaded.output, "status") == kept, "the save itself went back to the checkpoint"


def test_play_after_a_rewind_keeps_saving_through_round_ends(tmp_path: Path, folder: Path) -> None:
    """After a rewind, the next round end writes the sheet: loading gives where play stopped."""
    script = ["1", "checkpoint x", "7", "1", "rewind x", "7", "1", "1", "status"]
    result = scripted(tmp_path, *script)
    sheet = (folder / f"{DEFAULT}.yaml").read_text(encoding="utf-8")
    assert "\nround: 1\n" in sheet, "the sheet on disk is the one of the round just played"
    assert len(journal_inputs(folder, DEFAULT)) == 1, "the journal holds only round 2's input"
    (stopped,) = replies(result.output, "status")
    assert stopped[0].startswith("Round 2,")
    loaded = play("--load", DEFAULT, stdin="status\n")
    assert "Loaded 'bell-house-5' at round 2." in loaded.output.splitlines()
    assert reply(loaded.output, "status") == stopped


def test_checkpoint_names_are_lower_cased(tmp_path: Path, folder: Path) -> None:
    result = scripted(tmp_path, "checkpoint Before-Reef", "1", "rewind BEFORE-REEF", "status")
    assert reply(result.output, "checkpoint Before-Reef") == [
        "Checkpoint 'before-reef' kept; 'rewind before-reef' comes back to it."
    ]
    assert reply(result.output, "rewind BEFORE-REEF")[0] == "Back at checkpoint 'before-reef'."
    assert "Ezra Marsh at The Landing Stage" in reply(result.output, "status")[2]
    assert (folder / f"{DEFAULT}@before-reef.yaml").is_file()


@pytest.mark.parametrize(
    ("kept", "have"), [((), "none yet"), (("x", "y"), "x, y")], ids=["none", "two"]
)
def test_rewind_to_an_unknown_checkpoint_names_the_checkpoints(
    tmp_path: Path, kept: tuple[str, ...], have: str
) -> None:
    lines = [f"checkpoint {name}" for name in kept]
    result = scripted(tmp_path, *lines, "1", "rewind nope", "status")
    assert reply(result.output, "rewind nope") == [
        f"There is no checkpoint 'nope'; this game has: {have}"
    ]
    assert "Ezra Marsh at The Boat Shed" in reply(result.output, "status")[2], "nothing rewound"


def test_rewind_without_a_name_lists_the_checkpoints(tmp_path: Path) -> None:
    result = scripted(tmp_path, "checkpoint here", "rewind")
    assert reply(result.output, "rewind") == [
        "Rewind needs a checkpoint's name; this game has: here"
    ]


# quit -------------------------------------------------------------------------


def test_quit_leaves_a_game_that_loads_where_it_stood(tmp_path: Path) -> None:
    result = scripted(tmp_path, "1", "status", "quit", "status")
    assert END not in result.output, "quit leaves before the end of the input"
    assert len(replies(result.output, "status")) == 1, "nothing after quit is played"
    loaded = play("--load", DEFAULT, stdin="status\n")
    assert reply(loaded.output, "status") == reply(result.output, "status")


def test_a_loaded_game_tells_again_the_last_paragraph_read(tmp_path: Path) -> None:
    """Coming back to a game, the player sees the paragraph its question
    belongs to, not a bare menu: the last paragraph read, as it read."""
    played = scripted(tmp_path, "1", "quit")
    last = played.output.rsplit("-- Paragraph ", 1)[1].split("\n")
    paragraph, first_line = last[0], last[1]
    loaded = play("--load", DEFAULT, stdin="")
    told = loaded.output.split("Where the game was left, the last paragraph read:", 1)
    assert len(told) == 2, loaded.output
    assert told[1].lstrip().startswith(f"-- Paragraph {paragraph}\n{first_line}")


def test_quit_says_where_the_game_is_saved(tmp_path: Path) -> None:
    result = scripted(tmp_path, "1", "quit")
    answer = reply(result.output, "quit")
    assert any(DEFAULT in line and f"tales play --load {DEFAULT}" in line for line in answer), (
        answer
    )


def test_an_input_whose_save_fails_is_shown_and_saved_by_the_next_one(
    tmp_path: Path, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Playtest 7: a failed write of the journal hid what the input did (a
    time-track narrative applied but never shown) and left a gap in the
    journal. Now the input's story is shown, then why it is not saved; quit
    says so; and the next input writes the whole journal again."""

    def failing_once() -> None:
        failures = iter([OSError(28, "No space left on device")])

        def append(self: journal.JournalWriter, option_id: str) -> None:
            failure = next(failures, None)
            if failure is not None:
                raise failure
            original(self, option_id)

        monkeypatch.setattr(journal.JournalWriter, "append", append)

    original = journal.JournalWriter.append
    failing_once()
    result = scripted(tmp_path, "1", "quit")
    first = reply(result.output, "1")
    assert any(line.startswith("-- Paragraph") for line in first), first
    warning = [line for line in first if "could not be saved" in line]
    assert len(warning) == 1 and "No space left on device" in warning[0], first
    assert warning[0].startswith("This input was played but could not be saved: "), first
    assert any("could not be saved" in line for line in reply(result.output, "quit"))
    failing_once()
    result = scripted(tmp_path, "1", "2", "status", args=("--save", "again"))
    assert len(journal_inputs(folder, "again")) == 2, "the failed input is in the journal now"
    loaded = play("--load", "again", stdin="status\n")
    assert reply(loaded.output, "status") == reply(result.output, "status")


def test_a_round_end_sheet_loaded_shows_the_start_of_the_round_it_begins(
    tmp_path: Path, folder: Path
) -> None:
    """The rulebook saves "at the end of the round -- before resolving any
    start of the round effects for the next round": loading such a sheet runs
    that start again, and what it does is shown (a playtest loaded a sheet
    whose round start killed an investigator and saw only the choice that
    followed). Round 2 ends; round 3's start reads the time track's space 3."""
    scripted(tmp_path, "1", "7", "1", "7", "1")
    assert "\nround: 2\n" in (folder / f"{DEFAULT}.yaml").read_text(encoding="utf-8")
    assert journal_inputs(folder, DEFAULT) == [], "nothing played after the sheet"
    lines = play("--load", DEFAULT).output.splitlines()
    loaded = lines.index(f"Loaded '{DEFAULT}' at round 3.")
    assert lines.index("=== Round 3 (time space 3) ===") > loaded
    assert lines.index("Read 23: the time track's space 3.") > loaded
    assert lines.index("-- Paragraph 23 --") > loaded


def test_a_load_that_replays_inputs_does_not_show_the_round_start_again(
    tmp_path: Path, folder: Path
) -> None:
    """With inputs after the sheet, the player saw the round's start before
    they quit: the load goes on from their last input, with no history told
    again but the one paragraph its question belongs to, under its heading."""
    scripted(tmp_path, "1", "7", "1", "7", "1", "2")
    assert len(journal_inputs(folder, DEFAULT)) == 1
    output = play("--load", DEFAULT).output
    assert "Loaded 'bell-house-5' at round 3." in output
    assert "=== Round 3" not in output
    history, recap = output.split("Where the game was left, the last paragraph read:")
    assert "-- Paragraph" not in history
    assert recap.count("-- Paragraph") == 1


def test_read_after_loading_a_sheet_names_what_the_sheet_records_as_read(
    tmp_path: Path, folder: Path
) -> None:
    """Playtest 7: after a load, `read` listed only what was read since; the
    sheet records every paragraph visited. They are named, and a plain one
    is told again (its words do not hang on the table)."""
    scripted(tmp_path, "1", "7", "1")  # round 1 ended: the opening was read before the sheet
    (folder / "copy.yaml").write_bytes((folder / f"{DEFAULT}.yaml").read_bytes())  # no journal
    loaded = play("--load", "copy", stdin="read\nread 1\n")
    listing = reply(loaded.output, "read")
    earlier = next(line for line in listing if line.startswith("Read before this game was"))
    assert earlier.startswith("Read before this game was loaded: 1, ")
    again = reply(loaded.output, "read 1")
    assert again[0] == "-- Paragraph 1 --"
    assert "Ruth Pardee met your train" in " ".join(again)


def test_read_in_a_game_played_from_its_start_names_nothing_read_before(tmp_path: Path) -> None:
    result = scripted(tmp_path, "1", "read")
    assert not any(line.startswith("Read before") for line in reply(result.output, "read"))


def _last_menu(output: str) -> list[str]:
    """The options of the last menu shown, as numbered."""
    lines = output.splitlines()
    start = max(i for i, line in enumerate(lines) if line.startswith("Chance "))
    return [line for line in lines[start + 1 :] if line[:4].strip().rstrip(".").isalnum()]


def test_a_test_loaded_or_taken_back_midway_keeps_its_numbers(folder: Path) -> None:
    """Cards played leave gaps in a test's numbers, and the rest keep theirs
    until the test ends. A playtest saved in the middle of a test and
    loaded it: the menu was numbered afresh, so the 4 that had played a
    card spent 2 ENERGY. Loaded, and after an undo, it reads as before."""
    game = ["--seed", "7", "--players", "2"]
    typed = "5\n1\n3\n10\n3\n9\n"  # into the watch-shed fight, two cards played
    unbroken = play(*game, "--no-save", stdin=typed)
    played = play(*game, "--save", "mid", stdin=typed)
    assert _last_menu(played.output) == _last_menu(unbroken.output)
    shown = _last_menu(unbroken.output)
    assert [line.split(".")[0].strip() for line in shown][:3] == ["1", "2", "4"], "a gap"
    loaded = play("--load", "mid")
    assert _last_menu(loaded.output) == shown
    again = play(*game, "--save", "undone", stdin=typed + "1\nundo\n")
    assert "Took back 1 input." in again.output
    assert _last_menu(again.output) == shown, "after an undo, as before the input taken back"
