"""The story in play as a storybook effect sees it: the one door through
which an effect of :mod:`tales.story.effects` reads and changes the game
(:class:`tales.story.effects.Play`), kept apart from the interpreter that
opens it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tales.rules.decisions import Proc
from tales.rules.investigators import Investigator
from tales.rules.scenario import Scenario
from tales.rules.table import Table
from tales.story.model import Effect
from tales.story.state import StoryState

if TYPE_CHECKING:
    from tales.story.interpreter import Book


@dataclass(slots=True)
class StoryInPlay:
    """The story in play as an effect sees it (:class:`tales.story.effects.Play`)."""

    book: Book
    table: Table
    actor: Investigator | None

    @property
    def state(self) -> StoryState:
        return self.book.state

    @property
    def scenario(self) -> Scenario:
        assert self.table.scenario is not None  # a Book plays on a scenario's table
        return self.table.scenario

    @property
    def doer(self) -> Investigator | None:
        return self.book._actor(self.table, self.actor)

    def who(self, effect: Effect) -> list[Investigator]:
        return self.book._who(self.table, effect, self.actor)

    def reveal(self, slug: str) -> Proc[None]:
        return self.book._reveal(self.table, slug)

    def read(self, number: int) -> Proc[None]:
        return self.book.read_as(self.table, number, self.doer)

    def finish(self) -> None:
        self.book.finish(self.table, self.book._reading)

    def encounter_place(self) -> str | None:
        return self.book._encounter_place(self.table, self.doer)

    def token_limits(self, place: str) -> Mapping[str, tuple[int, int | None]]:
        return self.book.book.token_limits.get(place, {})

    def holds(self, condition: str, inv: Investigator) -> bool:
        return self.book._holder(self.table, self.book._reading, inv)(condition)

    def apply_as(self, effects: Iterable[Effect], inv: Investigator) -> Proc[None]:
        return self.book.apply(self.table, effects, inv)
