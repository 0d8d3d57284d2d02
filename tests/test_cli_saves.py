"""``tales saves`` (list, show, export, rm) and the save options of
``tales play`` (--load, --save, --no-save), from docs/saves.md "From the
command line": clear errors with exit 1, usage errors with exit 2, never a
traceback, and a damaged sheet left exactly as it was.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from tales.cli import cli
from tales.saves.session import load_saved
from tales.saves.store import SaveFiles
from tales.story.core import load_core
from tests.prompt_output import replies

SOLO = ["the-drowned-bell", "--seed", "5", "--players", "1", "--investigator", "ezra"]
# Ezra alone, seed 5: the cliff path to the boat shed, end round 1 keeping the
# hand, then in round 2 start to drag the dory (a test being prepared), so the
# save is the sheet after round 1 and one input in its journal.
ROUND_2 = "1\n7\n1\n1\nstatus\n"
FILES = ("friday.yaml", "friday.yaml.bak", "friday.journal")
SAVES_COMMANDS = ("list", "show", "export", "new", "rm")


@pytest.fixture
def folder() -> Path:
    """The saves folder of this test (tests/conftest.py points TALES_SAVES at it)."""
    return Path(os.environ["TALES_SAVES"])


def tales(*args: str, stdin: str = "") -> Result:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.output
    return result


def assert_clear_error(result: Result, *words: str) -> None:
    assert result.exit_code == 1, result.output
    assert result.output.startswith("Error: "), result.output
    for word in words:
        assert word in result.output, result.output


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture
def friday(folder: Path) -> Result:
    """A scripted game saved as 'friday', stopped in round 2."""
    result = tales("play", *SOLO, "--save", "friday", stdin=ROUND_2)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.iterdir()) == sorted(FILES)
    return result


def edit_sheet(folder: Path, old: str, new: str) -> Path:
    sheet = folder / "friday.yaml"
    text = sheet.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in the sheet:\n{text}"
    sheet.write_text(text.replace(old, new, 1), encoding="utf-8")
    return sheet


# help -------------------------------------------------------------------------


def test_saves_help_lists_every_command() -> None:
    result = tales("saves", "--help")
    assert result.exit_code == 0
    assert "List, show, export and remove saved games." in result.output
    listed = result.output.split("Commands:")[1].split()
    for name in SAVES_COMMANDS:
        assert name in listed


@pytest.mark.parametrize("name", SAVES_COMMANDS)
def test_every_saves_command_has_help(name: str) -> None:
    group = cli.commands["saves"]
    assert isinstance(group, click.Group)
    assert sorted(group.commands) == sorted(SAVES_COMMANDS)
    command = group.commands[name]
    assert command.help and command.help.strip(), f"'tales saves {name}' has no help text"
    result = tales("saves", name, "--help")
    assert result.exit_code == 0
    assert result.output.startswith(f"Usage: cli saves {name} [OPTIONS]")
    assert command.help.strip().splitlines()[0] in result.output


# list -------------------------------------------------------------------------


def test_list_with_no_saves(folder: Path) -> None:
    result = tales("saves", "list")
    assert result.exit_code == 0
    assert result.output == f"No saves in {folder}.\n"


def test_list_with_no_saves_folder_at_all(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere"
    result = tales("saves", "list", "--saves", str(missing))
    assert result.exit_code == 0
    assert result.output == f"No saves in {missing}.\n"
    assert not missing.exists(), "listing creates nothing"


def test_list_after_a_game(friday: Result) -> None:
    result = tales("saves", "list")
    assert result.exit_code == 0
    (line,) = result.output.splitlines()
    assert line.startswith(
        "friday: the-drowned-bell/bell-house, standard, after round 1, Ezra Marsh; saved "
    ), line
    assert re.search(r"; saved \d{4}-\d\d-\d\d \d\d:\d\d UTC", line), line
    assert line.endswith("[save]")


def test_list_tells_a_sheet_of_the_setup_as_round_1_not_yet_ended(folder: Path) -> None:
    """A save made during round 1 is the setup's sheet (round 0) and its
    journal: it was listed as "after round 0", a round no one plays."""
    result = tales("play", *SOLO, "--save", "early", stdin="1\n2\n")
    assert result.exit_code == 0, result.output
    (line,) = tales("saves", "list").output.splitlines()
    assert ", standard, in round 1, not yet ended, Ezra Marsh; saved " in line, line
    assert "round 0" not in line
    assert line.endswith(", and 2 inputs since [save]"), line


def test_list_marks_checkpoints(friday: Result) -> None:
    tales("play", "--load", "friday", stdin="checkpoint before-the-dory\n")
    lines = tales("saves", "list").output.splitlines()
    assert [line.split(":")[0] for line in lines] == ["friday", "friday@before-the-dory"]
    assert lines[0].endswith("[save]") and lines[1].endswith("[checkpoint]")


def test_list_says_when_there_are_inputs_since_the_sheet(friday: Result, folder: Path) -> None:
    inputs = (folder / "friday.journal").read_text(encoding="utf-8").splitlines()[1:]
    assert len(inputs) == 1, "the game stopped one input after the round-end sheet"
    assert "after round 1, Ezra Marsh" in tales("saves", "list").output
    assert ", and 1 input since [save]" in tales("saves", "list").output


# show and export --------------------------------------------------------------


def test_show_lays_the_sheet_out_like_the_paper_one(friday: Result) -> None:
    result = tales("saves", "show", "friday")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "# Miskatonic Tales — Save sheet"
    expected = [
        "| Session | Scenario | Round | Difficulty |",
        "| friday | The Drowned Bell: The Bell House | 1 | standard |",
        "**Event board tokens:** skull 0 · tentacle 0 · star 0 — time marker on space 2",
        "### Ezra Marsh",
        "| Location | VITALITY | SANITY | ENERGY | MAGIC |",
        "| The Boat Shed | 7 | 5 | 3 | 3 |",
        "| STRESS | INJURY | PANIC | POISON |",
        "| 0 | 0 | 0 | 0 |",
        "## Companions",
        "| Irene Dubois | 2 | 4 |",
        "# Keyword sheet — friday",
        "- [ ] SEA",
        "- [ ] WATCHED",
    ]
    for line in expected:
        assert line in lines, f"{line!r} is missing:\n{result.output}"
    assert lines.index("# Keyword sheet — friday") > lines.index("## Companions")


def test_export_md_is_what_show_prints(friday: Result) -> None:
    shown = tales("saves", "show", "friday").output
    exported = tales("saves", "export", "friday", "--format", "md")
    assert exported.exit_code == 0
    assert exported.output == shown
    assert tales("saves", "export", "friday").output == shown, "md is the default"


def test_export_html_is_a_printable_page(friday: Result) -> None:
    result = tales("saves", "export", "friday", "--format", "html")
    assert result.exit_code == 0
    html = result.output
    assert html.startswith("<!doctype html>")
    assert "<title>Save sheet: friday</title>" in html
    assert "<td>friday</td><td>The Drowned Bell: The Bell House</td><td>1</td>" in html
    assert "<h3>Ezra Marsh</h3>" in html
    assert "<th>VITALITY</th>" in html
    assert "<h1>Keyword sheet &mdash; friday</h1>" in html
    assert html.rstrip().endswith("</html>")


def test_export_html_escapes_what_was_typed_into_the_sheet(friday: Result, folder: Path) -> None:
    edit_sheet(folder, 'notes: ""', "notes: \"<script>alert('bell')</script> & more\"")
    html = tales("saves", "export", "friday", "--format", "html").output
    assert "<script>" not in html
    assert "&lt;script&gt;alert(&#39;bell&#39;)&lt;/script&gt; &amp; more" in html


@pytest.mark.parametrize("form", ["md", "html"])
def test_export_to_a_file(friday: Result, tmp_path: Path, form: str) -> None:
    target = tmp_path / f"sheet.{form}"
    printed = tales("saves", "export", "friday", "--format", form).output
    result = tales("saves", "export", "friday", "--format", form, "-o", str(target))
    assert result.exit_code == 0
    assert result.output == f"wrote {target}\n"
    assert target.read_text(encoding="utf-8") == printed


def test_export_to_a_folder_that_does_not_exist_is_a_clear_error(
    friday: Result, tmp_path: Path
) -> None:
    target = tmp_path / "no" / "such" / "sheet.html"
    result = tales("saves", "export", "friday", "--format", "html", "-o", str(target))
    assert_clear_error(result, str(target))


@pytest.mark.parametrize(
    ("command", "old", "new"),
    [
        ("show", "revealed: [bell-house, boat-shed, landing, nave]", "revealed: 5"),
        ("show", "items: {hatchet: 4, storm-lantern: 2, flensing-spade: 3}", "items: [hatchet]"),
        ("show", "Irene Dubois: {ENERGY: 2, MAGIC: 4}", "Irene Dubois: 5"),
        ("export", "event_tokens: {skull: 0, tentacle: 0, star: 0}", "event_tokens: [0, 0, 0]"),
    ],
    ids=["show-revealed", "show-items", "show-companion", "export-event-tokens"],
)
def test_show_a_sheet_with_a_field_of_the_wrong_type_is_a_clear_error(
    friday: Result, folder: Path, command: str, old: str, new: str
) -> None:
    edit_sheet(folder, old, new)
    result = CliRunner().invoke(cli, ["saves", command, "friday"])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert_clear_error(result, "friday.yaml")


# rm ---------------------------------------------------------------------------


def test_rm_asks_first_and_no_keeps_the_save(friday: Result, folder: Path) -> None:
    before = snapshot(folder)
    result = tales("saves", "rm", "friday", stdin="n\n")
    assert result.exit_code == 0
    assert "Remove the save 'friday'? This cannot be undone [y/N]" in result.output
    assert result.output.endswith("Nothing removed.\n")
    assert snapshot(folder) == before


def test_rm_answered_yes_removes_the_save(friday: Result, folder: Path) -> None:
    result = tales("saves", "rm", "friday", stdin="y\n")
    assert result.exit_code == 0
    assert "Remove the save 'friday'?" in result.output
    assert list(folder.iterdir()) == []


def test_rm_yes_removes_all_three_files_without_asking(friday: Result, folder: Path) -> None:
    result = tales("saves", "rm", "friday", "--yes")
    assert result.exit_code == 0
    assert "Remove the save" not in result.output
    assert sorted(result.output.splitlines()) == sorted(f"removed {folder / f}" for f in FILES)
    assert list(folder.iterdir()) == []
    assert tales("saves", "list").output == f"No saves in {folder}.\n"


def test_rm_leaves_other_saves_and_checkpoints_alone(friday: Result, folder: Path) -> None:
    tales("play", "--load", "friday", stdin="checkpoint x\n")
    tales("play", *SOLO, "--save", "friday-2")
    tales("saves", "rm", "friday", "--yes")
    left = sorted(p.name for p in folder.iterdir())
    assert left == ["friday-2.journal", "friday-2.yaml", "friday@x.journal", "friday@x.yaml"]


@pytest.mark.parametrize("yes", [[], ["--yes"]], ids=["ask", "yes"])
def test_rm_of_a_missing_save_is_a_clear_error(folder: Path, yes: list[str]) -> None:
    result = tales("saves", "rm", "nope", *yes)
    assert_clear_error(result, f"there is no save named 'nope' in {folder}")
    assert "Remove the save" not in result.output, "nothing to ask about"


@pytest.mark.parametrize("command", ["show", "export"])
def test_show_of_a_missing_save_names_the_saves_there_are(friday: Result, command: str) -> None:
    result = tales("saves", command, "fridya")
    assert_clear_error(result, "there is no save named 'fridya'", "there are: friday")


# Names that would leave the folder ---------------------------------------------

COMMANDS = {
    "show": ["saves", "show"],
    "export": ["saves", "export"],
    "rm": ["saves", "rm", "--yes"],
    "load": ["play", "--load"],
}


@pytest.mark.parametrize("name", ["../x", "a/b", "/etc/passwd", "x@../y"])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_name_that_leaves_the_folder_is_a_clear_error(
    tmp_path: Path, command: str, name: str
) -> None:
    """Refused before a path is built: ``../x`` next to the saves folder is
    neither read nor removed."""
    saves = tmp_path / "saves"
    (saves / "a").mkdir(parents=True)
    for path in (tmp_path / "x.yaml", tmp_path / "x.journal", saves / "a" / "b.yaml"):
        path.write_text("format_version: 2\n", encoding="utf-8")
    before = sorted(str(p) for p in tmp_path.rglob("*"))
    result = tales(*COMMANDS[command], name, "--saves", str(saves))
    assert_clear_error(result, f"{name!r} cannot be a save name")
    assert sorted(str(p) for p in tmp_path.rglob("*")) == before


# play --load, --save, --no-save ------------------------------------------------


def test_play_load_goes_on_where_the_game_stopped(friday: Result) -> None:
    (stopped,) = replies(friday.output, "status")
    result = tales("play", "--load", "friday", stdin="status\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "Loaded 'friday' at round 2." in lines
    assert lines[0] == "The Bell House (standard), seed 5."
    assert "-- Paragraph 1 --" not in lines, "a loaded game does not replay its story"
    assert lines[lines.index("Loaded 'friday' at round 2.") + 1] == stopped[0]
    assert replies(result.output, "status") == [stopped]
    assert stopped[0].startswith("Round 2, time space 2 of 8, 6 rounds left;")


def test_play_load_and_commands_leave_the_save_as_it_was(friday: Result, folder: Path) -> None:
    tales("play", "--load", "friday", stdin="options\n")  # a command, not an input
    journal = (folder / "friday.journal").read_text(encoding="utf-8").splitlines()
    sheet = hashlib.sha256((folder / "friday.yaml").read_bytes()).hexdigest()
    assert journal[0] == f"# tales journal after friday round 1 sha256={sheet}"
    assert len(journal) == 2, "loading rewrites nothing and commands are not inputs"


@pytest.mark.parametrize(
    "extra",
    [
        ["the-drowned-bell"],
        ["--seed", "3"],
        ["--investigator", "ezra"],
        ["--difficulty", "hard"],
        ["--players", "2"],
        ["--scenario", "bell-house"],
        ["--companion", "irene"],
    ],
    ids=lambda extra: extra[0].lstrip("-"),
)
def test_play_load_with_setup_options_is_a_clear_error(friday: Result, extra: list[str]) -> None:
    result = tales("play", "--load", "friday", *extra)
    assert_clear_error(
        result, "--load takes the tale and the setup from the save; leave out the other options"
    )


@pytest.mark.parametrize("other", [["--load", "friday"], ["--save", "friday"]])
def test_no_save_with_load_or_save_is_a_usage_error(folder: Path, other: list[str]) -> None:
    result = tales("play", "--no-save", *other)
    assert result.exit_code == 2, result.output
    assert "Error: --no-save cannot go with --load or --save" in result.output
    assert list(folder.iterdir()) == []


def test_play_load_of_a_missing_save_is_a_clear_error(folder: Path) -> None:
    assert_clear_error(
        tales("play", "--load", "nothere"), f"there is no save named 'nothere' in {folder}"
    )


def test_play_save_twice_is_a_clear_error_the_second_time(friday: Result, folder: Path) -> None:
    before = snapshot(folder)
    result = tales("play", *SOLO, "--save", "friday", stdin="1\n")
    assert_clear_error(
        result,
        "there is already a save named 'friday'; "
        "load it with --load friday, or choose another name",
    )
    assert snapshot(folder) == before


def test_play_without_a_name_picks_a_free_one() -> None:
    first = tales("play", *SOLO)
    second = tales("play", *SOLO)
    assert "Saved as 'bell-house-5' after every input" in first.output
    assert "Saved as 'bell-house-5-2' after every input" in second.output


def test_a_damaged_sheet_lists_its_problems_and_is_left_as_it_was(
    friday: Result, folder: Path
) -> None:
    sheet = edit_sheet(folder, "VITALITY: 7", "VITALITY: 99")
    edit_sheet(folder, "hatchet: 4", "hatchett: 4")
    lines = sheet.read_text(encoding="utf-8").splitlines()
    vitality = next(i for i, line in enumerate(lines, 1) if "VITALITY: 99" in line)
    item = next(i for i, line in enumerate(lines, 1) if "hatchett: 4" in line)
    before = snapshot(folder)

    result = tales("play", "--load", "friday", stdin="status\n")
    assert_clear_error(
        result,
        f"the save sheet {sheet} cannot be loaded (2 problems; the file is left as it was):",
        f"{sheet}:{vitality}:5: players.Ezra Marsh.VITALITY: 99 is above Ezra Marsh's maximum "
        "VITALITY, 7",
        f"{sheet}:{item}:",
        "players.Ezra Marsh.items.hatchett: there is no item 'hatchett'; did you mean 'hatchet'?",
    )
    assert "> status" not in result.output, "the game does not start"
    assert snapshot(folder) == before


def test_show_a_save_from_before_the_first_round_names_the_whole_team(folder: Path) -> None:
    """A sheet written at setup lists the characters by name only; the printed
    sheet still shows every player and every Companion."""
    assert tales("play", *SOLO, "--save", "early").exit_code == 0
    shown = tales("saves", "show", "early").output
    assert "### Ezra Marsh" in shown
    for companion in ("Arthur Blackwood", "Elizabeth Hawthorne", "Irene Dubois"):
        assert f"| {companion} |  |  |" in shown


def test_play_load_with_save_goes_on_under_the_new_name(friday: Result, folder: Path) -> None:
    before = (folder / "friday.yaml").read_bytes()
    result = tales("play", "--load", "friday", "--save", "saturday", stdin="status\n")
    assert result.exit_code == 0, result.output
    assert (folder / "saturday.yaml").is_file()
    assert "session: saturday" in (folder / "saturday.yaml").read_text(encoding="utf-8")
    assert (folder / "friday.yaml").read_bytes() == before  # the loaded save stays as it was
    again = tales("play", "--load", "friday", "--save", "saturday", stdin="")
    assert_clear_error(again, "there is already a save named 'saturday'")


# House rules -------------------------------------------------------------------------


def test_play_with_a_ruling_saves_it_and_a_load_keeps_it(folder: Path) -> None:
    result = tales(
        "play", *SOLO, "--ruling", "explosions-optional=false", "--save", "house", stdin=ROUND_2
    )
    assert result.exit_code == 0, result.output
    assert "House rules: explosions-optional=false." in result.output
    assert "explosions-optional: false" in (folder / "house.yaml").read_text(encoding="utf-8")
    saved, _ = load_saved(SaveFiles.named(folder, "house"), load_core())
    assert saved.table.rulings.flag("explosions-optional") is False


@pytest.mark.parametrize(
    ("ruling", "words"),
    [
        ("explosion-optional=false", ("no ruling 'explosion-optional'", "did you mean")),
        ("explosions-optional=maybe", ("true or false, not 'maybe'",)),
        ("sheet-time=false", ("is a fixed reading",)),
        ("explosions-optional", ("ID=VALUE",)),
    ],
)
def test_a_bad_ruling_is_one_clear_line(folder: Path, ruling: str, words: tuple[str, ...]) -> None:
    result = tales("play", *SOLO, "--no-save", "--ruling", ruling)
    assert_clear_error(result, *words)
    assert result.output.count("\n") == 1, result.output
