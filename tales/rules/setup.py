"""Setting up the table: investigators at their maxima, decks shuffled."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tales.errors import RulesError
from tales.rules.dice import DiceSet
from tales.rules.investigators import Investigator, InvestigatorSheet
from tales.rules.rulings import Rulings
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
    rulings: Rulings | None = None,
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
    table = Table({}, pool, dice, rng, rulings or Rulings())
    for sheet in players:
        table.investigators[sheet.slug] = Investigator.fresh(sheet)
    for sheet in companions:
        table.investigators[sheet.slug] = Investigator.fresh(sheet, companion=True)
    if len(players) == 1:
        heroism = pool.take_heroism_card()
        if heroism is not None:
            table.investigators[players[0].slug].deck.append(heroism)
    for inv in table.players():
        rng.shuffle(inv.deck)
    return table
