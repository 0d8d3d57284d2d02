"""A game with a dead player saves and loads: "If an Investigator's VITALITY
or SANITY is reduced to zero, their Character is permanently removed from
the game and considered dead." (ruling ``dead-leave-the-table``)"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tales.rules.events import Event, InvestigatorDied, InvestigatorRemoved, RoundEnded
from tales.saves.export import export
from tales.saves.load import read_sheet
from tales.saves.session import SavedGame, load_saved
from tales.saves.store import SaveFiles
from tests.saves.helpers import Bell, new_saved, pending_ids, random_input, setup_for


def _death_mid_round(core, deadly: Bell, saves: Path) -> tuple[SavedGame, SaveFiles, str]:
    """The first seeded game in which a player dies by damage during the
    round, holding cards, and the round then ends with the game going on."""
    for seed in range(200):
        files = SaveFiles.named(saves, f"game-{seed}")
        saved = new_saved(core, deadly, setup_for(seed, "shallows"), files)
        rng, dead = random.Random(seed), ""
        while saved.game.engine.pending is not None:
            holding = {i.slug for i in saved.game.table.players() if i.hand or i.play_area}
            events: tuple[Event, ...] = saved.apply(random_input(saved.game, rng))
            died = [e.investigator for e in events if isinstance(e, InvestigatorDied)]
            ended = any(isinstance(e, RoundEnded) for e in events)
            if not dead and died and died[0] in holding and not ended:
                dead = died[0]
            if ended:
                break
        if dead and saved.game.engine.pending is not None:
            return saved, files, dead
    raise AssertionError("no seed kills a player mid-round")


@pytest.mark.ruling("dead-leave-the-table")
def test_a_round_end_sheet_written_after_a_player_died_loads_and_exports(
    core, deadly: Bell, saves: Path
) -> None:
    saved, files, dead = _death_mid_round(core, deadly, saves)
    live = saved.game
    corpse = live.table.investigator(dead)
    assert corpse.dead
    # Nothing of the dead is left in play: their cards and items left with
    # them, the supply's cards and tokens went back.
    assert corpse.all_cards() == [] and corpse.items == [] and not any(corpse.tokens.values())
    assert sorted(c.id for c in corpse.set_aside) == sorted(c.id for c in corpse.sheet.deck)
    assert any(
        isinstance(e, InvestigatorRemoved) and e.departed == dead and e.cards_set_aside
        for e in live.events
    )

    loaded, warnings = load_saved(files, core)
    assert warnings == []
    assert loaded.table.snapshot() == live.table.snapshot()
    assert pending_ids(loaded.game) == pending_ids(live)
    for fmt in ("md", "html"):
        assert corpse.name in export(read_sheet(files, core), fmt)


@pytest.mark.ruling("dead-leave-the-table")
def test_the_dead_return_what_the_supply_lent_them(core, deadly: Bell, saves: Path) -> None:
    saved, _, dead = _death_mid_round(core, deadly, saves)
    table = saved.game.table
    counts = core.supply
    for kind, pile in table.supply.status_cards.items():
        held = sum(
            1 for i in table.investigators.values() for c in i.all_cards() if c.status is kind
        )
        assert len(pile) + held == counts.status_cards.get(kind, 0)
    for token, n in counts.status_tokens.items():
        held = sum(i.tokens[token] for i in table.investigators.values())
        assert table.supply.status_tokens[token] + held == n
    uses = sum(h.uses for i in table.investigators.values() for h in i.items)
    assert table.supply.use_markers + uses == counts.use_markers
    assert table.investigator(dead).all_cards() == []
