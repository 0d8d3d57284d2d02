"""Whole games driven through the engine: every player count, replayed from the log."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tales.guide.board import BoardUpdated
from tales.guide.components import Components
from tales.guide.draft import Rolled, RoundDice, SoloDice, solo_round_end
from tales.guide.endgame import FinalRouteChosen, PlayerResult, Scored, solo_won, winners
from tales.guide.game import Game, ThreatDrawn, play, setup
from tales.guide.initial import initial_dice, second_round
from tales.guide.kinds import Engine, Kind
from tales.guide.route import facts
from tales.guide.scoring import ScoreSheet
from tales.guide.terms import BonusFace, ThreatSide
from tales.guide.turn import SegmentsDrawn
from tales.rules.decisions import EventSink
from tales.rules.events import Event
from tests.guide.conftest import guide_rule


def run(
    components: Components, game: Game, seed: int, inputs: list[str] | None = None, bot: int = 0
) -> tuple[Engine[tuple[PlayerResult, ...]], list[Event]]:
    rng, chooser = random.Random(seed), random.Random(bot)
    sink = EventSink()
    engine = Engine(play(components, game, rng, sink), sink)
    events = list(engine.opening_events)
    script = list(inputs) if inputs is not None else None
    while not engine.finished:
        assert engine.pending is not None
        option = script.pop(0) if script is not None else chooser.choice(engine.pending.ids)
        events.extend(engine.apply(option))
    return engine, events


@settings(max_examples=6, deadline=None)
@given(st.integers(1, 4), st.integers(0, 10**6), st.sampled_from(list(ThreatSide)))
def test_games_play_to_their_score_sheets_and_replay_exactly(
    players: int, seed: int, side: ThreatSide
) -> None:
    from tales.guide.data import load_components

    components = load_components()
    game = setup(components, [f"P{i}" for i in range(players)], random.Random(seed), side=side)
    engine, events = run(components, game, seed, bot=seed)
    results = engine.result
    assert results is not None and len(results) == players
    assert [e.player for e in events if isinstance(e, Scored)] != []
    assert set(winners(results)) <= {r.name for r in results}
    again, replayed = run(components, game, seed, inputs=engine.inputs)
    assert replayed == events and again.result == results
    # The board shown at the end is the one scored: the tourists off the final
    # route and what the threat check erased are gone from it (a playtest saw
    # the rituals' erased threat symbols still drawn on the last board).
    for seat, result in zip(game.seats, results, strict=True):
        mine = [e for e in events if getattr(e, "player", None) == seat.name]
        chosen = next(i for i, e in enumerate(mine) if isinstance(e, FinalRouteChosen))
        before = [e.board for e in mine[:chosen] if isinstance(e, BoardUpdated)][-1]
        along = facts(components.city, before, result.route, seat.character).along
        shown = [e.board for e in mine[chosen:] if isinstance(e, BoardUpdated)]
        assert shown and set(shown[-1].tourists) <= along
    drawn = [e for e in events if isinstance(e, SegmentsDrawn)]
    assert len(drawn) == 10 * players  # one drawing per player per round
    threats = [e for e in events if isinstance(e, ThreatDrawn)]
    if side is ThreatSide.DEEP_ONES:
        for i in range(players):
            assert [t.skipped for t in threats if t.player == f"P{i}"].count(True) == 1
    else:
        assert not any(t.skipped for t in threats) and len(threats) == 5 * players


def test_the_advanced_mode_deals_personal_characters(components: Components) -> None:
    game = setup(components, ["A", "B", "C", "D"], random.Random(3), advanced=True)
    assert len({s.character for s in game.seats}) == 4
    shared = setup(components, ["A", "B"], random.Random(3))
    assert len({s.character for s in shared.seats}) == 1
    assert len(game.goals) == 2 and game.goals[0] != game.goals[1]
    with pytest.raises(ValueError, match="1 to 4 players"):
        setup(components, ["A"] * 5, random.Random(3))


@guide_rule("initial-fate-die")
def test_the_three_player_initial_round(components: Components) -> None:
    game = setup(components, ["Maxim", "Elena", "Ivan"], random.Random(1), side=ThreatSide.CULTISTS)
    sink = EventSink()
    engine = Engine(play(components, game, random.Random(5), sink), sink)
    order = [game.seats[(game.first + k) % 3].name for k in range(3)]
    for name in order:  # each takes one unrolled tourist die, clockwise from the first
        assert engine.pending is not None and engine.pending.actor == name
        assert engine.pending.kind is Kind.TAKE_DIE
        engine.apply(engine.pending.ids[0])
    # Then each player, in seat order, picks 2 of the 3 dice set aside.
    for name in ("Maxim", "Maxim", "Elena", "Elena", "Ivan", "Ivan"):
        assert engine.pending is not None and engine.pending.actor == name
        assert len(engine.pending.options) in (3, 2)
        engine.apply(engine.pending.ids[0])
    assert engine.pending is not None and engine.pending.kind is Kind.DISTRICT


def test_four_players_keep_the_other_two_dice_for_round_two(components: Components) -> None:
    sink = EventSink()
    names = ["A", "B", "C", "D"]
    engine = Engine(initial_dice(components, names, 0, random.Random(4), sink), sink)
    for option in (
        "tourist-die:1",
        "tourist-die:2",
        "tourist-die:3",
        "tourist-die:4",
    ):  # one die each, A to D
        engine.apply(option)
    for option in (
        "tourist-die:1",
        "tourist-die:2",
        "tourist-die:3",
        "tourist-die:4",
        "tourist-die:1",
        "tourist-die:3",
        "tourist-die:2",
        "tourist-die:4",
    ):
        engine.apply(option)  # A keeps 1 and 2 for round 1, B 3 and 4, C 1 and 3, D 2 and 4
    opening = engine.result
    assert opening is not None and opening.fate_die == 5  # the one die nobody took
    assert [tuple(d.die for d in r.round_dice) for r in opening.first_round] == [
        (1, 2),
        (3, 4),
        (1, 3),
        (2, 4),
    ]
    assert [tuple(d.die for d in p) for p in opening.second_pairs] == [
        (3, 4),
        (1, 2),
        (2, 4),
        (1, 3),
    ]
    second = second_round(components, opening, random.Random(8), sink)
    assert [r.round_dice for r in second] == list(opening.second_pairs)
    assert second[0].fate.die == 5


def test_solo_dice_move_between_the_zones(components: Components) -> None:
    dice = [Rolled(d, components.tourist_dice[d - 1].faces[0]) for d in range(1, 6)]
    state = SoloDice(tuple(dice[:3]), tuple(dice[3:]))
    used = RoundDice((dice[0], dice[1]), dice[2], BonusFace.BLANK)
    after = solo_round_end(state, used, components, random.Random(0))
    assert [d.die for d in after.available] == [4, 5, 3]  # unavailable back, fate rerolled
    assert after.available[:2] == state.unavailable  # "Do not reroll them!"
    assert [d.die for d in after.unavailable] == [1, 2]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_setup_first_player_begins_the_first_normal_round(
    components: Components, players: int
) -> None:
    from tales.guide.draft import DiceRolled

    names = [f"P{i}" for i in range(players)]
    game = setup(components, names, random.Random(players), side=ThreatSide.CULTISTS)
    _, events = run(components, game, 1, bot=2)
    rollers = [e.player for e in events if isinstance(e, DiceRolled)]
    normal = rollers[1:] if players >= 3 else rollers  # the initial round's roll first
    expected = [names[(game.first + k) % players] for k in range(len(normal))]
    assert normal == expected
    assert len(normal) == 10 - max(0, players - 2)


def test_the_solo_result_against_a_challenge_cell(components: Components) -> None:
    challenge = components.challenge

    def sheet(total: int, goals: int) -> ScoreSheet:
        return ScoreSheet((), 0, (("g", goals),), total - goals, 0)

    assert solo_won(sheet(190, 32), challenge, "experienced", 32)
    assert not solo_won(sheet(190, 16), challenge, "experienced", 32)
    assert not solo_won(sheet(189, 48), challenge, "experienced", 32)
    with pytest.raises(ValueError, match="no cell"):
        solo_won(sheet(300, 48), challenge, "heroic", 32)
