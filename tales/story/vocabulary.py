"""The vocabulary of conditions and texts: what a storybook's Jinja may ask
of the game (``keyword("DIARY")``, ``visited(40)``, ``here``, ``round``...).

A :class:`Vocabulary` is bound once per table, actor and standpoint, and
read live: each word is worked out from the table and the story's memory
when a condition asks for it, never copied, so it may be kept across
questions (the interpreter keeps one per actor) and still sees every
change an effect made before the question. The sandbox
(:mod:`tales.story.conditions`) evaluates against it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from tales.rules.investigators import Investigator
from tales.rules.table import Table
from tales.rules.terms import EventSymbol
from tales.story.map_vocabulary import map_functions, map_values
from tales.story.state import StoryState, campaign_context


class Vocabulary(Mapping[str, Any]):
    """The story vocabulary with ``actor`` acting, standing at ``at`` if
    given; with no one standing anywhere, ``here`` is the encounter whose own
    narrative is read (``encounter_at``)."""

    __slots__ = ("_functions", "_values", "actor", "at", "encounter_at", "state", "table")

    def __init__(
        self,
        state: StoryState,
        table: Table,
        actor: Investigator | None,
        at: str | None = None,
        encounter_at: str | None = None,
    ) -> None:
        self.state, self.table, self.actor = state, table, actor
        self.at, self.encounter_at = at, encounter_at
        self._functions: dict[str, Callable[..., Any]] = {
            **campaign_context(state),
            # Plain functions, not bound methods: what compiled conditions call directly.
            # A word on the sheet, the common answer, is found without a call.
            "keyword": lambda word: word in table.keywords or self._keyword(word),
            "item": lambda slug: any(p.item(slug) for p in table.players()),
            "clue": lambda slug: slug in table.found.get("clue", ()),
            "objective": lambda slug: slug in table.found.get("objective", ()),
            "information": lambda slug: slug in table.found.get("information", ()),
            "revealed": lambda slug: slug in table.revealed,
            "playing": lambda slug: any(p.slug == slug for p in table.players()),
            "location_token": lambda place, name: table.location_tokens.get(place, {}).get(name, 0),
            **map_functions(table, actor, self._where),
        }
        self._values: dict[str, Callable[[], Any]] = {
            "here": self._here,
            "actor": lambda: actor.name if actor else "",
            "round": lambda: table.round,
            "time": lambda: table.time,
            "difficulty": lambda: table.difficulty,
            "players": lambda: len(table.players()),
            "tokens": lambda: {s.value: table.event_tokens[s] for s in EventSymbol},
            "vitality": lambda: actor.vitality if actor else 0,
            "sanity": lambda: actor.sanity if actor else 0,
            "energy": lambda: actor.energy if actor else 0,
            "magic": lambda: actor.magic if actor else 0,
            **map_values(table, actor, self._where),
        }

    def bound_to(self, state: StoryState, table: Table, actor: Investigator | None) -> bool:
        """Whether this vocabulary speaks of these very objects."""
        return self.state is state and self.table is table and self.actor is actor

    def _where(self) -> str | None:
        actor = self.actor
        return self.at if self.at is not None or actor is None else actor.location

    def _here(self) -> str:
        where = self._where()
        return where if self.actor and where else (self.encounter_at or "")

    def _keyword(self, word: str) -> bool:
        """A word not on the Keyword sheet: a Companion's own keyword counts as
        validated (:meth:`Table.keyword_validated`), and a living player's
        where the actor stands. One pass over the team: asked at many
        conditions, and most sheets' keyword is another word."""
        table, actor = self.table, self.actor
        if word in table.keywords:
            return True
        where = self._where() if actor is not None else None
        for p in table.investigators.values():
            if p.sheet.keyword != word:
                continue
            if p.companion:
                return True
            if actor is not None and not p.dead and (p is actor or p.location == where):
                return True
        return False

    def __getitem__(self, name: str) -> Any:
        function = self._functions.get(name)
        if function is not None:
            return function
        return self._values[name]()  # KeyError for a word outside the vocabulary

    def __iter__(self) -> Iterator[str]:
        yield from self._functions
        yield from self._values

    def __len__(self) -> int:
        return len(self._functions) + len(self._values)


def story_context(
    state: StoryState,
    table: Table,
    actor: Investigator | None,
    at: str | None = None,
    encounter_at: str | None = None,
) -> Mapping[str, Any]:
    """The vocabulary as it stands now (see :class:`Vocabulary`)."""
    return Vocabulary(state, table, actor, at, encounter_at)
