"""A sensible Travel Guide player, for playtests and tests.

It reads its board from a :class:`~tales.guide.view.TableView` and plays
as a competent player would: it values a board by what its best connected
part of the drawing would score as the final route (:mod:`tales.guide.outlook`:
tourists x districts per colour, stars, shelters, caches, its goal cards and
character), so it takes the dice whose tourists its route already pays for,
places them in districts next to that route, and draws what raises that
value most; one artifact revealed per two threat symbols at most. Ties go to
the seeded ``rng``, so a playtest replays from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tales.guide.board import PlayerBoard
from tales.guide.bot_check import dice_score, last_dice
from tales.guide.citymap import CityMap
from tales.guide.components import GoalCard
from tales.guide.draft import DieTaken
from tales.guide.geometry import District, Node
from tales.guide.kinds import Decision, Kind
from tales.guide.options import (
    DiePick,
    DistrictPick,
    DrawPick,
    OneTouristPick,
    Reveal,
    SegmentPick,
    Skip,
    TouristPick,
)
from tales.guide.outlook import outlook, parts
from tales.guide.terms import Character, Colour
from tales.guide.view import TableView
from tales.rules.options import Option

Score = Callable[[Option], float]


def _nodes(city: CityMap, board: PlayerBoard) -> set[Node]:
    return {n for s in board.segments for n in (city.road(s).a, city.road(s).b)}


class _Planner:
    """Scores options by the outlook of the board they leave."""

    def __init__(
        self, city: CityMap, character: Character | None, goals: Sequence[GoalCard]
    ) -> None:
        self.city, self.character, self.goals = city, character, goals

    def value(self, board: PlayerBoard) -> int:
        return outlook(self.city, board, self.character, self.goals)

    def district(self, board: PlayerBoard, tourists: Sequence[Colour]) -> Score:
        route = {n.point for n in _nodes(self.city, board)}

        def score(option: Option) -> float:
            assert isinstance(option, DistrictPick)
            district = option.district
            near = sum(corner in route for corner in district.corners())
            placing = tourists[:1] if isinstance(option, OneTouristPick) else tourists
            placed = board.with_tourists(district, placing) if placing else board
            star = self.city.stars.get(district, 0) / 2
            return self.value(placed) + 2 * near + star - 3 * board.threat_count(district)

        return score

    def drawing(self, board: PlayerBoard) -> Score:
        def score(option: Option) -> float:
            assert isinstance(option, DrawPick)
            return self.value(board.with_segments(option.segments)) + len(option.segments) / 4

        return score

    def _along(self, board: PlayerBoard) -> set[District]:
        """The districts along the biggest part of the drawing."""
        roads = [self.city.road(s) for s in sorted(board.segments)]
        parts_along = ({d for r in part for d in r.along} for part in parts(roads))
        return max(parts_along, key=len, default=set())

    def tourist(self, board: PlayerBoard) -> Score:
        """A tourist of the colour the route passes most districts of."""
        along = self._along(board)

        def score(option: Option) -> float:
            assert isinstance(option, TouristPick)
            return float(sum(self.city.colours[d] is option.colour for d in along))

        return score

    def die(self, view: TableView, board: PlayerBoard) -> Score:
        """A die's tourists, each worth the districts of its colour the route passes."""
        faces = {d.die: d.face for d in view.rolled.dice} if view.rolled else {}
        along = self._along(board)

        def score(option: Option) -> float:
            assert isinstance(option, DiePick)
            face = faces.get(option.die)
            if face is None:
                return 0.0
            return sum(1 + sum(self.city.colours[d] is t for d in along) for t in face.tourists)

        return score


def _taken_tourists(view: TableView, player: str) -> tuple[Colour, ...]:
    """The tourists of the two dice the player took this round, as the events tell."""
    taken = [e for e in view.said if isinstance(e, DieTaken) and e.player == player][-2:]
    return tuple(t for e in taken for t in e.die.face.tourists)


def _segment_score(city: CityMap, board: PlayerBoard) -> Score:
    ends = _nodes(city, board)

    def score(option: Option) -> float:
        assert isinstance(option, SegmentPick)
        if option.segment is None:
            return 0.5  # a bonus segment that joins nothing is not worth drawing
        road = city.road(option.segment)
        return 2 * bool({road.a, road.b} & ends) + len(road.along) / 4

    return score


class SensibleBot:
    """Chooses an option for any Travel Guide decision."""

    def __init__(
        self,
        city: CityMap,
        rng: random.Random,
        character: Character | None = None,
        goals: Sequence[GoalCard] = (),
    ) -> None:
        self.city = city
        self.rng = rng
        self.plan = _Planner(city, character, goals)
        self.revealed: dict[str, int] = {}

    def choose(self, view: TableView, decision: Decision) -> Option:
        board = view.boards.get(decision.actor or "", PlayerBoard())
        score = self._scorer(view, board, decision)
        if score is None:
            return self.rng.choice(decision.options)
        best = max(score(o) for o in decision.options)
        return self.rng.choice([o for o in decision.options if score(o) == best])

    def _scorer(self, view: TableView, board: PlayerBoard, decision: Decision) -> Score | None:
        kind = decision.kind
        if kind is Kind.TAKE_DIE:
            return self.plan.die(view, board)
        if kind is Kind.DISTRICT:
            return self.plan.district(board, _taken_tourists(view, decision.actor or ""))
        if kind is Kind.DRAW:
            return self.plan.drawing(board)
        if kind is Kind.BONUS_SEGMENT:
            return _segment_score(self.city, board)
        if kind is Kind.ADJUST and "erase" in decision.prompt:
            return lambda o: float(isinstance(o, SegmentPick) and o.segment is None)
        if kind is Kind.SKIP:
            return lambda o: float(isinstance(o, Skip) and o.skip)
        if kind is Kind.REVEAL:
            return self._reveal(decision.actor or "", board)
        if kind in (Kind.REROLL, Kind.DAGGER, Kind.TIARA):
            values = last_dice(view, decision.actor or "")
            return dice_score(kind, values, self.plan.character)
        if kind is Kind.TOURIST:
            return self.plan.tourist(board)
        if kind is Kind.PUNISH:
            return lambda o: -_threat_of(board, o)
        return None

    def _reveal(self, player: str, board: PlayerBoard) -> Score:
        """Reveal one card per two threat symbols on the board, then keep the rest for VP."""
        wanted = 1 + len(board.threats) // 2
        shown = self.revealed.get(player, 0)

        def score(option: Option) -> float:
            assert isinstance(option, Reveal)
            return float(option.reveal == (shown < wanted))

        if shown < wanted:
            self.revealed[player] = shown + 1
        return score


def _threat_of(board: PlayerBoard, option: Option) -> float:
    if isinstance(option, DistrictPick):
        district: District = option.district
        return float(len(board.tourists.get(district, ())))
    return 0.0
