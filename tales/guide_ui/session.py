"""A Travel Guide game at the prompt: setup, the engine, what players type, undo.

The game is its seed and its input log (DESIGN principle 1): undo replays
the log without its last input, and a save holds nothing else.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from tales.errors import IllegalInput
from tales.guide.board import (
    Drawing,
    verify_adjustment,
    verify_bonus_segment,
    verify_drawing,
)
from tales.guide.components import Components
from tales.guide.endgame import PlayerResult
from tales.guide.errors import IllegalDrawingError
from tales.guide.game import Game, initial_boards, play, setup
from tales.guide.geometry import District, Segment
from tales.guide.kinds import Decision, Engine, Kind
from tales.guide.options import body, same_kind
from tales.guide.route import FinalRoute
from tales.guide.view import TableView
from tales.problems import did_you_mean
from tales.rules.decisions import EventSink
from tales.rules.events import Event

SEGMENT_KINDS = (Kind.ADJUST, Kind.BONUS_SEGMENT)
SOLO_NAME = "Traveller"
CHOICES_LISTED = 12  # a refusal lists the choices when there are no more


class GuideSetupError(IllegalInput):
    """A setup the Travel Guide cannot be played with (players, challenge cell)."""


@dataclass(frozen=True, slots=True)
class GuideSetup:
    players: int = 1
    advanced: bool = False
    seed: int = 0
    level: str = "beginner"  # the solo challenge cell: a level and a goal column
    goal: int = 16

    def names(self) -> list[str]:
        return (
            [SOLO_NAME] if self.players == 1 else [f"Player {n + 1}" for n in range(self.players)]
        )

    def verify(self, components: Components) -> None:
        if not 1 <= self.players <= 4:
            raise GuideSetupError(f"the Travel Guide is for 1 to 4 players, not {self.players}")
        challenge = components.challenge
        if self.level not in challenge.totals or self.goal not in challenge.goals:
            raise GuideSetupError(
                f"the challenge card has no cell {self.level}:{self.goal}: the levels are"
                f" {', '.join(challenge.totals)} and the goal columns"
                f" {', '.join(map(str, challenge.goals))}"
            )


class GuideSession:
    """One game: start it, feed it typed commands, take back the last one."""

    def __init__(self, components: Components, setup: GuideSetup, inputs: list[str]) -> None:
        setup.verify(components)
        self.components = components
        self.setup = setup
        self._start()
        for option_id in inputs:
            self._apply(option_id)

    def _start(self) -> None:
        rng = random.Random(self.setup.seed)
        self.game: Game = setup(
            self.components, self.setup.names(), rng, advanced=self.setup.advanced
        )
        sink = EventSink()
        self.engine: Engine[tuple[PlayerResult, ...]] = Engine(
            play(self.components, self.game, rng, sink), sink
        )
        boards = initial_boards(self.components, self.game)
        self.view = TableView({s.name: b for s, b in zip(self.game.seats, boards, strict=True)})
        self.view.fold(self.engine.opening_events)
        self.actors: list[str | None] = []  # who gave each input, for a private undo

    @property
    def inputs(self) -> list[str]:
        return list(self.engine.inputs)

    @property
    def pending(self) -> Decision | None:
        return self.engine.pending

    def _apply(self, option_id: str) -> tuple[Event, ...]:
        actor = self.pending.actor if self.pending else None
        events = self.engine.apply(option_id)
        self.actors.append(actor)
        self.view.fold(events)
        return events

    def play(self, text: str) -> tuple[Event, ...]:
        """Play what a player typed: an option id or its short form."""
        return self._apply(self.translate(text))

    def undo(self, private: bool = False) -> None:
        """Take back the last input; with ``private`` turns (hot-seat at a
        terminal), only the player who gave it may."""
        if not self.engine.inputs:
            raise IllegalInput("there is nothing to undo: no input has been played yet")
        actor = self.pending.actor if self.pending else self.actors[-1]
        if private and self.actors[-1] != actor:
            raise IllegalInput(
                f"the last input was {self.actors[-1]}'s: each player may undo only their own"
            )
        kept = self.engine.inputs[:-1]
        self._start()
        for option_id in kept:
            self._apply(option_id)

    def translate(self, text: str) -> str:
        """The option id ``text`` names at the pending decision, or IllegalInput
        with the rule that forbids it."""
        decision = self.pending
        if decision is None:
            raise IllegalInput(f"the game is over; {text!r} cannot be played")
        typed = text.strip().lower()
        if decision.get(typed) is not None:
            return typed
        if decision.kind is Kind.DRAW:
            return self._drawing(decision, typed)
        if decision.kind is Kind.ROUTE:
            return self._route(decision, typed)
        if decision.kind in SEGMENT_KINDS and typed != "none":
            typed = self._canonical(typed)
        wanted = same_kind(decision.options[0], typed)
        if decision.get(wanted) is not None:
            return wanted
        if decision.kind in SEGMENT_KINDS and typed != "none":
            self._verify_segment(Segment.parse(typed))  # the rule's sentence, if one forbids it
        if decision.kind is Kind.DISTRICT:
            self._verify_district(decision, District.parse(typed))
        bodies = [body(o) for o in decision.options]
        hint = did_you_mean(typed, bodies)
        if not hint and len(bodies) <= CHOICES_LISTED:
            hint = f"; the choices are {', '.join(bodies)}"
        raise IllegalInput(f"{text.strip()!r} is not a legal choice for {decision.prompt!r}{hint}")

    def _route(self, decision: Decision, typed: str) -> str:
        """``best``, or a route written out: refused with its notation's or its rule's error."""
        if typed == "best":
            return decision.ids[0]
        wanted = "route:" + FinalRoute.parse(typed.removeprefix("route:")).id
        if decision.get(wanted) is None:  # a legal route is taken; an illegal one raises
            raise IllegalInput(f"{typed!r} is not a final route")
        return wanted

    def _verify_district(self, decision: Decision, district: District) -> None:
        actor = decision.actor or ""
        if self.view.boards[actor].is_occupied(district):
            raise IllegalInput(
                f"phase 2: district {district} already has tourists; fill an empty district"
            )
        raise IllegalInput(
            f"phase 2: this round's dice do not name district {district}, either way round"
            " and with the coordinate changes you have"
        )

    def _verify_segment(self, segment: Segment) -> None:
        """Raise the rule that forbids ``segment`` at the segment asked."""
        asked, city = self.view.segment, self.components.city
        if asked is None:
            return
        if asked.bonus is not None:
            verify_bonus_segment(city, asked.board, asked.bonus, segment)
        elif asked.erasing is not None:
            verify_adjustment(city, asked.board, asked.erasing, segment)
        elif segment not in asked.board.segments:
            raise IllegalDrawingError(
                f"Route adjustment: {segment.id!r} is not drawn, so cannot be erased"
            )
        else:
            raise IllegalDrawingError(
                f"Route adjustment: no segment joined to another could replace {segment.id!r}"
            )

    def _canonical(self, text: str) -> str:
        return self.components.city.road(Segment.parse(text)).segment.id

    def _drawing(self, decision: Decision, typed: str) -> str:
        parts = [p for p in re.split(r"[\s,+]+", typed.removeprefix("draw:")) if p]
        if not parts:
            raise IllegalInput("phase 4: name the route segments to draw, such as '33n 32w'")
        segments = tuple(self.components.city.road(Segment.parse(p)).segment for p in parts)
        wanted = "draw:" + "+".join(s.id for s in segments)
        if decision.get(wanted) is not None:
            return wanted
        asked = self.view.drawing
        if asked is not None:
            drawing = Drawing(asked.district, segments, asked.fallback, asked.bonus)
            verify_drawing(self.components.city, asked.board, drawing)  # the rule's sentence
        raise IllegalInput(f"phase 4: {' '.join(parts)} cannot be drawn this round")
