"""Phases 2 to 4 of one player's round, as a decision procedure.

Phase 2 chooses a district (spending coordinate changes: the bonus die's
first); the bonus die's Route adjustment comes at the start of phase 3;
phase 3 places the tourists; phase 4 draws segments; then the Detective
finds a missing tourist if this round's segments touched a new cache or
shelter.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from tales.guide.board import Drawing, PlayerBoard, adjust, draw, verify_adjustment
from tales.guide.citymap import CityMap
from tales.guide.draft import RoundDice
from tales.guide.drawings import legal_drawings
from tales.guide.errors import IllegalDrawingError
from tales.guide.geometry import District, Segment
from tales.guide.geometry import Kind as SegmentKind
from tales.guide.kinds import Decision, Kind, Proc
from tales.guide.options import DistrictPick, DrawPick, OneTouristPick, SegmentPick, TouristPick
from tales.guide.rounds import DistrictChoice, district_options, tourists_of
from tales.guide.terms import TOURIST_COLOURS, Bonus, BonusFace, Character, Colour
from tales.records import record
from tales.rules.decisions import EventSink
from tales.rules.events import Event
from tales.rules.options import Option


@record
class DistrictChosen(Event):
    player: str
    choice: DistrictChoice


@record
class RouteAdjusted(Event):
    player: str
    erased: Segment
    drawn: Segment


@record
class TouristsPlaced(Event):
    player: str
    district: District
    tourists: tuple[Colour, ...]
    reason: str  # "dice", "fallback" or "detective"


@record
class DrawingAsked(Event):
    """Phase 4 begins: the board and what the drawing rules need, for a prompt
    to show the board and to refuse a drawing with the rule's own sentence."""

    player: str
    board: PlayerBoard
    district: District
    fallback: bool
    bonus: BonusFace


@record
class SegmentAsked(Event):
    """One segment is asked (Route adjustment, or a bonus at the end): the board
    and the rule's terms, for a prompt to refuse a segment with the rule's sentence."""

    player: str
    board: PlayerBoard
    bonus: Bonus | None = None  # the end of the game's Extra or Diagonal route segment
    erasing: Segment | None = None  # Route adjustment, once the segment to erase is chosen
    adjusting: bool = False  # Route adjustment, the segment to erase


@record
class SegmentsDrawn(Event):
    player: str
    segments: tuple[Segment, ...]


def player_turn(
    city: CityMap,
    player: str,
    character: Character,
    board: PlayerBoard,
    dice: RoundDice,
    sink: EventSink,
) -> Proc[PlayerBoard]:
    start = board  # the Detective looks at every segment drawn this round
    choice, board = yield from _district(player, board, dice, sink)
    if dice.bonus is BonusFace.ROUTE_ADJUSTMENT:
        board = yield from _adjustment(city, player, board, sink)
    if choice.fallback:
        colour = yield from _which_tourist(
            player, "Place 1 tourist of which kind?", TOURIST_COLOURS
        )
        tourists: tuple[Colour, ...] = (colour,)
    else:
        tourists = tourists_of(dice)
    board = board.with_tourists(choice.district, tourists)
    sink.emit(
        TouristsPlaced(player, choice.district, tourists, "fallback" if choice.fallback else "dice")
    )
    ways = legal_drawings(city, board, choice.district, choice.fallback, dice.bonus)
    sink.emit(DrawingAsked(player, board, choice.district, choice.fallback, dice.bonus))
    pick = yield Decision(
        player, Kind.DRAW, "Draw route segments", tuple(DrawPick(w) for w in ways)
    )
    assert isinstance(pick, DrawPick)
    board = draw(city, board, Drawing(choice.district, pick.segments, choice.fallback, dice.bonus))
    sink.emit(SegmentsDrawn(player, pick.segments))
    if character is Character.DETECTIVE:
        board = yield from _detective(city, player, start, board, choice.district, dice, sink)
    return board


def _district(
    player: str, board: PlayerBoard, dice: RoundDice, sink: EventSink
) -> Proc[tuple[DistrictChoice, PlayerBoard]]:
    from_die = int(dice.bonus is BonusFace.COORDINATE_CHANGE)
    changes = from_die + board.bonuses.count(Bonus.COORDINATE_CHANGE)
    offered = _district_picks(district_options(board, dice.numbers, changes))
    prompt = _district_prompt(dice, offered)
    pick = yield Decision(player, Kind.DISTRICT, prompt, tuple(offered))
    assert isinstance(pick, DistrictPick)  # the engine sends only offered options
    choice = offered[pick]
    for _ in range(max(0, choice.changes - from_die)):  # the bonus die's change goes first
        board = board.using(Bonus.COORDINATE_CHANGE)
    sink.emit(DistrictChosen(player, choice))
    return choice, board


def _district_picks(choices: Sequence[DistrictChoice]) -> dict[DistrictPick, DistrictChoice]:
    """The options of phase 2, each with the choice it makes. A district is
    picked by ``district:``; where it may also be taken with 1 tourist,
    keeping the coordinate change, that way is ``one-tourist:``."""
    picks: dict[DistrictPick, DistrictChoice] = {}
    for choice in sorted(choices, key=lambda c: (c.district, c.fallback)):  # the change first
        spent = DistrictPick(choice.district)
        picks[OneTouristPick(choice.district) if spent in picks else spent] = choice
    return picks


def _district_prompt(dice: RoundDice, picks: Mapping[DistrictPick, DistrictChoice]) -> str:
    """The question, with what the choices spend: a district reached by
    changing a coordinate uses the bonus die's change first, then a circled
    one (a playtest's 46 used up its circled change unannounced)."""
    prompt = f"Choose a district for {dice.numbers}"
    options = {p.district: c for p, c in picks.items() if not isinstance(p, OneTouristPick)}
    costly = {d: o.changes for d, o in options.items() if o.changes}
    if any(o.fallback for o in options.values()):
        prompt += "; the dice's own districts are taken, so an empty one takes 1 tourist"
        if costly:
            spent = ", ".join(f"{d} ({n})" for d, n in costly.items())
            prompt += f", except these, which spend coordinate changes for both dice's: {spent}"
            first = next(iter(costly))
            prompt += f"; one-tourist:{first} and the like keep the change, with 1 tourist"
        return prompt
    free = [str(d) for d, o in options.items() if not o.changes]
    if costly:
        most = max(costly.values())
        prompt += f"; free: {', '.join(free)}; any other spends {'1 or 2' if most > 1 else '1'}"
        prompt += f" coordinate change{'s' if most > 1 else ''}"
    return prompt


def _segment(option: Option) -> Segment | None:
    assert isinstance(option, SegmentPick)
    return option.segment


def _adjustment(
    city: CityMap, player: str, board: PlayerBoard, sink: EventSink
) -> Proc[PlayerBoard]:
    """Route adjustment: erase one segment, then draw one joined to another."""
    free = [r.segment for r in city.roads.values() if r.segment.kind is not SegmentKind.DIAGONAL]
    moves = {
        old: [new for new in free if _can_adjust(city, board, old, new)]
        for old in sorted(board.segments)
    }
    erasable = [old for old, news in moves.items() if news]
    if not erasable:
        return board
    sink.emit(SegmentAsked(player, board, adjusting=True))
    pick = yield Decision(
        player,
        Kind.ADJUST,
        "Route adjustment: erase which segment?",
        (SegmentPick(None), *(SegmentPick(s) for s in erasable)),
    )
    old = _segment(pick)
    if old is None:
        return board
    sink.emit(SegmentAsked(player, board, erasing=old))
    pick = yield Decision(
        player,
        Kind.ADJUST,
        f"Route adjustment: draw what instead of {old.id}?",
        tuple(SegmentPick(s) for s in moves[old]),
    )
    new = _segment(pick)
    assert new is not None
    sink.emit(RouteAdjusted(player, old, new))
    return adjust(city, board, old, new)


def _can_adjust(city: CityMap, board: PlayerBoard, old: Segment, new: Segment) -> bool:
    try:
        verify_adjustment(city, board, old, new)
    except IllegalDrawingError:
        return False
    return True


def _detective(
    city: CityMap,
    player: str,
    before: PlayerBoard,
    board: PlayerBoard,
    district: District,
    dice: RoundDice,
    sink: EventSink,
) -> Proc[PlayerBoard]:
    """Once per round, a tourist of the fate die's kind for a new cache or shelter touched
    by this round's segments, Route adjustment's included (the ``detective-round`` ruling)."""
    drawn = [city.road(s) for s in board.segments - before.segments]
    places = board.caches | city.shelters.keys()
    touched = {n for r in drawn for n in (r.a, r.b)} & places - board.checked
    if not touched:
        return board
    kinds = dice.fate.face.tourists
    colour = kinds[0]
    if len(set(kinds)) > 1:
        colour = yield from _which_tourist(
            player, "Detective: the missing tourist is which kind?", kinds
        )
    sink.emit(TouristsPlaced(player, district, (colour,), "detective"))
    board = board.with_tourists(district, [colour])
    return replace(board, checked=board.checked | frozenset(touched))


def _which_tourist(player: str, question: str, kinds: Iterable[Colour]) -> Proc[Colour]:
    """The kind of tourist ``player`` picks among ``kinds``."""
    pick = yield Decision(player, Kind.TOURIST, question, tuple(TouristPick(c) for c in kinds))
    assert isinstance(pick, TouristPick)
    return pick.colour
