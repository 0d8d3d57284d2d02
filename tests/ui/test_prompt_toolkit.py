"""A real prompt_toolkit session (tales/ui/consoles.py TerminalConsole)
driving the play loop, with a pipe for the keyboard and a dummy screen.

From the issue: "Tests drive a real prompt_toolkit session with pipe input
and a dummy output"; Ctrl-C cancels what was typed, Ctrl-D asks before
leaving, Tab completes.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from prompt_toolkit.completion import CompleteEvent, WordCompleter
from prompt_toolkit.data_structures import Size
from prompt_toolkit.document import Document
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output.vt100 import Vt100_Output

from tales.story.game import Game
from tales.ui.consoles import TerminalConsole
from tales.ui.play import QUIT, PlayLoop
from tales.ui.render import Line
from tests.ui.conftest import MakeGame, colours

ENTER, CTRL_C, CTRL_D = "\r", "\x03", "\x04"
LEAVE = CTRL_D + "y" + ENTER


class Recorded(TerminalConsole):
    """The real console, also keeping what it showed and what it asked."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.lines: list[Line] = []
        self.questions: list[str] = []

    def show(self, lines: list[Line]) -> None:
        self.lines += lines
        super().show(lines)

    def confirm(self, question: str) -> bool:
        self.questions.append(question)
        return super().confirm(question)

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


@pytest.fixture
def keyboard() -> Iterator[PipeInput]:
    with create_pipe_input() as pipe:
        yield pipe


def play(game: Game, keyboard: PipeInput, keys: str, **options: Any) -> tuple[Recorded, int]:
    """Type ``keys`` (then close the keyboard, so nothing can wait for ever)
    and run the play loop on a real prompt_toolkit session."""
    options.setdefault("session_options", {"input": keyboard, "output": DummyOutput()})
    console = Recorded(**options)
    keyboard.send_text(keys)
    keyboard.close()
    return console, PlayLoop(game, console).run()


def test_commands_and_numbers_typed_at_the_prompt(game: Game, keyboard: PipeInput) -> None:
    console, code = play(game, keyboard, "status" + ENTER + "1" + ENTER + "map" + ENTER + LEAVE)
    assert code == 0
    assert game.inputs == ["story:ezra-marsh:2:0"]
    assert "Ezra Marsh at The Landing Stage: VITALITY 7/7" in console.text
    assert "Ezra Marsh goes to The Boat Shed." in console.text
    assert "  The Boat Shed; here: Ezra Marsh" in console.text
    assert console.questions == ["Leave the game?"]


def test_ctrl_c_cancels_a_half_typed_line(game: Game, keyboard: PipeInput) -> None:
    """Ctrl-C drops "1" before Enter: nothing is chosen, the options are shown again."""
    before = game.table.snapshot()
    console, code = play(game, keyboard, "1" + CTRL_C + "stat" + CTRL_C + LEAVE)
    assert code == 0
    assert game.inputs == []
    assert game.table.snapshot() == before
    prompt = "Round 1: what does the team do?"
    assert [line.text for line in console.lines].count(prompt) == 3, "shown, then after each ^C"
    assert "VITALITY" not in console.text


def test_ctrl_d_asks_and_no_goes_on(game: Game, keyboard: PipeInput) -> None:
    """Ctrl-D asks to confirm leaving: "n" goes on with the game, "y" leaves."""
    console, code = play(game, keyboard, CTRL_D + "n" + ENTER + "2" + ENTER + LEAVE + "1" + ENTER)
    assert code == 0
    assert console.questions == ["Leave the game?", "Leave the game?"]
    assert game.inputs == ["story:ezra-marsh:2:1"], "the line after leaving is never read"
    assert console.lines[-1] == Line("End of input: the game stops here.")


def test_enter_alone_at_the_question_means_no(game: Game, keyboard: PipeInput) -> None:
    console, code = play(game, keyboard, CTRL_D + ENTER + "1" + ENTER + LEAVE)
    assert code == 0
    assert game.inputs == ["story:ezra-marsh:2:0"]
    assert len(console.questions) == 2


def test_an_answer_neither_yes_nor_no_is_asked_again(game: Game, keyboard: PipeInput) -> None:
    """Playtest 7: a menu number typed at the question was a silent no."""
    console, code = play(game, keyboard, "quit" + ENTER + "10" + ENTER + "n" + ENTER + LEAVE)
    assert code == 0
    assert console.questions == ["Leave the game? It is not being saved.", "Leave the game?"]
    assert "Answer y or n (Enter alone is no), not '10'." in console.text
    assert game.inputs == [], "the 10 chose nothing"


def test_quit_asks_then_leaves(game: Game, keyboard: PipeInput) -> None:
    console, code = play(game, keyboard, "quit" + ENTER + "y" + ENTER + "1" + ENTER)
    assert code == 0
    assert console.questions == ["Leave the game? It is not being saved."]
    assert game.inputs == []


def test_the_end_of_the_keyboard_leaves_cleanly(game: Game, keyboard: PipeInput) -> None:
    """A closed input is Ctrl-D with no one to answer: the game stops, code 0."""
    _, code = play(game, keyboard, "2" + ENTER)
    assert code == 0
    assert game.inputs == ["story:ezra-marsh:2:1"]


def test_tab_completion_is_offered(game: Game, keyboard: PipeInput) -> None:
    """After a prompt, the session's completer completes commands and option ids."""
    console, _ = play(game, keyboard, LEAVE)
    completer = console.session.completer
    assert isinstance(completer, WordCompleter)

    def complete(text: str) -> list[str]:
        document = Document(text, len(text))
        return [c.text for c in completer.get_completions(document, CompleteEvent())]

    assert complete("sta") == ["status"]
    assert complete("STA") == ["status"]
    assert "end-round" in complete("end")
    assert "move:ezra-marsh:nave" in complete("move")
    assert complete("BLEED") == ["BLEEDING"]
    assert complete("zzz") == []


def test_the_status_bar_is_shown_unless_plain(make_game: MakeGame, keyboard: PipeInput) -> None:
    console, _ = play(make_game(), keyboard, LEAVE, status=lambda: " Round 1 | time 1")
    toolbar = console.session.bottom_toolbar
    assert callable(toolbar) and toolbar() == " Round 1 | time 1"
    with create_pipe_input() as other:
        plain, _ = play(
            make_game(),
            other,
            LEAVE,
            plain=True,
            status=lambda: " Round 1",
            session_options={"input": other, "output": DummyOutput()},
        )
    assert plain.session.bottom_toolbar is None


def screen(keyboard: PipeInput) -> tuple[io.StringIO, dict[str, Any]]:
    """A colour-capable xterm screen written to a string."""
    written = io.StringIO()
    output = Vt100_Output(written, lambda: Size(rows=40, columns=100), term="xterm")
    return written, {"input": keyboard, "output": output}


def test_plain_lines_carry_no_colour(keyboard: PipeInput) -> None:
    """--plain: the game's own lines are printed without colour."""
    written, options = screen(keyboard)
    console = TerminalConsole(plain=True, session_options=options)
    console.show([Line("A heading", "heading"), Line("A warning", "warning"), Line("Dice", "dice")])
    assert "A warning" in written.getvalue()
    assert colours(written.getvalue()) == set()


def test_coloured_lines_are_coloured_without_plain(keyboard: PipeInput) -> None:
    """The check above can see colour: without --plain a warning is red."""
    written, options = screen(keyboard)
    TerminalConsole(session_options=options).show([Line("A warning", "warning")])
    assert colours(written.getvalue()) == {"ESC[0;31m"}


def test_plain_session_writes_no_colour_at_all(game: Game, keyboard: PipeInput) -> None:
    """Issue: "--plain and NO_COLOR give output with no colour"."""
    written, options = screen(keyboard)
    console = Recorded(plain=True, session_options=options)
    keyboard.send_text("hel" + CTRL_C + LEAVE)
    keyboard.close()
    PlayLoop(game, console).run()
    assert colours(written.getvalue()) == set()


def test_no_color_in_the_environment_removes_colour_only(
    keyboard: PipeInput, monkeypatch: pytest.MonkeyPatch
) -> None:
    """NO_COLOR takes the colour away and nothing else: the status bar stays;
    --plain is the screen-reader mode, words only."""
    monkeypatch.setenv("NO_COLOR", "1")
    written, options = screen(keyboard)
    console = TerminalConsole(session_options=options, status=lambda: " Round 1")
    assert not console.plain and not console.colour
    console.show([Line("A warning", "warning")])
    assert colours(written.getvalue()) == set()


def test_ctrl_d_in_a_game_asks_what_quit_asks(game: Game, keyboard: PipeInput) -> None:
    """Playtest 6: Ctrl-D asked "Leave the game?" and on y said only "End of
    input: the game stops here.", never whether or where the game is saved.
    In a game Ctrl-D is ``quit``: the same question and the same last line."""
    console, code = play(game, keyboard, CTRL_D + "n" + ENTER + CTRL_D + "y" + ENTER, ctrl_d=QUIT)
    assert code == 0
    assert console.questions == ["Leave the game? It is not being saved."] * 2
    assert console.lines[-1] == Line("It is not being saved.")
    assert "End of input" not in console.text
