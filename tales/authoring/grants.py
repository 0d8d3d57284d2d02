"""What a story can make true, and whether a condition can hold given it:
the reasoning behind ``tales check``'s reachability (:mod:`tales.authoring.check`).

Facts the story can never make true are false; the others are tried both
ways, and numbers the checker cannot know compare both ways too.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from tales.authoring.supposing import Wild, named_facts, supposed_vocabulary
from tales.errors import StoryExpressionError
from tales.story.conditions import analyse, evaluate
from tales.story.map_vocabulary import FUNCTIONS as MAP_FUNCTIONS
from tales.story.map_vocabulary import VALUES as MAP_VALUES

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


def may_hold(condition: str, grants: Grants) -> bool:
    """Whether ``condition`` can be true in some game: facts the story can
    never make true are false, the others are tried both ways, and numbers
    the checker cannot know compare both ways too. A condition on the map's
    state in play (barriers, vehicles, marks, who is in the game) may hold:
    its parts would each need trying both ways, and ``not riding(...)``
    beside ``vehicle_at(...) == "quay"`` fails any single wild value."""
    if analyse(condition, template=False).names & _IN_PLAY:
        return True
    facts = sorted(fact for fact in named_facts(condition) if grants.possible(*fact))
    facts = facts[:_MAX_FREE_FACTS]
    for verdict in (True, False):
        wild = Wild(verdict)
        for values in itertools.product((True, False), repeat=len(facts)):
            truth = frozenset(fact for fact, true in zip(facts, values, strict=True) if true)
            # A fact the story can never make true is false; the log, counters,
            # shuffles and the map in play are carried in or drawn: wild.
            context = supposed_vocabulary(truth.__contains__, wild)
            try:
                if evaluate(condition, context):
                    return True
            except StoryExpressionError:  # an odd expression gets the benefit of the doubt
                return True
    return False
