"""A sensible Travel Guide player, for playtests and tests.

It reads its board from a :class:`~tales.guide.view.TableView` and plays
what a careful beginner would: districts next to its route, drawings that
extend the route past tourists and away from threat symbols, one artifact
revealed per two threat symbols on its route at most. Ties go to the seeded
``rng``, so a playtest replays from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tales.guide.board import PlayerBoard
from tales.guide.citymap import CityMap
from tales.guide.geometry import District, Node
from tales.guide.kinds import Decision, Kind
from tales.guide.options import DistrictPick, DrawPick, Reveal, SegmentPick, Skip
from tales.guide.view import TableView
from tales.rules.options import Option

Score = Callable[[Option], float]


def _nodes(city: CityMap, board: PlayerBoard) -> set[Node]:
    return {n for s in board.segments for n in (city.road(s).a, city.road(s).b)}


def _district_score(city: CityMap, board: PlayerBoard) -> Score:
    route = {n.point for n in _nodes(city, board)}

    def score(option: Option) -> float:
        assert isinstance(option, DistrictPick)
        district = option.district
        near = sum(corner in route for corner in district.corners())
        return 2 * near + city.stars.get(district, 0) / 2 - 3 * board.threat_count(district)

    return score


def _drawing_score(city: CityMap, board: PlayerBoard) -> Score:
    ends = _nodes(city, board)

    def score(option: Option) -> float:
        assert isinstance(option, DrawPick)
        value = 0.0
        for segment in option.segments:
            road = city.road(segment)
            value += 1 + 2 * bool({road.a, road.b} & ends)
            value += sum(len(board.tourists.get(d, ())) for d in road.along) / 2
            value -= sum(2 * board.threat_count(d) for d in road.along)
        return value

    return score


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

    def __init__(self, city: CityMap, rng: random.Random) -> None:
        self.city = city
        self.rng = rng
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
        if kind is Kind.DISTRICT:
            return _district_score(self.city, board)
        if kind is Kind.DRAW:
            return _drawing_score(self.city, board)
        if kind is Kind.BONUS_SEGMENT:
            return _segment_score(self.city, board)
        if kind is Kind.ADJUST and "erase" in decision.prompt:
            return lambda o: float(isinstance(o, SegmentPick) and o.segment is None)
        if kind is Kind.SKIP:
            return lambda o: float(isinstance(o, Skip) and o.skip)
        if kind is Kind.REVEAL:
            return self._reveal(decision.actor or "", board)
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
