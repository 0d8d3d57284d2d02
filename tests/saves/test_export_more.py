"""The printed sheet holds everything (issue 20): encounters in progress,
exploration elements found, the campaign log and counters, items by their
card names, clues where they belong, and whether the game is over; an HTML
page that prints one sheet a page; `saves list` marks a finished game and
lists the Travel Guide's saves."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from ruamel.yaml import YAML

from tales.cli import cli
from tales.saves.catalog import list_lines, read_named
from tales.saves.export import export
from tales.saves.store import SaveFiles
from tales.story.core import Core
from tales.story.game import GameSetup
from tests.saves.helpers import DATA, copy_sheet, load_bell, new_saved

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden" / "drowned-bell-good-ending.yaml"


def test_the_printed_sheet_shows_encounters_log_counters_items_and_clues(
    core: Core, saves: Path
) -> None:
    copy_sheet(DATA / "paper-sheet.yaml", saves, "sunday")
    text = export(read_named(saves, "sunday"), "md")
    assert "The Choir on the Sea Stair at The Sea Stair: combat, 2 token(s)" in text
    assert "the bell: seen from innsmouth (recorded)" in text
    assert "counter innsmouth watch: 1" in text
    assert "The Tongue of Patience" in text and "Ruth Pardee's Storm Lantern" in text
    assert "**Clue cards:** The Ringer's Log, 1871-1876" in text, "Ezra's own clue"
    assert "game is over" not in text


def test_saves_show_prints_the_campaign_log(core: Core, saves: Path) -> None:
    copy_sheet(DATA / "paper-sheet.yaml", saves, "sunday")
    result = CliRunner().invoke(cli, ["saves", "show", "sunday", "--saves", str(saves)])
    assert result.exit_code == 0, result.output
    assert "## Campaign log" in result.output and "innsmouth watch" in result.output


def test_the_html_sheet_prints_one_sheet_a_page(core: Core, saves: Path) -> None:
    copy_sheet(DATA / "paper-sheet.yaml", saves, "sunday")
    runner = CliRunner()
    for page in ("A4", "Letter"):
        args = ["saves", "export", "sunday", "--html", "--page", page, "--saves", str(saves)]
        result = runner.invoke(cli, args)
        assert result.exit_code == 0, result.output
        assert f"@page {{ size: {page}; margin: 10mm; }}" in result.output
        assert result.output.count('<div class="sheet">') == 2
        assert "break-after: page" in result.output


def _finished_save(core: Core, saves: Path) -> None:
    golden = YAML(typ="safe", pure=True).load(GOLDEN.read_text(encoding="utf-8"))
    s = golden["setup"]
    setup = GameSetup(
        s["scenario"], tuple(s["players"]), tuple(s["companions"]), s["difficulty"], s["seed"]
    )
    saved = new_saved(core, load_bell(), setup, SaveFiles.named(saves, "done"))
    for option_id in golden["inputs"]:
        saved.apply(option_id)
    assert saved.game.pending is None
    saved.close()


def test_a_finished_game_says_so_on_its_sheet_and_in_the_list(core: Core, saves: Path) -> None:
    _finished_save(core, saves)
    text = export(read_named(saves, "done"), "md")
    assert "**The game is over: the story ends at paragraph 22." in text
    assert "The campaign of The Drowned Bell is over." in text
    (line,) = [line for line in list_lines(saves) if line.startswith("done:")]
    assert line.endswith(", campaign over]")


def test_the_list_shows_travel_guide_saves_as_such(saves: Path) -> None:
    data = {"format": 1, "mode": "travel-guide", "players": 2, "advanced": False, "seed": 4,
            "challenge": "tourist:3", "inputs": ["a", "b"]}  # fmt: skip
    (saves / "friday.guide.json").write_text(json.dumps(data), encoding="utf-8")
    (saves / "broken.guide.json").write_text("{", encoding="utf-8")
    lines = list_lines(saves)
    assert any(
        re.fullmatch(r"friday: Innsmouth Travel Guide, 2 player\(s\), .*\[guide\]", x)
        for x in lines
    )
    assert "broken: a Travel Guide save that cannot be read [guide]" in lines


CHROMIUM = Path("/usr/bin/chromium")


def _pdf_pages(pdf: bytes) -> int:
    """Pages in a PDF: its page objects (``/Type /Page``, not ``/Pages``)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


@pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium to print with")
@pytest.mark.parametrize("page", ["A4", "Letter"])
def test_each_sheet_prints_on_one_page_in_a_headless_browser(
    core: Core, saves: Path, tmp_path: Path, page: str
) -> None:
    copy_sheet(DATA / "paper-sheet.yaml", saves, "sunday")
    html = tmp_path / "sunday.html"
    html.write_text(export(read_named(saves, "sunday"), "html", page), encoding="utf-8")
    pdf = tmp_path / "sunday.pdf"
    subprocess.run(
        [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
         f"--print-to-pdf={pdf}", html.as_uri()],
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    assert _pdf_pages(pdf.read_bytes()) == 2, "the Save sheet and the Keyword sheet, a page each"


def test_pages_are_counted_from_the_page_objects() -> None:
    assert _pdf_pages(b"<< /Type /Pages /Count 2 >> << /Type /Page >> << /Type/Page/X >>") == 2


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_a_time_marker_with_no_event_tokens_is_still_printed(saves: Path, fmt: str) -> None:
    """The time marker was printed only inside the Event board tokens' line,
    so a sheet with a time and no tokens lost its time on paper."""
    text = (DATA / "paper-sheet.yaml").read_text(encoding="utf-8")
    sheet = re.sub(r"^event_tokens: .*$", "time: 3", text, flags=re.MULTILINE)
    (saves / "untokened.yaml").write_text(sheet, encoding="utf-8")
    printed = export(read_named(saves, "untokened"), fmt)
    assert "time marker on space 3" in printed
    assert "Event board tokens" not in printed
