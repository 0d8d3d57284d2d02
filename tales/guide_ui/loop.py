"""The Travel Guide's prompt loop: read a command, play it, show what changed.

The loop owns no rules and draws nothing itself: the session plays, the
screens module renders. A console is :mod:`tales.ui.consoles`' plain or
terminal one; at a terminal each hot-seat turn is private behind a "pass to"
screen.

The board is shown at most once per input, and only when it changed since
it was last shown (or the player asks with ``board``): a drawing shows the
board as drawn and the next question does not show it again. It is re-shown
rather than redrawn in place because the lines after it (what the input did,
a refused move's rule) must stay readable, and a script's transcript must
read as the game went.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from tales.errors import TalesError
from tales.guide.board import PlayerBoard
from tales.guide.game import RoundStarted
from tales.guide.kinds import Kind
from tales.guide_ui.helptext import help_lines
from tales.guide_ui.screens import (
    BOARD_KINDS,
    board_lines,
    city_lines,
    completions,
    decision_lines,
    end_lines,
    event_lines,
)
from tales.guide_ui.session import GuideSession
from tales.rules.events import Event
from tales.ui.render import Line
from tales.ui.words import in_ascii

DRAWING_KINDS = (Kind.DRAW, Kind.ADJUST, Kind.BONUS_SEGMENT)


class Console(Protocol):
    def show(self, lines: list[Line]) -> None: ...

    def ask(self, prompt: str, completions: list[str]) -> str | None: ...


@dataclass(slots=True)
class Loop:
    session: GuideSession
    console: Console
    art: bool  # the board in box-drawing characters (a terminal), or in words
    private: bool  # hot-seat at a terminal: a "pass to" screen between players
    saved: Callable[[GuideSession], None] = lambda session: None
    clear: Callable[[], None] = lambda: None
    _shown_to: str | None = None
    _asked: object = None  # the decision last shown, so a command does not show it again
    _board_shown: tuple[str, PlayerBoard] | None = None  # whose board was last shown, as it was

    def run(self) -> int:
        """Play until the game ends or the input does; the exit code."""
        self.console.show(event_lines(self._opening()))
        while True:
            decision = self.session.pending
            if decision is None:
                self.console.show(end_lines(self.session, art=self.art))
                return 0
            if not self._handover(decision.actor):
                return 0
            if self.session.pending is not decision:
                continue  # taken back at the pass screen: the decision before is asked again
            if decision is not self._asked:
                self._asked = decision
                if decision.kind in BOARD_KINDS:
                    self._board()
                self.console.show(decision_lines(decision, self.session.view))
            text = self._ask(f"{decision.actor or 'guide'}> ", completions(decision))
            if text is None or text.strip().lower() == "quit":
                return 0
            self._command(text.strip())

    def _opening(self) -> tuple[Event, ...]:
        """What is told before the first question: a new game's start, or a
        loaded one's round so far (from its header on), not the start of the
        game it was loaded from: that showed round 1's dice in round 4."""
        if not self.session.inputs:
            return self.session.engine.opening_events
        said = self.session.view.said
        starts = [i for i, e in enumerate(said) if isinstance(e, RoundStarted)]
        return tuple(said[starts[-1] :]) if starts else ()

    def _handover(self, actor: str | None) -> bool:
        """Between two players' turns at a terminal, a screen that hides the board."""
        if actor is None or actor == self._shown_to:
            return True
        if self.private and self._shown_to is not None:
            answer = self._ask(
                f"{self._shown_to}: your turn is over (type undo to take back your last"
                f" input). Pass to {actor}, who presses Enter. ",
                ["undo"],
            )
            if answer is None:
                return False
            if answer.strip().lower() == "undo":
                self._command("undo", handing_over=True)
                return True
            self.clear()
            self._board_shown = None  # a cleared screen shows no board
        self._shown_to = actor
        return True

    def _ask(self, prompt: str, completions: list[str]) -> str | None:
        """A line as typed, its full-width letters and digits read as ASCII
        (an input method left in full width types U+FF15 U+FF15 U+FF45 for 55e)."""
        text = self.console.ask(prompt, completions)
        return None if text is None else in_ascii(text)

    def _board(self, *, asked: bool = False) -> None:
        """Show the board if it changed since last shown, or if the player ``asked``."""
        name = self._shown_to
        if name is None:
            return
        board = self.session.view.boards[name]
        if not asked and self._board_shown == (name, board):
            return
        self._board_shown = (name, board)
        self.console.show(board_lines(self.session.components.city, name, board, art=self.art))

    def _command(self, text: str, *, handing_over: bool = False) -> None:
        word, _, rest = text.partition(" ")
        word = word.lower()
        try:
            if word in ("", "board"):
                self._board(asked=True)
            elif word in ("city", "map"):
                city = self.session.components.city
                self.console.show(city_lines(city, self.session.game.cache_card))
            elif word == "help":
                kind = self.session.pending.kind if self.session.pending else None
                lines = help_lines(rest, self.session.components.rulings, kind)
                self.console.show([Line(t, "narrative") for t in lines])
            elif word == "options" and self.session.pending is not None:
                pending = self.session.pending
                self.console.show(decision_lines(pending, self.session.view, all_options=True))
            elif word == "undo":
                # At the pass screen the player who just played takes back their own input.
                self.session.undo(private=self.private and not handing_over)
                self.saved(self.session)
                self.console.show([Line("Your last input is taken back.", "message")])
            else:
                before = self.session.pending
                events = self.session.play(text)
                self.saved(self.session)
                if before is not None and before.kind in DRAWING_KINDS:
                    # The board as it is drawn, before what the game goes on to
                    # (the next round, another player's question): shown after
                    # it, it read as the next player's.
                    cut = _after_own(events, before.actor)
                    self.console.show(event_lines(events[:cut]))
                    self._board()
                    events = events[cut:]
                self.console.show(event_lines(events))
        except TalesError as error:  # refused: the rule's sentence, and the game goes on
            self.console.show([Line(str(error), "warning")])


def _after_own(events: tuple[Event, ...], player: str | None) -> int:
    """Where the events of ``player``'s own input end: at the first that
    does not name them (the fate die, the next round, others' threats)."""
    for index, event in enumerate(events):
        if getattr(event, "player", None) != player:
            return index
    return len(events)
