"""Nothing from content or a sheet reaches the terminal raw: an escape
sequence in any printed field comes out shown as its code, in play (piped
and --script), check, graph, simulate and the saves commands."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.hostile.conftest import DATA, no_traceback, tales

# YAML's own escapes, so the file itself holds no control character.
TITLE = r"\e]0;owned\a"  # retitles the window
CLEAR = r"\e[2J\e[H"  # clears the screen
RAW = ("\x1b", "\x07", "\x9b")


def assert_clean(*outputs: str) -> None:
    for output in outputs:
        for character in RAW:
            assert character not in output, repr(output[:2000])


def _spoil(tale: Path, rel: str, old: str, new: str) -> None:
    path = tale / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def spoilt(tale: Path) -> Path:
    """The tiny tale with an escape sequence in a paragraph text, an option
    label, a choice label and a location name."""
    para = "cove/paragraphs/cove.yaml"
    _spoil(tale, para, "text: The tide is out.", f'text: "The tide {TITLE} is out."')
    _spoil(tale, para, "label: Light the lamp", f'label: "Light {CLEAR} the lamp"')
    _spoil(tale, para, "label: Enter the cave", f'label: "Enter {TITLE} the cave"')
    _spoil(tale, "cove/locations.yaml", "name: The Beach", f'name: "The {CLEAR}Beach"')
    return tale


def test_play_piped_and_scripted_shows_escapes_as_codes(spoilt: Path, tmp_path: Path) -> None:
    piped = tales("play", str(spoilt), "--no-save", "--seed", "1", stdin="1\n2\nlook\nmap\n")
    script = tmp_path / "commands.txt"
    script.write_text("1\n\x1b]0;typed\x07\n2\n")
    scripted = tales("play", str(spoilt), "--no-save", "--seed", "1", "--script", str(script))
    for result in (piped, scripted):
        assert "\\x1b]0;owned\\x07" in result.stdout or "\\x1b[2J" in result.stdout
        assert_clean(result.stdout, result.stderr)
        no_traceback(result)


def test_check_graph_and_simulate_show_escapes_as_codes(spoilt: Path) -> None:
    _spoil(spoilt, "cove/paragraphs/cove.yaml", "goto: 3", f'goto: 3\n      "bad{CLEAR}": x')
    checked = tales("check", str(spoilt))
    assert checked.returncode == 1 and "\\x1b[2J" in checked.stdout
    results = [checked]
    _spoil(spoilt, "cove/paragraphs/cove.yaml", f'\n      "bad{CLEAR}": x', "")
    for form in ("dot", "mermaid"):
        results.append(tales("graph", str(spoilt), "--format", form))
    results.append(tales("simulate", str(spoilt), "--runs", "3", "--jobs", "1"))
    for result in results:
        assert_clean(result.stdout, result.stderr)
        no_traceback(result)


def test_a_file_name_with_an_escape_is_shown_as_codes(tale: Path) -> None:
    (tale / "cove/paragraphs/\x1b]0;owned\x07.yaml").write_text("99: [unclosed\n")
    result = tales("check", str(tale))
    assert result.returncode == 1 and "\\x1b]0;owned\\x07.yaml" in result.stdout
    assert_clean(result.stdout, result.stderr)


def test_save_sheet_fields_are_shown_as_codes(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    sheet = (DATA / "saves/paper-sheet.yaml").read_text(encoding="utf-8")
    notes = "notes: Ezra carries the tongue; Laszlo is still in the boat shed."
    assert notes in sheet
    sheet = sheet.replace(notes, f'notes: "Ezra {TITLE}{CLEAR} carries the tongue."')
    sheet = sheet.replace("session: sunday", f'session: "sun{TITLE}day"')
    (folder / "sunday.yaml").write_text(sheet, encoding="utf-8")
    named = sheet.replace("Ezra Marsh:", f'"Ezra {CLEAR}Marsh":', 1)
    (folder / "named.yaml").write_text(named, encoding="utf-8")
    shutil.copy(folder / "sunday.yaml", folder / "\x1b]0;file\x07.yaml")
    results = [tales("saves", "list", "--saves", str(folder))]
    for name in ("sunday", "named"):
        results.append(tales("saves", "show", name, "--saves", str(folder)))
        results.append(tales("saves", "export", name, "--format", "md", "--saves", str(folder)))
        results.append(tales("play", "--load", name, "--saves", str(folder), stdin="look\n"))
    assert any("\\x1b]0;owned\\x07" in r.stdout for r in results)
    for result in results:
        assert_clean(result.stdout, result.stderr)
        no_traceback(result)
