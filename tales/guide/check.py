"""Step 3 as a decision procedure: the threat check, one choice at a time.

It drives the pure pieces of :mod:`tales.guide.threat` in the rulebook's
order: take as many cards as caches, reveal them one at a time until the
player stops, roll, apply each revealed artifact (Manuscript, Dagger, Amulet,
Tiara), the Huntress's erasures, then one punishment per failure; a choice
is asked only where the rules leave one. The Warlock makes rituals instead.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence

from tales.guide.board import PlayerBoard
from tales.guide.geometry import District
from tales.guide.kinds import Decision, Kind, Proc
from tales.guide.options import DicePick, DistrictPick, Reveal
from tales.guide.route import RouteFacts
from tales.guide.scoring import DECK_SIZE, CheckSummary
from tales.guide.terms import Artifact, Character
from tales.guide.threat import (
    Punishment,
    add_amulet,
    add_dagger,
    caches_on,
    hunt_options,
    outcome,
    punish,
    punishment_options,
    reroll,
    roll,
    set_tiara,
    threat_level,
)
from tales.records import record
from tales.rules.decisions import EventSink
from tales.rules.events import Event
from tales.rules.options import Option


@record
class CardsTaken(Event):
    player: str
    count: int


@record
class ArtifactRevealed(Event):
    player: str
    artifact: Artifact


@record
class ThreatDice(Event):
    """The threat dice after a roll or an artifact's effect."""

    player: str
    values: tuple[int, ...]
    cause: str  # "roll" or the artifact's name


@record
class CheckResolved(Event):
    player: str
    successes: int
    failures: int
    high: int


@record
class ThreatErased(Event):
    player: str
    district: District


@record
class Punished(Event):
    player: str
    punishment: Punishment
    ritual: bool = False


@record
class CheckOutcome:
    board: PlayerBoard
    summary: CheckSummary


def _district(option: Option) -> District:
    assert isinstance(option, DistrictPick)  # the engine sends only offered options
    return option.district


def _dice(option: Option) -> tuple[int, ...]:
    assert isinstance(option, DicePick)
    return option.dice


def threat_check(
    player: str,
    board: PlayerBoard,
    facts: RouteFacts,
    character: Character | None,
    deck: Sequence[Artifact],
    rng: random.Random,
    sink: EventSink,
) -> Proc[CheckOutcome]:
    """``board`` is after step 1 (tourists off the route erased); ``deck`` top first."""
    if character is Character.WARLOCK:
        return (yield from _rituals(player, board, sink))
    level = threat_level(board, facts, character)
    taken = tuple(deck[: min(caches_on(board, facts), DECK_SIZE, len(deck))])
    sink.emit(CardsTaken(player, len(taken)))
    revealed = yield from _reveal(player, taken, level, sink)
    values = roll(rng, level)
    sink.emit(ThreatDice(player, values, "roll"))
    values = yield from _apply(player, values, revealed, rng, sink)
    wins, fails, high = outcome(values, character)
    sink.emit(CheckResolved(player, wins, fails, high))
    if character is Character.HUNTRESS:
        board = yield from _hunt(player, board, facts, high, sink)
    board = yield from _punish(player, board, fails, sink, ritual=False)
    return CheckOutcome(board, CheckSummary(len(taken), len(revealed), high))


def _reveal(
    player: str, taken: Sequence[Artifact], level: int, sink: EventSink
) -> Proc[list[Artifact]]:
    revealed: list[Artifact] = []
    for index, card in enumerate(taken):
        if level == 0:
            break  # no die to help: a revealed card would only lose its 7 VP
        prompt = f"Reveal artifact card {index + 1} of {len(taken)}, or stop?"
        choice = yield Decision(player, Kind.REVEAL, prompt, (Reveal(True), Reveal(False)))
        assert isinstance(choice, Reveal)
        if not choice.reveal:
            break
        revealed.append(card)
        sink.emit(ArtifactRevealed(player, card))
    return revealed


def _apply(
    player: str,
    values: tuple[int, ...],
    revealed: Sequence[Artifact],
    rng: random.Random,
    sink: EventSink,
) -> Proc[tuple[int, ...]]:
    count, n = Counter(revealed), len(values)
    if n == 0:
        return values
    for _ in range(count[Artifact.MANUSCRIPT]):
        subsets = [c for k in range(n + 1) for c in itertools.combinations(range(n), k)]
        choice = yield Decision(
            player,
            Kind.REROLL,
            f"Manuscript: reroll which dice? {_places(values)}",
            tuple(DicePick(s) for s in subsets),
        )
        values = reroll(values, _dice(choice), rng)
        sink.emit(ThreatDice(player, values, Artifact.MANUSCRIPT.value))
    for _ in range(count[Artifact.DAGGER]):
        pairs = itertools.combinations(range(n), min(2, n))
        choice = yield Decision(
            player,
            Kind.DAGGER,
            f"Dagger: +2 to which two dice? {_places(values)}",
            tuple(DicePick(p) for p in pairs),
        )
        values = add_dagger(values, _dice(choice))
        sink.emit(ThreatDice(player, values, Artifact.DAGGER.value))
    for _ in range(count[Artifact.AMULET]):
        values = add_amulet(values)
        sink.emit(ThreatDice(player, values, Artifact.AMULET.value))
    for _ in range(count[Artifact.TIARA]):
        choice = yield Decision(
            player,
            Kind.TIARA,
            f"Tiara: which die becomes a 6? {_places(values)}",
            tuple(DicePick((i,)) for i in range(n)),
        )
        values = set_tiara(values, _dice(choice)[0])
        sink.emit(ThreatDice(player, values, Artifact.TIARA.value))
    return values


def _places(values: tuple[int, ...]) -> str:
    """The dice are named by their place in the roll, from 0, not by what they
    show (a playtest typed 3 for the die showing 3): say which is which."""
    shown = ", ".join(f"{place} shows {value}" for place, value in enumerate(values))
    return f"(by place, from 0: {shown})"


def _hunt(
    player: str, board: PlayerBoard, facts: RouteFacts, high: int, sink: EventSink
) -> Proc[PlayerBoard]:
    for _ in range(high):
        options = hunt_options(board, facts)
        if not options:
            break
        choice = yield Decision(
            player,
            Kind.HUNT,
            "Huntress: erase a threat symbol where?",
            tuple(DistrictPick(d) for d in options),
        )
        board = board.without_threat(_district(choice))
        sink.emit(ThreatErased(player, _district(choice)))
    return board


def _punish(
    player: str, board: PlayerBoard, times: int, sink: EventSink, *, ritual: bool
) -> Proc[PlayerBoard]:
    for _ in range(times):
        options = punishment_options(board)
        if not options:
            break  # ruling punish-no-threat-left
        district = options[0]
        if len(options) > 1:
            prompt = "The punishment may fall on any of these districts: which?"
            choice = yield Decision(
                player, Kind.PUNISH, prompt, tuple(DistrictPick(d) for d in options)
            )
            district = _district(choice)
        board, record = punish(board, district)
        sink.emit(Punished(player, record, ritual))
    return board


def _rituals(player: str, board: PlayerBoard, sink: EventSink) -> Proc[CheckOutcome]:
    before = sum(len(t) for t in board.tourists.values())
    board = yield from _punish(player, board, len(board.threats), sink, ritual=True)
    erased = before - sum(len(t) for t in board.tourists.values())
    return CheckOutcome(board, CheckSummary(ritual_tourists=erased))
