"""The exact search for the final route that scores most.

Depth-first over every trail of the drawn segments, with crossings where the
rules allow them, pruned two ways that never lose the best route:

* a bound: the score if every segment still reachable were added (every
  score line and goal only grows as a route grows, and each new segment adds
  at most one turn, two on a rounded road), less the roads that parity leaves
  over (the route is at most five trails, which end at no more than ten
  intersections of odd degree), so a branch whose bound cannot beat the best
  found is cut;
* dominance: two partial routes at the same intersection with the same
  segments used, crossings used and direction of arrival have the same
  futures, so one with no more turns and normal crossings than another is cut.

Routes rank by total VP, then by the lower threat level (the ``best-route-objective``
ruling); the winner's sheet is recomputed by
:func:`tales.guide.scoring.face_value`, the same code that scores any route.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tales.guide.board import PlayerBoard
from tales.guide.citymap import CityMap, Road
from tales.guide.components import GoalCard
from tales.guide.geometry import District, Node, Vector
from tales.guide.route import MAX_CROSSINGS, FinalRoute, RouteFacts, Section, facts
from tales.guide.scoring import BOATMAN_VP, ScoreSheet, face_value
from tales.guide.terms import Character, GoalMeasure
from tales.guide.threat import threat_level


@dataclass(frozen=True, slots=True)
class BestRoute:
    route: FinalRoute
    sheet: ScoreSheet
    threat: int
    explored: int  # partial routes looked at, for benchmarks


@dataclass(frozen=True, slots=True)
class _Step:
    edge: int
    to: int
    leave: Vector
    arrive: Vector


@dataclass
class _Graph:
    """The drawn segments, indexed for speed."""

    roads: list[Road]
    nodes: list[Node]
    steps: list[list[_Step]] = field(default_factory=list)
    along: list[frozenset[District]] = field(default_factory=list)
    water: list[bool] = field(default_factory=list)
    bank: list[str] = field(default_factory=list)


def _graph(city: CityMap, board: PlayerBoard) -> _Graph:
    roads = sorted((city.road(s) for s in board.segments), key=lambda r: r.segment)
    nodes = sorted({n for r in roads for n in (r.a, r.b)})
    index = {n: i for i, n in enumerate(nodes)}
    graph = _Graph(roads, nodes, [[] for _ in nodes])
    for e, road in enumerate(roads):
        for here in (road.a, road.b):
            leave, arrive = road.leaving(here)
            graph.steps[index[here]].append(_Step(e, index[road.other(here)], leave, arrive))
    graph.along = [r.along for r in roads]
    graph.water = [n in city.water for n in nodes]
    graph.bank = [city.bank_of(n).value for n in nodes]
    return graph


MEASURES = (
    GoalMeasure.TURNS,
    GoalMeasure.SEGMENTS,
    GoalMeasure.DISTRICTS,
    GoalMeasure.CACHES,
    GoalMeasure.TOURISTS,
)


class _Search:
    """One search; masks over the drawn roads, districts and intersections keep it quick."""

    def __init__(
        self,
        city: CityMap,
        board: PlayerBoard,
        character: Character | None,
        goals: Sequence[GoalCard],
    ) -> None:
        self.city, self.board, self.character, self.goals = city, board, character, goals
        self.g = g = _graph(city, board)
        self.districts = sorted(city.colours)
        bit = {d: 1 << i for i, d in enumerate(self.districts)}
        self.dmask = [sum(bit[d] for d in along) for along in g.along]
        self.nmask = [1 << g.nodes.index(r.a) | 1 << g.nodes.index(r.b) for r in g.roads]
        self.weight = [1 + r.turns for r in g.roads]  # the most turns a road can add
        self.threats = [board.threat_count(d) for d in self.districts]
        self.threat_bits = [(1 << i, n) for i, n in enumerate(self.threats) if n]
        # Each goal's VP by the value of its measure, up to its top tier (which pays on).
        self.goal_tables = [
            (
                MEASURES.index(g.measure),
                [g.points(v) for v in range(max((t for t, _ in g.tiers), default=0) + 1)],
            )
            for g in goals
        ]
        self.best: tuple[tuple[int, int], FinalRoute] | None = None
        self.seen: dict[tuple[int, int, int, Vector | None, bool], tuple[int, int]] = {}
        self.sets: dict[tuple[int, int, bool], tuple[int, int, int, int]] = {}
        self.explored = 0
        self.links = [[(1 << st.edge, st.to) for st in steps] for steps in g.steps]
        self.water_nodes = [n for n in range(len(g.nodes)) if g.water[n]]
        self.reach: dict[tuple[int, int, bool], tuple[int, int, int, int, bool, int]] = {}
        self.ends = [(1 << g.nodes.index(r.a), 1 << g.nodes.index(r.b)) for r in g.roads]
        self.path: list[tuple[int, int]] = []  # (edge, node left from)
        self.starts: list[tuple[int, int]] = []  # (position in path, start node)

    # -- scoring from masks ------------------------------------------------

    def _set_value(self, dm: int, nm: int, relaxed: bool) -> tuple[int, int, int, int]:
        """(sheet total without goals and crossings, districts, caches, tourists).

        ``relaxed`` bounds the Warlock: every tourist stays on the sheet and
        is also paid out by the rituals."""
        key = (dm, nm, relaxed)
        if key not in self.sets:
            along = frozenset(d for i, d in enumerate(self.districts) if dm >> i & 1)
            nodes = frozenset(n for i, n in enumerate(self.g.nodes) if nm >> i & 1)
            f = RouteFacts(along, nodes, 0, 0, 0, 0)
            caches = len(self.board.caches & nodes)
            if relaxed:
                sheet = face_value(self.city, self.board, f, None, ())
                tourists = sum(line.tourists for line in sheet.colours)
                base = sheet.total - sheet.artifacts + tourists * caches
            else:
                sheet = face_value(self.city, self.board, f, self.character, ())
                tourists = sum(line.tourists for line in sheet.colours)
                base = sheet.total
            self.sets[key] = (base, len(along), caches, tourists)
        return self.sets[key]

    def _value(
        self, dm: int, nm: int, segments: int, turns: int, normal: int, relaxed: bool = False
    ) -> int:
        base, districts, caches, tourists = self._set_value(dm, nm, relaxed)
        measures = (turns, segments, districts, caches, tourists)  # in MEASURES' order
        boat = BOATMAN_VP * normal if self.character is Character.BOATMAN else 0
        goals = 0
        for index, table in self.goal_tables:
            goals += table[min(measures[index], len(table) - 1)]
        return base + boat + goals

    def _threat(self, dm: int, crossings: int) -> int:
        """The threat level, as :func:`threat_level` counts it, from masks."""
        if self.character is Character.WARLOCK:
            return 0
        counted = 0 if self.character is Character.BOATMAN else crossings
        return counted + sum(n for bit, n in self.threat_bits if dm & bit)

    def _bound(
        self, here: int, used: int, dm: int, nm: int, state: tuple[int, int, int, int]
    ) -> int:
        """The most any completion could score (see the module's docstring)."""
        segments, turns, crossings, normal = state
        reach = self._reachable(used, here, crossings < MAX_CROSSINGS)
        more_dm, more_nm, count, weight, water, odd = reach
        trails = 1 + (MAX_CROSSINGS - crossings if water else 0)
        # k trails have at most 2k odd ends, so the roads left over hold the other
        # odd intersections: at least one road per two of them, each worth a turn.
        left_over = max(0, (odd - 2 * trails + 1) // 2)
        count -= left_over
        weight -= left_over
        if self.character is Character.BOATMAN and water:
            # Each crossing starts a section of at least one free road (crossing-chain).
            normal += min(MAX_CROSSINGS - crossings, count)
        return self._value(
            dm | more_dm,
            nm | more_nm,
            segments + count,
            turns + weight,
            normal,
            self.character is Character.WARLOCK,
        )

    def _reachable(
        self, used: int, here: int, may_cross: bool
    ) -> tuple[int, int, int, int, bool, int]:
        """What the free roads the route could still take add up to: (districts,
        intersections, roads, most turns, whether water is in reach for another
        crossing, how many intersections they meet an odd number of times).

        They are its own part of the drawing and, while a crossing is left and
        water is in reach, every part touching water. Kept per (used, here),
        which the walk meets from several directions."""
        key = (used, here, may_cross)
        known = self.reach.get(key)
        if known is not None:
            return known
        visited = 1 << here
        found, visited, water = self._flood(used, here, visited, 0)
        if may_cross and water:
            for node in self.water_nodes:
                if not visited >> node & 1:
                    found, visited, _ = self._flood(used, node, visited | 1 << node, found)
        more_dm = more_nm = count = weight = odd = 0
        while found:
            low = found & -found
            e = low.bit_length() - 1
            more_dm |= self.dmask[e]
            more_nm |= self.nmask[e]
            end_a, end_b = self.ends[e]
            odd ^= end_a
            odd ^= end_b
            count += 1
            weight += self.weight[e]
            found ^= low
        water = may_cross and water
        self.reach[key] = known = (more_dm, more_nm, count, weight, water, odd.bit_count())
        return known

    def _flood(self, used: int, start: int, visited: int, found: int) -> tuple[int, int, bool]:
        """Add the free roads reachable from ``start`` to ``found`` (a mask of
        roads); the new masks and whether water was reached."""
        water = False
        todo = [start]
        free = ~used
        while todo:
            node = todo.pop()
            water = water or self.g.water[node]
            for bit, to in self.links[node]:
                if free & bit:
                    found |= bit
                    if not visited >> to & 1:
                        visited |= 1 << to
                        todo.append(to)
        return found, visited, water

    # -- the walk ----------------------------------------------------------

    def run(self) -> None:
        for start in range(len(self.g.nodes)):
            self.starts = [(0, start)]
            self._walk(start, 0, 0, 0, None, (0, 0, 0, 0), True)

    def _walk(
        self,
        here: int,
        used: int,
        dm: int,
        nm: int,
        arriving: Vector | None,
        state: tuple[int, int, int, int],  # segments, turns, crossings, normal crossings
        fresh: bool,
    ) -> None:
        self.explored += 1
        segments, turns, crossings, normal = state
        memo = (here, used, crossings, arriving, fresh)
        old = self.seen.get(memo)
        if old is not None and old[0] >= turns and old[1] >= normal:
            return
        self.seen[memo] = (turns, normal)
        threat = self._threat(dm, crossings)
        if not fresh:
            self._offer((self._value(dm, nm, segments, turns, normal), -threat))
        if self.best is not None:
            bound, (best, best_threat) = self._bound(here, used, dm, nm, state), self.best[0]
            if bound < best or (bound == best and -threat <= best_threat):
                return
        steps = sorted(
            (s for s in self.g.steps[here] if not used >> s.edge & 1),
            key=lambda s: -(self.dmask[s.edge] & ~dm).bit_count(),
        )
        for step in steps:
            turn = int(arriving is not None and step.leave != arriving)
            after = (segments + 1, turns + turn + self.g.roads[step.edge].turns, crossings, normal)
            self.path.append((step.edge, here))
            self._walk(
                step.to,
                used | 1 << step.edge,
                dm | self.dmask[step.edge],
                nm | self.nmask[step.edge],
                step.arrive,
                after,
                False,
            )
            self.path.pop()
        if not fresh and crossings < MAX_CROSSINGS and self.g.water[here]:
            self._cross(here, used, dm, nm, state)

    def _cross(
        self, here: int, used: int, dm: int, nm: int, state: tuple[int, int, int, int]
    ) -> None:
        segments, turns, crossings, normal = state
        for there in self.water_nodes:
            if there == here:
                continue
            if all(used >> s.edge & 1 for s in self.g.steps[there]):
                continue
            other_bank = self.g.bank[there] != self.g.bank[here]
            if not other_bank and self.character is not Character.BOATMAN:
                continue
            self.starts.append((len(self.path), there))
            after = (segments, turns, crossings + 1, normal + other_bank)
            self._walk(there, used, dm, nm, None, after, True)
            self.starts.pop()

    def _offer(self, key: tuple[int, int]) -> None:
        if self.best is None or key > self.best[0]:
            self.best = (key, self._route())

    def _route(self) -> FinalRoute:
        sections = []
        bounds = [*self.starts[1:], (len(self.path), -1)]
        for (begin, start), (end, _) in zip(self.starts, bounds, strict=True):
            segments = tuple(self.g.roads[e].segment for e, _ in self.path[begin:end])
            sections.append(Section(self.g.nodes[start], segments))
        return FinalRoute(tuple(sections))


def best_route(
    city: CityMap,
    board: PlayerBoard,
    character: Character | None,
    goals: Sequence[GoalCard],
) -> BestRoute:
    """The legal final route with the highest face value, found exactly."""
    search = _Search(city, board, character, goals)
    search.run()
    route = search.best[1] if search.best else FinalRoute()
    f = facts(city, board, route, character)
    sheet = face_value(city, board, f, character, goals)
    return BestRoute(route, sheet, threat_level(board, f, character), search.explored)
