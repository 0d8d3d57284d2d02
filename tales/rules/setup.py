"""Setting up the table: investigators at their maxima, decks shuffled."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tales.errors import RulesError
from tales.rules.activities import gain_item
from tales.rules.cards import Card
from tales.rules.dice import DiceSet
from tales.rules.events import Moved
from tales.rules.investigators import Investigator, InvestigatorSheet
from tales.rules.items import ItemCard
from tales.rules.rulings import Rulings
from tales.rules.scenario import Scenario
from tales.rules.supply import Supply, SupplyCounts
from tales.rules.table import Table

TEAM_SIZE = 4  # "there will always be four Investigators in play"


def new_table(
    players: Sequence[InvestigatorSheet],
    companions: Sequence[InvestigatorSheet],
    *,
    dice: DiceSet,
    supply: SupplyCounts,
    seed: int,
    rulings: Rulings,
) -> Table:
    """A table ready for the first round. Every deck is shuffled from the one
    seeded stream, in seating order; a solo player gets a Heroism card."""
    if not 1 <= len(players) <= TEAM_SIZE:
        raise RulesError(f"Miskatonic Tales is played by 1 to 4 players, not {len(players)}")
    if len(players) + len(companions) > TEAM_SIZE:
        raise RulesError(
            f"the team has {TEAM_SIZE} investigators; {len(players)} players leave room "
            f"for {TEAM_SIZE - len(players)} companions, not {len(companions)}"
        )
    slugs = [s.slug for s in [*players, *companions]]
    duplicates = sorted({s for s in slugs if slugs.count(s) > 1})
    if duplicates:
        raise RulesError(f"each investigator plays once; {duplicates!r} chosen twice")
    rng = random.Random(seed)
    pool = Supply.full(supply)
    table = Table({}, pool, dice, rng, rulings, seed=seed)
    for sheet in players:
        table.investigators[sheet.slug] = Investigator.fresh(sheet)
    for sheet in companions:
        table.investigators[sheet.slug] = Investigator.fresh(sheet, companion=True)
    if len(players) == 1:
        heroism = pool.take_heroism_card()
        if heroism is not None:
            table.investigators[players[0].slug].deck.append(heroism)
    for inv in table.players():
        shuffle_deck(rng, inv.deck)
    return table


def shuffle_deck(rng: random.Random, deck: list[Card]) -> None:
    """``rng.shuffle(deck)``: the same permutation from the same draws, the
    loop of CPython's ``Random.shuffle`` and ``_randbelow_with_getrandbits``
    (unchanged since 3.2) written out with ``getrandbits`` bound once. Four
    decks are shuffled for every new game, and the two method calls per card
    were a third of setting one up. A generator of another class (one that
    draws otherwise) shuffles by its own method. tests/rules/test_shuffle_deck.py
    checks the two agree, cards and the generator's state after."""
    if type(rng) is not random.Random:
        rng.shuffle(deck)
        return
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(deck))):
        below = i + 1
        bits = below.bit_length()
        j = getrandbits(bits)
        while j >= below:  # rejected: drawn again, as _randbelow does
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]


def new_game(
    sheets: Mapping[str, InvestigatorSheet],
    items: Mapping[str, ItemCard],
    scenario: Scenario,
    *,
    players: Sequence[str],
    companions: Sequence[str],
    difficulty: str,
    dice: DiceSet,
    supply: SupplyCounts,
    seed: int,
    rulings: Rulings,
) -> Table:
    """A scenario ready for its first round: "Regardless of the number of
    players, there will always be four Investigators in play"; players stand
    on the starting location with their starting items; the time marker
    "on the space that matches the selected difficulty level"."""
    if not 1 <= len(players) <= TEAM_SIZE:
        raise RulesError(f"Miskatonic Tales is played by 1 to 4 players, not {len(players)}")
    unknown = sorted((set(players) | set(companions)) - set(sheets))
    if unknown:
        raise RulesError(f"no investigator named {unknown[0]!r}; there are {', '.join(sheets)}")
    if len(players) + len(companions) != TEAM_SIZE:
        raise RulesError(
            f"the team is always {TEAM_SIZE} investigators: {_count(len(players), 'player')} "
            f"need {_count(TEAM_SIZE - len(players), 'companion')}, not {len(companions)}"
        )
    if difficulty not in scenario.board.start:
        levels = ", ".join(scenario.board.start)
        raise RulesError(f"{scenario.title} has no {difficulty!r} difficulty; choose {levels}")
    table = new_table(
        [sheets[p] for p in players],
        [sheets[c] for c in companions],
        dice=dice,
        supply=supply,
        seed=seed,
        rulings=rulings,
    )
    table.scenario = scenario
    table.difficulty = difficulty
    table.time = scenario.board.start[difficulty]
    table.revealed = {scenario.start, *scenario.revealed}
    for inv in table.players():
        inv.location = scenario.start
        table.emit(Moved(inv.slug, None, scenario.start, "setup"))
        starting = items.get(inv.sheet.starting_item)
        if starting is not None:
            gain_item(table, inv, starting)
    return table


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
