"""Dice: faces as small immutable values, and the two kinds of die.

The rulebook names the symbols but prints no face layout; the layout comes
from data (``storybooks/core/dice.yaml``, ruling ``dice-faces``). A face is
written as words joined by ``+`` ("blank", "success", "success+skull") and
its text form round-trips through :meth:`Face.parse`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from tales.errors import FaceError
from tales.records import record
from tales.rules.terms import EventSymbol


class Symbol(StrEnum):
    """A symbol printed on a die face."""

    SUCCESS = "success"
    EXPLODE = "explode"  # Exploding Success
    SHATTER = "shatter"  # Shattered Star
    SKULL = "skull"
    TENTACLE = "tentacle"
    STAR = "star"


_EVENT_OF_SYMBOL = {
    Symbol.SKULL: EventSymbol.SKULL,
    Symbol.TENTACLE: EventSymbol.TENTACLE,
    Symbol.STAR: EventSymbol.STAR,
}


@cache  # a die has six faces: each is written thousands of times, in every roll's prompt
def _written(symbols: frozenset[Symbol]) -> str:
    if not symbols:
        return "blank"
    return "+".join(s.value for s in Symbol if s in symbols)


@dataclass(frozen=True, slots=True, repr=False)
class Face:
    """One face of a die: the set of symbols printed on it (empty is blank)."""

    symbols: frozenset[Symbol] = frozenset()

    @classmethod
    def parse(cls, text: str) -> Face:
        """Read ``"blank"``, ``"success"`` or ``"success+skull"``."""
        words = [w.strip().lower() for w in text.split("+")]
        if words == ["blank"]:
            return cls()
        symbols: set[Symbol] = set()
        for word in words:
            try:
                symbols.add(Symbol(word))
            except ValueError:
                known = ", ".join(["blank", *(s.value for s in Symbol)])
                raise FaceError(
                    f"{text!r} is not a die face; faces use the words {known}"
                ) from None
        if len(symbols) != len(words):
            raise FaceError(f"{text!r} names a symbol twice")
        return cls(frozenset(symbols))

    def __repr__(self) -> str:
        return f"Face.parse({str(self)!r})"

    def __str__(self) -> str:
        return _written(self.symbols)

    @property
    def successes(self) -> int:
        """Successes this face counts (an Exploding Success counts one: ruling
        ``exploding-success-counts``)."""
        return int(Symbol.SUCCESS in self.symbols) + int(Symbol.EXPLODE in self.symbols)

    @property
    def explodes(self) -> bool:
        return Symbol.EXPLODE in self.symbols

    @property
    def shatters(self) -> bool:
        return Symbol.SHATTER in self.symbols

    @property
    def event(self) -> EventSymbol | None:
        """The narrative symbol on this face, if any."""
        for symbol, event in _EVENT_OF_SYMBOL.items():
            if symbol in self.symbols:
                return event
        return None


BLANK = Face()


@record
class DiceSet:
    """The box of dice: six faces per kind and how many of each kind exist."""

    white: tuple[Face, ...]
    red: tuple[Face, ...]
    white_count: int = 6
    red_count: int = 2

    def __post_init__(self) -> None:
        for kind, faces in (("white", self.white), ("red", self.red)):
            if len(faces) != 6:
                raise FaceError(f"a {kind} die has 6 faces, not {len(faces)}")
        if any(f.event for f in self.white):
            raise FaceError("white dice carry no narrative symbol; only the red die does")
        if any(f.explodes or f.shatters for f in self.red):
            raise FaceError(
                "red dice carry no Exploding Success or Shattered Star: both act on white dice only"
            )

    @classmethod
    def from_words(cls, white: Sequence[str], red: Sequence[str]) -> DiceSet:
        return cls(tuple(Face.parse(w) for w in white), tuple(Face.parse(r) for r in red))

    def roll_white(self, rng: random.Random) -> Face:
        return self.white[rng.randrange(6)]

    def roll_red(self, rng: random.Random) -> Face:
        return self.red[rng.randrange(6)]
