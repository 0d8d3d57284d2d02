"""Ability options are made once per table and offered again (``Table.ability_offers``),
and the listing outside a test is kept while what it reads is unchanged
(``Table.ability_listing``).

"You may activate your Ability at any time, as long as you have the required
amount of ENERGY": the abilities are listed at nearly every decision, so each
(user, target) option is kept once made. These seeded random games of the
bundled tale check, at every decision, that the kept options are exactly what
a table that kept nothing would offer: the same ids, labels and order.
"""

from __future__ import annotations

import random

import pytest

from tales.api import load_tale, new_game
from tales.rules.abilities import ability_options, kept_ability_options
from tales.rules.options import UseAbility
from tales.rules.table import Table
from tales.rules.teststate import TestState
from tales.story.game import Game
from tests.conftest import table_for

TEAMS = (
    ("arthur-blackwood", "ezra-marsh", "irene-dubois", "laszlo-varga"),
    ("elizabeth-hawthorne", "margaret-sinclair", "sarah-elington", "philip-harris"),
)


def _fresh(table: Table, state: TestState | None) -> list[tuple[str, str]]:
    """What ``ability_options`` gives a table that has kept no option and no listing."""
    kept, listing = table.ability_offers, table.ability_listing
    table.ability_offers, table.ability_listing = {}, None
    try:
        return [(o.id, o.label) for o in ability_options(table, state)]
    finally:
        table.ability_offers, table.ability_listing = kept, listing


def _play(game: Game, rng: random.Random, steps: int) -> int:
    """Random inputs; returns how many decisions offered an ability."""
    offered = 0
    for _ in range(steps):
        pending = game.pending
        if pending is None or not pending.options:
            break
        state = pending.context
        kept = ability_options(game.table, state)
        assert [(o.id, o.label) for o in kept] == _fresh(game.table, state)
        if state is None:
            listed = kept_ability_options(game.table)
            assert [(o.id, o.label) for o in listed] == _fresh(game.table, None)
        shown = [o for o in pending.options if isinstance(o, UseAbility)]
        if shown:
            # The decision offered what a fresh listing gives, kept objects and all.
            assert [(o.id, o.label) for o in shown] == _fresh(game.table, state)
            offered += 1
        game.push(rng.choice(pending.options))
    return offered


@pytest.mark.parametrize("team", TEAMS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_kept_ability_options_are_the_fresh_ones(team, seed):
    storybook = load_tale()
    game = new_game(storybook, players=team[:2], companions=team[2:], seed=seed)
    offered = _play(game, random.Random(seed), 400)
    assert offered > 0  # the games did offer abilities, so the comparison was made


@pytest.mark.parametrize(
    ("slug", "zone"),
    [
        ("margaret-sinclair", "deck"),
        ("elizabeth-hawthorne", "discard"),
        ("sarah-elington", "play_area"),
    ],
)
def test_a_kept_listing_follows_the_zone_an_ability_takes_from(core, slug, zone):
    """Margaret "draws until the drawn card is not a Status card", Elizabeth and
    Sarah take a chosen card back: with no card to take their ability does
    nothing and is not offered, and a kept listing must see the zone change."""
    table = table_for(core, [slug])
    inv = table.investigator(slug)
    own = f"ability:{slug}:{slug}"
    cards = [c for c in inv.deck if not c.is_status]
    inv.deck = [c for c in inv.deck if c.is_status]
    setattr(inv, zone, cards[:1])
    assert own in {o.id for o in kept_ability_options(table)}
    setattr(inv, zone, [])
    assert own not in {o.id for o in kept_ability_options(table)}
    setattr(inv, zone, cards[:1])
    assert own in {o.id for o in kept_ability_options(table)}
