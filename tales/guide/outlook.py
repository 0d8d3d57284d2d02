"""What a drawing promises: the bot's estimate of a board's final score.

The exact search (:mod:`tales.guide.search`) is far too slow to ask at every
decision, so the bot values a board by its best connected part of the
drawing taken whole as the route: the score sheet :func:`face_value` fills in
for it, turns guessed at one per two segments. It is an estimate, used only
to compare options; the end of the game still searches exactly.
"""

from __future__ import annotations

from collections.abc import Sequence

from tales.guide.board import PlayerBoard
from tales.guide.citymap import CityMap, Road
from tales.guide.components import GoalCard
from tales.guide.geometry import Node
from tales.guide.route import RouteFacts
from tales.guide.scoring import face_value
from tales.guide.terms import Character


def parts(roads: Sequence[Road]) -> list[list[Road]]:
    """The connected parts of a drawing, each a list of its roads."""
    parent: dict[Node, Node] = {}

    def root(node: Node) -> Node:
        while parent.setdefault(node, node) != node:
            node = parent[node]
        return node

    for road in roads:
        parent[root(road.a)] = root(road.b)
    grouped: dict[Node, list[Road]] = {}
    for road in roads:
        grouped.setdefault(root(road.a), []).append(road)
    return list(grouped.values())


def part_value(
    city: CityMap,
    board: PlayerBoard,
    roads: Sequence[Road],
    character: Character | None,
    goals: Sequence[GoalCard],
) -> int:
    """The sheet's total if these roads were the whole final route."""
    along = frozenset(d for r in roads for d in r.along)
    nodes = frozenset(n for r in roads for n in (r.a, r.b))
    turns = len(roads) // 2 + sum(r.turns for r in roads)
    facts = RouteFacts(along, nodes, len(roads), turns, 0, 0)
    return face_value(city, board, facts, character, goals).total


def outlook(
    city: CityMap,
    board: PlayerBoard,
    character: Character | None = None,
    goals: Sequence[GoalCard] = (),
) -> int:
    """The best part's value, less what its threat symbols put at risk."""
    roads = [city.road(s) for s in sorted(board.segments)]
    best = 0
    for part in parts(roads):
        along = {d for r in part for d in r.along}
        threat = sum(board.threat_count(d) for d in along)
        best = max(best, part_value(city, board, part, character, goals) - 4 * threat)
    return best
