"""``tales guide``: start or load a game, choose the console, run the loop."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from tales.errors import TalesError
from tales.guide.components import ChallengeCell, Components
from tales.guide.data import load_components
from tales.guide.errors import NotationError
from tales.guide_ui.loop import Console, Loop
from tales.guide_ui.saving import free_name, load_session, save_path, write_save
from tales.guide_ui.session import GuideSession, GuideSetup, GuideSetupError
from tales.ui.consoles import PlainConsole, TerminalConsole
from tales.ui.render import Line


@dataclass(frozen=True, slots=True)
class GuideSaving:
    folder: Path
    load: str | None = None
    name: str | None = None
    enabled: bool = True


def _session(
    components: Components, setup: GuideSetup | None, saving: GuideSaving
) -> tuple[GuideSession, str | None, list[Line]]:
    """The game to play, the name it saves under, and what to say first."""
    if saving.load is not None:
        session = load_session(components, saving.folder, saving.load)
        name = saving.name or saving.load
        told = f"Loaded '{saving.load}' after {len(session.inputs)} input(s)."
        return session, name if saving.enabled else None, [Line(told, "heading")]
    assert setup is not None
    session = GuideSession(components, setup, [])
    if not saving.enabled:
        return session, None, []
    if saving.name and save_path(saving.folder, saving.name).exists():
        raise TalesError(
            f"there is already a save named {saving.name!r}; load it with"
            f" --load {saving.name}, or choose another name"
        )
    name = saving.name or free_name(saving.folder, f"guide-{setup.seed}")
    told = f"Saved as '{name}' after every input (tales guide --load {name})."
    return session, name, [Line(told, "message")]


def _welcome(session: GuideSession) -> list[Line]:
    game, setup = session.game, session.setup
    seats = ", ".join(f"{s.name} ({s.character.value})" for s in game.seats)
    goals = " and ".join(g.title for g in game.goals)
    lines = [
        Line("The Innsmouth Travel Guide", "heading"),
        Line(f"Seed {setup.seed}. Players: {seats}. Threat side: {game.side.value}."),
        Line(f"Goals: {goals}. Cache card: {game.cache_card.name}."),
    ]
    if setup.players == 1:
        total = session.components.challenge.totals[setup.level]
        lines.append(Line(f"Challenge: {setup.level}, {total}+ VP and {setup.goal}+ goal VP."))
    lines.append(Line("Type 'help' for the rules, 'help commands' for the commands."))
    return lines


def run_guide(
    setup: GuideSetup | None,
    *,
    script: IO[str] | None,
    plain: bool,
    saving: GuideSaving,
) -> int:
    """Play one game at the prompt; the exit code."""
    components = load_components()
    interactive = script is None and sys.stdin.isatty() and sys.stdout.isatty()
    session, name, notes = _session(components, setup, saving)
    console: Console
    clear = _no_clear
    if interactive and not plain:
        terminal = TerminalConsole()
        console, clear = terminal, _clearer(terminal)
    else:
        console = PlainConsole(script or sys.stdin, sys.stdout)
    console.show([*_welcome(session), *notes])
    folder = saving.folder

    def saved(played: GuideSession) -> None:
        if name is not None:
            write_save(folder, name, played)

    saved(session)
    art = interactive and not plain
    loop = Loop(session, console, art=art, private=interactive, saved=saved, clear=clear)
    code = loop.run()
    if name is not None and loop.session.pending is not None:  # left before the end: say where
        told = f"The game is saved as '{name}' (tales guide --load {name})."
        console.show([Line(told, "message")])
    return code


def new_setup(players: int, advanced: bool, seed: int | None, challenge: str) -> GuideSetup:
    try:
        cell = ChallengeCell.from_text(challenge)
    except NotationError as error:
        raise GuideSetupError(str(error)) from None
    chosen = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
    return GuideSetup(players, advanced, chosen, cell.level, cell.goal)


def _no_clear() -> None:
    return None


def _clearer(terminal: TerminalConsole) -> Callable[[], None]:
    def clear() -> None:
        terminal.session.output.erase_screen()
        terminal.session.output.cursor_goto(0, 0)
        terminal.session.output.flush()

    return clear
