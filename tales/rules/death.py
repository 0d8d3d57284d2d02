"""The death of an investigator: what leaves the table with them.

Rulebook: "If an Investigator's VITALITY or SANITY is reduced to zero, their
Character is permanently removed from the game and considered dead." The
rulebook does not say where the dead character's components go; ruling
``dead-leave-the-table`` does: everything taken from the general supply goes
back to it (status cards, the HEROISM card, status tokens, the use markers of
their items), and their own Attribute cards and items leave the game with them.
"""

from __future__ import annotations

from tales.rules.cards import CardKind
from tales.rules.events import InvestigatorRemoved
from tales.rules.investigators import Investigator
from tales.rules.table import Table


def remove_the_dead(table: Table) -> None:
    """Clear every dead investigator's board once the activity that killed
    them is resolved (ruling ``narrative-timing``): a round-end save then
    holds only what is still in play."""
    for inv in table.investigators.values():
        if inv.dead and _holds_anything(inv):
            _remove(table, inv)


def _holds_anything(inv: Investigator) -> bool:
    return bool(inv.all_cards() or inv.items or any(inv.tokens.values()))


def _remove(table: Table, inv: Investigator) -> None:
    supply = table.supply
    returned = 0
    for card in inv.all_cards():
        if card.status is not None:
            supply.return_card(card)
            returned += 1
        elif card.kind is CardKind.HEROISM:
            supply.heroism_cards.append(card)
            returned += 1
    set_aside = len(inv.all_cards()) - returned
    inv.deck, inv.hand, inv.play_area, inv.discard = [], [], [], []
    tokens = sum(inv.tokens.values())
    for token, count in inv.tokens.items():
        supply.status_tokens[token] += count
    inv.tokens.clear()
    items = tuple(held.slug for held in inv.items)
    supply.use_markers += sum(held.uses for held in inv.items)
    inv.items = []
    inv.bonus_white_dice, inv.shatters_count_next_test = 0, False
    table.emit(InvestigatorRemoved(inv.slug, set_aside, returned, tokens, items))
