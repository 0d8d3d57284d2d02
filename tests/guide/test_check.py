"""The threat check as a decision procedure, driven input by input."""

from __future__ import annotations

from tales.guide.board import PlayerBoard
from tales.guide.check import (
    ArtifactRevealed,
    CardsTaken,
    CheckOutcome,
    CheckResolved,
    Punished,
    ThreatDice,
    threat_check,
)
from tales.guide.components import Components
from tales.guide.geometry import District
from tales.guide.kinds import Engine, Kind
from tales.guide.route import FinalRoute, RouteFacts, facts
from tales.guide.scoring import CheckSummary, on_route_only
from tales.guide.terms import Artifact, Character, Colour
from tales.rules.decisions import EventSink
from tests.guide.conftest import ScriptedDice

DECK = (
    Artifact.TIARA,
    Artifact.DAGGER,
    Artifact.AMULET,
    Artifact.MANUSCRIPT,
    Artifact.DAGGER,
    Artifact.AMULET,
    Artifact.MANUSCRIPT,
)


def start(
    components: Components,
    maxim: tuple[PlayerBoard, FinalRoute],
    character: Character | None,
    rolls: list[int],
    deck: tuple[Artifact, ...] = DECK,
) -> tuple[Engine[CheckOutcome], EventSink]:
    board, route = maxim
    f = facts(components.city, board, route, character)
    sink = EventSink()
    proc = threat_check(
        "Maxim", on_route_only(board, f), f, character, deck, ScriptedDice(rolls), sink
    )
    return Engine(proc, sink), sink


def test_maxims_threat_check_input_by_input(
    components: Components, maxim: tuple[PlayerBoard, FinalRoute]
) -> None:
    engine, _ = start(components, maxim, None, [1, 2, 4])
    assert engine.opening_events == (CardsTaken("Maxim", 4),)
    events = []
    for option in ("reveal:next", "reveal:next", "reveal:stop", "dice:1+2", "dice:0"):
        assert engine.pending is not None
        events.extend(engine.apply(option))
    assert engine.finished
    assert ArtifactRevealed("Maxim", Artifact.TIARA) in events
    assert ThreatDice("Maxim", (1, 2, 4), "roll") in events
    assert ThreatDice("Maxim", (1, 4, 6), "dagger") in events
    assert ThreatDice("Maxim", (6, 4, 6), "tiara") in events
    assert CheckResolved("Maxim", 2, 1, 2) in events
    punished = [e for e in events if isinstance(e, Punished)]
    assert [p.punishment.district for p in punished] == [District(2, 5)]
    result = engine.result
    assert result is not None and result.summary == CheckSummary(taken=4, revealed=2, high=2)
    assert result.board.threats == (District(2, 2),)


def test_revealing_stops_by_itself_when_the_deck_is_exhausted(
    components: Components, maxim: tuple[PlayerBoard, FinalRoute]
) -> None:
    engine, _ = start(components, maxim, None, [5, 6, 3, 4], deck=(Artifact.MANUSCRIPT,))
    engine.apply("reveal:next")
    assert engine.pending is not None and engine.pending.kind is Kind.REROLL
    assert len(engine.pending.options) == 8  # every subset of three dice
    events = engine.apply("dice:2")  # reroll the 3 into a 4 (scripted): still a failure
    assert ThreatDice("Maxim", (5, 6, 4), "manuscript") in events
    assert engine.finished and engine.result is not None
    assert engine.result.summary == CheckSummary(taken=1, revealed=1, high=2)


def test_the_huntress_erases_threats_before_her_punishments(
    components: Components, maxim: tuple[PlayerBoard, FinalRoute]
) -> None:
    engine, _ = start(components, maxim, Character.HUNTRESS, [6, 1, 1])
    engine.apply("reveal:stop")
    assert engine.pending is not None and engine.pending.kind is Kind.HUNT
    assert engine.pending.ids == ("district:22", "district:35")
    events = engine.apply("district:35")
    # Two failures: the first falls on 22 (3 tourists, its own symbol); none is left after.
    assert [e.punishment.district for e in events if isinstance(e, Punished)] == [District(2, 2)]
    assert engine.result is not None and engine.result.summary.high == 1
    assert engine.result.board.threats == ()


def test_the_warlock_makes_rituals_instead(
    components: Components, maxim: tuple[PlayerBoard, FinalRoute]
) -> None:
    engine, _ = start(components, maxim, Character.WARLOCK, [])
    assert engine.finished and engine.result is not None
    assert engine.result.summary == CheckSummary(ritual_tourists=7)
    assert all(p.ritual for p in engine.opening_events if isinstance(p, Punished))


def test_a_tie_left_by_the_punishment_rule_is_the_players_choice(components: Components) -> None:
    board = PlayerBoard(
        tourists={District(1, 3): (Colour.RED,), District(2, 2): (Colour.RED,)},
        threats=(District(2, 3),),
    )
    f = RouteFacts(frozenset({District(2, 3)}), frozenset(), 1, 0, 0, 0)  # the threat is along
    sink = EventSink()
    engine = Engine(threat_check("A", board, f, None, (), ScriptedDice([2]), sink), sink)
    assert engine.pending is not None and engine.pending.kind is Kind.PUNISH
    assert engine.pending.ids == ("district:13", "district:22")
    engine.apply("district:22")
    assert engine.result is not None and District(2, 2) not in engine.result.board.tourists
