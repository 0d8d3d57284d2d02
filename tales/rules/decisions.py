"""The decision interface: everything a player decides is a Decision.

Rules are written as generator procedures that ``yield`` a :class:`Decision`
and receive the chosen typed :class:`~tales.rules.options.Option` back, so
they read in the rulebook's own order and never take an id apart. The
:class:`Engine` runs such a procedure: it exposes the pending decision with
its legal options (like python-chess's ``legal_moves``) and applies one
option at a time (``push()``), returning the frozen events the input caused.
An illegal input raises :class:`IllegalInput` before anything changes, so
the game goes on. The engine's :attr:`Engine.inputs` is the game's one input
log (DESIGN principle 1): the game and the saved session read slices of it.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from tales.errors import IllegalInput, OptionIdError
from tales.problems import did_you_mean
from tales.rules.events import Event
from tales.rules.options import Option, parse_option, written

if TYPE_CHECKING:  # teststate builds decisions: only the type is needed here
    from tales.rules.teststate import TestState

R = TypeVar("R")
K = TypeVar("K", bound=StrEnum)


class DecisionKind(StrEnum):
    """What a decision asks; the values are what prompts and scripts have always seen."""

    ACTIVITY = "activity"
    PAY = "pay"
    KEEP_DRAWING = "keep-drawing"
    SURPRISED = "surprised"
    KEEP_CARDS = "keep-cards"
    PREPARE = "prepare"
    AFTER_ROLL = "after-roll"
    KEEP_RED = "keep-red"
    REROLL = "reroll"
    TAKE_CARD = "take-card"
    CANCEL_DIE = "cancel-die"
    TEAM_TEST = "team-test"
    STORY_CHOICE = "story-choice"
    CARRY_OVER = "carry-over"
    ENTER_DICE = "enter-dice"  # a physical table types the faces its dice show
    ENTER_CARD = "enter-card"  # ... and names the card its deck gave

    @property
    def in_test(self) -> bool:
        """Whether the decision is asked inside a skill test, whose
        :class:`~tales.rules.teststate.TestState` is then its context."""
        return self in _IN_TEST


_IN_TEST = frozenset(
    {
        DecisionKind.PREPARE,
        DecisionKind.AFTER_ROLL,
        DecisionKind.KEEP_RED,
        DecisionKind.REROLL,
        DecisionKind.CANCEL_DIE,
        DecisionKind.ENTER_DICE,
    }
)


class Entry(Protocol):
    """What a person may type for a decision beside its listed options (the
    faces of real dice): read into an option, or refused with the reason."""

    def read(self, text: str) -> Option:
        """The option ``text`` names; raises IllegalInput saying why not."""
        ...

    def words(self) -> list[str]:
        """Words to complete while typing an entry."""
        ...


class Settings(Protocol):
    """Inputs legal at any decision that change how the table is run (who
    rolls the dice), not the game: logged like every input."""

    def read(self, option_id: str) -> Option | None: ...

    def claims(self, option: Option) -> bool:
        """Whether ``option`` is a setting (what :meth:`read` of its id gives)."""
        ...

    def apply(self, option: Option, pending: Any) -> Option | None:
        """Apply the setting; an option that now answers ``pending``, or None."""
        ...


@dataclass(frozen=True, slots=True)
class BaseDecision(Generic[K]):
    """Who decides, what is asked (a kind of each game's own enum), and the
    legal options: what the engine needs of a decision in any mode."""

    actor: str | None
    kind: K
    prompt: str
    options: tuple[Option, ...]
    _ids: tuple[str, ...] = field(default=(), init=False, compare=False, repr=False)
    # Free entries beside the options (a physical table's dice faces).
    entry: Entry | None = field(default=None, compare=False, kw_only=True)

    @property
    def ids(self) -> tuple[str, ...]:
        if not self._ids:  # written once: a prompt or a bot may ask often
            object.__setattr__(self, "_ids", tuple([o.id for o in self.options]))
        return self._ids

    def get(self, option_id: str) -> Option | None:
        """The option offered whose id is ``option_id``. Found by value, so
        that the ids of the options not chosen are never written out."""
        known = written(self.options, option_id)
        if known is not None:
            return known
        try:
            wanted = parse_option(option_id)
        except OptionIdError:
            wanted = None
        kind = type(wanted)
        for offered in self.options:
            if type(offered) is kind and offered == wanted:
                return offered.id_from(wanted)  # the parse is cached, and its id with it
        # An illegal input, or an id two kinds would share ("carry:none").
        found = next((o for o in self.options if o.id == option_id), None)
        if found is None and self.entry is not None:
            try:
                return self.entry.read(option_id)
            except IllegalInput:
                return None
        return found


@dataclass(frozen=True, slots=True)
class Decision(BaseDecision[DecisionKind]):
    """A decision of the storybook game."""

    # The test in progress, for a UI to show its dice and odds: set exactly
    # for the kinds asked inside a test (DecisionKind.in_test).
    context: TestState | None = field(default=None, compare=False)
    # How many options, from the first, are the storybook's own, when the
    # procedure asking knows (-1: not told; Game.story_options counts them).
    leading: int = field(default=-1, compare=False, kw_only=True)

    def __post_init__(self) -> None:
        if (self.context is not None) is not (self.kind in _IN_TEST):  # made per decision
            raise ValueError(
                f"a {self.kind!r} decision {'needs' if self.kind.in_test else 'takes no'} "
                f"test state: {self.prompt!r}"
            )


D = TypeVar("D", bound=BaseDecision[Any])

Proc = Generator[Decision, Option, R]
"""A rules procedure: yields decisions, receives the chosen option, returns R."""

AnyProc = Generator[D, Option, R]
"""A procedure of any mode, yielding that mode's decisions."""


class EventSink:
    """Where procedures record events until the engine hands them out.

    A subscriber hears each event the moment it happens, while the table is
    still as the event left it: the save writes its sheet on ``RoundEnded``
    before the next round's start effects run within the same input.
    """

    def __init__(self) -> None:
        self._events: list[Event] = []
        self._subscribers: list[Callable[[Event], None]] = []
        # Events emitted since the sink was made, taken or not: every change
        # of the table or the story's memory emits one, so an equal count
        # says nothing changed (tales.rules.round keeps a listing by it).
        self.emitted = 0

    def emit(self, event: Event) -> None:
        self._events.append(event)
        self.emitted += 1
        if self._subscribers:  # most sinks have none: no loop to set up
            for subscriber in self._subscribers:
                subscriber(event)

    def subscribe(self, subscriber: Callable[[Event], None]) -> None:
        self._subscribers.append(subscriber)

    def unsubscribe(self, subscriber: Callable[[Event], None]) -> None:
        self._subscribers.remove(subscriber)

    def take(self) -> tuple[Event, ...]:
        taken, self._events = tuple(self._events), []
        return taken


class BaseEngine(Generic[D, R]):
    """Runs one procedure to its end, one input at a time."""

    def __init__(
        self, procedure: AnyProc[D, R], sink: EventSink, settings: Settings | None = None
    ) -> None:
        self._procedure = procedure
        self._sink = sink
        self.settings = settings
        self.pending: D | None = None
        self.result: R | None = None
        self.finished = False
        # Why the procedure stopped with an error (a storybook that loops...):
        # a generator that raised cannot be resumed, so nothing is pending.
        self.stopped: BaseException | None = None
        self.inputs: list[str] = []
        self._advance(None)
        self.opening_events = sink.take()

    def legal_ids(self) -> tuple[str, ...]:
        return self.pending.ids if self.pending else ()

    def can_apply(self, option_id: str) -> bool:
        return option_id in self.legal_ids()

    def verify_apply(self, option_id: str) -> Option:
        """The pending option ``option_id`` names; raise :class:`IllegalInput`
        with a full sentence unless it is legal."""
        if self.pending is None:
            raise IllegalInput(f"the game is over; {option_id!r} cannot be played")
        option = self.pending.get(option_id)
        if option is None and self.settings is not None:
            option = self.settings.read(option_id)
        if option is not None:
            return option
        if self.pending.entry is not None:
            return self.pending.entry.read(option_id)  # refused with the entry's reason
        hint = did_you_mean(option_id, self.pending.ids)
        raise IllegalInput(f"{option_id!r} is not a legal choice for {self.pending.prompt!r}{hint}")

    def apply(self, option_id: str) -> tuple[Event, ...]:
        """Play the pending decision's option ``option_id``: the procedure
        receives the typed option. The input is logged while it is applied
        (a round end reached meanwhile counts it), and dropped again if the
        procedure fails on it, so the log holds only inputs played."""
        return self._play(self.verify_apply(option_id))

    def push(self, option: Option) -> tuple[Event, ...]:
        """Play ``option``, one of the pending decision's own options (as
        python-chess pushes a ``Move``); logged by its id."""
        if self.pending is not None:
            for offered in self.pending.options:
                if offered is option:
                    return self._play(option)
        return self.apply(option.id)  # an equal option, or the refusal's full sentence

    def _play(self, option: Option) -> tuple[Event, ...]:
        self.inputs.append(option.id)
        try:
            if self.settings is not None and self.settings.claims(option):
                answer = self.settings.apply(option, self.pending)
                if answer is not None:
                    self._advance(answer)
            else:
                self._advance(option)
        except BaseException as error:
            self.inputs.pop()  # the log holds only inputs played; a save stays before it
            self.pending, self.stopped = None, error
            raise
        return self._sink.take()

    def apply_all(self, option_ids: Iterable[str]) -> tuple[Event, ...]:
        events: list[Event] = []
        for option_id in option_ids:
            events.extend(self.apply(option_id))
        return tuple(events)

    def _advance(self, option: Option | None) -> None:
        try:
            decision = next(self._procedure) if option is None else self._procedure.send(option)
        except StopIteration as stop:
            self.pending = None
            self.finished = True
            self.result = stop.value
            return
        if not decision.options:
            raise RuntimeError(f"a decision with no options was asked: {decision.prompt!r}")
        self.pending = decision


class Engine(BaseEngine[Decision, R]):
    """The engine of the storybook game's procedures."""
