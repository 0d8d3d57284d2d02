"""The Gannet Light's seams after playtest 7: the boat off the island names
who stays and asks first (defect 3: 71, 97, 139 through 304-306; 51 and
193 speak to one left on the town shore); a scene's way on moves the one
who takes it, as a Move does (defect 6); the town's whaleboat is met where
the boat is, not begun at an empty buoy (defect 7); and the prose agrees
with the table (defect 8: 110, Low Water's 29, 39)."""

from __future__ import annotations

from typing import Any

from tales.rules.exploration import reveal_location
from tales.story.game import Game, GameSetup, start_game
from tales.story.model import Tale
from tales.story.options import StoryOption
from tests.conftest import ruling
from tests.story.test_gannet_light_map import (
    CREW,
    EZRA,
    IRENE,
    PHILIP,
    SARAH,
    afloat,
    offered,
    read,
    take,
)
from tests.story.test_gannet_light_team import choose, flat, grant, landed, texts
from tests.story.test_map_tale import to_activity

ISLAND = ("gannet-shore", "the-tower", "north-ledge")


def offered_exactly(game: Game, scene: int, label: str) -> bool:
    """Whether Philip is offered the option with exactly this label (the
    plain one, not the one that says "without the others")."""
    options = game.book.book.paragraphs[scene].options
    index = next(i for i, o in enumerate(options) if o.label == label)
    return StoryOption(PHILIP, scene, index).id in [o.id for o in game.book.options(game.table)]


def sarah_up_the_tower(core, tale: Tale) -> Game:  # type: ignore[no-untyped-def]
    game = landed(core, tale)
    game.table.investigator(SARAH).location = "tower-door"
    return game


@ruling("left-behind-by-the-vehicle")
def test_putting_off_from_the_slip_names_who_stays_on_the_island(core, reef_ledger) -> None:
    """Sarah is at the foot of the tower: the slip offers only to put off
    without the others; 304 names her, waiting keeps the boat on the slip,
    and going anyway (71) says she is still up on the rock."""
    game = sarah_up_the_tower(core, reef_ledger)
    boat = game.table.vehicles["boat"]
    assert not offered_exactly(game, 70, "Put off from the slip into the channel")
    label = "Put off from the slip into the channel without the others"
    events = choose(game, PHILIP, 70, label, "Hold the boat")
    assert "But Sarah Elington is not at the slip" in flat(texts(events)[304])
    assert boat.at == "boat-slip" and boat.aboard == []
    events = choose(game, PHILIP, 70, label, "Put off without them")
    assert "Not all of you. Sarah Elington is still up on the rock" in flat(texts(events)[71])
    assert boat.at == "north-channel" and SARAH not in boat.aboard and len(boat.aboard) == 3


def test_the_plain_put_off_is_only_for_a_team_all_at_the_slip(core, reef_ledger) -> None:
    game = sarah_up_the_tower(core, reef_ledger)
    game.table.investigator(SARAH).location = "boat-slip"
    events = take(game, PHILIP, 70, "Put off from the slip into the channel")
    assert "Not all of you" not in texts(events)[71]
    assert len(game.table.vehicles["boat"].aboard) == 4


def test_going_out_to_the_picket_boat_asks_first(core, reef_ledger) -> None:
    game = sarah_up_the_tower(core, reef_ledger)
    reveal_location(game.table, "picket-boat")
    assert offered(game, PHILIP, 70, "Go out to the picket boat without the others")
    events = choose(game, PHILIP, 70, "Go out to the picket boat without", "Go out to the picket")
    assert "Sarah Elington is not among them" in flat(texts(events)[305])
    assert "it does not show Sarah Elington" in flat(texts(events)[97])
    assert game.table.vehicles["boat"].at == "picket-boat"


def on_the_ledge_with_the_boat(core, tale: Tale) -> Game:  # type: ignore[no-untyped-def]
    """The four on the ledge beside the boat, the swimmers gone (130)."""
    game = landed(core, tale)
    grant(game, {"move_vehicle": {"vehicle": "boat", "to": "north-ledge"}})
    for player in game.table.players():
        player.location = "north-ledge"
    read(game, 130)
    game.table.encounters.clear()
    return game


def test_putting_off_from_the_ledge_names_one_left_in_the_wreck(core, reef_ledger) -> None:
    """Playtest 7: Arthur put off from the ledge with Elizabeth in the hold."""
    game = on_the_ledge_with_the_boat(core, reef_ledger)
    game.table.investigator(SARAH).location = "wreck-hold"
    label = "Run the boat out and put off from the ledge without the others"
    events = choose(game, PHILIP, 130, label, "Put off without them")
    assert "Sarah Elington is not on the ledge" in flat(texts(events)[306])
    assert "Sarah Elington is still there behind them" in flat(texts(events)[139])
    assert SARAH not in game.table.vehicles["boat"].aboard


def test_turning_back_for_the_wharf_meets_the_one_who_waited(core, reef_ledger) -> None:
    """51 no longer says "when you are all on the wharf": Ezra, who stayed
    ashore, comes down to take the painter."""
    game = afloat(core, reef_ledger)
    game.table.investigator(EZRA).location = "packet-wharf"
    game.table.vehicles["boat"].aboard.remove(EZRA)
    whole = flat(texts(take(game, PHILIP, 50, "Turn back for the wharf"))[51])
    assert "comes Ezra Marsh, soaked through" in whole and "you are all on the wharf" not in whole


def test_the_basket_on_the_wharf_goes_to_the_one_left_ashore(core, reef_ledger) -> None:
    game = landed(core, reef_ledger)
    assert "Ezra Marsh" not in texts(read(game, 193))[193]
    game.table.investigator(EZRA).location = "packet-wharf"
    split = flat(texts(read(game, 193))[193])
    assert "In a lull between squalls you see it" in split
    assert "On the town shore, where Ezra Marsh is waiting out the night" in split
    assert "on both sides of the water you are" in split and "you are all" not in split
    # Not yet across: the one in the boat is not handed the basket on the wharf.
    out = afloat(core, reef_ledger)
    out.table.investigator(EZRA).location = "packet-wharf"
    out.table.vehicles["boat"].aboard.remove(EZRA)
    crossing = flat(texts(read(out, 193))[193])
    assert "where Ezra Marsh is waiting" in crossing and "into your hands" not in crossing


def test_a_scene_s_way_on_moves_only_the_one_who_takes_it(core, reef_ledger) -> None:
    """Rulebook: "you may move your Investigator's standee into it by
    discarding 1 card showing the Action icon". Wading to the wreck moves
    Philip alone; the hatch into the hold (next to the deck) costs 1 Action,
    as a Move there does, and moves him alone."""
    game = on_the_ledge_with_the_boat(core, reef_ledger)
    table = game.table
    take(game, PHILIP, 130, "Wade out across the weed to the wreck")
    assert table.investigator(PHILIP).location == "wreck-deck"
    assert {table.investigator(who).location for who in (EZRA, IRENE, SARAH)} == {"north-ledge"}
    hatch = next(o for o in game.book.book.paragraphs[134].options if o.label.startswith("Go down"))
    assert hatch.cost == 1
    table.investigator(EZRA).location = "wreck-deck"
    take(game, PHILIP, 134, "Go down through the main hatch into the hold")
    assert table.investigator(PHILIP).location == "wreck-hold"
    assert table.investigator(EZRA).location == "wreck-deck"


@ruling("abandoned-encounter")
def test_the_town_s_whaleboat_waits_at_the_buoy_for_the_boat(core, reef_ledger) -> None:
    """192 with the team on the island begins no encounter at the empty buoy
    (it says the whaleboat lies there waiting); the boat pulling out to the
    buoy later (301) meets it there."""
    game = landed(core, reef_ledger)
    whole = flat(texts(read(game, 192))[192])
    assert "lies there on her oars" in whole
    assert "whistle-buoy" not in game.table.encounters
    out = afloat(core, reef_ledger)
    read(out, 192)
    assert "whistle-buoy" not in out.table.encounters
    take(out, PHILIP, 50, "Pull out for the whistle buoy, the long way round")
    assert out.table.encounters["whistle-buoy"].encounter.slug == "the-whaleboat"


def test_the_whaleboat_begins_at_once_with_the_boat_at_the_buoy(core, reef_ledger) -> None:
    game = afloat(core, reef_ledger)
    grant(game, {"move_vehicle": {"vehicle": "boat", "to": "whistle-buoy"}})
    game.table.encounters.pop("whistle-buoy", None)
    whole = flat(texts(read(game, 192))[192])
    assert "lies there on her oars" not in whole
    assert game.table.encounters["whistle-buoy"].encounter.slug == "the-whaleboat"


def test_the_keeper_gives_way_in_words_that_fit_a_stratagem(core, reef_ledger) -> None:
    """110 is read for Combat and Stratagem alike: it strikes no blow, and
    the found information is not "jotham beaten"."""
    game = landed(core, reef_ledger)
    text = flat(texts(read(game, 110))[110])
    assert "raised a hand" not in text and "goes down on one knee" not in text
    assert "jotham-beaten" not in game.table.found["information"]
    assert "jotham-gave-way" in game.table.found["information"]


def test_eli_sawyer_hands_over_the_tiller_and_stays_ashore(core, reef_ledger) -> None:
    """Ruling vehicle-driver: the first aboard drives, so 39 has Eli bring
    the catboat round and put the tiller in your hand, not sail her out."""
    game = start_game(core, reef_ledger, CREW)
    to_activity(game)
    text = flat(texts(read(game, 39))[39])
    assert "I'll take you out" not in text and "puts the tiller into the hand" in text
    boat = game.table.vehicles["boat"]
    assert boat.aboard == []
    take(game, PHILIP, 20, "Put out in the boat from the wharf steps")
    assert boat.aboard[0] == PHILIP


def test_low_water_s_ring_reads_the_register_only_to_those_who_saw_it(core, reef_ledger) -> None:
    """Low Water 29: the Ropewalk register is named only after the hotel (14)."""
    setup = GameSetup("low-water", (PHILIP,), (IRENE, EZRA, SARAH), "standard", 3)
    game = start_game(core, reef_ledger, setup)
    unseen: Any = flat(texts(read(game, 29))[29])
    assert "Ropewalk register" not in unseen and "strangers' names" in unseen
    read(game, 14)
    assert "the names from the Ropewalk register" in flat(texts(read(game, 29))[29])


def test_the_gold_once_brought_up_is_not_dived_for_again(reef_ledger) -> None:
    """Paragraph 159 offers the dive twice, by the water in the hold; its
    gold (145) comes by ``first_time``. Passing one dive closed only that
    one, and with the hold filling the other offered a second test for
    nothing. Both close once 145 is read, at any water level."""
    from tales.story.conditions import evaluate

    book = reef_ledger.scenarios["gannet-light"]
    dives = [o for o in book.paragraphs[159].options if o.success and o.success.goto == 145]
    assert len(dives) == 2
    for water in (0, 2, 3, 6):
        for seen in ({140}, {140, 145}):
            words = {
                "visited": lambda n, seen=seen: n in seen,
                "location_token": lambda place, token, water=water: water,
            }
            open_now = [evaluate(o.condition or "true", words) for o in dives]
            assert sum(open_now) == (0 if 145 in seen else 1), (water, seen)


def test_the_countersign_given_in_the_watch_shed_fight_stands_the_watch_down(
    core, reef_ledger
) -> None:
    """Asking in the watch shed (21) lays the Watch on the Wharf. The
    countersign given then (22) told the old watchman sitting down ("All
    right") and the wide-eyed one gone out of the window, while the watch
    stayed in play to be fought and outwitted. The word ends the encounter."""
    game = start_game(core, reef_ledger, CREW)
    to_activity(game)
    assert game.book.state.log["the-town"].get("countersign-learned") is False  # in the preset
    take(game, PHILIP, 20, "Ask the men in the watch shed")
    assert "packet-wharf" in game.table.encounters
    events = take(game, PHILIP, 20, "Give the watch the countersign")
    assert "All right" in flat(texts(events)[22])
    assert "packet-wharf" not in game.table.encounters
