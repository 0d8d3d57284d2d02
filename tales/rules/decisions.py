"""The decision interface: everything a player decides is a Decision.

Rules are written as generator procedures that ``yield`` a :class:`Decision`
and receive the chosen option's id back, so they read in the rulebook's own
order. The :class:`Engine` runs such a procedure: it exposes the pending
decision with its legal options (like python-chess's ``legal_moves``) and
applies one option at a time (``push()``), returning the frozen events the
input caused. An illegal input raises :class:`IllegalInput` before anything
changes, so the game goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from tales.errors import IllegalInput
from tales.problems import did_you_mean
from tales.rules.events import Event

R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Option:
    """A legal choice. ``id`` is stable across replays and safe to log."""

    id: str
    label: str


@dataclass(frozen=True, slots=True)
class Decision:
    """Who decides, what is asked, and the legal options."""

    actor: str | None
    kind: str
    prompt: str
    options: tuple[Option, ...]
    # What the decision is about, for a UI to show (a test's TestState...).
    context: object = field(default=None, compare=False)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(o.id for o in self.options)

    def get(self, option_id: str) -> Option | None:
        return next((o for o in self.options if o.id == option_id), None)


Proc = Generator[Decision, str, R]
"""A rules procedure: yields decisions, receives option ids, returns R."""


class EventSink:
    """Where procedures record events until the engine hands them out.

    A subscriber hears each event the moment it happens, while the table is
    still as the event left it: the save writes its sheet on ``RoundEnded``
    before the next round's start effects run within the same input.
    """

    def __init__(self) -> None:
        self._events: list[Event] = []
        self._subscribers: list[Callable[[Event], None]] = []

    def emit(self, event: Event) -> None:
        self._events.append(event)
        for subscriber in self._subscribers:
            subscriber(event)

    def subscribe(self, subscriber: Callable[[Event], None]) -> None:
        self._subscribers.append(subscriber)

    def unsubscribe(self, subscriber: Callable[[Event], None]) -> None:
        self._subscribers.remove(subscriber)

    def take(self) -> tuple[Event, ...]:
        taken, self._events = tuple(self._events), []
        return taken


class Engine(Generic[R]):
    """Runs one procedure to its end, one input at a time."""

    def __init__(self, procedure: Proc[R], sink: EventSink) -> None:
        self._procedure = procedure
        self._sink = sink
        self.pending: Decision | None = None
        self.result: R | None = None
        self.finished = False
        self.inputs: list[str] = []
        self._advance(None)
        self.opening_events = sink.take()

    def legal_ids(self) -> tuple[str, ...]:
        return self.pending.ids if self.pending else ()

    def can_apply(self, option_id: str) -> bool:
        return option_id in self.legal_ids()

    def verify_apply(self, option_id: str) -> None:
        """Raise :class:`IllegalInput` with a full sentence unless legal."""
        if self.pending is None:
            raise IllegalInput(f"the game is over; {option_id!r} cannot be played")
        if option_id in self.pending.ids:
            return
        hint = did_you_mean(option_id, self.pending.ids)
        raise IllegalInput(f"{option_id!r} is not a legal choice for {self.pending.prompt!r}{hint}")

    def apply(self, option_id: str) -> tuple[Event, ...]:
        self.verify_apply(option_id)
        self.inputs.append(option_id)
        self._advance(option_id)
        return self._sink.take()

    def apply_all(self, option_ids: Iterable[str]) -> tuple[Event, ...]:
        events: list[Event] = []
        for option_id in option_ids:
            events.extend(self.apply(option_id))
        return tuple(events)

    def _advance(self, option_id: str | None) -> None:
        try:
            if option_id is None:
                decision = next(self._procedure)
            else:
                decision = self._procedure.send(option_id)
        except StopIteration as stop:
            self.pending = None
            self.finished = True
            self.result = stop.value
            return
        if not decision.options:
            raise RuntimeError(f"a decision with no options was asked: {decision.prompt!r}")
        self.pending = decision
