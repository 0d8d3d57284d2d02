"""Step 4 of the end of the game: the score sheet, line by line.

:func:`score` fills in the sheet from what the threat check left;
:func:`face_value` is the sheet a route promises before any die is rolled
(every artifact kept, the Warlock's rituals done), which is what the search
for the best route ranks (the ``best-route-objective`` ruling).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from tales.guide.board import PlayerBoard
from tales.guide.citymap import CityMap
from tales.guide.components import GoalCard
from tales.guide.route import RouteFacts
from tales.guide.terms import TOURIST_COLOURS, Character, Colour, GoalMeasure
from tales.guide.threat import caches_on, rituals

ARTIFACT_VP = 7
DECK_SIZE = 7
COLLECTOR_VP = 8
BOATMAN_VP = 10
HUNTRESS_VP = 10


@dataclass(frozen=True, slots=True)
class ColourLine:
    colour: Colour
    tourists: int
    districts: int

    @property
    def points(self) -> int:
        return self.tourists * self.districts


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    colours: tuple[ColourLine, ...]
    unrevealed: int
    goals: tuple[tuple[str, int], ...]
    character: int
    yellow: int

    @property
    def artifacts(self) -> int:
        return ARTIFACT_VP * self.unrevealed

    @property
    def goal_points(self) -> int:
        return sum(vp for _, vp in self.goals)

    @property
    def total(self) -> int:
        colour = sum(line.points for line in self.colours)
        return colour + self.artifacts + self.goal_points + self.character + self.yellow


@dataclass(frozen=True, slots=True)
class CheckSummary:
    """What the threat check contributes to scoring."""

    taken: int = 0  # artifact cards taken
    revealed: int = 0
    high: int = 0  # final results of 5 or 6 (the Huntress's VP)
    ritual_tourists: int = 0  # tourists the Warlock's rituals erased


def on_route_only(board: PlayerBoard, facts: RouteFacts) -> PlayerBoard:
    """Step 1 c: erase the tourists who are not in districts along the final route."""
    kept = {d: t for d, t in board.tourists.items() if d in facts.along}
    return replace(board, tourists=kept)


def tourists_along(city: CityMap, board: PlayerBoard, facts: RouteFacts) -> list[Colour]:
    """Tourists in districts along the route, and in shelters it passes or touches."""
    found = [t for d in sorted(facts.along) for t in board.tourists.get(d, ())]
    for node in sorted(facts.nodes & city.shelters.keys()):
        found.extend(city.shelters[node])
    return found


def measure(city: CityMap, board: PlayerBoard, facts: RouteFacts, what: GoalMeasure) -> int:
    if what is GoalMeasure.TURNS:
        return facts.turns
    if what is GoalMeasure.SEGMENTS:
        return facts.segments
    if what is GoalMeasure.DISTRICTS:
        return len(facts.along)
    if what is GoalMeasure.CACHES:
        return caches_on(board, facts)
    return len(tourists_along(city, board, facts))


def score(
    city: CityMap,
    board: PlayerBoard,
    facts: RouteFacts,
    character: Character | None,
    goals: Sequence[GoalCard],
    check: CheckSummary,
) -> ScoreSheet:
    tourists = tourists_along(city, board, facts)
    lines = tuple(
        ColourLine(
            colour,
            tourists.count(colour),
            sum(city.colours[d] is colour for d in facts.along),
        )
        for colour in TOURIST_COLOURS
    )
    yellow = sum(city.stars.get(d, 0) for d in facts.along)
    met = tuple((g.name, g.points(measure(city, board, facts, g.measure))) for g in goals)
    ability = (
        {
            Character.COLLECTOR: COLLECTOR_VP * check.taken,
            Character.BOATMAN: BOATMAN_VP * facts.normal_crossings,
            Character.HUNTRESS: HUNTRESS_VP * check.high,
            Character.WARLOCK: check.ritual_tourists * caches_on(board, facts),
        }.get(character, 0)
        if character
        else 0
    )
    return ScoreSheet(lines, check.taken - check.revealed, met, ability, yellow)


def face_value(
    city: CityMap,
    board: PlayerBoard,
    facts: RouteFacts,
    character: Character | None,
    goals: Sequence[GoalCard],
) -> ScoreSheet:
    """The sheet if no artifact were revealed and no die failed."""
    board = on_route_only(board, facts)
    taken = min(caches_on(board, facts), DECK_SIZE)
    if character is Character.WARLOCK:
        # The Warlock takes no artifact cards: rituals replace the threat check.
        board, done = rituals(board)
        erased = sum(len(p.tourists) for p in done)
        return score(city, board, facts, character, goals, CheckSummary(ritual_tourists=erased))
    return score(city, board, facts, character, goals, CheckSummary(taken=taken))
