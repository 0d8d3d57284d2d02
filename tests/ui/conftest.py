"""Shared pieces for the play-interface tests: the starter tale, games started
the way ``tales play`` starts them, and a console that records what it shows."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import pytest

from tales.story.cache import load_tale_cached
from tales.story.core import Core, tale_path
from tales.story.game import Game, start_game
from tales.story.model import Tale
from tales.ui.play import PlayLoop
from tales.ui.render import Line
from tales.ui.setup import Choices, complete

MakeGame = Callable[..., Game]
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def colours(raw: str) -> set[str]:
    """The Select Graphic Rendition sequences in ``raw`` that set a colour
    (foreground or background, 16, 256 or true colour), as "ESC[...m"."""
    found = set()
    for params in SGR.findall(raw):
        codes = [int(p) for p in params.split(";") if p]
        if any(30 <= c <= 38 or 40 <= c <= 48 or 90 <= c <= 97 or 100 <= c <= 107 for c in codes):
            found.add(f"ESC[{params}m")
    return found


@pytest.fixture(scope="session")
def tale() -> Tale:
    """The bundled starter tale, The Drowned Bell."""
    loaded, problems = load_tale_cached(tale_path("the-drowned-bell"))
    assert loaded is not None, problems
    return loaded


@pytest.fixture(scope="session")
def make_game(core: Core, tale: Tale) -> MakeGame:
    """Start a game from ``tales play``-style choices (defaults: seed 5, Ezra alone)."""

    def make(
        seed: int = 5,
        players: int = 1,
        investigators: tuple[str, ...] = ("ezra",),
        difficulty: str | None = None,
    ) -> Game:
        choices = Choices(
            players=players, investigators=investigators, seed=seed, difficulty=difficulty
        )
        return start_game(core, tale, complete(core, tale, choices))

    return make


@pytest.fixture
def game(make_game: MakeGame) -> Game:
    """The default game: seed 5, Ezra alone (a test file may ask for another)."""
    return make_game()


@pytest.fixture
def console() -> FakeConsole:
    return FakeConsole()


@pytest.fixture
def loop(game: Game, console: FakeConsole) -> PlayLoop:
    """The prompt's loop over ``game``, reading from and writing to ``console``."""
    return PlayLoop(game, console)


class FakeConsole:
    """A :class:`tales.ui.play.Console` that feeds commands from a list and
    records every line shown, every prompt and every question asked."""

    def __init__(
        self, commands: Iterable[str] = (), *, confirm: bool = True, width: int = 78
    ) -> None:
        self.commands = list(commands)
        self.answer = confirm
        self.width = width
        self.lines: list[Line] = []
        self.prompts: list[str] = []
        self.questions: list[str] = []
        self.completions: list[str] = []

    def show(self, lines: list[Line]) -> None:
        self.lines.extend(lines)

    def ask(self, prompt: str, completions: list[str]) -> str | None:
        self.prompts.append(prompt)
        self.completions = completions
        return self.commands.pop(0) if self.commands else None

    def confirm(self, question: str) -> bool:
        self.questions.append(question)
        return self.answer

    def take(self) -> list[Line]:
        """The lines shown since the last call, forgetting them."""
        taken, self.lines = self.lines, []
        return taken

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)
