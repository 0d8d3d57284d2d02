"""Issue 15, "Text that fits": every line is wrapped to the width at the
moment it is printed, and no word is ever broken."""

from __future__ import annotations

import io
from pathlib import Path

from tales.story.game import Game
from tales.ui import render
from tales.ui.consoles import PlainConsole
from tales.ui.play import PlayLoop
from tales.ui.text import Line, fit
from tests.ui.conftest import FakeConsole

TRANSCRIPTS = Path(__file__).resolve().parents[1] / "data" / "transcripts"


def _words(lines: list[Line]) -> list[str]:
    return " ".join(line.text for line in lines).split()


def test_at_80_columns_every_line_fits_and_no_word_is_broken(game: Game) -> None:
    screen = FakeConsole(["status", "help", "map", "log", "clues", "read"])
    PlayLoop(game, screen).run()
    shown = screen.lines + render.status_lines(game.view)
    fitted = fit(shown, 80)
    assert all(len(line.text) <= 80 for line in fitted)
    assert _words(fitted) == _words(shown), "wrapping only moves words, never cuts one"
    assert len(fitted) > len(shown), "some lines were long enough to need wrapping"


def test_an_option_continues_under_its_own_text() -> None:
    option = Line("  4. " + "word " * 30, "option")
    first, second, *_ = fit([option], 40)
    assert first.text.startswith("  4. word") and second.text.startswith("     word")
    assert {line.kind for line in fit([option], 40)} == {"option"}


def test_a_word_longer_than_the_line_stays_whole() -> None:
    long = "x" * 50
    assert [line.text for line in fit([Line(f"see {long} here")], 20)] == [
        "see",
        f"  {long}",
        "  here",
    ]


def test_the_plain_console_fits_what_it_prints() -> None:
    sink = io.StringIO()
    PlainConsole(io.StringIO(), sink, width=30, fits=True).show([Line("one two three " * 6)])
    assert all(len(row) <= 30 for row in sink.getvalue().splitlines())
    piped = io.StringIO()
    PlainConsole(io.StringIO(), piped, width=30).show([Line("one two three " * 6)])
    assert len(piped.getvalue().splitlines()) == 1, "into a pipe a message stays one line"


def test_a_golden_transcript_fitted_to_80_columns_keeps_every_word() -> None:
    for golden in TRANSCRIPTS.glob("*.txt"):
        rows = [Line(r) for r in golden.read_text(encoding="utf-8").splitlines()]
        fitted = fit(rows, 80)
        assert all(len(line.text) <= 80 for line in fitted if " " in line.text.strip())
        assert _words(fitted) == _words(rows), golden.name
