"""Steps 2 and 3 of the end of the game: the threat level and the threat check.

The check's pieces are separate pure functions, in the rulebook's order: take
as many artifact cards as caches on the route, reveal some, roll as many
tourist dice as the threat level, apply the artifacts (Manuscript first, then
Dagger, Amulet and Tiara: the ``artifact-order`` ruling), count the failures and
punish each one. Every choice is an argument, so a prompt, a bot and a test
make the same calls; :func:`best_targets` picks targets that pass most dice.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from tales.guide.board import PlayerBoard
from tales.guide.errors import IllegalCheckError
from tales.guide.geometry import District
from tales.guide.route import RouteFacts
from tales.guide.terms import Artifact, Character, Colour

SUCCESS_AT = 5
HUNTRESS_SUCCESS_AT = 4  # the Huntress also counts a "4"


def threat_level(board: PlayerBoard, facts: RouteFacts, character: Character | None) -> int:
    """Each crossing and each threat symbol along the route raises it by 1."""
    if character is Character.WARLOCK:
        return 0  # "Your threat level is not raised."
    crossings = 0 if character is Character.BOATMAN else facts.crossings
    return crossings + sum(board.threat_count(d) for d in facts.along)


def caches_on(board: PlayerBoard, facts: RouteFacts) -> int:
    """Caches the route passes through or touches: each is one artifact card."""
    return len(board.caches & facts.nodes)


def success_at(character: Character | None) -> int:
    return HUNTRESS_SUCCESS_AT if character is Character.HUNTRESS else SUCCESS_AT


def roll(rng: random.Random, count: int) -> tuple[int, ...]:
    return tuple(rng.randint(1, 6) for _ in range(count))


def reroll(values: Sequence[int], dice: Iterable[int], rng: random.Random) -> tuple[int, ...]:
    """Manuscript: reroll any of the dice (each at most once per Manuscript)."""
    chosen = _indices(values, dice, "Manuscript")
    return tuple(rng.randint(1, 6) if i in chosen else v for i, v in enumerate(values))


def add_dagger(values: Sequence[int], dice: Iterable[int]) -> tuple[int, ...]:
    """Dagger: +2 to two different dice (to the only one, if one was rolled)."""
    chosen = _indices(values, dice, "Dagger")
    if len(chosen) != min(2, len(values)):
        raise IllegalCheckError(
            f"Dagger adds +2 to two different dice; {sorted(chosen)!r} is not two dice"
        )
    return tuple(v + 2 if i in chosen else v for i, v in enumerate(values))


def add_amulet(values: Sequence[int]) -> tuple[int, ...]:
    """Amulet: +1 to every die."""
    return tuple(v + 1 for v in values)


def set_tiara(values: Sequence[int], die: int) -> tuple[int, ...]:
    """Tiara: change the value of one die to "6"."""
    _indices(values, [die], "Tiara")
    return tuple(6 if i == die else v for i, v in enumerate(values))


def _indices(values: Sequence[int], dice: Iterable[int], artifact: str) -> set[int]:
    chosen = list(dice)
    if len(set(chosen)) != len(chosen) or any(not 0 <= i < len(values) for i in chosen):
        raise IllegalCheckError(
            f"{artifact}: {chosen!r} does not name different dice among the {len(values)} rolled"
        )
    return set(chosen)


@dataclass(frozen=True, slots=True)
class Targets:
    """Where a player puts each revealed Dagger and Tiara (after any reroll)."""

    daggers: tuple[tuple[int, ...], ...] = ()
    tiaras: tuple[int, ...] = ()


def finish(
    values: Sequence[int], revealed: Sequence[Artifact], targets: Targets
) -> tuple[int, ...]:
    """Apply the Daggers, then the Amulets, then the Tiaras to the rolled dice."""
    count = Counter(revealed)
    if (
        len(targets.daggers) != count[Artifact.DAGGER]
        or len(targets.tiaras) != count[Artifact.TIARA]
    ):
        raise IllegalCheckError(
            f"each revealed artifact is applied once: {count[Artifact.DAGGER]} Dagger(s) and"
            f" {count[Artifact.TIARA]} Tiara(s) were revealed"
        )
    result = tuple(values)
    for dice in targets.daggers:
        result = add_dagger(result, dice)
    for _ in range(count[Artifact.AMULET]):
        result = add_amulet(result)
    for die in targets.tiaras:
        result = set_tiara(result, die)
    return result


def outcome(values: Sequence[int], character: Character | None) -> tuple[int, int, int]:
    """(successes, failures, results of 5 or 6)."""
    need = success_at(character)
    wins = sum(v >= need for v in values)
    return wins, len(values) - wins, sum(v >= SUCCESS_AT for v in values)


def best_targets(
    values: Sequence[int], revealed: Sequence[Artifact], character: Character | None
) -> Targets:
    """The Dagger and Tiara targets with the most successes, then most 5s and 6s."""
    count = Counter(revealed)
    n = len(values)
    if n == 0:
        return Targets((), ())
    pairs = list(itertools.combinations(range(n), min(2, n)))
    best: tuple[tuple[int, int], Targets] | None = None
    for daggers in itertools.combinations_with_replacement(pairs, count[Artifact.DAGGER]):
        for tiaras in itertools.combinations(range(n), min(count[Artifact.TIARA], n)):
            tiaras_all = tiaras + (0,) * (count[Artifact.TIARA] - len(tiaras))
            targets = Targets(tuple(daggers), tiaras_all)
            wins, _, high = outcome(finish(values, revealed, targets), character)
            if best is None or (wins, high) > best[0]:
                best = ((wins, high), targets)
    assert best is not None  # at least one combination is always tried
    return best[1]


def sensible_rerolls(
    values: Sequence[int], revealed: Sequence[Artifact], character: Character | None
) -> tuple[int, ...]:
    """Reroll the dice that still fail after the best use of the other artifacts."""
    rest = [a for a in revealed if a is not Artifact.MANUSCRIPT]
    final = finish(values, rest, best_targets(values, rest, character))
    return tuple(i for i, v in enumerate(final) if v < success_at(character))


@dataclass(frozen=True, slots=True)
class Punishment:
    district: District
    tourists: tuple[Colour, ...]
    threat: District  # the district whose threat symbol was erased


def punishment_options(board: PlayerBoard) -> tuple[District, ...]:
    """The districts a punishment may fall on, all equal under the rulebook's order.

    Eligible: a district with a threat symbol, or touching one along a side
    (across the river too). The most tourists first; then a district holding
    a symbol itself (the ``punish-threat-district`` ruling); then the lowest sum of
    coordinates; a tie left is the player's choice.
    """
    threatened = set(board.threats)
    eligible = {d for d in threatened} | {n for d in threatened for n in d.neighbours()}
    if not eligible:
        return ()

    def rank(d: District) -> tuple[int, int, int]:
        return (-len(board.tourists.get(d, ())), d not in threatened, d.x + d.y)

    best = min(rank(d) for d in eligible)
    return tuple(sorted(d for d in eligible if rank(d) == best))


def symbol_for(board: PlayerBoard, district: District) -> District:
    """The threat symbol a punishment erases: the district's own, else a neighbour's
    with the lowest sum of coordinates, then lowest X (the ``punish-which-symbol`` ruling)."""
    if board.threat_count(district):
        return district
    near = [n for n in district.neighbours() if board.threat_count(n)]
    return min(near, key=lambda d: (d.x + d.y, d.x))


def punish(board: PlayerBoard, district: District) -> tuple[PlayerBoard, Punishment]:
    """Erase all tourists in the chosen district and the corresponding threat symbol."""
    options = punishment_options(board)
    if district not in options:
        shown = ", ".join(d.id for d in options) or "none: no threat symbol is left"
        raise IllegalCheckError(
            f"the punishment falls on the district with the most tourists next to a threat"
            f" symbol; {district.id} is not one of them ({shown})"
        )
    threat = symbol_for(board, district)
    record = Punishment(district, board.tourists.get(district, ()), threat)
    return board.without_tourists(district).without_threat(threat), record


def verify_hunt(board: PlayerBoard, facts: RouteFacts, district: District) -> None:
    """Huntress: each 5 or 6 erases a threat symbol in a district along the route."""
    if district not in facts.along or not board.threat_count(district):
        raise IllegalCheckError(
            f"the Huntress erases a threat symbol in a district along the final route;"
            f" {district.id} has none there"
        )


def hunt_options(board: PlayerBoard, facts: RouteFacts) -> tuple[District, ...]:
    return tuple(sorted(d for d in set(board.threats) if d in facts.along))


def check_order(levels: Sequence[int], first: int) -> tuple[int, ...]:
    """Players by threat level, highest first; ties clockwise from ``first``
    (the first player of the last round). Players are seat indices."""
    n = len(levels)
    return tuple(sorted(range(n), key=lambda p: (-levels[p], (p - first) % n)))


def first_option(options: Sequence[District]) -> District:
    """The tie-break a machine uses where the rulebook says "choose any"."""
    return options[0]


def rituals(
    board: PlayerBoard, choose: Callable[[Sequence[District]], District] = first_option
) -> tuple[PlayerBoard, tuple[Punishment, ...]]:
    """Warlock: one dark ritual per threat symbol on the map, chosen as punishments are."""
    records: list[Punishment] = []
    for _ in range(len(board.threats)):
        options = punishment_options(board)
        board, record = punish(board, choose(options))
        records.append(record)
    return board, tuple(records)
