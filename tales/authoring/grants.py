"""What a story can make true, and whether a condition can hold given it:
the reasoning behind ``tales check``'s reachability (:mod:`tales.authoring.check`).

Facts the story can never make true are false; the others are tried both
ways, and numbers the checker cannot know compare both ways too.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from tales.errors import StoryExpressionError
from tales.story.conditions import FUNCTIONS, VALUES, analyse, called_with, evaluate
from tales.story.map_vocabulary import FUNCTIONS as MAP_FUNCTIONS
from tales.story.map_vocabulary import VALUES as MAP_VALUES

# Facts an author's condition can ask about, by the function that asks.
FACT_FUNCTIONS = ("keyword", "item", "clue", "objective", "information", "visited", "revealed")
_MAX_FREE_FACTS = 10  # 2**10 cases at most per condition
_IN_PLAY = frozenset(MAP_FUNCTIONS + MAP_VALUES)


@dataclass
class Grants:
    """What the story can make true, grown until nothing more can be."""

    keywords: set[str] = field(default_factory=set)
    cards: set[tuple[str, str]] = field(default_factory=set)  # (kind, slug)
    revealed: set[str] = field(default_factory=set)
    reached: set[int] = field(default_factory=set)

    def possible(self, function: str, argument: str) -> bool:
        if function == "keyword":
            return argument in self.keywords
        if function == "visited":
            return argument.isdecimal() and int(argument) in self.reached
        if function == "revealed":
            return argument in self.revealed
        return (function, argument) in self.cards


class _Wild:
    """A number the checker cannot know: it compares as ``verdict``."""

    def __init__(self, verdict: bool) -> None:
        self.verdict = verdict

    def _compare(self, other: object) -> bool:
        return self.verdict

    __lt__ = __le__ = __gt__ = __ge__ = __eq__ = __ne__ = _compare

    def __getattr__(self, name: str) -> _Wild:
        return self

    def __getitem__(self, key: object) -> _Wild:
        return self

    def __add__(self, other: object) -> _Wild:
        return self

    __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __add__

    def __bool__(self) -> bool:
        return self.verdict

    def __hash__(self) -> int:
        return 0


def may_hold(condition: str, grants: Grants) -> bool:
    """Whether ``condition`` can be true in some game: facts the story can
    never make true are false, the others are tried both ways, and numbers
    the checker cannot know compare both ways too. A condition on the map's
    state in play (barriers, vehicles, marks, who is in the game) may hold:
    its parts would each need trying both ways, and ``not riding(...)``
    beside ``vehicle_at(...) == "quay"`` fails any single wild value."""
    if analyse(condition, template=False).names & _IN_PLAY:
        return True
    facts = sorted(
        {(f, a) for f in FACT_FUNCTIONS for a in called_with(condition, f) if grants.possible(f, a)}
    )[:_MAX_FREE_FACTS]
    for verdict in (True, False):
        wild = _Wild(verdict)
        for values in itertools.product((True, False), repeat=len(facts)):
            truth = dict(zip(facts, values, strict=True))
            context: dict[str, Any] = dict.fromkeys(VALUES, wild)
            for function in FUNCTIONS:
                context[function] = _fact(function, truth, wild)
            try:
                if evaluate(condition, context):
                    return True
            except StoryExpressionError:  # an odd expression gets the benefit of the doubt
                return True
    return False


# Carried in from earlier scenarios, drawn from the seed, or the map's live
# state: unknowable when checking, so such a fact may hold either way.
UNKNOWABLE = frozenset(
    ("log", "crossed_out", "entries", "counter", "playing", "position", *MAP_FUNCTIONS)
)


def _fact(function: str, truth: dict[tuple[str, str], bool], wild: _Wild) -> Any:
    if function in UNKNOWABLE:
        return lambda *args: wild
    return lambda argument: truth.get((function, str(argument)), False)
