"""The typed options of the Travel Guide's decisions; each id round-trips."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tales.guide.decisions import Option
from tales.guide.errors import NotationError
from tales.guide.geometry import District, Segment
from tales.guide.terms import TOURIST_COLOURS, Colour


@dataclass(frozen=True, slots=True)
class DiePick(Option):
    """A tourist die, by its number in the box (1 to 5): ``die:3``."""

    prefix: ClassVar[str] = "die"
    die: int

    def body(self) -> str:
        return str(self.die)

    @classmethod
    def from_body(cls, body: str) -> DiePick:
        if not body.isdigit():
            raise NotationError(f"'die:{body}' does not name a tourist die: write 'die:3'")
        return cls(int(body))


@dataclass(frozen=True, slots=True)
class DistrictPick(Option):
    """A district: ``district:34``."""

    prefix: ClassVar[str] = "district"
    district: District

    def body(self) -> str:
        return self.district.id

    @classmethod
    def from_body(cls, body: str) -> DistrictPick:
        return cls(District.parse(body))


@dataclass(frozen=True, slots=True)
class Reveal(Option):
    """Reveal the next artifact card taken (``reveal:next``) or stop (``reveal:stop``)."""

    prefix: ClassVar[str] = "reveal"
    reveal: bool

    def body(self) -> str:
        return "next" if self.reveal else "stop"

    @classmethod
    def from_body(cls, body: str) -> Reveal:
        if body not in ("next", "stop"):
            raise NotationError(f"'reveal:{body}' is not 'reveal:next' or 'reveal:stop'")
        return cls(body == "next")


@dataclass(frozen=True, slots=True)
class DicePick(Option):
    """Some of the rolled threat dice, counted from 0: ``dice:0+2``, ``dice:none``."""

    prefix: ClassVar[str] = "dice"
    dice: tuple[int, ...]

    def body(self) -> str:
        return "+".join(map(str, self.dice)) or "none"

    @classmethod
    def from_body(cls, body: str) -> DicePick:
        if body == "none":
            return cls(())
        parts = body.split("+")
        if not all(p.isdigit() for p in parts):
            raise NotationError(
                f"'dice:{body}' does not name dice: write 'dice:0+2' or 'dice:none'"
            )
        return cls(tuple(int(p) for p in parts))


@dataclass(frozen=True, slots=True)
class DrawPick(Option):
    """Route segments drawn in phase 4, in order: ``draw:33n+32w``."""

    prefix: ClassVar[str] = "draw"
    segments: tuple[Segment, ...]

    def body(self) -> str:
        return "+".join(s.id for s in self.segments)

    @classmethod
    def from_body(cls, body: str) -> DrawPick:
        return cls(tuple(Segment.parse(part) for part in body.split("+")))


@dataclass(frozen=True, slots=True)
class SegmentPick(Option):
    """One segment, or none: ``segment:45ne``, ``segment:none`` (a bonus not used)."""

    prefix: ClassVar[str] = "segment"
    segment: Segment | None

    def body(self) -> str:
        return self.segment.id if self.segment else "none"

    @classmethod
    def from_body(cls, body: str) -> SegmentPick:
        return cls(None if body == "none" else Segment.parse(body))


@dataclass(frozen=True, slots=True)
class TouristPick(Option):
    """A kind of tourist: ``tourist:red``."""

    prefix: ClassVar[str] = "tourist"
    colour: Colour

    def body(self) -> str:
        return self.colour.value

    @classmethod
    def from_body(cls, body: str) -> TouristPick:
        if body not in TOURIST_COLOURS:
            raise NotationError(f"'tourist:{body}' is not red, green, blue or purple")
        return cls(Colour(body))


@dataclass(frozen=True, slots=True)
class Skip(Option):
    """Deep Ones: skip this threat symbol (``skip:yes``) or draw it (``skip:no``)."""

    prefix: ClassVar[str] = "skip"
    skip: bool

    def body(self) -> str:
        return "yes" if self.skip else "no"

    @classmethod
    def from_body(cls, body: str) -> Skip:
        if body not in ("yes", "no"):
            raise NotationError(f"'skip:{body}' is not 'skip:yes' or 'skip:no'")
        return cls(body == "yes")
