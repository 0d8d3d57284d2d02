"""Setting up a scenario (tales.rules.setup.new_game).

"Regardless of the number of players, there will always be four Investigators in
play." -- "Each player takes ... The Investigator's starting Item card ... ENERGY
and MAGIC tokens, according to the maximum values shown on the Investigator
board. VITALITY and SANITY markers, both placed at the maximum value on their
respective tracks."
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from tales.errors import RulesError
from tales.rules.events import ItemGained, Moved
from tales.rules.items import BACKPACK, HAND
from tales.rules.scenario import Scenario
from tales.rules.setup import new_game
from tales.rules.table import Table
from tales.rules.terms import Track
from tales.story.core import Core
from tests.conftest import game_for, harbour_scenario

EZRA, MARGARET = "ezra-marsh", "margaret-sinclair"
ARTHUR, SARAH = "arthur-blackwood", "sarah-elington"
IRENE = "irene-dubois"


def start(
    core: Core,
    players: Sequence[str],
    companions: Sequence[str],
    *,
    difficulty: str = "standard",
    scenario: Scenario | None = None,
) -> Table:
    return new_game(
        core.investigators,
        core.items,
        scenario or harbour_scenario(),
        players=players,
        companions=companions,
        difficulty=difficulty,
        dice=core.dice,
        supply=core.supply,
        seed=7,
        rulings=core.rulings,
    )


@pytest.mark.parametrize(
    ("players", "companions", "message"),
    [
        ([EZRA, MARGARET], [], "2 players need 2 companions, not 0"),
        ([EZRA, MARGARET], [ARTHUR], "2 players need 2 companions, not 1"),
        ([EZRA, MARGARET], [ARTHUR, SARAH, IRENE], "2 players need 2 companions, not 3"),
        ([EZRA, MARGARET, ARTHUR, SARAH], [IRENE], "4 players need 0 companions, not 1"),
        ([EZRA], [ARTHUR], "1 player needs 3 companions, not 1"),
    ],
)
def test_the_team_is_always_four_investigators(
    core: Core, players: list[str], companions: list[str], message: str
) -> None:
    """ "Each scenario is designed with four Investigators in mind. Regardless of the
    number of players, there will always be four Investigators in play." """
    with pytest.raises(RulesError) as error:
        start(core, players, companions)
    assert str(error.value) == f"the team is always 4 investigators: {message}"


def test_a_solo_player_needs_three_companions(core: Core) -> None:
    """ "In solo mode, you control one Investigator and three selected Companions,
    creating a full four-person team." """
    with pytest.raises(RulesError, match=r"^the team is always 4 investigators: .*not 1$"):
        start(core, [EZRA], [MARGARET])
    assert len(start(core, [EZRA], [MARGARET, ARTHUR, SARAH]).investigators) == 4


def test_five_players_are_told_the_game_takes_one_to_four(core: Core) -> None:
    """ "Each scenario is designed with four Investigators in mind." Five players are
    too many players, not too few companions."""
    with pytest.raises(RulesError) as error:
        start(core, [EZRA, MARGARET, ARTHUR, SARAH, IRENE], [])
    assert "-1" not in str(error.value)
    assert "1 to 4 players, not 5" in str(error.value)


def test_at_least_one_player_and_no_one_twice(core: Core) -> None:
    with pytest.raises(RulesError, match="played by 1 to 4 players, not 0"):
        start(core, [], [EZRA, MARGARET, ARTHUR, SARAH])
    with pytest.raises(RulesError, match=r"plays once; Ezra Marsh chosen twice$"):
        start(core, [EZRA, MARGARET], [EZRA, SARAH])


def test_an_unknown_investigator_is_named(core: Core) -> None:
    with pytest.raises(RulesError, match=r"^no investigator named 'nobody'; there are ") as error:
        start(core, [EZRA, "nobody"], [ARTHUR, SARAH])
    assert "ezra-marsh" in str(error.value) and "irene-dubois" in str(error.value)


def test_an_unknown_difficulty_is_refused(core: Core) -> None:
    """ "Place the Event board Time marker on the space that matches the selected
    difficulty level." """
    with pytest.raises(RulesError) as error:
        start(core, [EZRA], [MARGARET, ARTHUR, SARAH], difficulty="nightmare")
    assert str(error.value) == (
        "The Harbour has no 'nightmare' difficulty; choose easy, standard, hard"
    )


def test_players_stand_on_the_start_with_their_starting_items(core: Core) -> None:
    """ "The Investigator's starting Item card (the one with their name on the back).
    Place it next to your Investigator board in either hand(s) or in a backpack slot,
    depending on the icon on the card." """
    table = start(core, [EZRA, SARAH], [MARGARET, ARTHUR])
    assert table.sink.take() == (
        Moved(EZRA, None, "pier", "setup"),
        ItemGained(EZRA, "hatchet", 4, HAND),
        Moved(SARAH, None, "pier", "setup"),
        ItemGained(SARAH, "doctors-bag", 3, BACKPACK),
    )
    for slug in (EZRA, SARAH):
        inv = table.investigator(slug)
        assert inv.location == "pier" and not inv.companion
        assert [i.card for i in inv.items] == [core.items[inv.sheet.starting_item]]
        assert len(inv.deck) == 15 and inv.hand == inv.play_area == inv.discard == []
    assert table.supply.use_markers == 32 - 4 - 3


def test_companions_get_no_item_standee_or_deck(core: Core) -> None:
    """ "They do not use a standee on the board" -- a Companion has 4 Companion
    markers instead of a deck."""
    table = start(core, [EZRA, SARAH], [MARGARET, ARTHUR])
    for slug in (MARGARET, ARTHUR):
        companion = table.investigator(slug)
        assert companion.companion
        assert companion.items == [] and companion.location is None
        assert companion.all_cards() == []
        assert len(companion.markers_left()) == 4
    assert [i.slug for i in table.players()] == [EZRA, SARAH]
    assert [i.slug for i in table.companions()] == [MARGARET, ARTHUR]


def test_everyone_starts_at_their_maxima(core: Core) -> None:
    """ "ENERGY and MAGIC tokens, according to the maximum values shown on the
    Investigator board. VITALITY and SANITY markers, both placed at the maximum value
    on their respective tracks." """
    table = start(core, [EZRA, SARAH], [MARGARET, ARTHUR])
    for inv in table.investigators.values():
        assert {track: inv.track(track) for track in Track} == dict(inv.sheet.maxima)
    arthur = table.investigator(ARTHUR)
    assert (arthur.vitality, arthur.sanity, arthur.energy, arthur.magic) == (8, 4, 4, 2)


def test_a_solo_player_adds_the_heroism_card(core: Core) -> None:
    """ "If you decide to play in solo mode, add 1 Heroism card to your Investigator's
    deck." """
    table = start(core, [EZRA], [MARGARET, ARTHUR, SARAH])
    ezra = table.investigator(EZRA)
    assert len(ezra.deck) == 16
    assert [c.id for c in ezra.deck if c.kind == "heroism"] == ["heroism-1"]
    assert len(table.supply.heroism_cards) == 3
    duo = start(core, [EZRA, MARGARET], [ARTHUR, SARAH])
    assert all(len(p.deck) == 15 for p in duo.players())


@pytest.mark.parametrize(("difficulty", "space"), [("easy", 1), ("standard", 1), ("hard", 3)])
def test_the_time_marker_is_placed_for_the_difficulty(
    core: Core, difficulty: str, space: int
) -> None:
    """ "The standard difficulty always starts on the 1st round." """
    table = start(core, [EZRA], [MARGARET, ARTHUR, SARAH], difficulty=difficulty)
    assert (table.difficulty, table.time, table.round) == (difficulty, space, 1)
    assert table.ended == "" and table.to_read == [] and not table.event_tokens


def test_the_start_and_the_revealed_locations_are_on_the_table(core: Core) -> None:
    """ "Stack the Location deck near the center of the table. These cards will be
    revealed and explored during the game." """
    table = start(core, [EZRA], [MARGARET, ARTHUR, SARAH])
    assert table.revealed == {
        "pier",
        "boathouse",
        "net-loft",
        "chandlery",
        "warehouse",
        "counting-house",
        "slipway",
    }
    scenario = replace(harbour_scenario(), revealed=frozenset({"boathouse"}))
    table = start(core, [EZRA], [MARGARET, ARTHUR, SARAH], scenario=scenario)
    assert table.revealed == {"pier", "boathouse"}, "the start is always revealed"


def test_the_same_seed_deals_the_same_decks(core: Core) -> None:
    first = game_for(core, [EZRA, MARGARET], [ARTHUR, SARAH], seed=3)
    again = game_for(core, [EZRA, MARGARET], [ARTHUR, SARAH], seed=3)
    other = game_for(core, [EZRA, MARGARET], [ARTHUR, SARAH], seed=4)
    decks = [[[c.id for c in p.deck] for p in t.players()] for t in (first, again, other)]
    assert decks[0] == decks[1] and decks[0] != decks[2]
    assert sorted(decks[0][0]) == sorted(c.id for c in core.investigators[EZRA].deck)
