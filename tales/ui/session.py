"""Starting ``tales play``: setup, then the play loop on the right console."""

from __future__ import annotations

import sys
from typing import IO

from tales.errors import TalesError
from tales.story.cache import load_tale_cached
from tales.story.core import load_core
from tales.story.game import Game, start_game
from tales.ui.consoles import PlainConsole, TerminalConsole
from tales.ui.play import PlayLoop
from tales.ui.render import Line
from tales.ui.setup import Choices, ask_setup, complete, tale_path


def run_play(choices: Choices, *, script: IO[str] | None = None, plain: bool = False) -> int:
    core = load_core()
    tale, problems = load_tale_cached(tale_path(choices.tale))
    if tale is None:
        listing = "\n".join(str(p) for p in problems if p.severity == "error")
        raise TalesError(f"the tale cannot be played until its errors are fixed:\n{listing}")
    setup = complete(core, tale, choices)
    interactive = script is None and sys.stdin.isatty() and sys.stdout.isatty()
    if interactive and choices.empty:
        setup = ask_setup(core, tale, setup)
    game = start_game(core, tale, setup)
    if interactive:
        console: PlainConsole | TerminalConsole = TerminalConsole(
            plain=plain, status=lambda: status_bar(game)
        )
    else:
        console = PlainConsole(script or sys.stdin, sys.stdout)
    console.show(opening(game))
    return PlayLoop(game, console).run()


def opening(game: Game) -> list[Line]:
    setup, table = game.setup, game.table
    names = [table.investigator(s).name for s in setup.players]
    companions = [table.investigator(s).name for s in setup.companions]
    return [
        Line(f"{game.book.book.title} ({setup.difficulty}), seed {setup.seed}.", "heading"),
        Line(f"Players: {', '.join(names)}. Companions: {', '.join(companions) or 'none'}."),
        Line("Type a number to choose; 'help' lists the commands."),
    ]


def status_bar(game: Game) -> str:
    table = game.table
    tokens = " ".join(f"{s.value}:{n}" for s, n in sorted(table.event_tokens.items()) if n)
    people = "  ".join(
        f"{inv.name.split()[0]} V{inv.vitality} S{inv.sanity} E{inv.energy} M{inv.magic} "
        f"hand {len(inv.hand)}"
        for inv in table.players()
    )
    return f" Round {table.round} | time {table.time} | {tokens or 'no tokens'} | {people}"
