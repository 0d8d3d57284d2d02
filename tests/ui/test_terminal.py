"""``tales play`` in a real pseudo-terminal, driven by pexpect.

From the issue: "one test runs `tales play` in a real terminal (tmux or
pexpect), types commands and reads the screen." The terminal answers the
cursor-position requests prompt_toolkit sends, as xterm would, so the
status bar is drawn.
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ui.conftest import colours

pexpect = pytest.importorskip("pexpect")

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")

ROOT = Path(__file__).resolve().parents[2]
WAIT = 90.0  # seconds: a busy two-core machine starts Python slowly
PROMPT = "or a command]"
# Escape sequences: CSI (colours, cursor moves), OSC (titles), charset and keypad modes.
ESCAPE = re.compile(
    r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][0-9A-Za-z]|[=>])"
)
CPR_REQUEST = "\x1b[6n"


class Terminal:
    """A child process on a 100 x 40 xterm, and the text it has put on screen."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        environment = {**os.environ, "TERM": "xterm", "COLUMNS": "100", "LINES": "40"}
        environment.pop("NO_COLOR", None)
        environment.update(env or {})
        self.child = pexpect.spawn(
            sys.executable,
            # With options, the starter tale; with none, the default tale's setup.
            ["-m", "tales", "play", *(("the-drowned-bell", *args) if args else ())],
            cwd=str(ROOT),
            env=environment,
            dimensions=(40, 100),
            encoding="utf-8",
            codec_errors="replace",
            timeout=WAIT,
        )
        self.raw = ""
        self.mark = 0  # where the text since the last keys begins
        self.answered = 0

    @property
    def text(self) -> str:
        """Everything shown so far, without escape sequences or carriage returns."""
        return ESCAPE.sub("", self.raw).replace("\r", "")

    @property
    def since(self) -> str:
        """What was shown since the last keys were typed."""
        return self.text[self.mark :]

    def read(self) -> bool:
        """Read what is waiting; False once the process has closed the terminal."""
        try:
            self.raw += self.child.read_nonblocking(65536, timeout=0.2)
        except pexpect.TIMEOUT:
            return True
        except pexpect.EOF:
            return False
        while self.answered < self.raw.count(CPR_REQUEST):  # "where is the cursor?"
            self.child.send("\x1b[1;1R")  # top left, as a fresh xterm would answer
            self.answered += 1
        return True

    def wait_for(self, *words: str) -> str:
        """Read until every word is on screen since the last keys."""
        deadline = time.monotonic() + WAIT
        while not all(word in self.since for word in words):
            if not self.read() or time.monotonic() > deadline:
                missing = [w for w in words if w not in self.since]
                raise AssertionError(f"never shown: {missing}\n--- screen ---\n{self.since}")
        return self.since

    def wait_for_in_order(self, *words: str) -> str:
        """Read until the words are on screen since the last keys, each after
        the one before: a prompt redrawn while keys are echoed must not count
        as the prompt that follows what those keys did."""
        deadline = time.monotonic() + WAIT
        while not _in_order(self.since, words):
            if not self.read() or time.monotonic() > deadline:
                raise AssertionError(f"never shown in order: {words}\n--- screen ---\n{self.since}")
        return self.since

    def type(self, keys: str) -> None:
        self.mark = len(self.text)
        self.child.send(keys)

    def finish(self) -> int:
        """Wait for the process to end; its exit status."""
        deadline = time.monotonic() + WAIT
        while self.read() and time.monotonic() < deadline:
            pass
        self.child.close()
        assert self.child.exitstatus is not None, "the game did not end"
        return int(self.child.exitstatus)

    def kill(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)


def _in_order(text: str, words: tuple[str, ...]) -> bool:
    at = 0
    for word in words:
        found = text.find(word, at)
        if found < 0:
            return False
        at = found + len(word)
    return True


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    started: list[Terminal] = []
    yield started
    for terminal in started:
        terminal.kill()


def test_a_game_in_a_real_terminal(terminals: list[Terminal]) -> None:
    """Type help, status and a number, read the screen, then Ctrl-D and "y"."""
    term = Terminal("--seed", "5", "--players", "1", "--investigator", "ezra")
    terminals.append(term)
    screen = term.wait_for(
        "-- Paragraph 1 --", "Ruth Pardee met your train", "7. End the round", PROMPT
    )
    assert "The Bell House (standard), seed 5." in screen
    assert "Players: Ezra Marsh." in screen

    term.type("help\r")
    screen = term.wait_for("help followed by a rule term", PROMPT)
    assert "status: round, time, Event board tokens and every investigator" in screen

    term.type("status\r")
    screen = term.wait_for("Irene Dubois (Companion)", PROMPT)
    assert "Ezra Marsh at The Landing Stage: VITALITY 7/7, SANITY 5/5" in screen

    term.type("1\r")
    screen = term.wait_for("Ezra Marsh goes to The Boat Shed.", "Drag the dory", PROMPT)
    assert "A new location is revealed: The Boat Shed." in screen
    assert "Round 1 | time 1 (7 rounds left) | no tokens | Ezra V7 S5" in term.text, "status bar"

    term.type("hnd\r")
    term.wait_for("Did you mean 'hand'?", PROMPT)

    term.type("\x04")  # Ctrl-D is quit: it says where the game is saved, as quit does
    term.wait_for("Leave the game? It is saved as")
    term.type("y\r")
    assert term.finish() == 0
    assert "Traceback" not in term.text
    assert "End of input" not in term.text


def test_ctrl_d_then_no_goes_on_in_a_real_terminal(terminals: list[Terminal]) -> None:
    term = Terminal("--seed", "5", "--players", "1", "--investigator", "ezra", "--plain")
    terminals.append(term)
    term.wait_for("7. End the round", PROMPT)
    term.type("sta\x03")  # Ctrl-C drops the half-typed line
    term.wait_for_in_order("Round 1: what does the team do?", PROMPT)
    term.type("\x04")
    term.wait_for("Leave the game? It is saved as")
    term.type("n\r")
    term.wait_for(PROMPT)
    term.type("2\r")
    term.wait_for("Round 1: what does the team do?", PROMPT)
    term.type("quit\r")
    term.wait_for("Leave the game? It is saved as")
    term.type("yes\r")
    assert term.finish() == 0


@pytest.mark.parametrize(
    ("flags", "env"),
    [((), {"NO_COLOR": "1"}), (("--plain",), {})],
    ids=["NO_COLOR", "--plain"],
)
def test_no_colour_asked_in_a_real_terminal_writes_no_colour(
    terminals: list[Terminal], flags: tuple[str, ...], env: dict[str, str]
) -> None:
    """Issue: "--plain and NO_COLOR give output with no colour"."""
    term = Terminal("--seed", "5", "--players", "1", "--investigator", "ezra", *flags, env=env)
    terminals.append(term)
    term.wait_for("7. End the round", PROMPT)
    term.type("zzz\r")
    term.wait_for_in_order("neither an option number nor a command", PROMPT)
    term.type("hel\x03")  # the options are listed again under a fresh prompt
    term.wait_for_in_order("Round 1: what does the team do?", PROMPT)
    term.type("\x04")
    term.wait_for("[y/N]")
    term.type("y\r")
    assert term.finish() == 0
    assert colours(term.raw) == set()


def test_colours_are_seen_without_plain(terminals: list[Terminal]) -> None:
    """The colour check can see colour: a warning is red without --plain."""
    term = Terminal("--seed", "5", "--players", "1", "--investigator", "ezra")
    terminals.append(term)
    term.wait_for("7. End the round", PROMPT)
    term.type("zzz\r")
    term.wait_for_in_order("neither an option number nor a command", PROMPT)
    term.type("\x04")
    term.wait_for("[y/N]")
    term.type("y\r")
    assert term.finish() == 0
    assert "ESC[0;31m" in colours(term.raw)


def test_with_no_options_a_short_setup_asks_and_enter_accepts(
    terminals: list[Terminal],
) -> None:
    """On a terminal with no options, a short setup asks; Enter accepts every default."""
    term = Terminal()
    terminals.append(term)
    term.wait_for("setting up (press Enter to accept each default)")
    questions = [
        "Scenario [low-water]:",
        "Difficulty [standard]:",
        "Players [1]:",
        "Investigator for player 1 [arthur]:",
        "Companion 1 [",
        "Companion 2 [",
        "Companion 3 [",
        "House rules, as ID=VALUE ... ('?' lists them) [none]:",
    ]
    term.wait_for(questions[0])
    for question in questions[1:]:
        term.type("\r")
        term.wait_for(question)
    term.type("\r")
    screen = term.wait_for("Players: Arthur Blackwood.", PROMPT)
    assert "Low Water (standard), seed " in screen
    term.type("\x04")
    term.wait_for("[y/N]")
    term.type("y\r")
    assert term.finish() == 0
