"""What the engine itself offers about a storybook's pieces on the map, so
that no storybook can strand one: an Investigation token lying on a location
can always be taken back by an investigator standing there (ruling
``investigation-take-back-free``), and a freed prisoner in no one's charge can
be taken on by any investigator standing where they are (ruling
``prisoner-escort-falls``). The rulebook has neither piece; these are the
free-standing activities their markers need, like exchanging items ("it
counts as a free Activity")."""

from __future__ import annotations

from tales.rules.activities import can_pay, pay_actions
from tales.rules.decisions import Proc
from tales.rules.investigators import Investigator
from tales.rules.options import Option, TakeBackToken, TakeOnPrisoner
from tales.rules.prisoners import INVESTIGATION, free, take_investigation, unescorted_at
from tales.rules.table import Table


def take_back_cost(table: Table) -> int:
    """Actions taking a token back costs: none, unless the group makes it one."""
    return 0 if table.rulings.flag("investigation-take-back-free") else 1


def piece_options(table: Table, players: list[Investigator]) -> list[Option]:
    """Each investigator's "take back" and "take on" where they stand."""
    if table.scenario is None or not (table.location_tokens or table.prisoners):
        return []  # most scenarios print neither piece
    options: list[Option] = []
    cost = take_back_cost(table)
    paid = f" ({cost} Action)" if cost else ""
    for inv in players:
        here = inv.location
        if here is None:
            continue
        tokens = table.location_tokens.get(here, {}).get(INVESTIGATION, 0)
        if tokens and can_pay(table, inv, cost):
            where = table.scenario.locations[here].name if here in table.scenario.locations else ""
            label = f"{inv.name} takes back the Investigation token from {where}{paid}"
            options.append(TakeBackToken(inv.slug, label=label))
        options += [
            TakeOnPrisoner(inv.slug, slug, label=f"{inv.name} takes on {name}")
            for slug, name in unescorted_at(table, here)
        ]
    return options


def perform_piece(table: Table, choice: TakeBackToken | TakeOnPrisoner) -> Proc[None]:
    inv = table.investigator(choice.investigator)
    if isinstance(choice, TakeOnPrisoner):
        free(table, inv, choice.prisoner)
        return
    cost = take_back_cost(table)
    if cost and not (yield from pay_actions(table, inv, cost, "Take back an Investigation token")):
        return
    take_investigation(table, inv.location or "")
