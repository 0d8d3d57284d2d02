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
        # The words close over these objects, never over the vocabulary itself:
        # no reference cycle, so a finished game is freed at once (no collector pass).
        where = _where(actor, at)
        keyword = _keyword(table, actor, where)
        self._functions: dict[str, Callable[..., Any]] = {
            **campaign_context(state),
            # Plain functions, not bound methods: what compiled conditions call directly.
            # A word on the sheet, the common answer, is found without a call.
            "keyword": lambda word: word in table.keywords or keyword(word),
            "item": lambda slug: any(p.item(slug) for p in table.players()),
            "clue": lambda slug: slug in table.found.get("clue", ()),
            "objective": lambda slug: slug in table.found.get("objective", ()),
            "information": lambda slug: slug in table.found.get("information", ()),
            "revealed": lambda slug: slug in table.revealed,
            "playing": lambda slug: any(p.slug == slug for p in table.players()),
            "location_token": lambda place, name: table.location_tokens.get(place, {}).get(name, 0),
            **map_functions(table, actor, where),
        }
        self._values: dict[str, Callable[[], Any]] = {
            "here": _here(actor, where, encounter_at),
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
            **map_values(table, actor, where),
        }

    def bound_to(self, state: StoryState, table: Table, actor: Investigator | None) -> bool:
        """Whether this vocabulary speaks of these very objects."""
        return self.state is state and self.table is table and self.actor is actor

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


def _where(actor: Investigator | None, at: str | None) -> Callable[[], str | None]:
    """Where ``actor`` stands, or is taken to stand (``at``)."""
    return lambda: at if at is not None or actor is None else actor.location


def _here(
    actor: Investigator | None, where: Callable[[], str | None], encounter_at: str | None
) -> Callable[[], str]:
    def here() -> str:
        standing = where()
        return standing if actor and standing else (encounter_at or "")

    return here


def _keyword(
    table: Table, actor: Investigator | None, where: Callable[[], str | None]
) -> Callable[[str], bool]:
    def validated(word: str) -> bool:
        """A word not on the Keyword sheet: a Companion's own keyword counts as
        validated (:meth:`Table.keyword_validated`), and a living player's
        where the actor stands. One pass over the team: asked at many
        conditions, and most sheets' keyword is another word."""
        if word in table.keywords:
            return True
        standing = where() if actor is not None else None
        for p in table.investigators.values():
            if p.sheet.keyword != word:
                continue
            if p.companion:
                return True
            if actor is not None and not p.dead and (p is actor or p.location == standing):
                return True
        return False

    return validated


class Vocabularies:
    """One game's vocabularies, bound once per actor and standpoint (and the
    encounter whose own narrative is read, ``encounter_at``) and read live.
    Apart from the :class:`~tales.story.interpreter.Book` that asks them, so
    that what keeps :meth:`context` (the scenes' offers) keeps no Book: no
    reference cycle, and a finished game is freed as soon as it is dropped."""

    __slots__ = ("_known", "encounter_at", "state")

    def __init__(self, state: StoryState) -> None:
        self.state = state
        self.encounter_at: str | None = None
        self._known: dict[tuple[str | None, str | None, str | None], Vocabulary] = {}

    def context(
        self, table: Table, actor: Investigator | None, at: str | None = None
    ) -> Mapping[str, Any]:
        """The words a condition or text may use; ``at``: where ``actor`` is
        taken to stand, if not where they do. Kept per actor and standpoint:
        a vocabulary reads the table live."""
        key = (actor.slug if actor else None, at, self.encounter_at)
        known = self._known.get(key)
        # Vocabulary.bound_to, spelt out: asked at every conditional choice.
        if (
            known is None
            or known.table is not table
            or known.actor is not actor
            or known.state is not self.state
        ):
            known = Vocabulary(self.state, table, actor, at, self.encounter_at)
            self._known[key] = known
        return known


def story_context(
    state: StoryState,
    table: Table,
    actor: Investigator | None,
    at: str | None = None,
    encounter_at: str | None = None,
) -> Mapping[str, Any]:
    """The vocabulary as it stands now (see :class:`Vocabulary`)."""
    return Vocabulary(state, table, actor, at, encounter_at)
