"""A new game reuses what the box makes once: the supply's piles of cards
and the abilities' options. Each table still has its own zones to change.

"Components Golden Rule: If during your adventure the Resource Pool of any
component won't allow you to get that specific component, you just continue
the game without it": a table that empties a pile empties its own pile only.
"""

from __future__ import annotations

from tales.api import load_tale, new_game
from tales.rules.abilities import ABILITY_COST, kept_ability_options
from tales.rules.supply import Supply, SupplyCounts
from tales.rules.terms import EventSymbol, StatusCardKind, StatusToken

TEAM = ("arthur-blackwood", "ezra-marsh", "irene-dubois", "laszlo-varga")


def test_each_table_takes_from_its_own_piles() -> None:
    counts = SupplyCounts(
        {StatusCardKind.PANIC: 2}, {StatusToken.FOCUS: 1}, {EventSymbol.STAR: 1}, heroism_cards=2
    )
    first, second = Supply.full(counts), Supply.full(counts)
    assert first.status_cards == second.status_cards
    assert first.take_status_card(StatusCardKind.PANIC) is not None
    assert first.take_status_card(StatusCardKind.PANIC) is not None
    assert first.take_status_card(StatusCardKind.PANIC) is None
    assert first.take_heroism_card() is not None
    assert [c.id for c in second.status_cards[StatusCardKind.PANIC]] == ["panic-02", "panic-01"]
    assert [c.id for c in second.heroism_cards] == ["heroism-2", "heroism-1"]
    assert [c.id for c in Supply.full(counts).status_cards[StatusCardKind.PANIC]] == [
        "panic-02",
        "panic-01",
    ]


def test_a_box_made_again_is_read_again() -> None:
    """Piles are kept per box: other counts give other piles."""
    small = SupplyCounts({StatusCardKind.PANIC: 1}, {}, {})
    large = SupplyCounts({StatusCardKind.PANIC: 3}, {}, {})
    assert len(Supply.full(small).status_cards[StatusCardKind.PANIC]) == 1
    assert len(Supply.full(large).status_cards[StatusCardKind.PANIC]) == 3


def test_two_games_offer_the_same_ability_options_with_their_written_labels() -> None:
    storybook = load_tale()
    tables = [new_game(storybook, players=TEAM, seed=seed).table for seed in (1, 2)]
    first, second = (kept_ability_options(table) for table in tables)
    assert first and [o.id for o in first] == [o.id for o in second]
    assert all(a is b for a, b in zip(first, second, strict=True))  # made once per box
    for option in first:
        user = tables[0].investigator(option.user)
        whom = (
            "self" if option.target == option.user else tables[0].investigator(option.target).name
        )
        text = user.sheet.ability
        sentence = text if text.find(". ") < 0 else text[: text.find(". ") + 1]
        assert (
            option.label == f"{user.name}'s ability on {whom} ({ABILITY_COST} ENERGY): {sentence}"
        )
