"""The play loop: a game at a prompt, one command at a time.

A number picks that option of the pending decision; an option's id works too
("roll", "end-round"); anything else is a command (``help`` lists them). A
bad command gets one line of explanation and the game goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from tales.errors import NotSaved, TalesError
from tales.problems import close_match
from tales.rules.events import Event
from tales.story.conditions import render as render_text
from tales.story.conditions import templated
from tales.story.core import Core
from tales.story.game import Game
from tales.story.interpreter import StoryRead
from tales.story.view import TableView
from tales.ui import ending, render, views
from tales.ui.at_table import entry_words, table_commands
from tales.ui.helps import HELP, PIECES, STATUSES, TERMS, help_lines
from tales.ui.keys import Keys, keys_as_shown
from tales.ui.render import Line
from tales.ui.voice import Narrator, voice_commands
from tales.ui.words import as_number, sentence
from tales.ui.words import count as count_of

__all__ = ["HELP", "QUIT", "TERMS", "Console", "PlayLoop", "SavedPlay", "printable"]

QUIT = "quit"  # the command that leaves, saying where the game is saved; Ctrl-D types it


def printable(text: str, limit: int = 60) -> str:
    """Input quoted back safely: control characters (a typed escape sequence)
    shown as codes, never sent to the terminal; very long input shortened."""
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


class SavedPlay(Protocol):
    """A game that saves itself (tales.saves.session.SavedGame)."""

    game: Game
    unsaved: str | None  # why the latest inputs are not on disk, if they are not
    origin: Callable[[], Game]  # the game the inputs start from, built afresh
    core: Core | None  # the box the game was set up from

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

    @property
    def width(self) -> int:
        """Columns to fit text in, asked each time (a terminal may be resized)."""
        ...

    def show(self, lines: list[Line]) -> None: ...

    def ask(self, prompt: str, completions: list[str]) -> str | None:
        """One command, or None at the end of input."""
        ...

    def confirm(self, question: str) -> bool: ...


class PlayLoop:
    def __init__(
        self,
        game: Game,
        console: Console,
        saved: SavedPlay | None = None,
        *,
        strict: bool = False,
        narrator: Narrator | None = None,
        box: Core | None = None,
    ) -> None:
        self.game = game
        # The box: help names a starting item no one at the table carries.
        self.box = box if box is not None else saved.core if saved is not None else None
        self.narrator = narrator  # reads each paragraph aloud (--voice)
        self.strict = strict  # a script: a line not understood fails the run at its end
        self.console = console
        self.saved = saved
        self.read: dict[int, str] = {}  # paragraphs read, as they were read, in order
        self.shown_decision: object | None = None
        self.keys = Keys()
        self.unknown: list[tuple[int, str]] = []  # (input line, text) nobody understood
        self.inputs = 0
        # What undo reaches back to: the start of this game, or the sheet it
        # was loaded from (a checkpoint's, after a rewind); never further.
        self.origin = "this game was started"
        self.commands: dict[str, Callable[[str], None]] = {
            "help": self.help,
            "options": lambda _: self.show_decision(force=True),
            "hand": lambda arg: self.console.show(render.hand_lines(self.table, self._who(arg))),
            "status": lambda _: self.console.show(render.status_lines(self.table)),
            "time": lambda _: self.console.show(views.time_lines(self.table)),
            "encounter": lambda _: self.console.show(views.encounter_lines(self.table)),
            "clues": lambda _: self.console.show(views.clues_lines(self.table)),
            "read": self.reread,
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
            **table_commands(self),
            **voice_commands(narrator, self.say),
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
            self.origin = "this game was loaded from its sheet"
            self._number_as_before()
            self._remember(self.game.events)
            self.console.show(render.status_lines(self.table))
            self.console.show(self._left_off(self.game.events))
        while self.game.pending is not None:
            self.show_decision()
            text = self.console.ask(self._prompt(), self.completions())
            if text is None:  # end of input: leave quietly
                code = self._outcome()
                self.console.show([Line("End of input: the game stops here.")])
                return code
            self.inputs += 1
            if not self.handle(text):
                return self._outcome()
        self.show_ending()
        return self._outcome()

    def _outcome(self) -> int:
        """0, or 1 when a line was not understood: a script that mistyped a
        command must not pass for one that played what it meant."""
        if not self.unknown or not self.strict:
            return 0
        for number, text in self.unknown:
            self.say(f"Line {number} was not understood: '{printable(text)}'.")
        return 1

    def handle(self, text: str) -> bool:
        """Carry out one line; False when the player leaves."""
        words = text.strip().split(maxsplit=1)
        if not words:
            self.show_decision(force=True)
            return True
        command, argument = as_number(words[0]).lower(), (words[1] if len(words) > 1 else "")
        pending = self.game.pending
        if pending is None:
            return False
        self.keys.assign(pending)
        if command.isdecimal() or command in self.keys.shown:
            if argument:  # "3 please", "1 2": never read as 3 or 1
                self.say(
                    f"Type one option on its own: '{printable(text.strip(), 30)}' is not "
                    f"read as {command}."
                )
                return True
            option = self.keys.option(command, pending)
            if option is not None:
                return self.choose(option)
            self.say(f"There is no option {printable(command, 12)}: choose {self.keys.span()}.")
            return True
        if text.strip() in pending.ids:
            return self.choose(text.strip())
        if command == QUIT:
            name = self.saved.name if self.saved is not None else None
            unsaved = self.saved.unsaved if self.saved is not None else None
            where = (
                f"Its latest inputs could not be saved as '{name}' ({unsaved})."
                if name and unsaved
                else f"It is saved as '{name}' (tales play --load {name})."
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
        if pending.entry is not None:  # the faces of real dice, the card a deck gave
            return self.choose(text.strip())
        close = close_match(command, [*self.commands, QUIT, *pending.ids])
        hint = f" Did you mean '{close}'?" if close else ""
        self.unknown.append((self.inputs, text.strip()))
        self.say(
            f"'{printable(text.strip())}' is neither an option number nor a command.{hint} "
            "Type 'help'."
        )
        return True

    def choose(self, option_id: str) -> bool:
        self.keys.chose(option_id)
        try:
            events = self.saved.apply(option_id) if self.saved else self.game.apply(option_id)
        except NotSaved as error:  # played, so shown; then why it is not saved
            self.show_events([e for e in error.events if isinstance(e, Event)])
            self.say(str(error))
            return True
        except TalesError as error:  # the engine refused: the game goes on
            self.say(str(error))
            return True
        self.show_events(events)
        return True

    # Showing ----------------------------------------------------------------------

    def say(self, text: str) -> None:
        self.console.show([Line(sentence(text), "warning")])

    def show(self, lines: list[Line]) -> None:
        self.console.show(lines)

    def show_events(self, events: list[Event] | tuple[Event, ...]) -> None:
        self._remember(events)
        if self.narrator is not None:
            self.narrator.paragraphs([e.text for e in events if isinstance(e, StoryRead)])
        asked = self.game.pending.kind if self.game.pending else None
        lines = render.render_events(events, self.table, self.console.width, asked=asked)
        if lines:
            self.console.show(lines)

    def _left_off(self, events: list[Event]) -> list[Line]:
        """A loaded game's last paragraph read, told again before its question:
        a player coming back sees where the story stands, not a bare menu."""
        last = next((e for e in reversed(events) if isinstance(e, StoryRead)), None)
        if last is None:  # nothing read since the sheet: the status says where things stand
            return []
        heading = Line("Where the game was left, the last paragraph read:", "heading")
        return [heading, *render.render_event(last, self.table, self.console.width)]

    def _remember(self, events: list[Event] | tuple[Event, ...]) -> None:
        for event in events:
            if isinstance(event, StoryRead):
                self.read[event.paragraph] = event.text

    def show_decision(self, *, force: bool = False) -> None:
        pending = self.game.pending
        if pending is None or (pending is self.shown_decision and not force):
            return
        self.shown_decision = pending
        self.keys.assign(pending)
        self.console.show(render.decision_lines(pending, self.table, self.keys.shown))

    def show_ending(self) -> None:
        lines = [Line(f"The game is over: {self.game.ending}.", "heading")]
        lines += ending.summary_lines(self.table)
        going_on = self.game.next_scenario
        if going_on is not None:
            title = self.table.title
            load = (
                f" (tales play --load {self.saved.name})" if self.saved and self.saved.name else ""
            )
            lines.append(
                Line(f"The campaign goes on after {title}: the next scenario is saved{load}.")
            )
        elif self.game.finished:
            name = self.saved.name if self.saved else None
            kept = f" Its final state is saved (tales saves show {name})." if name else ""
            lines.append(Line(f"The campaign is over: {self.game.finished[0]}.{kept}", "heading"))
        self.console.show(lines)

    def _prompt(self) -> str:
        return f"[{self.keys.span()} or a command] > "

    def completions(self) -> list[str]:
        pending = self.game.pending
        ids = list(pending.ids) if pending else []
        names = [inv.slug for inv in self.table.players()]
        terms = [f"help {term}" for term in (*TERMS, *PIECES)]
        entries = entry_words(pending)
        return [*entries, *self.commands, QUIT, *ids, *names, *STATUSES, *terms]

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
        self.console.show(help_lines(argument.strip(), self.table, self.box))

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
        text = as_number(argument.strip() or "1")
        if not text.isdecimal() or len(text) > 6 or int(text) < 1:
            self.say(f"undo takes a number of inputs to take back, not {printable(text, 12)!r}.")
            return
        asked = int(text)
        played = len(saved.game.inputs)  # undo reaches back to self.origin, no further
        if played == 0:
            self.say(
                f"There is nothing to undo: no input has been played since {self.origin}, "
                "and undo reaches back no further."
            )
            return
        count = min(asked, played)
        question = f"Take back the last {count_of(count, 'input')}?"
        if count < asked:
            question = f"Take back the {count} inputs played since {self.origin}?"
        if count > 1 and not self.console.confirm(question):
            self.say("Nothing was taken back.")
            return
        taken = saved.undo(count)
        message = f"Took back {count_of(taken, 'input')}."
        if taken < asked:
            message = (
                f"Took back {count_of(taken, 'input')}, not {asked}: {self._all_played(taken)}; "
                "undo reaches back no further."
            )
        self._rewound(message)

    def _all_played(self, count: int) -> str:
        """ "the 2 played since this game was loaded from its sheet" """
        only = "the only one" if count == 1 else f"the {count}"
        return f"{only} played since {self.origin}"

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
            self.say("Not rewound: the game goes on from here.")
            return
        warnings = saved.rewind(name)
        self.origin = f"this game was loaded from the sheet of checkpoint '{name.lower()}'"
        for warning in warnings:
            self.say(warning)
        self._rewound(f"Back at checkpoint '{name.lower()}'.")

    def _rewound(self, message: str) -> None:
        assert self.saved is not None
        self.game = self.saved.game
        self._number_as_before()
        self.shown_decision = None
        self.read = {}
        self._remember(self.game.events)
        self.console.show([Line(message, "heading"), *render.status_lines(self.table)])
        self.show_decision(force=True)

    def _number_as_before(self) -> None:
        """A game loaded or taken back in the middle of a test is numbered as
        it was shown before (:func:`~tales.ui.keys.keys_as_shown`)."""
        saved = self.saved
        self.keys = Keys() if saved is None else keys_as_shown(saved.origin, self.game)

    def log(self, _: str) -> None:
        self.console.show(views.log_lines(self.table))

    def reread(self, argument: str) -> None:
        """``read``: the paragraphs read; ``read N``: paragraph N again, as it read."""
        text = argument.strip()
        if not text:
            lines = [Line("Paragraphs read so far ('read N' reads one again):", "heading")]
            lines += [Line(f"  {n}: {' '.join(t.split()[:8])}...") for n, t in self.read.items()]
            earlier = self._read_before_this_sitting()
            if earlier:  # a loaded sheet records them; their words were not kept
                numbers = ", ".join(str(n) for n in earlier)
                lines.append(Line(f"Read before this game was loaded: {numbers}."))
            self.console.show(lines)
            return
        text = as_number(text)
        if not text.isdecimal() or len(text) > 6:
            self.say(f"read takes a paragraph number, not '{printable(text, 12)}'.")
            return
        number = int(text)
        told = self.read.get(number)
        if told is None and number in self.table.paragraphs and self.table.was_read(number):
            source = self.table.paragraphs[number].text
            if templated(source):
                self.say(
                    f"Paragraph {number} was read before this game was loaded; its words "
                    "depended on the table as it stood then, so they are not told again."
                )
                return
            told = render_text(source, {})  # plain prose reads the same at any time
        if told is None:
            # Worded so as not to say whether such a paragraph exists: a
            # number never read may be one the team has yet to reach.
            self.say(f"Paragraph {number} is not among those read; 'read' lists them.")
            return
        again = StoryRead(number, told)
        self.console.show(render.render_event(again, self.table, self.console.width))

    def _read_before_this_sitting(self) -> list[int]:
        """Paragraphs the save records as read whose words this prompt did not see."""
        table = self.table
        return sorted(n for n in table.paragraphs if n not in self.read and table.was_read(n))

    def odds(self, _: str) -> None:
        pending = self.game.pending
        lines = views.odds_lines(pending, self.table) if pending is not None else []
        if not lines:
            self.say("There is no test under way; odds are shown at each step of a test.")
            return
        self.console.show(lines)
