"""What the two invariant test files (the table's, test_invariants, and the
whole game's, test_game_invariants) both ask: every card on the table, and
inputs that are not a legal option (drawn in one place, so both try the same
kinds of near miss)."""

from __future__ import annotations

import string
from collections.abc import Sequence

from hypothesis import strategies as st

from tales.rules.table import Table


def card_ids(table: Table) -> list[str]:
    """Every card's id wherever it lies: the investigators' zones and set-aside
    cards, the box's status cards and Heroism cards."""
    ids = [card.id for inv in table.investigators.values() for card in inv.all_cards()]
    ids += [card.id for inv in table.investigators.values() for card in inv.set_aside]
    ids += [card.id for pool in table.supply.status_cards.values() for card in pool]
    ids += [card.id for card in table.supply.heroism_cards]
    return ids


def illegal_inputs(legal: Sequence[str], other_ids: Sequence[str]) -> st.SearchStrategy[str]:
    """Random words, other decisions' ids, and near misses of the legal ids
    (one letter short, upper case, a leading space, a trailing separator)."""
    strategies = [
        st.text(alphabet=string.ascii_lowercase + string.digits + ":-", max_size=30),
        st.sampled_from(other_ids),
    ]
    if legal:
        near = st.sampled_from(legal)
        strategies += [
            near.map(lambda i: i[:-1]),
            near.map(str.upper),
            near.map(" {}".format),
            near.map("{}:".format),
        ]
    return st.one_of(strategies)
