"""The Gannet Light's boat where the story left it (issues 17 and 18: the
whole campaign played by bots with no stall). Two paragraphs kept the
meaning they had before the boat became a vehicle: putting off from the slip
(71) takes the team into the north channel even when the Fellowship rowed it
out to the island (189) and it never saw the channel from its own boat, and
the Mehitable's deck (160) lets no one climb down into a boat that is not
alongside. Before, both options did nothing and stayed offered, and the goal
bot took them again and again in one round to the step limit."""

from __future__ import annotations

from tales.story.game import Game, start_game
from tales.story.model import Tale
from tests.story.test_gannet_light_map import CREW, PHILIP, offered, read, take
from tests.story.test_map_tale import to_activity


def rowed_out(core, tale: Tale) -> Game:  # type: ignore[no-untyped-def]
    """Four investigators with the yard's boat (39), rowed out to the slip
    by the Fellowship at half past nine (189), the boat towed behind."""
    game = start_game(core, tale, CREW)
    to_activity(game)
    read(game, 39)
    read(game, 189)
    assert game.table.vehicles["boat"].at == "boat-slip"
    assert "north-channel" not in game.table.revealed
    return game


def test_putting_off_from_the_slip_reaches_the_channel_it_has_not_seen(core, reef_ledger) -> None:  # type: ignore[no-untyped-def]
    """'Put off from the slip into the channel' (70 -> 71): the boat is
    driven only to a place revealed, so 71 reveals the channel as the race
    (55) and the buoy (59) do; without it the team sat in the boat on the
    slip."""
    game = rowed_out(core, reef_ledger)
    assert offered(game, PHILIP, 70, "Put off from the slip")
    take(game, PHILIP, 70, "Put off from the slip")
    boat = game.table.vehicles["boat"]
    assert "north-channel" in game.table.revealed
    assert boat.at == "north-channel" and PHILIP in boat.aboard
    assert game.table.investigator(PHILIP).location == "north-channel"


def test_no_one_climbs_down_from_the_mehitable_into_a_boat_gone_elsewhere(
    core, reef_ledger
) -> None:  # type: ignore[no-untyped-def]
    """Boarded from the boat (63), the team is offered the way back down
    (160, 161) while the boat lies alongside; once the story has taken the
    boat off (the Fellowship tows it to the slip at half past nine, 189),
    the one left on the deck is offered no way down into it, and none over
    the rail in the fight's round end (163)."""
    game = rowed_out(core, reef_ledger)
    take(game, PHILIP, 70, "Put off from the slip")
    table, boat = game.table, game.table.vehicles["boat"]
    read(game, 63)
    assert boat.at == "schooner-deck" and table.investigator(PHILIP).location == "schooner-deck"
    assert offered(game, PHILIP, 160, "Go back down into the boat")
    boat.at = "boat-slip"  # towed off, nobody aboard
    assert not offered(game, PHILIP, 160, "Go back down into the boat")
    deck = reef_ledger.scenarios["gannet-light"].paragraphs
    over_the_rail = next(
        c for c in deck[163].choices if c.label.startswith("Go back over the rail")
    )
    assert over_the_rail.condition == 'vehicle_at("boat") == "schooner-deck"'
