"""Shared fixtures: the real core components, and dice that roll what a
worked example says they rolled."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

import pytest

from tales.records import record
from tales.rules.cards import Card
from tales.rules.decisions import Engine, Proc
from tales.rules.dice import DiceSet, Face
from tales.rules.events import Event
from tales.rules.investigators import Investigator
from tales.rules.options import Option, option
from tales.rules.scenario import Scenario
from tales.rules.setup import new_table
from tales.rules.table import Table
from tales.story.core import Core, load_core, tale_path
from tales.story.loader import load_tale
from tales.story.model import Tale

ruling = pytest.mark.ruling
E = TypeVar("E", bound=Event)


@option("story")
@record
class Scripted(Option):
    """A test storybook's own activity, ``story:<name>``."""

    name: str


@pytest.fixture(autouse=True)
def _saves_in_tmp(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Games started by the tests save into a fresh folder, never ./saves;
    and a bug in tales fails the test that met it, traceback and all, where a
    user would read one paragraph (tales.bugs)."""
    monkeypatch.setenv("TALES_SAVES", str(tmp_path_factory.mktemp("saves")))
    monkeypatch.setenv("TALES_BUGS", "raise")


@pytest.fixture(scope="session")
def core() -> Core:
    return load_core()


@pytest.fixture(scope="module")
def reef_ledger() -> Tale:
    """The bundled campaign, The Reef Ledger, loaded once per test module."""
    tale, problems = load_tale(tale_path("the-reef-ledger"), fast=True)
    assert tale is not None, problems
    return tale


class LoadedDice(random.Random):
    """A random stream whose die rolls are scripted by face words.

    ``randrange(6)`` (a die roll) answers with the index of the next scripted
    face on the die being rolled; shuffles and everything else fall through
    to the seeded generator.
    """

    def __init__(self, dice: DiceSet, rolls: Iterable[tuple[str, str]], seed: int = 0) -> None:
        super().__init__(seed)
        self._dice = dice
        self._rolls = list(rolls)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:  # type: ignore[override]
        if stop is None and start == 6 and self._rolls:
            colour, word = self._rolls.pop(0)
            faces = self._dice.white if colour == "white" else self._dice.red
            return faces.index(Face.parse(word))
        return super().randrange(start, stop, step)

    @property
    def unused(self) -> list[tuple[str, str]]:
        return self._rolls


def of(events: Sequence[Event], kind: type[E]) -> list[E]:
    """The events of one kind, in the order they came."""
    return [e for e in events if isinstance(e, kind)]


def white(*words: str) -> list[tuple[str, str]]:
    return [("white", w) for w in words]


def red(*words: str) -> list[tuple[str, str]]:
    return [("red", w) for w in words]


def table_for(
    core: Core,
    players: Sequence[str],
    companions: Sequence[str] = (),
    *,
    seed: int = 1,
) -> Table:
    sheets = core.investigators
    return new_table(
        [sheets[p] for p in players],
        [sheets[c] for c in companions],
        dice=core.dice,
        supply=core.supply,
        seed=seed,
        rulings=core.rulings,
    )


def load_dice(table: Table, rolls: Iterable[tuple[str, str]]) -> LoadedDice:
    loaded = LoadedDice(table.dice, rolls)
    table.rng = loaded
    return loaded


def stack_deck(table: Table, slug: str, top_first: Sequence[Card]) -> None:
    """Put ``top_first`` on top of the deck, in that order (the deck's top is
    its last element)."""
    inv = table.investigator(slug)
    for card in top_first:
        inv.deck.remove(card)
    inv.deck.extend(reversed(top_first))


def run(table: Table, procedure: Proc[object]) -> Engine[object]:
    return Engine(procedure, table.sink)


def deal(inv: Investigator, test: Callable[[Card], object], count: int) -> list[Card]:
    """Move ``count`` cards passing ``test`` from the deck to the hand."""
    cards = [c for c in inv.deck if test(c)][:count]
    assert len(cards) == count, f"{inv.slug} has only {len(cards)} such cards"
    for card in cards:
        inv.deck.remove(card)
        inv.hand.append(card)
    return cards


def harbour_scenario() -> Scenario:
    """A small scenario for rules tests: a waterfront of eight locations in two
    areas, with a dead end far enough away to Run to.

        pier - boathouse - net-loft - chandlery - warehouse - counting-house
                  |
               slipway - sea-cave (unrevealed)
    """
    from tales.rules.items import ItemCard
    from tales.rules.scenario import (
        Encounter,
        Enemy,
        EventBoard,
        ExplorationTable,
        Location,
        Threshold,
    )
    from tales.rules.terms import Attribute, EventSymbol, StatusCardKind

    links = [
        ("pier", "boathouse"),
        ("boathouse", "net-loft"),
        ("net-loft", "chandlery"),
        ("chandlery", "warehouse"),
        ("warehouse", "counting-house"),
        ("boathouse", "slipway"),
        ("slipway", "sea-cave"),
    ]
    names = {a for link in links for a in link}
    adjacent = {
        n: frozenset({b for a, b in links if a == n} | {a for a, b in links if b == n})
        for n in names
    }
    area = {
        n: ("docks" if n in {"pier", "boathouse", "slipway", "sea-cave"} else "water-street")
        for n in names
    }
    locations = {
        n: Location(n, n.replace("-", " ").title(), area[n], adjacent[n], 10 + i)
        for i, n in enumerate(sorted(names))
    }
    board = EventBoard(
        spaces=(None, 101, None, 102, None, 103, None, 104),
        thresholds=(
            Threshold(EventSymbol.TENTACLE, 2, 172),
            Threshold(EventSymbol.SKULL, 3, 173, frozenset({3, 4, 5})),
        ),
        start={"easy": 1, "standard": 1, "hard": 3},
        death=190,
    )
    wrecker = Enemy(
        "wrecker", "The Wrecker", 5, Attribute.APPEARANCE, 4, ((StatusCardKind.INJURY, 1),)
    )
    return Scenario(
        id="harbour",
        title="The Harbour",
        locations=locations,
        start="pier",
        revealed=frozenset(names - {"sea-cave"}),
        board=board,
        encounters={"wrecker": Encounter("wrecker", "The Wrecker", wrecker, 150, 151)},
        items={"boathook": ItemCard("boathook", "Boathook", "weapon", 3, 2, Attribute.STRENGTH, 2)},
        exploration=ExplorationTable(
            {"information": 5, "objective": 10, "item": 5, "clue": 5, "keyword": 2, "survivor": 5},
            100,
        ),
    )


def game_for(
    core: Core,
    players: Sequence[str],
    companions: Sequence[str],
    *,
    seed: int = 1,
    difficulty: str = "standard",
) -> Table:
    from tales.rules.setup import new_game

    return new_game(
        core.investigators,
        core.items,
        harbour_scenario(),
        players=players,
        companions=companions,
        difficulty=difficulty,
        dice=core.dice,
        supply=core.supply,
        seed=seed,
        rulings=core.rulings,
    )
