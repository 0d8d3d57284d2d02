"""One player's round through the engine: districts, bonuses, tourists, drawing."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from tales.guide.board import Drawing, PlayerBoard, can_draw
from tales.guide.citymap import CityMap
from tales.guide.components import Components
from tales.guide.draft import Rolled, RoundDice
from tales.guide.drawings import legal_drawings
from tales.guide.endgame import BonusSegmentDrawn, PlayerResult, bonus_segments, winners
from tales.guide.geometry import District, Node, Segment
from tales.guide.kinds import Engine, Kind
from tales.guide.route import FinalRoute
from tales.guide.scoring import ScoreSheet
from tales.guide.terms import Bonus, BonusFace, Character, Colour
from tales.guide.turn import RouteAdjusted, SegmentAsked, TouristsPlaced, player_turn
from tales.rules.decisions import EventSink
from tests.guide.conftest import guide_rule

D = District


def dice(
    components: Components, a: int, b: int, fate: int = 1, bonus: BonusFace = BonusFace.BLANK
) -> RoundDice:
    """Die 1 showing ``a``, die 2 showing ``b``, die 3 as the fate die."""
    faces = [components.tourist_dice[i].faces for i in range(3)]
    pick = [next(f for f in faces[i] if f.number == n) for i, n in enumerate((a, b, fate))]
    return RoundDice((Rolled(1, pick[0]), Rolled(2, pick[1])), Rolled(3, pick[2]), bonus)


def turn(
    components: Components,
    board: PlayerBoard,
    rd: RoundDice,
    character: Character = Character.COLLECTOR,
) -> tuple[Engine[PlayerBoard], EventSink]:
    sink = EventSink()
    return Engine(player_turn(components.city, "A", character, board, rd, sink), sink), sink


def test_a_coordinate_change_is_spent_only_when_needed(components: Components) -> None:
    board = PlayerBoard(bonuses=(Bonus.COORDINATE_CHANGE,))
    engine, _ = turn(components, board, dice(components, 6, 3))
    assert engine.pending is not None and "district:13" in engine.pending.ids
    engine.apply("district:13")  # 6 changed to 1
    engine.apply(engine.pending.ids[0])
    assert engine.result is not None and engine.result.bonuses == ()
    engine, _ = turn(components, board, dice(components, 6, 3, bonus=BonusFace.COORDINATE_CHANGE))
    engine.apply("district:13")  # the bonus die's change goes first
    engine.apply(engine.pending.ids[0])  # type: ignore[union-attr]
    assert engine.result is not None and engine.result.bonuses == (Bonus.COORDINATE_CHANGE,)


def test_the_fallback_places_one_tourist_of_any_kind_and_one_segment(
    components: Components,
) -> None:
    board = PlayerBoard().with_tourists(D(6, 3), [Colour.RED]).with_tourists(D(3, 6), [Colour.RED])
    engine, _ = turn(components, board, dice(components, 6, 3))
    events = engine.apply("district:11")
    assert engine.pending is not None and engine.pending.kind is Kind.TOURIST
    events = engine.apply("tourist:green")
    assert TouristsPlaced("A", D(1, 1), (Colour.GREEN,), "fallback") in events
    assert engine.pending is not None and engine.pending.kind is Kind.DRAW
    assert all("+" not in option for option in engine.pending.ids)  # way c: one segment


def test_a_district_a_change_reaches_may_still_be_taken_with_one_tourist(
    components: Components,
) -> None:
    """Rule 2 c with a change in hand: "Use this bonus in phase 2, before
    choosing a district" is the player's to use or keep, so where the dice's
    districts are taken, 13 (6 changed to 1) is offered both ways: with the
    dice's tourists for the change, and with 1 tourist keeping it."""
    taken = PlayerBoard(bonuses=(Bonus.COORDINATE_CHANGE,))
    board = taken.with_tourists(D(6, 3), [Colour.RED]).with_tourists(D(3, 6), [Colour.RED])
    engine, _ = turn(components, board, dice(components, 6, 3))
    assert engine.pending is not None
    ids = engine.pending.ids
    assert ids.index("one-tourist:13") == ids.index("district:13") + 1
    assert "one-tourist:11" not in ids, "11 is taken with 1 tourist by district:11 alone"
    assert "one-tourist:13 and the like keep the change, with 1 tourist" in engine.pending.prompt
    engine.apply("one-tourist:13")
    events = engine.apply("tourist:blue")
    assert TouristsPlaced("A", D(1, 3), (Colour.BLUE,), "fallback") in events
    engine.apply(engine.pending.ids[0])  # type: ignore[union-attr]
    assert engine.result is not None and engine.result.bonuses == (Bonus.COORDINATE_CHANGE,)
    spent, _ = turn(components, board, dice(components, 6, 3))
    spent.apply("district:13")  # the change spent: the dice's tourists, no tourist asked
    assert spent.pending is not None and spent.pending.kind is Kind.DRAW


def test_route_adjustment_erases_one_and_draws_one(components: Components) -> None:
    city = components.city
    board = PlayerBoard(segments=frozenset({city.road("33n").segment, city.road("43w").segment}))
    engine, _ = turn(components, board, dice(components, 5, 5, bonus=BonusFace.ROUTE_ADJUSTMENT))
    engine.apply("district:55")
    assert engine.pending is not None and engine.pending.kind is Kind.ADJUST
    assert engine.pending.ids[0] == "segment:none"
    engine.apply("segment:43w")
    assert engine.pending is not None and "segment:42w" in engine.pending.ids
    events = engine.apply("segment:42w")
    assert RouteAdjusted("A", Segment.parse("43w"), Segment.parse("42w")) in events
    engine.apply("draw:55n")
    assert engine.result is not None
    assert engine.result.segments == {Segment.parse(s) for s in ("33n", "42w", "55n")}


def test_the_detective_finds_one_tourist_a_round_at_a_new_cache(components: Components) -> None:
    board = PlayerBoard(caches=frozenset({Node(2, 2), Node(3, 1)}))
    # The fate die (die 3 showing 2) shows red and green: the Detective chooses.
    engine, _ = turn(components, board, dice(components, 2, 2, fate=2), Character.DETECTIVE)
    engine.apply("district:22")
    engine.apply("draw:32w+32n")  # touches both caches: one tourist only
    assert engine.pending is not None and engine.pending.ids == ("tourist:red", "tourist:green")
    events = engine.apply("tourist:green")
    assert TouristsPlaced("A", D(2, 2), (Colour.GREEN,), "detective") in events
    # Both caches and the shelter at 2.1 are circled as checked.
    assert engine.result is not None
    assert engine.result.checked == {Node(2, 2), Node(3, 1), Node(2, 1)}
    again, _ = turn(components, engine.result, dice(components, 2, 3, fate=2), Character.DETECTIVE)
    again.apply("district:23")
    again.apply("draw:23n")  # 2.2 again: already checked, nothing found
    assert again.finished


def test_the_bonus_faces_open_their_shapes(components: Components) -> None:
    city, board = components.city, PlayerBoard()

    def ways(face: BonusFace) -> set[int]:
        found = legal_drawings(city, board, D(2, 2), False, face)
        return {len(w) for w in found} | {9 for w in found for s in w if s.way in ("ne", "nw")}

    assert ways(BonusFace.BLANK) == {1, 2}
    assert ways(BonusFace.ZIGZAG) == {1, 2, 3}
    assert ways(BonusFace.SECRET_ALLEY) == {1, 2, 9}
    blank = set(legal_drawings(city, board, D(2, 2), False, BonusFace.BLANK))
    turns = set(legal_drawings(city, board, D(2, 2), False, BonusFace.NEW_TURN))
    assert tuple(sorted((Segment.parse("55n"), city.road("65w").segment))) in turns - blank
    assert len(legal_drawings(city, board, D(2, 2), True, BonusFace.ZIGZAG)[0]) == 1


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(list(BonusFace)), st.booleans())
def test_every_drawing_the_rules_allow_is_offered(
    seed: int, face: BonusFace, fallback: bool
) -> None:
    from tales.guide.data import load_components

    city: CityMap = load_components().city
    rng = random.Random(seed)
    roads = sorted(city.roads.values(), key=lambda r: r.segment)
    board = PlayerBoard(segments=frozenset(r.segment for r in rng.sample(roads, 10)))
    district = D(rng.randint(1, 6), rng.randint(1, 6))
    offered = {frozenset(w) for w in legal_drawings(city, board, district, fallback, face)}
    for _ in range(40):
        start = rng.choice(roads)
        chain = [start]
        for _ in range(rng.randint(0, 2)):
            chain.append(rng.choice(city.at_node[rng.choice([chain[-1].a, chain[-1].b])]))
        for order in itertools.permutations(chain):
            segments = tuple(r.segment for r in order)
            if can_draw(city, board, Drawing(district, segments, fallback, face)):
                assert frozenset(segments) in offered, segments


def test_bonus_segments_at_the_end_may_be_drawn_or_declined(components: Components) -> None:
    board = PlayerBoard(bonuses=(Bonus.EXTRA_SEGMENT, Bonus.DIAGONAL_SEGMENT))
    sink = EventSink()
    engine = Engine(bonus_segments(components.city, "A", board, sink), sink)
    assert engine.pending is not None and "segment:45ne" not in engine.pending.ids
    assert engine.opening_events == (SegmentAsked("A", board, bonus=Bonus.EXTRA_SEGMENT),)
    drawn = engine.apply("segment:55n")
    assert drawn[0] == BonusSegmentDrawn("A", Bonus.EXTRA_SEGMENT, Segment.parse("55n"))
    # Then the Diagonal route segment is asked, on the board with 55n drawn.
    assert drawn[1:] == (
        SegmentAsked(
            "A",
            replace(board, bonuses=(Bonus.DIAGONAL_SEGMENT,)).with_segments([Segment.parse("55n")]),
            bonus=Bonus.DIAGONAL_SEGMENT,
        ),
    )
    assert engine.pending is not None and "segment:55n" not in engine.pending.ids
    events = engine.apply("segment:none")
    assert not events and engine.result is not None
    assert engine.result.bonuses == (Bonus.DIAGONAL_SEGMENT,)


def test_a_tie_goes_to_goal_points_then_all_win() -> None:
    def result(name: str, goals: int, rest: int) -> PlayerResult:
        return PlayerResult(name, FinalRoute(), ScoreSheet((), 0, (("g", goals),), rest, 0))

    assert winners([result("A", 16, 50), result("B", 8, 58), result("C", 0, 10)]) == ("A",)
    assert winners([result("A", 8, 50), result("B", 8, 50)]) == ("A", "B")


@guide_rule("detective-round")
def test_the_detective_also_searches_with_route_adjustments_segment(
    components: Components,
) -> None:
    city = components.city
    board = PlayerBoard(
        segments=frozenset({city.road("33n").segment, city.road("43w").segment}),
        caches=frozenset({Node(3, 1)}),
    )
    rd = dice(components, 5, 5, fate=1, bonus=BonusFace.ROUTE_ADJUSTMENT)
    engine, _ = turn(components, board, rd, Character.DETECTIVE)
    engine.apply("district:55")
    engine.apply("segment:43w")
    engine.apply("segment:42w")  # from 3.2 to the cache at 3.1
    events = engine.apply("draw:55n")  # far from any cache
    # Die 3 showing 1 is a blue tourist.
    assert TouristsPlaced("A", D(5, 5), (Colour.BLUE,), "detective") in events
