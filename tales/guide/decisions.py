"""Decisions of the Travel Guide: procedures yield them, an engine answers them.

The same pattern as the storybook engine's: a rules procedure is a generator
that yields a :class:`Decision` (who decides, what is asked, the legal typed
options) and receives the chosen option back, so it reads in the rulebook's
order. Options are frozen values whose text :attr:`~Option.id` round-trips
through :func:`parse_option`, as ``chess.Move.from_uci`` does; no other code
takes an id apart. Events are frozen records, the only way out.
"""

from __future__ import annotations

import difflib
from collections.abc import Generator
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, Generic, TypeVar

from tales.errors import IllegalInput
from tales.guide.errors import NotationError

R = TypeVar("R")


class Kind(StrEnum):
    """What a decision asks."""

    TAKE_DIE = "take-die"  # phase 1: a round die
    REMOVE_DIE = "remove-die"  # phase 1: a die made unavailable
    DISTRICT = "district"  # phase 2
    ADJUST = "adjust"  # bonus die: Route adjustment
    TOURIST = "tourist"  # a kind of tourist (phase 3 c, the Detective)
    DRAW = "draw"  # phase 4
    SKIP = "skip"  # Deep Ones: skip this threat symbol
    BONUS_SEGMENT = "bonus-segment"  # end of the game: Extra or Diagonal route segment
    REVEAL = "reveal"  # step 3: reveal the next artifact card or stop
    REROLL = "reroll"  # Manuscript
    DAGGER = "dagger"
    TIARA = "tiara"
    HUNT = "hunt"  # Huntress: a threat symbol to erase
    PUNISH = "punish"  # a tie left by the punishment rule


class Option:
    """Base of the typed options; subclasses are frozen dataclasses."""

    prefix: ClassVar[str]
    _registry: ClassVar[dict[str, type[Option]]] = {}

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        Option._registry[cls.prefix] = cls

    @property
    def id(self) -> str:
        return f"{self.prefix}:{self.body()}"

    def body(self) -> str:
        raise NotImplementedError

    @classmethod
    def from_body(cls, body: str) -> Option:
        raise NotImplementedError


def parse_option(text: str) -> Option:
    """The option an id names: ``Option.id`` round-trips through here."""
    prefix, colon, body = text.strip().partition(":")
    kind = Option._registry.get(prefix)
    if not colon or kind is None:
        known = ", ".join(sorted(Option._registry))
        raise NotationError(f"{text!r} is not an option id: it starts with one of {known}")
    return kind.from_body(body)


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every Travel Guide event record."""


@dataclass(frozen=True, slots=True)
class Decision:
    actor: str | None
    kind: Kind
    prompt: str
    options: tuple[Option, ...]

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(o.id for o in self.options)

    def get(self, option_id: str) -> Option | None:
        try:
            wanted = parse_option(option_id)
        except (NotationError, ValueError):
            return None
        return wanted if wanted in self.options else None


Proc = Generator[Decision, Option, R]


class EventSink:
    def __init__(self) -> None:
        self._events: list[Event] = []

    def emit(self, event: Event) -> None:
        self._events.append(event)

    def take(self) -> tuple[Event, ...]:
        taken, self._events = tuple(self._events), []
        return taken


class Engine(Generic[R]):
    """Runs one procedure to its end, one input at a time; ``inputs`` is its log."""

    def __init__(self, procedure: Proc[R], sink: EventSink) -> None:
        self._procedure = procedure
        self._sink = sink
        self.pending: Decision | None = None
        self.result: R | None = None
        self.finished = False
        self.inputs: list[str] = []
        self._advance(None)
        self.opening_events = sink.take()

    def verify_apply(self, option_id: str) -> Option:
        if self.pending is None:
            raise IllegalInput(f"the game is over; {option_id!r} cannot be played")
        option = self.pending.get(option_id)
        if option is not None:
            return option
        close = difflib.get_close_matches(option_id, self.pending.ids, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise IllegalInput(f"{option_id!r} is not a legal choice for {self.pending.prompt!r}{hint}")

    def apply(self, option_id: str) -> tuple[Event, ...]:
        option = self.verify_apply(option_id)
        self.inputs.append(option.id)
        self._advance(option)
        return self._sink.take()

    def _advance(self, option: Option | None) -> None:
        try:
            decision = next(self._procedure) if option is None else self._procedure.send(option)
        except StopIteration as stop:
            self.pending, self.finished, self.result = None, True, stop.value
            return
        if not decision.options:
            raise RuntimeError(f"a decision with no options was asked: {decision.prompt!r}")
        self.pending = decision
