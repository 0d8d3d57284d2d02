"""The typed options of the Travel Guide's decisions; each id round-trips.

They are :class:`tales.rules.options.Option` values registered with
:func:`~tales.rules.options.option`, so one registry (and one
``parse_option``) serves both modes; fields that are not plain words are
spelled through a :class:`~tales.rules.options.Spelling`.
"""

from __future__ import annotations

from typing import Annotated

from tales.guide.geometry import District, Segment
from tales.guide.route import FinalRoute
from tales.guide.terms import TOURIST_COLOURS, Colour
from tales.records import record
from tales.rules.option_writers import SEPARATOR
from tales.rules.options import Option, Spelling, option, prefix_of


def _word(yes: str, no: str) -> Spelling[bool]:
    """A yes-or-no field written as one of two words."""

    def read(text: str) -> bool:
        if text not in (yes, no):
            raise ValueError(f"write {yes!r} or {no!r}")
        return text == yes

    return Spelling(read, lambda flag: yes if flag else no)


def _read_dice(text: str) -> tuple[int, ...]:
    if text == "none":
        return ()
    parts = text.split("+")
    if not all(p.isdigit() for p in parts):
        raise ValueError("write dice such as '0+2', or 'none'")
    return tuple(int(p) for p in parts)


def _read_colour(text: str) -> Colour:
    if text not in TOURIST_COLOURS:
        *most, last = TOURIST_COLOURS  # "red, green, blue or purple"
        raise ValueError(f"a tourist is {', '.join(most)} or {last}")
    return Colour(text)


DICE = Spelling(_read_dice, lambda dice: "+".join(map(str, dice)) or "none")
DISTRICT = Spelling(District.parse, District.__str__)
SEGMENTS = Spelling(
    lambda text: tuple(Segment.from_id(part) for part in text.split("+")),
    lambda segments: "+".join(s.id for s in segments),
)
MAYBE_SEGMENT = Spelling(
    lambda text: None if text == "none" else Segment.from_id(text),
    lambda segment: segment.id if segment else "none",
)
TOURIST = Spelling(_read_colour, str)
ROUTE = Spelling(FinalRoute.parse, lambda route: route.id)


@option("tourist-die")
@record
class DiePick(Option):
    """A tourist die, by its number in the box (1 to 5): ``tourist-die:3``."""

    die: int


@option("district")
@record
class DistrictPick(Option):
    """A district: ``district:34``."""

    district: Annotated[District, DISTRICT]


@option("one-tourist")
@record
class OneTouristPick(DistrictPick):
    """Phase 2 c's 1 tourist in a district that a coordinate change also
    reaches with the dice's tourists: ``one-tourist:35`` keeps the change,
    where ``district:35`` spends it."""


@option("reveal")
@record
class Reveal(Option):
    """Reveal the next artifact card taken (``reveal:next``) or stop (``reveal:stop``)."""

    reveal: Annotated[bool, _word("next", "stop")]


@option("dice")
@record
class DicePick(Option):
    """Some of the rolled threat dice, counted from 0: ``dice:0+2``, ``dice:none``."""

    dice: Annotated[tuple[int, ...], DICE]


@option("draw")
@record
class DrawPick(Option):
    """Route segments drawn in phase 4, in order: ``draw:33n+32w``."""

    segments: Annotated[tuple[Segment, ...], SEGMENTS]


@option("segment")
@record
class SegmentPick(Option):
    """One segment, or none: ``segment:45ne``, ``segment:none`` (a bonus not used)."""

    segment: Annotated[Segment | None, MAYBE_SEGMENT]


@option("tourist")
@record
class TouristPick(Option):
    """A kind of tourist: ``tourist:red``."""

    colour: Annotated[Colour, TOURIST]


@option("skip")
@record
class Skip(Option):
    """Deep Ones: skip this threat symbol (``skip:yes``) or draw it (``skip:no``)."""

    skip: Annotated[bool, _word("yes", "no")]


@option("route")
@record
class RoutePick(Option):
    """A final route in the route notation: ``route:1.0 11c 12w ~ 2.3s 34n``."""

    route: Annotated[FinalRoute, ROUTE]


def body(offered: Option) -> str:
    """An option's id without its kind's prefix (``district:34`` is ``34``): what
    the prompt lists, and what a player types; an option without fields is its id."""
    return offered.id.removeprefix(prefix_of(type(offered)) + SEPARATOR)


def shown(offered: Option) -> str:
    """How the prompt writes an option: its :func:`body`, a drawing's segments
    apart as they are typed (``draw:33n+32w`` is ``33n 32w``), and a 1-tourist
    pick whole (``one-tourist:35``)."""
    if isinstance(offered, OneTouristPick):
        return offered.id  # beside the same district's ``district:`` pick, which shows as 35
    text = body(offered)
    return text.replace("+", " ") if isinstance(offered, DrawPick) else text


def same_kind(offered: Option, typed: str) -> str:
    """The id that ``typed`` would be as a body of ``offered``'s kind
    (``34`` beside ``district:12`` is ``district:34``), whether or not it is offered."""
    return f"{prefix_of(type(offered))}{SEPARATOR}{typed}"
