"""The end of the game: bonus segments, the final routes, the threat checks
in order, and the score sheets."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tales.errors import OptionIdError
from tales.guide.board import BoardUpdated, PlayerBoard, use_bonus_segment
from tales.guide.check import threat_check
from tales.guide.citymap import CityMap
from tales.guide.components import Challenge, Components, GoalCard
from tales.guide.geometry import Kind as SegmentKind
from tales.guide.geometry import Segment
from tales.guide.kinds import Decision, Kind, OpenDecision, Proc
from tales.guide.options import RoutePick, SegmentPick
from tales.guide.route import FinalRoute, facts
from tales.guide.scoring import ScoreSheet, on_route_only, score
from tales.guide.search import best_route
from tales.guide.terms import Bonus, Character
from tales.guide.threat import check_order, threat_level
from tales.guide.turn import SegmentAsked
from tales.records import record
from tales.rules.decisions import EventSink
from tales.rules.events import Event
from tales.rules.options import Option

if TYPE_CHECKING:  # the game builds on this module: only the type is needed
    from tales.guide.game import Game


@record
class BonusSegmentDrawn(Event):
    player: str
    bonus: Bonus
    segment: Segment


@record
class FinalRouteChosen(Event):
    player: str
    route: FinalRoute
    threat: int


@record
class Scored(Event):
    player: str
    sheet: ScoreSheet


@record
class PlayerResult:
    name: str
    route: FinalRoute
    sheet: ScoreSheet


def bonus_segments(
    city: CityMap, player: str, board: PlayerBoard, sink: EventSink
) -> Proc[PlayerBoard]:
    """Before the final route: each circled Extra or Diagonal route segment, or none."""
    for bonus in (Bonus.EXTRA_SEGMENT, Bonus.DIAGONAL_SEGMENT):
        while bonus in board.bonuses:
            diagonal = bonus is Bonus.DIAGONAL_SEGMENT
            legal = [
                r.segment
                for r in city.roads.values()
                if r.segment not in board.segments
                and (r.segment.kind is SegmentKind.DIAGONAL) == diagonal
            ]
            sink.emit(SegmentAsked(player, board, bonus=bonus))
            pick = yield Decision(
                player,
                Kind.BONUS_SEGMENT,
                f"Use {bonus.value}? Draw where?",
                (SegmentPick(None), *(SegmentPick(s) for s in legal)),
            )
            assert isinstance(pick, SegmentPick)
            if pick.segment is None:
                break
            board = use_bonus_segment(city, board, bonus, pick.segment)
            sink.emit(BonusSegmentDrawn(player, bonus, pick.segment))
    return board


def final_scores(
    components: Components,
    game: Game,
    boards: Sequence[PlayerBoard],
    last_first: int,
    rng: random.Random,
    sink: EventSink,
) -> Proc[tuple[PlayerResult, ...]]:
    """Steps 1 to 4 for every player; threat checks from the highest level down."""
    city = components.city
    routes, staged, levels = [], [], []
    for seat, board in zip(game.seats, boards, strict=True):
        route = yield from choose_route(city, seat.name, board, seat.character, game.goals)
        f = facts(city, board, route, seat.character)
        staged.append(on_route_only(board, f))
        levels.append(threat_level(staged[-1], f, seat.character))
        sink.emit(FinalRouteChosen(seat.name, route, levels[-1]))
        routes.append((route, f))
    sheets: dict[int, ScoreSheet] = {}
    for i in check_order(levels, last_first):
        seat, f = game.seats[i], routes[i][1]
        outcome = yield from threat_check(
            seat.name, staged[i], f, seat.character, seat.deck, rng, sink
        )
        # The board as scored: tourists off the route and what the check erased are gone.
        sink.emit(BoardUpdated(seat.name, outcome.board))
        sheets[i] = score(city, outcome.board, f, seat.character, game.goals, outcome.summary)
        sink.emit(Scored(seat.name, sheets[i]))
    return tuple(PlayerResult(s.name, routes[i][0], sheets[i]) for i, s in enumerate(game.seats))


def choose_route(
    city: CityMap,
    player: str,
    board: PlayerBoard,
    character: Character,
    goals: Sequence[GoalCard],
) -> Proc[FinalRoute]:
    """Step 1: the search's best route is offered; any route the rules allow is taken."""
    best = best_route(city, board, character, goals)

    def accept(option_id: str) -> Option | None:
        try:
            pick = RoutePick.from_id(option_id)
        except OptionIdError:
            return None
        facts(city, board, pick.route, character)  # raises the rule a route breaks
        return pick

    prompt = (
        f"Final route: the best scores {best.sheet.total} VP before the threat check"
        f" (threat level {best.threat}); take it or write another"
    )
    pick = yield OpenDecision(player, Kind.ROUTE, prompt, (RoutePick(best.route),), accept)
    assert isinstance(pick, RoutePick)
    return pick.route


def winners(results: Sequence[PlayerResult]) -> tuple[str, ...]:
    """Most VP; a tie goes to more goal VP; a tie left, all contenders win."""
    best = max((r.sheet.total, r.sheet.goal_points) for r in results)
    return tuple(r.name for r in results if (r.sheet.total, r.sheet.goal_points) == best)


def solo_won(sheet: ScoreSheet, challenge: Challenge, level: str, goal_cell: int) -> bool:
    """The solo game is won when both the total and the goal VP meet the chosen cell."""
    if level not in challenge.totals or goal_cell not in challenge.goals:
        raise ValueError(
            f"the challenge card has no cell ({level!r}, {goal_cell!r}): levels are"
            f" {', '.join(challenge.totals)} and goal columns {challenge.goals}"
        )
    return sheet.total >= challenge.totals[level] and sheet.goal_points >= goal_cell
