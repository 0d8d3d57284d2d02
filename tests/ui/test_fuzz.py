"""Fuzzing the prompt: thousands of random lines never crash a game or lose progress.

From the issue: "No input at the prompt, however malformed, crashes the game
or loses progress (a fuzz test feeds thousands of random lines to a seeded
game)." After the run, replaying the inputs the game recorded into a fresh
game gives the same table: nothing was lost, nothing invented.
"""

from __future__ import annotations

import random
import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tales.story.core import Core
from tales.story.game import Game, replay
from tales.story.model import Tale
from tales.ui.play import HELP, TERMS, PlayLoop
from tales.ui.render import Line
from tests.ui.conftest import FakeConsole, MakeGame

LINES = 3000
COMMANDS = [*HELP, "quit"]


class FuzzConsole(FakeConsole):
    """Types random lines: mostly junk, now and then a real choice, so that a
    game lasts for thousands of lines. Leaving is never confirmed."""

    def __init__(self, loop_game: Game, rng: random.Random, budget: int) -> None:
        super().__init__(confirm=False)
        self.game = loop_game
        self.rng = rng
        self.budget = budget
        self.typed: list[str] = []

    def ask(self, prompt: str, completions: list[str]) -> str | None:
        self.completions = completions
        if len(self.typed) >= self.budget:
            return None
        line = self.line(completions)
        self.typed.append(line)
        return line

    def line(self, completions: list[str]) -> str:
        rng = self.rng
        pending = self.game.pending
        count = len(pending.options) if pending else 0
        roll = rng.random()
        if roll < 0.04 and pending:  # a real choice, by number
            return str(rng.randint(1, count))
        if roll < 0.06 and pending:  # a real choice, by id
            return rng.choice(pending.ids)
        if roll < 0.16:  # numbers out of range, signed, padded, huge (but < 4300 digits)
            return rng.choice(
                [
                    "0",
                    str(count + rng.randint(1, 50)),
                    str(-rng.randint(0, 9)),
                    f"  {rng.randint(1, 9)}  x",
                    "0" * rng.randint(1, 5) + "99",
                    str(rng.randint(10**20, 10**40)),
                    f"{rng.random():.3f}",
                    "1e3",
                    "\u0661\u0662",  # Arabic-Indic twelve
                ]
            )
        if roll < 0.36:  # a command with junk after it
            return f"{rng.choice(COMMANDS)} {junk(rng, rng.randint(0, 20))}"
        if roll < 0.44:  # help on terms, near misses and nonsense
            term = rng.choice(list(TERMS))
            return rng.choice([f"help {term}", f"help {term[:-1]}", f"HELP {term.lower()}"])
        if roll < 0.54:  # a misspelt completion (command, option id, name or term)
            word = list(rng.choice(completions))
            if word:
                word[rng.randrange(len(word))] = rng.choice(string.ascii_letters)
            return "".join(word)
        if roll < 0.70:  # unicode from every plane
            return junk(rng, rng.randint(1, 40))
        if roll < 0.80:  # control characters and escape sequences
            return "".join(
                rng.choice(["\x00", "\x03", "\x04", "\x1b[2J", "\t", "\r", "\x7f"]) + c
                for c in rng.choices(string.printable, k=rng.randint(1, 10))
            )
        if roll < 0.88:  # very long lines
            return rng.choice(string.ascii_letters + " :-") * rng.randint(1_000, 50_000)
        return rng.choice(["", " ", "\t", "   \t  "])  # empty lines


def junk(rng: random.Random, length: int) -> str:
    """Any characters but newlines and lone surrogates."""
    chars: list[str] = []
    while len(chars) < length:
        code = rng.choice([rng.randint(0x20, 0x7E), rng.randint(0, 0x10FFFF)])
        if not 0xD800 <= code <= 0xDFFF and chr(code) != "\n":
            chars.append(chr(code))
    return "".join(chars)


def assert_nothing_lost_or_invented(core: Core, tale: Tale, game: Game) -> None:
    again = replay(core, tale, game.setup, list(game.inputs))
    assert again.table.snapshot() == game.table.snapshot()
    assert again.pending == game.pending
    assert again.inputs == game.inputs == game.engine.inputs


def test_thousands_of_random_lines_never_crash_a_game(
    core: Core, tale: Tale, make_game: MakeGame
) -> None:
    """3,000 random lines: no exception, and replaying the recorded inputs
    gives the same table. When a game ends, the next seed starts."""
    rng = random.Random(20240611)
    typed = games = chosen = 0
    while typed < LINES:
        game = make_game(seed=games, players=1 + games % 2, investigators=())
        console = FuzzConsole(game, rng, LINES - typed)
        assert PlayLoop(game, console).run() == 0
        assert all(isinstance(line, Line) and isinstance(line.text, str) for line in console.lines)
        assert "Traceback" not in console.text
        assert_nothing_lost_or_invented(core, tale, game)
        typed += len(console.typed)
        chosen += len(game.inputs)
        games += 1
    assert typed == LINES
    assert chosen >= 100, "the games moved on: real choices were made among the junk"


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(lines=st.lists(st.text(max_size=60), max_size=25))
def test_any_text_at_the_prompt_is_handled(
    core: Core, tale: Tale, make_game: MakeGame, lines: list[str]
) -> None:
    """Hypothesis: any list of text lines (newlines included) leaves a game
    that replays to the same table from its recorded inputs."""
    game = make_game(seed=11)
    console = FakeConsole(lines, confirm=False)
    assert PlayLoop(game, console).run() == 0
    assert console.commands == [] or game.engine.finished
    assert_nothing_lost_or_invented(core, tale, game)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    line=st.one_of(
        st.text(alphabet=st.characters(categories=["Nd"]), min_size=1, max_size=12),
        st.from_regex(r"\A[ \t]*[0-9]{1,30}[ \t]*(\S.*)?\Z"),
    )
)
def test_any_number_is_a_choice_or_one_warning(make_game: MakeGame, line: str) -> None:
    """Decimal digits of any script: in range they choose, out of range they
    give one warning and change nothing."""
    game = make_game(seed=11)
    loop = PlayLoop(game, console := FakeConsole())
    before = game.table.snapshot()
    assert loop.handle(line) is True
    if game.inputs:
        assert len(game.inputs) == 1
    else:
        assert game.table.snapshot() == before
        assert [line.kind for line in console.lines] == ["warning"]
