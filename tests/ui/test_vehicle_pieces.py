"""``status``, ``map`` and ``help`` show a scenario's vehicles and the
tokens its Location cards keep, by the storybook's own names (playtest 7,
defect 4: "The boat (where it is, its 4 seats, who drives, who is aboard),
the ledge's flood level (0-3) and the hold's water tokens appear in neither
`map` nor `status`", and the crossing places all said "leads to: nowhere
yet" though the boat went along them). Ruling ``vehicle-driver``: "The
first investigator to get in takes the wheel ... when the driver gets out
... the next seated, in boarding order, drives"."""

from __future__ import annotations

import pytest

from tales.rules.exploration import change_location_tokens
from tales.rules.statuses import change_track
from tales.rules.terms import Track
from tales.rules.vehicles import board, leave
from tales.story.core import Core
from tales.story.game import Game, GameSetup, start_game
from tales.story.model import Tale
from tests.ui.conftest import MakeGame
from tests.ui.test_pieces import ARTHUR, ELIZABETH, shown

CROSSING = {"harbor-mouth", "whistle-buoy", "north-channel", "north-ledge", "wreck-hold"}


@pytest.fixture
def gannet(core: Core, reef_ledger: Tale) -> Game:
    setup = GameSetup(
        "gannet-light", (ARTHUR, ELIZABETH), ("ezra-marsh", "irene-dubois"), "easy", 5
    )
    return start_game(core, reef_ledger, setup)


def on_the_ledge(game: Game) -> None:
    """Both in the boat on the North Ledge, Arthur at the tiller, the flood at 1."""
    table = game.table
    table.revealed |= CROSSING
    table.vehicles["boat"].at = "north-ledge"
    for slug in (ARTHUR, ELIZABETH):
        inv = table.investigator(slug)
        inv.location = "north-ledge"
        assert board(table, inv, "boat")
    change_location_tokens(table, "north-ledge", "flood", 1)


def test_status_shows_the_boat_where_it_lies_and_the_cards_tokens(gannet):
    lines = shown(gannet, "status")
    assert "The boat (vehicle) is at Sawyer's Boatyard, empty, 4 seats." in lines
    # The hold's water was told at setup; the ledge, not yet found, is not named.
    assert (
        "Tokens on Location cards: The Hold of the Hattie G. Lunt, 2 water tokens (1 to 3)."
        in lines
    )
    assert not any("picket boat" in line for line in lines)  # its card is not found yet


def test_status_says_who_is_aboard_and_who_drives(gannet):
    on_the_ledge(gannet)
    lines = shown(gannet, "status")
    assert (
        "The boat (vehicle) is at The North Ledge, aboard: Arthur Blackwood (at the wheel), "
        "Elizabeth Hawthorne; 2 seats free."
    ) in lines
    assert (
        "Tokens on Location cards: The North Ledge, 1 flood token (3 at most); "
        "The Hold of the Hattie G. Lunt, 2 water tokens (1 to 3)."
    ) in lines


def test_the_next_seated_drives_when_the_driver_gets_out_or_dies(gannet):
    on_the_ledge(gannet)
    table = gannet.table
    assert leave(table, table.investigator(ARTHUR))
    assert any(
        "aboard: Elizabeth Hawthorne (at the wheel); 3 seats free" in line
        for line in shown(gannet, "status")
    )
    assert board(table, table.investigator(ARTHUR), "boat")
    elizabeth = table.investigator(ELIZABETH)
    change_track(table, elizabeth, Track.VITALITY, -elizabeth.vitality, "a test")
    assert any(
        "aboard: Arthur Blackwood (at the wheel); 3 seats free" in line
        for line in shown(gannet, "status")
    )


def test_map_shows_the_boat_the_flood_and_the_routes_only_a_vehicle_crosses(gannet):
    on_the_ledge(gannet)
    lines = shown(gannet, "map")
    ledge = lines.index(
        "  The North Ledge; here: Arthur Blackwood, Elizabeth Hawthorne; 1 flood token "
        "(3 at most); the boat is here (aboard: Arthur Blackwood (at the wheel), "
        "Elizabeth Hawthorne; 2 seats free)"
    )
    assert lines[ledge + 1] == "      leads to: The North Channel (by vehicle)"
    buoy = lines.index("  The Whistle Buoy")
    assert lines[buoy + 1] == (
        "      leads to: The Harbor Mouth (by vehicle), The North Channel (by vehicle)"
    )
    wharf = lines.index("  The Packet Wharf")
    assert lines[wharf + 1].endswith(", The Old Custom House, The Harbor Mouth (by vehicle)")
    assert "  The Hold of the Hattie G. Lunt; 2 water tokens (1 to 3)" in lines


def test_a_card_token_of_another_tale_is_shown_by_its_own_name(make_game: MakeGame):
    """The Drowned Bell's Sea Stair keeps a flood count with no limits."""
    game = make_game()
    table = game.table
    table.revealed.add("sea-stair")
    change_location_tokens(table, "sea-stair", "flood", 2)
    assert "  The Sea Stair; 2 flood tokens" in shown(game, "map")
    assert "Tokens on Location cards: The Sea Stair, 2 flood tokens." in shown(game, "status")


@pytest.mark.parametrize(
    ("topic", "term"),
    [
        ("vehicle", "VEHICLE"),
        ("boat", "VEHICLE"),
        ("flood", "LOCATION TOKEN"),
        ("water", "LOCATION TOKEN"),
        ("location tokens", "LOCATION TOKEN"),
    ],
)
def test_help_explains_vehicles_and_card_tokens(make_game: MakeGame, topic: str, term: str):
    (line,) = shown(make_game(), f"help {topic}")
    assert line.startswith(f"{term}: ") and "Did you mean" not in line


def test_help_vehicle_follows_the_ruling():
    from tales.ui.helps import help_lines

    (line,) = help_lines("vehicle")
    assert "the first aboard drives" in line.text
    assert "the next seated drives" in line.text


def test_help_answers_a_piece_by_the_name_its_storybook_gives_it(gannet):
    """`help` knows the rule words (boat, flood); a name only one storybook
    uses is answered too, from the table: what the piece is and where it is
    now. A vehicle on a card not yet found is not named (no news, no spoiler)."""
    on_the_ledge(gannet)
    lines = shown(gannet, "help the boat")
    assert lines[0].startswith("The boat: a boat or a car on the map")
    assert lines[1] == (
        "The boat is at The North Ledge, aboard: Arthur Blackwood (at the wheel), "
        "Elizabeth Hawthorne; 2 seats free."
    )
    assert shown(gannet, "help cg-2317")[0].startswith("No help on 'cg-2317'.")
    gannet.table.revealed.add(gannet.table.vehicles["cg-2317"].at)
    assert shown(gannet, "help cg-2317")[0].startswith("The picket boat CG-2317: a boat or a car")
    water = shown(gannet, "help water tokens")
    assert water[0].startswith("Water tokens: a counter the storybook keeps")
    assert water[1] == "Now: The Hold of the Hattie G. Lunt: 2 water tokens (1 to 3)."
