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
from tales.rules.prisoners import release
from tales.rules.table import Table
from tales.rules.vehicles import pass_the_wheel


def remove_from_the_game(table: Table, inv: Investigator) -> None:
    """Clear a dead investigator's board at once, in the input that killed
    them: from then on nothing of theirs is in play, and a round-end save
    holds only what is."""
    supply = table.supply
    returned = 0
    for card in inv.all_cards():
        if card.status is not None:
            supply.return_card(card)
            returned += 1
        elif card.kind is CardKind.HEROISM:
            supply.heroism_cards.append(card)
            returned += 1
    inv.set_aside += [
        c for c in inv.all_cards() if c.status is None and c.kind is not CardKind.HEROISM
    ]
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
    release(table, inv)  # those they escorted stay where they fell
    pass_the_wheel(table, inv)  # the next seated drives, and says so
