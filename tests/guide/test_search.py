"""The exact search for the best final route, against brute force and random routes."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tales.guide.board import PlayerBoard
from tales.guide.citymap import CityMap
from tales.guide.components import Components, GoalCard
from tales.guide.data import load_components
from tales.guide.geometry import District, Node, Segment
from tales.guide.route import MAX_CROSSINGS, FinalRoute, Section, facts
from tales.guide.scoring import face_value
from tales.guide.search import best_route
from tales.guide.terms import TOURIST_COLOURS, Character, GoalMeasure
from tests.guide.conftest import guide_rule

COMPONENTS = load_components()
CITY = COMPONENTS.city
# Besides the real cards, goals that pay a point per turn, segment... so that
# small boards, far below the real tiers, still feel every measure.
STEPS = tuple((n, n) for n in range(1, 13))
GOALS = [
    *sorted(COMPONENTS.goals.values(), key=lambda g: g.name),
    *(GoalCard(f"each-{m.value}", m.value, m, STEPS) for m in GoalMeasure),
]


def key(
    board: PlayerBoard, route: FinalRoute, character: Character | None, goals: Sequence[GoalCard]
) -> tuple[int, int]:
    from tales.guide.threat import threat_level

    f = facts(CITY, board, route, character)
    return face_value(CITY, board, f, character, goals).total, -threat_level(board, f, character)


def all_routes(
    city: CityMap, board: PlayerBoard, character: Character | None
) -> Iterator[FinalRoute]:
    """Every legal final route, by brute force: no bound, no memory."""
    roads = [city.road(s) for s in board.segments]
    nodes = {n for r in roads for n in (r.a, r.b)}
    water = sorted(n for n in nodes if n in city.water)

    def grow(
        sections: list[tuple[Node, list[Segment]]], here: Node, used: frozenset[Segment]
    ) -> Iterator[FinalRoute]:
        if sections[-1][1]:
            yield FinalRoute(tuple(Section(n, tuple(s)) for n, s in sections))
        for road in roads:
            if road.segment not in used and here in (road.a, road.b):
                sections[-1][1].append(road.segment)
                yield from grow(sections, road.other(here), used | {road.segment})
                sections[-1][1].pop()
        if sections[-1][1] and len(sections) <= MAX_CROSSINGS and here in city.water:
            for there in water:
                same = city.bank_of(there) is city.bank_of(here)
                if there == here or (same and character is not Character.BOATMAN):
                    continue
                sections.append((there, []))
                yield from grow(sections, there, used)
                sections.pop()

    for start in sorted(nodes):
        yield from grow([(start, [])], start, frozenset())


def random_route(
    city: CityMap, board: PlayerBoard, character: Character | None, rng: random.Random
) -> FinalRoute:
    """A legal route found by walking at random, crossing now and then."""
    roads = [city.road(s) for s in sorted(board.segments)]
    here = rng.choice(sorted({n for r in roads for n in (r.a, r.b)}))
    sections: list[tuple[Node, list[Segment]]] = [(here, [])]
    used: set[Segment] = set()
    while True:
        free = [r for r in roads if r.segment not in used and here in (r.a, r.b)]
        can_cross = sections[-1][1] and here in city.water and len(sections) <= MAX_CROSSINGS
        if can_cross and rng.random() < 0.3:
            targets = [
                n
                for n in sorted(city.water)
                if n != here
                and any(r.segment not in used and n in (r.a, r.b) for r in roads)
                and (character is Character.BOATMAN or city.bank_of(n) is not city.bank_of(here))
            ]
            if targets:
                here = rng.choice(targets)
                sections.append((here, []))
                continue
        if not free or (sections[-1][1] and rng.random() < 0.15):
            break
        road = rng.choice(free)
        used.add(road.segment)
        sections[-1][1].append(road.segment)
        here = road.other(here)
    if not sections[-1][1]:
        sections.pop()
    return FinalRoute(tuple(Section(n, tuple(s)) for n, s in sections))


@st.composite
def boards(draw: st.DrawFn, most: int = 7) -> tuple[PlayerBoard, Character | None, list[GoalCard]]:
    rng = random.Random(draw(st.integers(0, 2**32)))
    roads = list(CITY.roads.values())
    road = rng.choice(roads)
    segments = {road.segment}
    for _ in range(draw(st.integers(2, most)) - 1):
        if rng.random() < 0.2:
            road = rng.choice(roads)
        else:
            road = rng.choice(CITY.at_node[rng.choice([road.a, road.b])])
        segments.add(road.segment)
    districts = sorted(CITY.colours)
    tourists = {
        rng.choice(districts): tuple(rng.choices(TOURIST_COLOURS, k=rng.randint(1, 4)))
        for _ in range(rng.randint(0, 8))
    }
    threats = tuple(sorted(rng.choice(districts) for _ in range(rng.randint(0, 3))))
    caches = frozenset(rng.sample(sorted(CITY.at_node), 8))
    character = draw(st.sampled_from([None, *Character]))
    goals = draw(st.lists(st.sampled_from(GOALS), max_size=2, unique=True))
    return PlayerBoard(tourists, frozenset(segments), threats, caches), character, goals


SLOW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SLOW
@given(boards())
def test_the_search_equals_brute_force(
    case: tuple[PlayerBoard, Character | None, list[GoalCard]],
) -> None:
    board, character, goals = case
    best = best_route(CITY, board, character, goals)
    brute = max(key(board, r, character, goals) for r in all_routes(CITY, board, character))
    assert (best.sheet.total, -best.threat) == brute


@SLOW
@given(boards(most=14), st.integers(0, 2**32))
def test_the_search_is_legal_and_never_below_a_random_route(
    case: tuple[PlayerBoard, Character | None, list[GoalCard]], seed: int
) -> None:
    board, character, goals = case
    best = best_route(CITY, board, character, goals)
    found = facts(CITY, board, best.route, character)  # raises if the route were illegal
    assert face_value(CITY, board, found, character, goals) == best.sheet
    rng = random.Random(seed)
    for _ in range(30):
        route = random_route(CITY, board, character, rng)
        assert key(board, route, character, goals) <= (best.sheet.total, -best.threat)


@guide_rule("best-route-objective")
def test_of_two_routes_worth_the_same_the_one_with_less_threat_wins(components: Components) -> None:
    city = components.city
    segments = frozenset(city.road(s).segment for s in ("15n", "25n"))
    board = PlayerBoard(segments=segments, threats=(District(2, 5),))
    # 15n alone reaches the yellow 15 (3 stars); 25n adds only a threat.
    assert key(board, FinalRoute.parse("0.4 15n 25n"), None, ()) == (3, -1)
    best = best_route(city, board, None, ())
    assert (best.sheet.total, best.threat) == (3, 0)
    assert best.route.id in {"0.4 15n", "1.4 15n"}


def test_an_empty_board_has_an_empty_best_route(components: Components) -> None:
    best = best_route(components.city, PlayerBoard(), None, ())
    assert (best.route, best.sheet.total, best.threat) == (FinalRoute(), 0, 0)


def test_the_search_finds_at_least_maxims_route(
    components: Components, maxim: tuple[PlayerBoard, FinalRoute]
) -> None:
    board, route = maxim
    best = best_route(components.city, board, None, ())
    assert (best.sheet.total, -best.threat) >= key(board, route, None, ())
