"""Consoles: where a game is shown and its commands are read.

:class:`PlainConsole` reads lines from a stream and writes plain text: for
scripts, pipes and screen readers; every command is echoed so a transcript
reads like the game. :class:`TerminalConsole` is a prompt_toolkit session
with completion, history and a status bar.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from typing import IO, Any

from tales.safefile import printable
from tales.ui.render import Line
from tales.ui.text import fit
from tales.ui.words import typed

MAX_COMMAND = 10_000  # characters of one typed or scripted command; the rest is skipped

STYLES = {
    "narrative": "",
    "heading": "bold",
    "message": "ansicyan",
    "dice": "ansiyellow",
    "warning": "ansired",
    "option": "",
}


def terminal_width() -> int:
    return max(40, min(100, shutil.get_terminal_size((80, 24)).columns - 2))


class PlainConsole:
    def __init__(
        self,
        source: IO[str],
        sink: IO[str],
        *,
        width: int = 78,
        echo: bool = True,
        fits: bool = False,
    ) -> None:
        self.source = source
        self.sink = sink
        self.width = width
        self.echo = echo
        # Lines are fitted to a terminal; into a pipe or a file each message
        # stays one line, whole for a screen reader and for grep.
        self.fits = fits

    def show(self, lines: list[Line]) -> None:
        for line in fit(lines, self.width) if self.fits else lines:
            # The one way out to a pipe: no control character passes.
            self.sink.write(printable(line.text) + "\n")
        self.sink.flush()

    def ask(self, prompt: str, completions: list[str]) -> str | None:
        text = self.source.readline(MAX_COMMAND)
        if not text:
            return None
        if not text.endswith("\n"):  # a line of 100 MB: keep its start, skip the rest
            while (rest := self.source.readline(MAX_COMMAND)) and not rest.endswith("\n"):
                pass
        command = typed(text.rstrip("\r\n"))  # standard input may start with a BOM too
        if self.echo:
            self.sink.write(f"> {printable(command, 200)}\n")
        return command

    def confirm(self, question: str) -> bool:
        return True  # a script means what it says


class TerminalConsole:
    """prompt_toolkit at a real terminal (or a pipe input and dummy output in tests)."""

    def __init__(
        self,
        *,
        plain: bool = False,
        status: Callable[[], str] | None = None,
        ctrl_d: str | None = None,
        session_options: dict[str, Any] | None = None,
    ) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory

        self.plain = plain  # the screen-reader mode: words only, no status bar
        self.colour = not plain and not os.environ.get("NO_COLOR")  # NO_COLOR: colour only
        self.status = status
        # The command Ctrl-D stands for: a game's "quit", whose question says
        # where the game is saved; without one Ctrl-D asks here.
        self.ctrl_d = ctrl_d
        options: dict[str, Any] = {"history": InMemoryHistory(), **(session_options or {})}
        if not self.colour:  # not even prompt_toolkit's own colours
            from prompt_toolkit.output import ColorDepth

            options.setdefault("color_depth", ColorDepth.MONOCHROME)
        self.session: PromptSession[str] = PromptSession(**options)

    def show(self, lines: list[Line]) -> None:
        from prompt_toolkit import print_formatted_text
        from prompt_toolkit.formatted_text import FormattedText

        output = self.session.output
        for line in fit(lines, self.width):
            style = STYLES.get(line.kind, "") if self.colour else ""
            text = printable(line.text)  # the one way out to the terminal
            print_formatted_text(FormattedText([(style, text)]), output=output)

    @property
    def width(self) -> int:
        """The terminal's width now: text printed after a resize fits the new one."""
        return terminal_width()

    def ask(self, prompt: str, completions: list[str]) -> str | None:
        from prompt_toolkit.completion import WordCompleter

        completer = WordCompleter(completions, ignore_case=True, sentence=True)
        status = self.status
        toolbar = None if self.plain or status is None else (lambda: printable(status()))
        try:
            return self.session.prompt(prompt, completer=completer, bottom_toolbar=toolbar)
        except KeyboardInterrupt:  # Ctrl-C cancels what was typed
            return ""
        except EOFError:  # Ctrl-D leaves, once confirmed
            if self.ctrl_d is not None:
                return self.ctrl_d
            return None if self.confirm("Leave the game?") else ""

    def confirm(self, question: str) -> bool:
        """Yes or no; Enter alone is no. Anything else is asked again: a
        menu number typed here (playtest 7: "10" after `rewind`) was taken
        for a silent no."""
        asked = f"{question} [y/N] "
        while True:
            try:
                answer = self.session.prompt(asked).strip().lower()
            except KeyboardInterrupt:  # Ctrl-C: no, as the default says
                return False
            except EOFError:  # Ctrl-D again: yes, leave
                return True
            if answer in ("y", "yes", "n", "no", ""):
                return answer in ("y", "yes")
            self.show([Line(f"Answer y or n (Enter alone is no), not {printable(answer, 12)!r}.")])
