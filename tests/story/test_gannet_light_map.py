"""The Gannet Light's map written with the language's own constructs: the
tower door and the wreck's companionway are barriers the story opens, the
boathouse, the watch room and the hold are seen from outside and met on
going in (``on_enter``), the crossing is made in the team's boat (a vehicle
with seats and a driver, driven along ``by_vehicle`` routes or carried by
the sea), and the north ledge has a flood level the clock raises."""

from __future__ import annotations

from pathlib import Path

from tales.rules.activities import distances, move_targets
from tales.rules.decisions import Engine
from tales.rules.events import VehicleMoved
from tales.rules.exploration import reveal_location
from tales.rules.paths import barriers
from tales.rules.terms import EventSymbol
from tales.rules.vehicles import driver_of, seats_free
from tales.saves.fields import Fields
from tales.saves.load import read_sheet
from tales.saves.restore import restore
from tales.saves.session import new_context, start_saved
from tales.saves.store import SaveFiles
from tales.story.campaign import CampaignState
from tales.story.conditions import evaluate
from tales.story.core import tale_path
from tales.story.effects import parse_effect
from tales.story.game import Game, GameSetup, start_game
from tales.story.interpreter import StoryRead
from tales.story.model import Tale, Where
from tales.story.options import StoryOption
from tests.conftest import ruling
from tests.story.playing import to_activity
from tests.story.test_map_tale import end_round

PHILIP, EZRA, IRENE, SARAH = "philip-harris", "ezra-marsh", "irene-dubois", "sarah-elington"
CREW = GameSetup("gannet-light", (PHILIP, EZRA, IRENE, SARAH), (), "standard", 5)
LEDGE = "north-ledge"


def gannet(core, tale: Tale) -> Game:  # type: ignore[no-untyped-def]
    companions = ("irene-dubois", "ezra-marsh", "sarah-elington")
    return start_game(
        core, tale, GameSetup("gannet-light", ("philip-harris",), companions, "standard", 5)
    )


def read(game: Game, number: int, who: str = PHILIP) -> list[object]:
    """Read a paragraph as ``who``, up to its first decision; the events."""
    table = game.table
    effects, _ = parse_effect({"read": number}, Where("test"))
    assert effects is not None
    engine = Engine(game.book.apply(table, [effects], table.investigator(who)), table.sink)
    return [*engine.opening_events, *table.sink.take()]


def option_index(game: Game, scene: int, label: str) -> int:
    options = game.book.book.paragraphs[scene].options
    return next(i for i, o in enumerate(options) if o.label.startswith(label))


def offered(game: Game, who: str, scene: int, label: str) -> bool:
    wanted = StoryOption(who, scene, option_index(game, scene, label)).id
    return wanted in [o.id for o in game.book.options(game.table)]


def open_to(game: Game, who: str, scene: int, label: str) -> bool:
    """Whether the option's condition holds for ``who`` (its card's scene or not)."""
    option = game.book.book.paragraphs[scene].options[option_index(game, scene, label)]
    context = game.book.context(game.table, game.table.investigator(who))
    return option.condition is None or bool(evaluate(option.condition, context))


def take(game: Game, who: str, scene: int, label: str) -> list[object]:
    """Take a scene's option as ``who`` (offered now), up to its first decision."""
    assert offered(game, who, scene, label), label
    chosen = StoryOption(who, scene, option_index(game, scene, label))
    engine = Engine(game.book.perform(game.table, chosen), game.table.sink)
    events = [*engine.opening_events]
    while engine.pending is not None and engine.pending.ids[0].startswith("pay:"):
        events += engine.apply(engine.pending.ids[0])  # its Action, from the first card
    return [*events, *game.table.sink.take()]


def afloat(core, tale: Tale) -> Game:  # type: ignore[no-untyped-def]
    """Four investigators at the wharf with Eli Sawyer's catboat (39), put out (45)."""
    game = start_game(core, tale, CREW)
    to_activity(game)
    read(game, 39)
    assert game.table.vehicles["boat"].at == "packet-wharf"
    take(game, PHILIP, 20, "Put out in the boat")
    return game


def test_the_tower_door_and_the_companionway_are_barriers_until_the_story_opens_them(
    core, reef_ledger
) -> None:
    game = gannet(core, reef_ledger)
    table = game.table
    assert barriers(table, "tower-door", "the-stair") == 1
    assert barriers(table, "wreck-deck", "stern-cabin") == 1
    for place in ("tower-door", "the-stair", "wreck-deck", "stern-cabin"):
        reveal_location(table, place)
    assert "the-stair" not in distances(table, "tower-door")  # no Move through the iron door
    book = reef_ledger.scenarios["gannet-light"]
    # 101 (the keys, Laszlo's ear or the door forced) and 294 (the door wrenched out) open them.
    opened = {
        tuple(effect.value["between"])
        for number in (101, 294)
        for effect in book.paragraphs[number].effects
        if effect.kind == "remove_barrier"
    }
    assert opened == {("tower-door", "the-stair"), ("wreck-deck", "stern-cabin")}


def test_the_tank_the_watch_room_and_the_hold_are_met_on_going_in(reef_ledger) -> None:
    """Outside on reveal (296, 297, 298), inside on first entry (74, 108, 159),
    as Low Water's revision split its scenes."""
    places = reef_ledger.scenarios["gannet-light"].scenario.locations
    split = {name: (places[name].paragraph, places[name].on_enter) for name in places}
    assert split["boathouse"] == (296, 74)
    assert split["watch-room"] == (297, 108)
    assert split["wreck-hold"] == (298, 159)


def test_town_sea_and_island_are_joined_only_by_water(core, reef_ledger) -> None:
    """No one walks or runs across the crossing: its connections are all
    ``by_vehicle``, so the race (55) and the buoy (59) are passed only as the
    story drives the boat on."""
    game = gannet(core, reef_ledger)
    crossing = ("harbor-mouth", "reef-race", "whistle-buoy", "north-channel")
    for place in (*crossing, "boat-slip", LEDGE):
        reveal_location(game.table, place)
    for place in crossing:
        assert set(distances(game.table, place)) == {place}, place
    assert "harbor-mouth" not in distances(game.table, "packet-wharf")
    places = reef_ledger.scenarios["gannet-light"].scenario.locations
    assert places["north-channel"].by_vehicle >= {"boat-slip", LEDGE, "picket-boat"}
    assert places["reef-race"].by_vehicle == {"harbor-mouth", "north-channel"}


@ruling("vehicle-driver")
def test_the_crossing_is_made_in_the_boat_with_its_seats_and_its_driver(core, reef_ledger) -> None:
    """The four put out from the wharf steps in one boat of four seats, the
    first aboard at the tiller; seated, none may Move alone; a pull at the
    oars (300, 301) and the pull on past the buoy (59) drive it, and the
    landing (64) leaves it at the slip, where it is put off again (70)."""
    game = afloat(core, reef_ledger)
    table, boat = game.table, game.table.vehicles["boat"]
    assert boat.at == "harbor-mouth" and len(boat.aboard) == 4
    assert seats_free(table, "boat") == 0 and driver_of(table, "boat") == boat.aboard[0]
    assert {table.investigator(s).location for s in boat.aboard} == {"harbor-mouth"}
    assert move_targets(table, table.investigator(EZRA)) == [], "the boat carries them"
    events = take(game, EZRA, 50, "Pull out for the whistle buoy")
    assert VehicleMoved("boat", "harbor-mouth", "whistle-buoy", tuple(boat.aboard)) in events
    read(game, 59)
    assert boat.at == "north-channel"
    read(game, 64)
    assert boat.at == "boat-slip" and boat.aboard == [] and boat.driver is None
    assert {p.location for p in table.players()} == {"boat-slip"}
    assert offered(game, IRENE, 70, "Put off from the slip")
    read(game, 71, IRENE)
    assert boat.at == "north-channel" and boat.driver == boat.aboard[0] and len(boat.aboard) == 4


def test_put_out_only_where_the_boat_lies(core, reef_ledger) -> None:
    """The Gedneys' dory is lent at the breakwater steps (14): it lies there,
    and the wharf's "put out" is not offered until it is brought round."""
    game = start_game(core, reef_ledger, CREW)
    to_activity(game)
    read(game, 14)
    choice = game.book.book.paragraphs[14].choices[0]
    Engine(game.book.apply(game.table, choice.outcome.effects, None), game.table.sink)
    assert game.table.vehicles["boat"].at == "breakwater-head"
    assert not offered(game, PHILIP, 20, "Put out in the boat")
    for player in game.table.players():
        player.location = "breakwater-head"
    take(game, PHILIP, 40, "Put out in the boat from the breakwater steps")
    assert game.table.vehicles["boat"].at == "harbor-mouth"


def test_the_sea_throws_the_boat_back_with_no_hand_on_the_tiller(core, reef_ledger) -> None:
    """A failed run of the race (67) and running before the swell (57) are the
    sea carrying the boat (``move_vehicle``), not anyone steering it."""
    game = afloat(core, reef_ledger)
    read(game, 300)
    boat = game.table.vehicles["boat"]
    assert boat.at == "reef-race"
    read(game, 67)
    assert boat.at == "harbor-mouth" and len(boat.aboard) == 4
    read(game, 51)
    assert boat.at == "packet-wharf" and boat.aboard == []
    assert {p.location for p in game.table.players()} == {"packet-wharf"}


@ruling("vehicle-driver")
def test_a_driver_drowned_in_the_race_leaves_the_tiller_to_the_next_seated(
    core, reef_ledger
) -> None:
    """The race's failure hurts everyone aboard (54); the one at the tiller
    dies of it (the death paragraph, 195, is read), the next seated takes the
    tiller and runs the boat on over the race (55) with the living."""
    game = afloat(core, reef_ledger)
    table, boat = game.table, game.table.vehicles["boat"]
    read(game, 300)
    helmsman = table.investigator(boat.aboard[0])
    helmsman.vitality = 1
    drown, _ = parse_effect({"damage": {"VITALITY": 1}, "who": "here"}, Where("test"))
    assert drown is not None
    Engine(game.book.apply(table, [drown], helmsman), table.sink)
    assert helmsman.dead
    assert [entry[0] for entry in table.to_read] == [195], "the death paragraph is due"
    assert driver_of(table, "boat") == boat.aboard[1]
    assert seats_free(table, "boat") == 1
    read(game, 55, boat.aboard[1])
    assert boat.at == "north-channel"
    assert helmsman.location == "reef-race", "the drowned are not carried on"
    assert {table.investigator(s).location for s in boat.aboard[1:]} == {"north-channel"}


def test_the_flood_rises_over_the_ledge_and_knocks_down_those_on_it(core, reef_ledger) -> None:
    """The clock raises the ledge's flood (179, 182, 185, 190) to its ceiling
    of 3; at 2 it cuts the wreck off and the boat lying on the ledge cannot put
    off (so the keeper's peapod is offered at the boathouse), and each rise
    from 2 reads 299 as each one standing on the ledge: a fall at 2, worse at 3."""
    game = afloat(core, reef_ledger)
    table, boat = game.table, game.table.vehicles["boat"]
    read(game, 301)
    read(game, 59)
    read(game, 66)
    assert boat.at == LEDGE and table.location_tokens[LEDGE]["flood"] == 0
    table.investigator(EZRA).location = "boathouse"
    assert not open_to(game, EZRA, 74, "Run the keeper's peapod")
    philip = table.investigator(PHILIP)
    before = philip.vitality
    read(game, 179)
    assert table.location_tokens[LEDGE]["flood"] == 1 and philip.vitality == before
    events = read(game, 182)
    assert table.location_tokens[LEDGE]["flood"] == 2
    fell = [e.paragraph for e in events if isinstance(e, StoryRead)].count(299)
    assert fell == 3, "the three on the ledge, not Ezra at the boathouse"
    assert philip.vitality == before - 1
    assert not offered(game, PHILIP, 130, "Wade out across the weed")
    assert not offered(game, PHILIP, 130, "Run the boat out from the rocks")
    assert open_to(game, EZRA, 74, "Run the keeper's peapod")
    read(game, 185)
    assert table.location_tokens[LEDGE]["flood"] == 3
    assert philip.vitality == max(before - 3, 0) or philip.dead
    read(game, 190)
    assert table.location_tokens[LEDGE]["flood"] == 3, "its ceiling"


def test_a_save_in_mid_crossing_reads_back_the_boat_and_who_is_in_it(
    core, reef_ledger, tmp_path: Path
) -> None:
    files = SaveFiles.named(tmp_path, "gannet")
    context = new_context(
        "gannet", tale_path("the-reef-ledger"), "gannet-light", reef_ledger.content_hash
    )
    saved = start_saved(lambda: start_game(core, reef_ledger, CREW), files, context, core)
    game = saved.game
    read(game, 39)  # before the first activity is offered: the boat is in it
    to_activity(game, saved.apply)
    saved.apply(StoryOption(PHILIP, 20, option_index(game, 20, "Put out in the boat")).id)
    saved.apply(StoryOption(EZRA, 50, option_index(game, 50, "Pull out for the whistle")).id)
    assert game.pending is not None
    saved.apply(next(i for i in game.pending.ids if i.startswith("pay:")))  # a pull: an Action
    boat = game.table.vehicles["boat"]
    assert boat.at == "whistle-buoy"
    end_round(saved)
    fields = Fields(str(files.sheet))
    back = restore(read_sheet(files, core).data, fields, core, reef_ledger, fresh_seed=0)
    assert back is not None, [str(p) for p in fields.problems]
    again = back.table.vehicles["boat"]
    assert (again.at, again.aboard, again.driver) == (boat.at, boat.aboard, boat.driver)
    assert {back.table.investigator(s).location for s in again.aboard} == {"whistle-buoy"}
    assert move_targets(back.table, back.table.investigator(EZRA)) == []


def test_the_crew_taken_off_the_buoy_is_still_counted_in_the_settling(core, reef_ledger) -> None:
    """What the crossing writes (249: the whaleboat's crew saved at the buoy)
    is what The Settling's arrival reads (a star on its Event board)."""
    game = afloat(core, reef_ledger)
    read(game, 301)
    read(game, 60)
    take(game, EZRA, 58, "Take the whaleboat's crew off the buoy")
    log = game.book.state.log
    assert log["the-island"]["whaleboat-crew-saved"] is False  # recorded, not crossed out
    setup = GameSetup("the-settling", (PHILIP, EZRA, IRENE, SARAH), (), "standard", 5)
    carried = {section: dict(entries) for section, entries in log.items()}
    settling = start_game(core, reef_ledger, setup, CampaignState(log=carried))
    del carried["the-island"]["whaleboat-crew-saved"]
    plain = start_game(core, reef_ledger, setup, CampaignState(log=carried))
    star = EventSymbol.STAR
    assert settling.table.event_tokens[star] == plain.table.event_tokens[star] + 1


def test_walking_up_to_the_marsh_house_or_out_to_the_breakwater_head_takes_you_there(
    core, reef_ledger
) -> None:
    """ "Go up Water Street to the Marsh house (1 Action)" and "Walk out along
    the breakwater to its head (1 Action)" are the walk itself, a Move "via
    narratives" (rulebook, Exploration): the Action paid brings the walker to
    the card the walk reveals, whose scene (36, 40) is read as theirs and
    whose options are then offered to them, not left at the wharf with a
    second Action to pay for the same walk."""
    for label, place, scene, inside in (
        ("Go up Water Street", "captains-house", 36, "Go up to the widow's walk on the roof"),
        ("Walk out along the breakwater", "breakwater-head", 40, "Watch the whaleboat go out"),
    ):
        game = start_game(core, reef_ledger, CREW)
        to_activity(game)
        events = take(game, PHILIP, 20, label)
        table = game.table
        assert place in table.revealed
        assert scene in [e.paragraph for e in events if isinstance(e, StoryRead)], place
        assert table.investigator(PHILIP).location == place
        assert {p.location for p in table.players() if p.slug != PHILIP} == {"packet-wharf"}
        assert offered(game, PHILIP, scene, inside), place
        assert not offered(game, EZRA, scene, inside), "the others are still on the wharf"
