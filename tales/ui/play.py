"""The play loop: a game at a prompt, one command at a time.

A number picks that option of the pending decision; an option's id works too
("roll", "end-round"); anything else is a command (``help`` lists them). A
bad command gets one line of explanation and the game goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from tales.errors import TalesError
from tales.problems import close_match
from tales.rules.decisions import DecisionKind
from tales.rules.events import Event
from tales.story.game import Game
from tales.story.interpreter import StoryRead
from tales.story.view import TableView
from tales.ui import render
from tales.ui.render import Line

HELP = {
    "help": "help [COMMAND or TERM]: this list, or what a command or a rule term means",
    "options": "options: show the choices open now again",
    "hand": "hand [NAME]: the cards in each player's hand",
    "status": "status: round, time, Event board tokens and every investigator",
    "map": "map: revealed locations, where they lead and who stands where",
    "keywords": "keywords: the Keyword sheet",
    "items": "items: who carries what, with uses left",
    "log": "log: the paragraphs read so far",
    "odds": "odds: the chance of passing the test being prepared, if you rolled now",
    "save": "save [NAME]: where this game is saved (it saves itself); NAME: save it as NAME",
    "undo": "undo [N]: take back the last input, or the last N",
    "checkpoint": "checkpoint NAME: keep this moment, to come back to with rewind",
    "rewind": "rewind NAME: go back to a checkpoint, dropping what was played since",
    "quit": "quit: leave the game",
}

TERMS = {
    "ADVANTAGE": "roll 2 red dice and keep the one you prefer; cancels a DISADVANTAGE token",
    "DISADVANTAGE": "roll 2 red dice and keep the worse; cancels an ADVANTAGE token",
    "FOCUS": "in your next test you may use any attribute; the successes needed stay the same",
    "FORTIFIED": "next round your hand limit is 6: draw 1 more card, never a status card",
    "SURPRISED": "next round your hand limit is 4: discard 1 chosen card",
    "BLEEDING": "at the end of the round, add 1 INJURY card to your discard pile",
    "SCARED": "at the end of the round, add 1 STRESS card to your discard pile",
    "STUNNED": "at the end of the round, discard 1 ENERGY",
    "STRESS": "every 2 STRESS cards in your play area cost 1 SANITY",
    "INJURY": "every 2 INJURY cards in your play area cost 1 VITALITY",
    "POISON": "each POISON card in your play area costs 1 VITALITY",
    "PANIC": "until the end of the round you cannot give or receive help in tests",
    "EXPLODE": "an Exploding Success counts 1 success and lets you roll 1 more white die",
    "SHATTER": "a Shattered Star cancels 1 success on the dice, never one from a card",
}


def printable(text: str, limit: int = 60) -> str:
    """Input quoted back safely: control characters (a typed escape sequence)
    shown as codes, never sent to the terminal; very long input shortened."""
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


class SavedPlay(Protocol):
    """A game that saves itself (tales.ui.session.SaveControl)."""

    game: Game

    @property
    def name(self) -> str | None: ...

    def apply(self, option_id: str) -> tuple[Event, ...]: ...
    def undo(self, count: int) -> int: ...
    def checkpoint(self, name: str) -> object: ...
    def checkpoints(self) -> list[str]: ...
    def rewind(self, name: str) -> list[str]: ...
    def save_as(self, name: str) -> None: ...


class Console(Protocol):
    """Where the game is shown and commands are read."""

    width: int

    def show(self, lines: list[Line]) -> None: ...

    def ask(self, prompt: str, completions: list[str]) -> str | None:
        """One command, or None at the end of input."""
        ...

    def confirm(self, question: str) -> bool: ...


class PlayLoop:
    def __init__(self, game: Game, console: Console, saved: SavedPlay | None = None) -> None:
        self.game = game
        self.console = console
        self.saved = saved
        self.read: list[tuple[int, str]] = []  # paragraphs read, with their first words
        self.shown_decision: object | None = None
        self.commands: dict[str, Callable[[str], None]] = {
            "help": self.help,
            "options": lambda _: self.show_decision(force=True),
            "hand": lambda arg: self.console.show(render.hand_lines(self.table, self._who(arg))),
            "status": lambda _: self.console.show(render.status_lines(self.table)),
            "map": lambda _: self.console.show(render.map_lines(self.table)),
            "keywords": lambda _: self.console.show(
                render.keywords_lines(self.table, self.table.keyword_sheet)
            ),
            "items": lambda _: self.console.show(render.items_lines(self.table)),
            "log": self.log,
            "odds": self.odds,
            "save": self.save,
            "undo": self.undo,
            "checkpoint": self.checkpoint,
            "rewind": self.rewind,
        }

    @property
    def table(self) -> TableView:
        """The game as the prompt may see it: read-only."""
        return self.game.view

    # The loop ---------------------------------------------------------------------

    def run(self, *, history: bool = True) -> int:
        """Play until the game ends or the input does; ``history``: show what
        happened before (a loaded game shows where it stands instead)."""
        if history:
            self.show_events(self.game.events)
        else:
            self.console.show(render.status_lines(self.table))
        while self.game.pending is not None:
            self.show_decision()
            text = self.console.ask(self._prompt(), self.completions())
            if text is None:  # end of input: leave quietly
                self.console.show([Line("End of input: the game stops here.")])
                return 0
            if not self.handle(text):
                return 0
        self.show_ending()
        return 0

    def handle(self, text: str) -> bool:
        """Carry out one line; False when the player leaves."""
        words = text.strip().split(maxsplit=1)
        if not words:
            self.show_decision(force=True)
            return True
        command, argument = words[0].lower(), (words[1] if len(words) > 1 else "")
        pending = self.game.pending
        if pending is None:
            return False
        if command.isdecimal():
            count = len(pending.options)
            if len(command) <= 6 and 1 <= int(command) <= count:
                return self.choose(pending.options[int(command) - 1].id)
            self.say(f"There is no option {printable(command, 12)}: choose 1 to {count}.")
            return True
        if text.strip() in pending.ids:
            return self.choose(text.strip())
        if command == "quit":
            name = self.saved.name if self.saved is not None else None
            where = (
                f"It is saved as '{name}' (tales play --load {name})."
                if name
                else ("It is not being saved.")
            )
            if not self.console.confirm(f"Leave the game? {where}"):
                return True
            self.console.show([Line(where)])
            return False
        if command in self.commands:
            try:
                self.commands[command](argument)
            except (TalesError, OSError) as error:  # a refused save command: the game goes on
                self.say(str(error))
            return True
        close = close_match(command, [*self.commands, "quit", *pending.ids])
        hint = f" Did you mean '{close}'?" if close else ""
        self.say(
            f"'{printable(text.strip())}' is neither an option number nor a command.{hint} "
            "Type 'help'."
        )
        return True

    def choose(self, option_id: str) -> bool:
        try:
            events = self.saved.apply(option_id) if self.saved else self.game.apply(option_id)
        except TalesError as error:  # the engine refused: the game goes on
            self.say(str(error))
            return True
        self.show_events(events)
        return True

    # Showing ----------------------------------------------------------------------

    def say(self, text: str) -> None:
        self.console.show([Line(text, "warning")])

    def show_events(self, events: list[Event] | tuple[Event, ...]) -> None:
        lines: list[Line] = []
        for event in events:
            if isinstance(event, StoryRead):
                self.read.append((event.paragraph, " ".join(event.text.split()[:8])))
            lines += render.render_event(event, self.table, self.console.width)
        if lines:
            self.console.show(lines)

    def show_decision(self, *, force: bool = False) -> None:
        pending = self.game.pending
        if pending is None or (pending is self.shown_decision and not force):
            return
        self.shown_decision = pending
        self.console.show(render.decision_lines(pending, self.table))

    def show_ending(self) -> None:
        lines = [Line(f"The game is over: {self.game.ending}.", "heading")]
        going_on = self.game.next_scenario
        if going_on is not None:
            title = self.table.title
            load = (
                f" (tales play --load {self.saved.name})" if self.saved and self.saved.name else ""
            )
            lines.append(
                Line(f"The campaign goes on after {title}: the next scenario is saved{load}.")
            )
        self.console.show(lines)

    def _prompt(self) -> str:
        pending = self.game.pending
        count = len(pending.options) if pending else 0
        return f"[1-{count} or a command] > "

    def completions(self) -> list[str]:
        pending = self.game.pending
        ids = list(pending.ids) if pending else []
        names = [inv.slug for inv in self.table.players()]
        return [*self.commands, "quit", *ids, *names, *TERMS]

    # Commands ---------------------------------------------------------------------

    def _who(self, argument: str) -> str | None:
        if not argument:
            return None
        for inv in self.table.players():
            if argument.lower() in (inv.slug, inv.name.lower(), inv.name.split()[0].lower()):
                return inv.slug
        self.say(f"No player's investigator is called {argument!r}; showing every hand.")
        return None

    def help(self, argument: str) -> None:
        topic = argument.strip()
        if not topic:
            lines = [Line("Type an option's number to choose it. Commands:", "heading")]
            lines += [Line(f"  {text}") for text in HELP.values()]
            lines.append(Line("help followed by a rule term (help BLEEDING) explains it."))
            self.console.show(lines)
            return
        if topic.lower() in HELP:
            self.console.show([Line(HELP[topic.lower()])])
        elif topic.upper() in TERMS:
            self.console.show([Line(f"{topic.upper()}: {TERMS[topic.upper()]}.")])
        else:
            close = close_match(topic.upper(), TERMS)
            hint = f" Did you mean {close}?" if close else ""
            self.say(f"No help on {topic!r}.{hint}")

    # Saving -----------------------------------------------------------------------

    def _saving(self) -> SavedPlay | None:
        if self.saved is None:
            self.say("This game is not being saved.")
        return self.saved

    def save(self, argument: str) -> None:
        saved = self._saving()
        if saved is None:
            return
        name = argument.strip()
        if name:
            saved.save_as(name)
        if saved.name:
            self.console.show(
                [
                    Line(
                        f"Saved as '{saved.name}' after every input; "
                        f"load it with: tales play --load {saved.name}"
                    )
                ]
            )
        else:
            self.say("This game is not being saved; 'save NAME' starts saving it as NAME.")

    def undo(self, argument: str) -> None:
        saved = self._saving()
        if saved is None:
            return
        text = argument.strip() or "1"
        if not text.isdecimal() or len(text) > 6 or int(text) < 1:
            self.say(f"undo takes a number of inputs to take back, not {printable(text, 12)!r}.")
            return
        count = int(text)
        if count > 1 and not self.console.confirm(f"Take back the last {count} inputs?"):
            return
        taken = saved.undo(count)
        self._rewound(f"Took back {taken} input{'s' if taken != 1 else ''}.")

    def checkpoint(self, argument: str) -> None:
        saved = self._saving()
        if saved is None:
            return
        if not argument.strip():
            self.say("checkpoint needs a name: checkpoint before-the-reef")
            return
        saved.checkpoint(argument.strip())
        self.console.show(
            [
                Line(
                    f"Checkpoint '{argument.strip().lower()}' kept; "
                    f"'rewind {argument.strip().lower()}' comes back to it."
                )
            ]
        )

    def rewind(self, argument: str) -> None:
        saved = self._saving()
        if saved is None:
            return
        name = argument.strip()
        if not name:
            self.say(
                "rewind needs a checkpoint's name; this game has: "
                + (", ".join(saved.checkpoints()) or "none yet")
            )
            return
        if name.lower() not in saved.checkpoints():
            have = ", ".join(saved.checkpoints()) or "none yet"
            self.say(f"there is no checkpoint {printable(name, 30)!r}; this game has: {have}")
            return
        if not self.console.confirm(
            f"Go back to checkpoint '{name}'? What was played since is dropped."
        ):
            return
        warnings = saved.rewind(name)
        for warning in warnings:
            self.say(warning)
        self._rewound(f"Back at checkpoint '{name.lower()}'.")

    def _rewound(self, message: str) -> None:
        assert self.saved is not None
        self.game = self.saved.game
        self.shown_decision = None
        self.console.show([Line(message, "heading"), *render.status_lines(self.table)])
        self.show_decision(force=True)

    def log(self, _: str) -> None:
        lines = [Line("Paragraphs read so far:", "heading")]
        lines += [Line(f"  {number}: {start}...") for number, start in self.read]
        self.console.show(lines)

    def odds(self, _: str) -> None:
        pending = self.game.pending
        state = pending.context if pending else None
        if state is None or pending is None or pending.kind is not DecisionKind.PREPARE:
            self.say("There is no test being prepared; odds are shown while cards are committed.")
            return
        chance = self.table.chance(state)
        self.console.show(
            [
                Line(
                    f"If you rolled now: {float(chance):.1%} to pass "
                    f"({chance.numerator}/{chance.denominator}), with "
                    f"{state.white_pool(self.table.dice.white_count)} white dice and "
                    f"{state.card_successes} sure successes for {self.table.need(state)} needed."
                )
            ]
        )
