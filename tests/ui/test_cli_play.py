"""``tales play`` on the command line: clear errors, plain output, exit codes.

From the issue: "--plain and NO_COLOR give output with no colour" and
"end of input quits cleanly, exit 0"; a broken tale is a clear message and
exit 1, never a traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tales.cli import cli

OPTIONS = ["--seed", "5", "--players", "1", "--investigator", "ezra"]
SOLO = ["the-drowned-bell", *OPTIONS]


def play(*args: str, stdin: str = "", env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, ["play", *args], input=stdin, env=env)


def assert_clear_error(result: Result, *words: str) -> None:
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert result.output.startswith("Error: ")
    for word in words:
        assert word in result.output


def test_a_missing_tale_is_a_clear_error() -> None:
    result = play("/no/such/tale", *OPTIONS)
    assert_clear_error(result, "there is no tale '/no/such/tale'", "the-drowned-bell")


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("", ["the tale lacks 'scenarios'"]),
        ("title: [unclosed\n", ["YAML syntax"]),
        ("title: Lost\nscenarios: [nowhere]\n", ["scenario 'nowhere' has no folder"]),
        (b"\xff\xfe not text\n", ["cannot read the file"]),
    ],
    ids=["empty", "bad-yaml", "missing-scenario", "not-utf8"],
)
def test_a_broken_tale_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: str | bytes, words: list[str]
) -> None:
    monkeypatch.setenv("TALES_CACHE", str(tmp_path / "cache"))
    tale = tmp_path / "broken"
    tale.mkdir()
    if isinstance(content, bytes):
        (tale / "tale.yaml").write_bytes(content)
    else:
        (tale / "tale.yaml").write_text(content, encoding="utf-8")
    result = play(str(tale), *OPTIONS)
    assert_clear_error(result, "the tale cannot be played until its errors are fixed", *words)
    assert "tale.yaml:" in result.output, "each problem has its file and line"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--investigator", "ezzra"], ["there is no investigator 'ezzra'", "Ezra Marsh"]),
        (["--scenario", "nowhere"], ["has no scenario 'nowhere'", "low-water"]),
        (
            ["--players", "1", "--investigator", "ezra", "--investigator", "irene"],
            ["2 investigators were named for 1 player"],
        ),
        (["--companion", "nobody"], ["there is no investigator 'nobody'"]),
        (["--companion", ""], ["an empty name names no investigator", "Irene Dubois"]),
        # Four companions for one player were once taken as six: the seats
        # left were counted below zero, and a slice took the box's rest.
        (
            [
                "--players",
                "1",
                *[a for n in ("sarah", "philip", "irene", "laszlo") for a in ("--companion", n)],
            ],
            ["4 companions were named, but 1 player leaves room for 3 in a team of four"],
        ),
        (
            ["--players", "2", "--investigator", "ezra", "--investigator", "ezra"],
            ["Ezra Marsh is named twice; each investigator plays once"],
        ),
        (
            ["--players", "2", "--investigator", "ezra", "--companion", "ezra"],
            ["Ezra Marsh is named both as a player's investigator and as a companion"],
        ),
    ],
    ids=[
        *("investigator", "scenario", "too-many", "companion", "empty-companion"),
        *("too-many-companions", "twice", "player-and-companion"),
    ],
)
def test_bad_choices_are_clear_errors(args: list[str], words: list[str]) -> None:
    assert_clear_error(play("--seed", "1", *args), *words)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["--players", "2", "--companion", "Irene Dubois"],
            "A team is four: 2 players need 2 Companions, so Ezra Marsh also joins "
            "(--companion chooses them).",
        ),
        (
            ["--players", "3"],
            "A team is four: 3 players need 1 Companion, so Irene Dubois joins "
            "(--companion chooses them).",
        ),
        (
            ["--players", "2", "--companion", "irene", "--companion", "sarah"],
            None,
        ),
    ],
    ids=["one-named-one-filled", "none-named", "all-named"],
)
def test_a_companion_the_player_did_not_name_is_announced(
    args: list[str], said: str | None
) -> None:
    """The team is always four; a Companion added to fill it is told, with
    the option that would have chosen another, not met later unexplained."""
    result = play("the-drowned-bell", "--seed", "3", "--no-save", *args)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1].startswith("Players: ")
    if said is None:
        assert not any(line.startswith("A team is four") for line in lines)
    else:
        assert said in lines


def test_a_named_companion_is_never_dealt_to_a_player() -> None:
    """Three players and Ezra Marsh named as the Companion: the players'
    seats are filled from the others in the box's order, not with Ezra."""
    result = play(
        "the-drowned-bell", "--seed", "3", "--no-save", "--players", "3", "--companion", "ezra"
    )
    assert result.exit_code == 0, result.output
    players, companions = result.output.splitlines()[1].split(". Companions: ")
    assert "Ezra Marsh" not in players and companions == "Ezra Marsh."


def test_bad_options_are_usage_errors() -> None:
    result = play("--players", "5")
    assert result.exit_code == 2 and "Traceback" not in result.output
    result = play("--script", "/no/such/script.txt")
    assert result.exit_code == 2 and "Traceback" not in result.output


@pytest.mark.parametrize(
    ("flags", "env"),
    [([], None), (["--plain"], None), ([], {"NO_COLOR": "1"}), (["--plain"], {"NO_COLOR": "1"})],
    ids=["pipe", "plain", "no-color", "both"],
)
def test_scripted_output_has_no_escape_sequences(
    flags: list[str], env: dict[str, str] | None
) -> None:
    """Plain output: no ANSI escape sequences at all, and exit 0 at the end of input."""
    stdin = "status\nmap\nzzz\n1\nhelp BLEEDING\nodds\n"
    result = play(*SOLO, *flags, stdin=stdin, env=env)
    assert result.exit_code == 0
    assert "\x1b" not in result.stdout
    assert result.stdout.endswith("End of input: the game stops here.\n")


def test_control_characters_in_a_script_do_not_reach_plain_output() -> None:
    """Issue: "--plain and NO_COLOR give output with no colour" - even for a
    script line holding ESC[31m."""
    result = play(*SOLO, "--plain", stdin="\x1b[31mred\n", env={"NO_COLOR": "1"})
    assert result.exit_code == 0
    assert "\x1b" not in result.stdout


def test_empty_input_ends_at_once_with_exit_zero() -> None:
    result = play(*SOLO)
    assert result.exit_code == 0
    assert result.stdout.endswith("7. End the round\nEnd of input: the game stops here.\n")


def test_a_script_with_windows_line_endings_plays_alike(tmp_path: Path) -> None:
    unix, windows = tmp_path / "unix.txt", tmp_path / "windows.txt"
    unix.write_bytes(b"status\n1\nodds\n")
    windows.write_bytes(b"status\r\n1\r\nodds\r\n")
    saves = ("--saves", str(tmp_path / "saves"))
    first = play(*SOLO, *saves, "--save", "unix", "--script", str(unix)).stdout
    second = play(*SOLO, *saves, "--save", "windows", "--script", str(windows)).stdout
    assert first.replace("unix", "NAME") == second.replace("windows", "NAME")


def test_a_script_saved_with_a_byte_order_mark_plays_alike(tmp_path: Path) -> None:
    """Windows Notepad starts a UTF-8 file with a BOM: line 1 failed as
    "'\\ufeffstatus' is neither an option number nor a command"."""
    unmarked, marked = tmp_path / "unmarked.txt", tmp_path / "marked.txt"
    unmarked.write_bytes(b"status\n1\nodds\n")
    marked.write_bytes(b"\xef\xbb\xbfstatus\r\n1\r\nodds\r\n")
    saves = ("--saves", str(tmp_path / "saves"))
    first = play(*SOLO, *saves, "--save", "bomless", "--script", str(unmarked))
    second = play(*SOLO, *saves, "--save", "bomful", "--script", str(marked))
    assert second.exit_code == 0, second.output
    assert "\ufeff" not in second.stdout and "neither an option" not in second.stdout
    assert first.stdout.replace("bomless", "NAME") == second.stdout.replace("bomful", "NAME")


def test_a_typed_line_with_a_byte_order_mark_is_read_without_it() -> None:
    result = play(*SOLO, "--plain", stdin="\ufeffstatus\n")
    assert result.exit_code == 0
    assert "> status\nRound 1, time space 1 of 8" in result.stdout


def test_full_width_digits_choose_as_ascii_digits() -> None:
    """A full-width 2 at a menu said "There is no option 2: choose 1 to 7." (in its own digit);
    digits are read by their Unicode value, as the option, undo and read counts."""
    ascii_ = play(*SOLO, "--plain", "--no-save", stdin="1\nstatus\n").stdout
    wide = play(*SOLO, "--plain", "--no-save", stdin="\uff11\nstatus\n").stdout
    assert "There is no option" not in wide
    assert wide.replace("> \uff11\n", "> 1\n") == ascii_
    undone = play(*SOLO, "--plain", stdin="1\nundo \uff11\nread \u0669\u0669\u0669\n").stdout
    assert "Took back 1 input." in undone
    assert "Paragraph 999 is not among those read" in undone


def test_a_misspelt_investigator_gets_a_did_you_mean():
    from click.testing import CliRunner

    from tales.cli import cli

    result = CliRunner().invoke(cli, ["play", "--investigator", "arthr"], input="")
    assert result.exit_code == 1
    assert "there is no investigator 'arthr'; did you mean 'Arthur Blackwood'?" in result.output


@pytest.mark.parametrize(
    ("scenario", "said"),
    [
        ("low-water", None),
        (
            "gannet-light",
            "Played on its own: the campaign log is preset as if Low Water had been played: "
            "16 entries and 1 counter ('log' shows them).",
        ),
        (
            "the-settling",
            "Played on its own: the campaign log is preset as if The Gannet Light had been "
            "played (one of 2 presets, drawn by the seed): ",
        ),
    ],
)
def test_a_later_scenario_played_on_its_own_says_its_log_is_preset(
    scenario: str, said: str | None
) -> None:
    """Playtest 11: Scenario II alone began with Low Water's entries in the
    log (tale.yaml's ``standalone`` preset) and never said so; the first
    scenario starts from an empty log and says nothing."""
    result = play("the-reef-ledger", "--scenario", scenario, "--seed", "7", "--no-save")
    assert result.exit_code == 0, result.output
    told = [line for line in result.output.splitlines() if line.startswith("Played on its own")]
    if said is None:
        assert told == []
    else:
        assert len(told) == 1 and told[0].startswith(said), told


@pytest.mark.parametrize(
    ("difficulty", "told"),
    [
        (
            "easy",
            "space 1 (standard 1, hard 4); 4 SKULL tokens read paragraph 192 (standard 3, hard 2)",
        ),
        (
            "hard",
            "space 4 (easy 1, standard 1); 2 SKULL tokens read paragraph 192 (easy 4, standard 3)",
        ),
    ],
)
def test_the_first_screen_says_what_the_difficulty_changes(difficulty: str, told: str) -> None:
    """ "Place the Event board Time marker on the space that matches the
    selected difficulty level": and The Settling wakes the town sooner on
    hard. A playtest saw easy start where standard does and thought it did
    nothing; the first screen says what it changes."""
    result = play(
        "--scenario", "the-settling", "--difficulty", difficulty, "--seed", "3", "--no-save"
    )
    assert result.exit_code == 0, result.output
    assert f"Difficulty {difficulty}: the Time marker starts on {told}." in result.output
