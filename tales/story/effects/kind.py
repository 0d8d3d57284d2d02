"""What every effect kind declares, and what it may ask of the story in play.

A kind is data: its name and value shape (in words and as JSON Schema), how
its value is checked, what it names (for the loader's reference checks),
what it grants and where it leads (for ``tales check`` and ``tales graph``),
whether an interlude may use it, and how it applies. The registry in
:mod:`tales.story.effects` lists them all; nothing else knows a kind by name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from tales.problems import did_you_mean
from tales.records import record
from tales.rules.decisions import EventSink, Proc
from tales.rules.investigators import Investigator
from tales.rules.scenario import Scenario
from tales.rules.table import Table
from tales.story.model import Effect
from tales.story.state import StoryState
from tales.story.yamlio import is_whole

Schema = dict[str, Any]
# What an effect names, for the loader to check: ("location", "quay"),
# ("paragraph", 14)... The first word is one of REFERENCES.
Ref = tuple[str, str | int]
REFERENCES = (
    "paragraph",
    "location",
    "keyword",
    "item",
    "clue",
    "objective",
    "encounter",
    "log",
    "counter",
    "vehicle",
    "prisoner",
)


class Play(Protocol):
    """The story in play, as an effect sees it (the interpreter provides it)."""

    @property
    def table(self) -> Table: ...

    @property
    def state(self) -> StoryState: ...

    @property
    def scenario(self) -> Scenario: ...

    @property
    def doer(self) -> Investigator | None:
        """Who acts: the actor, else who acted last (ruling ``actorless-narratives``)."""
        ...

    def who(self, effect: Effect) -> list[Investigator]:
        """The investigators an effect's ``who`` names."""
        ...

    def reveal(self, slug: str) -> Proc[None]:
        """Put a Location card on the table and read its scene."""
        ...

    def read(self, number: int) -> Proc[None]:
        """Read a paragraph now, the doer acting."""
        ...

    def finish(self) -> None:
        """End the scenario at the paragraph being read."""
        ...

    def encounter_place(self) -> str | None:
        """Where the encounter an effect means is under way, if any."""
        ...

    def token_limits(self, place: str) -> Mapping[str, tuple[int, int | None]]:
        """A Location card's token limits: token -> (floor, ceiling)."""
        ...

    def holds(self, condition: str, inv: Investigator) -> bool:
        """Whether a condition holds with ``inv`` acting (``here`` is where they stand)."""
        ...

    def apply_as(self, effects: Iterable[Effect], inv: Investigator) -> Proc[None]:
        """Apply effects with ``inv`` acting: "each investigator who..."."""
        ...


Apply = Callable[[Play, Effect], "Proc[None] | None"]
Record = Callable[[StoryState, EventSink, Effect], None]
# An effect bound once to what it does: (table, the story's memory) -> None.
Step = Callable[[Table, StoryState], None]


def _nothing(effect: Effect) -> Iterable[Ref]:
    return ()


def _nowhere(effect: Effect) -> int | None:
    return None


def _never(effect: Effect, table: Table) -> bool:
    return False


def _unconditional(effect: Effect) -> Iterable[str]:
    return ()


@record
class EffectKind:
    """One kind of the closed effect vocabulary (docs/storybook.md)."""

    name: str
    shape: str  # the value, in words, for messages and the schema's description
    schema: Schema  # the value, as a JSON Schema fragment for ``tales schema``
    example: str  # the effect as docs/storybook.md writes it
    check: Callable[[Any], str | None]  # what is wrong with a value, or None
    # How it changes the story in play; a generator when it reads on.
    apply: Apply | None = None
    # Campaign effects: what they write with no table in play (interludes, epilogues).
    record: Record | None = None
    who: bool = False  # takes ``who``: actor, here or all
    count: bool = False  # takes ``count``: applied that many times
    interlude: bool = False  # an interlude may use it
    refs: Callable[[Effect], Iterable[Ref]] = _nothing  # what it names
    grants: Callable[[Effect], Iterable[Ref]] = _nothing  # keywords, elements, locations
    leads: Callable[[Effect], int | None] = _nowhere  # the paragraph it reads
    news: Callable[[Effect, Table], bool] = _never  # would it change something, for bots
    # Conditions inside its value (a for_each's ``if`` and its effects' own),
    # for the loader to check as it checks every ``if:``.
    conditions: Callable[[Effect], Iterable[str]] = _unconditional
    # A kind that only writes the Keyword sheet or the story's memory (no
    # actor, no question, nothing read on, never the scenario's end): the
    # effect bound once to a step doing what ``run`` does, for the
    # interpreter's direct path (tales.story.plans).
    bind: Callable[[Effect], Step] | None = None

    def __post_init__(self) -> None:
        if self.apply is None and self.record is None:
            raise ValueError(f"effect {self.name!r} has no way to apply")

    def run(self, play: Play, effect: Effect) -> Proc[None] | None:
        """Apply ``effect`` in play: a procedure to follow, or None when done."""
        if self.apply is not None:
            return self.apply(play, effect)
        assert self.record is not None  # __post_init__ ensures one of them
        self.record(play.state, play.table.sink, effect)
        return None


# Value checks shared by the families -------------------------------------------------


# An effect applied a billion times hangs play; no card or track needs more than this.
MAX_COUNT = 100
MAX_AMOUNT = 1_000  # the largest number an effect's value may carry


def small_amount(value: Any) -> bool:
    """A whole number small enough for any track, token or counter (MAX_AMOUNT):
    moving a track a billion steps would hang play."""
    return is_whole(value) and abs(value) <= MAX_AMOUNT


def check_whole(value: Any) -> str | None:
    if small_amount(value):
        return None
    if is_whole(value):
        return f"{value} is past the limit of {MAX_AMOUNT:,}"
    return f"not {value!r}"


def check_count(value: Any) -> str | None:
    """What is wrong with an effect's ``count``, or None."""
    if not is_whole(value) or value < 1:
        return f"count is a whole number of at least 1, not {value!r}"
    if value > MAX_COUNT:
        return f"count {value} is past the limit of {MAX_COUNT} an effect may repeat"
    return None


def check_slug(value: Any) -> str | None:
    return None if isinstance(value, str) and value else f"not {value!r}"


def names_each(value: Any, keys: frozenset[str]) -> bool:
    """``value`` is a mapping of exactly ``keys``, each naming something (a
    non-empty string): ``{vehicle: launch, to: reef}``."""
    return (
        isinstance(value, dict)
        and value.keys() == keys
        and all(isinstance(v, str) and v for v in value.values())
    )


def check_true(value: Any) -> str | None:
    return None if value is True else f"not {value!r}"


def check_word(enum: Any) -> Callable[[Any], str | None]:
    """A check that ``value`` is one of an enum's words."""
    names = [e.value for e in enum]

    def check(value: Any) -> str | None:
        if value in names:
            return None
        return f"{value!r} is not one{did_you_mean(str(value), names)}"

    return check


# Schema fragments shared by the families and ``tales schema`` ---------------------------

SLUG: Schema = {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"}
KEYWORD: Schema = {"type": "string", "pattern": "^[A-Z][A-Z0-9_-]*$"}
NUMBER: Schema = {"type": "integer", "minimum": 1}
INTEGER: Schema = {"type": "integer"}
TRUE: Schema = {"const": True}


def enum_schema(values: Any) -> Schema:
    return {"enum": [v.value if hasattr(v, "value") else v for v in values]}


def object_schema(properties: Schema, required: tuple[str, ...] = ()) -> Schema:
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
    }


def map_schema(value: Schema, key_pattern: str = "^[a-z0-9][a-z0-9-]*$") -> Schema:
    return {
        "type": "object",
        "patternProperties": {key_pattern: value},
        "additionalProperties": False,
    }
