"""The fixture tale tests/data/map-tale: a map blocked by barriers, routes by
vehicle and by story, a card left out below three players, a launch with
seats and a driver, an option once a round, flood tokens with limits and
effects for each investigator who stands where the flood has risen, and
all of it kept on a save sheet."""

from __future__ import annotations

from pathlib import Path

import pytest

from tales.authoring.check import check_tale
from tales.authoring.simulate import run_simulation
from tales.rules.activities import move, move_targets, run_targets
from tales.rules.decisions import Engine
from tales.rules.events import (
    BarrierChanged,
    GroupHidden,
    GroupMoved,
    LocationTokensChanged,
    MarkChanged,
    RoundEnded,
    TrackChanged,
)
from tales.rules.group import GroupState
from tales.rules.options import EndRound
from tales.rules.paths import in_play
from tales.rules.prisoners import (
    escorted,
    free,
    investigation_supply,
    place_investigation,
    prisoner_at,
)
from tales.rules.vehicles import driver_of
from tales.saves.fields import Fields
from tales.saves.load import read_sheet
from tales.saves.restore import restore
from tales.saves.session import SavedGame, new_context, start_saved
from tales.saves.store import SaveFiles
from tales.story.conditions import evaluate
from tales.story.effects import kind_of, parse_effect
from tales.story.game import Game, GameSetup, start_game
from tales.story.interpreter import StoryRead
from tales.story.loader import load_tale
from tales.story.model import Effect, Tale, Where
from tales.story.options import StoryOption
from tales.story.state import CounterChanged
from tests.conftest import ruling
from tests.story.playing import story_ids, to_activity

ROOT = Path(__file__).resolve().parents[2]
MAP_TALE = ROOT / "tests" / "data" / "map-tale"
EZRA, PHILIP, IRENE, ARTHUR = "ezra-marsh", "philip-harris", "irene-dubois", "arthur-blackwood"
SETUP = GameSetup("flooded-quarter", (EZRA, PHILIP), (IRENE, ARTHUR), "standard", 3)


@pytest.fixture(scope="module")
def tale() -> Tale:
    loaded, problems = load_tale(MAP_TALE)
    assert loaded is not None and not problems, problems
    return loaded


def take(game: Game, who: str, scene: int, index: int) -> tuple[object, ...]:
    engine = Engine(game.book.perform(game.table, StoryOption(who, scene, index)), game.table.sink)
    assert engine.finished
    return engine.opening_events


def end_round(saved: SavedGame) -> None:
    """End the round and answer what its end asks ("keep") until the sheet is written."""
    game = saved.game
    assert game.pending is not None
    events = saved.apply(next(o.id for o in game.pending.options if isinstance(o, EndRound)))
    while not any(isinstance(e, RoundEnded) for e in events):
        assert game.pending is not None
        events = saved.apply("keep" if "keep" in game.pending.ids else game.pending.ids[0])


def test_the_map_tale_checks_clean(core, tale):
    assert check_tale(tale, set(), set()) == []


@ruling("cards-by-player-count")
def test_setup_lays_the_barricade_places_the_launch_and_marks_the_suit(core, tale):
    game = start_game(core, tale, SETUP)
    table = game.table
    assert table.barriers == {("quay", "street"): 2}
    assert table.vehicles["launch"].at == "quay" and table.vehicles["launch"].aboard == []
    assert table.marks == {EZRA: {"diving-suit": 1}}
    (opening,) = [e.text for e in game.events if isinstance(e, StoryRead) and e.paragraph == 1]
    assert "Ezra Marsh has brought" in opening
    assert move_targets(table, table.investigator(EZRA)) == ["net-loft"], "the carts bar the way"
    assert not in_play(table, "chapel"), "two players: the chapel stays in the box"


@ruling("vehicle-driver")
def test_the_launch_carries_those_aboard_and_goes_once_a_round(core, tale):
    game = start_game(core, tale, SETUP)
    to_activity(game)
    table = game.table
    take(game, EZRA, 10, 0)
    take(game, PHILIP, 10, 0)
    launch = table.vehicles["launch"]
    assert launch.aboard == [EZRA, PHILIP] and launch.driver == EZRA
    assert move_targets(table, table.investigator(PHILIP)) == [], "it cannot move independently"
    assert f"story:{EZRA}:10:1" in story_ids(game)
    take(game, EZRA, 10, 1)
    assert launch.at == "reef" and {table.investigator(s).location for s in launch.aboard} == {
        "reef"
    }
    launch.at = table.investigator(EZRA).location = table.investigator(PHILIP).location = "quay"
    assert f"story:{EZRA}:10:1" not in story_ids(game), "once a round, whoever took it"
    table.round += 1
    assert f"story:{EZRA}:10:1" in story_ids(game)


def test_the_swim_takes_the_suit_and_the_storys_own_route(core, tale):
    game = start_game(core, tale, SETUP)
    to_activity(game)
    take(game, EZRA, 10, 0)
    take(game, EZRA, 10, 1)
    take(game, EZRA, 14, 0)  # out onto the reef
    table = game.table
    assert table.vehicles["launch"].aboard == [] and table.vehicles["launch"].driver is None
    assert f"story:{EZRA}:14:1" in story_ids(game)
    take(game, EZRA, 14, 1)
    assert table.investigator(EZRA).location == "lighthouse"
    assert move_targets(table, table.investigator(EZRA)) == [], "no walk back from the lighthouse"


@ruling("each-investigator-chosen-first")
def test_the_flood_hurts_each_investigator_where_it_stands_at_two(core, tale):
    game = start_game(core, tale, SETUP)
    to_activity(game)
    table = game.table
    table.revealed.add("reef")
    table.investigator(PHILIP).location = "reef"
    engine = Engine(game.book.read(table, 20), table.sink)
    events = engine.opening_events
    assert LocationTokensChanged("quay", "flood", 1, 2) in events
    assert LocationTokensChanged("net-loft", "flood", 0, 2) in events, "its ceiling is 2"
    assert BarrierChanged(("net-loft", "quay"), 0, 1) in events
    hurt = [e.investigator for e in events if isinstance(e, TrackChanged)]
    assert hurt == [EZRA], "only Ezra stands where the flood is at 2"
    assert MarkChanged(PHILIP, "trauma", 0, 1) in events
    assert CounterChanged("trauma", 0, 1) in events
    assert table.marks[PHILIP] == {"trauma": 1}


def test_the_map_survives_a_save_sheet_and_a_reload(core, tale, tmp_path):
    files = SaveFiles.named(tmp_path, "flood")
    context = new_context("flood", MAP_TALE, SETUP.scenario, tale.content_hash)
    saved = start_saved(lambda: start_game(core, tale, SETUP), files, context, core)
    game = saved.game
    to_activity(game, saved.apply)
    for who in (EZRA, PHILIP):
        saved.apply(f"story:{who}:10:0")
    obed = game.table.prisoners["old-obed"]
    obed.at, obed.escort, obed.fate = "quay", PHILIP, "freed"
    game.table.barriers[("quay", "street")] = 1  # one cart already dragged away
    end_round(saved)
    loaded = read_sheet(files, core)
    fields = Fields(str(files.sheet))
    back = restore(loaded.data, fields, core, tale, fresh_seed=0)
    assert back is not None and back.exact, [str(p) for p in fields.problems]
    assert back.table.barriers == {("quay", "street"): 1}
    launch = back.table.vehicles["launch"]
    assert (launch.at, launch.aboard, launch.driver) == ("quay", [EZRA, PHILIP], EZRA)
    assert back.table.marks == {EZRA: {"diving-suit": 1}}
    assert back.table.prisoners == game.table.prisoners


def test_a_sheet_naming_no_such_place_or_piece_is_refused_with_its_field(core, tale, tmp_path):
    """Each map section names its pieces: an unknown vehicle, an investigator
    not at the table, an unknown prisoner are each reported by their field."""
    files = SaveFiles.named(tmp_path, "flood")
    context = new_context("flood", MAP_TALE, SETUP.scenario, tale.content_hash)
    saved = start_saved(lambda: start_game(core, tale, SETUP), files, context, core)
    to_activity(saved.game, saved.apply)
    end_round(saved)
    text = files.sheet.read_text(encoding="utf-8")
    # The pieces are on the paper part (format 3), each under its own heading.
    text = text.replace("\nbarriers: [[quay, street, 2]]", "\nbarriers: [[quay, atlantis, 2]]")
    assert "\n  launch:\n" in text
    text = text.replace("\n  launch:\n", "\n  submarine:\n")
    assert "\n  Ezra Marsh: {diving-suit: 1}" in text and "\n  Old Obed: {" in text
    text = text.replace("\n  Ezra Marsh: {diving-suit: 1}", "\n  Nobody: {diving-suit: 1}")
    text = text.replace("\n  Old Obed: {", "\n  Old Nemo: {")
    files.sheet.write_text(text, encoding="utf-8")
    loaded = read_sheet(files, core)
    fields = Fields(str(files.sheet))
    restore(loaded.data, fields, core, tale, fresh_seed=0)
    messages = [str(p) for p in fields.problems]
    assert any("barriers: there is no location 'atlantis'" in m for m in messages), messages
    assert any("vehicles.submarine: there is no vehicle" in m for m in messages)
    assert any("marks.Nobody: there is no investigator" in m for m in messages)
    assert any(
        "prisoners.Old Nemo: there is no prisoner" in m and "'Old Obed'" in m for m in messages
    )


@ruling("prisoner-escort-falls")
def test_a_prisoner_freed_goes_with_the_escort_and_each_fate_is_logged(core, tale):
    game = start_game(core, tale, SETUP)
    to_activity(game)
    table, state = game.table, game.book.state
    ezra, philip = table.investigator(EZRA), table.investigator(PHILIP)
    ezra.location = philip.location = "net-loft"
    take(game, EZRA, 11, 1)
    assert table.prisoners["old-obed"].escort == EZRA
    assert state.log["prisoners"] == {"old-obed-freed": False}
    assert f"story:{PHILIP}:11:1" not in story_ids(game), "already in Ezra's charge"
    ezra.location = "quay"
    assert prisoner_at(table, "old-obed") == "quay"
    ezra.dead = True
    assert prisoner_at(table, "old-obed") == "quay" and not escorted(table, "old-obed")
    philip.location = "quay"
    assert free(table, philip, "old-obed"), "Philip takes him on where Ezra fell"
    philip.location = "street"
    take(game, PHILIP, 12, 1)
    assert table.prisoners["old-obed"].fate == "rescued"
    assert state.log["prisoners"] == {"old-obed-freed": True, "old-obed-rescued": False}


def test_a_prisoner_left_in_the_loft_is_lost_to_the_flood(core, tale):
    game = start_game(core, tale, SETUP)
    to_activity(game)
    table = game.table
    Engine(game.book.read(table, 20), table.sink)
    assert table.prisoners["old-obed"].fate == "lost"
    assert game.book.state.log["prisoners"] == {"old-obed-lost": False}


@ruling("investigation-supply")
def test_investigation_tokens_come_from_a_limited_supply_and_go_back(core, tale):
    game = start_game(core, tale, SETUP)
    to_activity(game)
    table = game.table
    take(game, EZRA, 10, 4)
    assert table.location_tokens["quay"]["investigation"] == 1
    assert investigation_supply(table) == 1
    assert f"story:{EZRA}:10:4" not in story_ids(game), "one token a place"
    assert place_investigation(table, "street") and investigation_supply(table) == 0
    assert not place_investigation(table, "net-loft"), "the supply is empty"
    take(game, EZRA, 10, 5)
    assert table.location_tokens["quay"]["investigation"] == 0
    assert investigation_supply(table) == 1
    assert "the-tin-box" in table.found["information"]


WALK = GameSetup("lantern-walk", (EZRA, PHILIP), (IRENE, ARTHUR), "standard", 5)


def activity(game: Game, option_id: str) -> tuple[object, ...]:
    """Take an activity and pay it with the first Action cards offered."""
    events = list(game.apply(option_id))
    while game.pending is not None and game.pending.kind == "pay":
        events += game.apply(next(i for i in game.pending.ids if i.startswith("pay:")))
    return tuple(events)


@ruling("group-moves-together")
def test_one_who_moves_from_the_group_takes_everyone_with_the_token(core, tale):
    game = start_game(core, tale, WALK)
    to_activity(game)
    table = game.table
    assert table.group is not None and table.group.at == "green"
    moves = [i for i in game.pending.ids if i.startswith(f"move:{EZRA}:")]  # type: ignore[union-attr]
    assert moves == [f"move:{EZRA}:church", f"move:{EZRA}:lane"]
    events = activity(game, f"move:{EZRA}:lane")
    assert GroupMoved("green", "lane", (EZRA, PHILIP)) in events
    assert table.investigator(PHILIP).location == "lane" and table.group.at == "lane"
    philip = table.investigator(PHILIP)
    philip.location = "mill"  # one who stands elsewhere moves alone
    engine = Engine(move(table, philip, "church"), table.sink)
    assert engine.pending is not None
    engine.apply(next(i for i in engine.pending.ids if i.startswith("pay:")))
    assert philip.location == "church"
    assert table.group.at == "lane" and table.investigator(EZRA).location == "lane"


@ruling("group-moves-together")
def test_a_hidden_group_does_not_run_and_the_story_herds_it(core, tale):
    game = start_game(core, tale, WALK)
    to_activity(game)
    table = game.table
    ezra = table.investigator(EZRA)
    take(game, EZRA, 10, 0)
    assert table.group is not None and table.group.hidden
    assert run_targets(table, ezra) == [], "a hidden group is seen if it runs"
    table.group.hidden = False
    events = Engine(game.book.read(table, 20), table.sink).opening_events
    assert not any(isinstance(e, GroupMoved) for e in events), "already on the green"
    ezra.location = table.investigator(PHILIP).location = table.group.at = "mill"
    table.group.hidden = True
    events = Engine(game.book.read(table, 20), table.sink).opening_events
    assert GroupMoved("mill", "green", (EZRA, PHILIP)) in events
    assert GroupHidden(False) in events and not table.group.hidden


def test_the_group_token_survives_a_save_sheet(core, tale, tmp_path):
    files = SaveFiles.named(tmp_path, "walk")
    context = new_context("walk", MAP_TALE, WALK.scenario, tale.content_hash)
    saved = start_saved(lambda: start_game(core, tale, WALK), files, context, core)
    to_activity(saved.game, saved.apply)
    saved.apply(f"story:{EZRA}:10:0")
    assert saved.game.table.group is not None
    saved.game.table.group.at = "lane"
    end_round(saved)
    loaded = read_sheet(files, core)
    fields = Fields(str(files.sheet))
    back = restore(loaded.data, fields, core, tale, fresh_seed=0)
    assert back is not None, [str(p) for p in fields.problems]
    # As the round ended; the next round's bells (paragraph 20) came after the sheet.
    assert back.table.group == GroupState("lane", hidden=True)


def effects_of(*nodes: object) -> list[Effect]:
    parsed = [parse_effect(node, Where("test")) for node in nodes]
    assert all(e is not None for e, _ in parsed), parsed
    return [e for e, _ in parsed if e is not None]


@ruling("each-investigator-chosen-first")
def test_for_each_here_and_marks_named_and_asked_per_investigator(core, tale):
    game = start_game(core, tale, SETUP)
    to_activity(game)
    table, book = game.table, game.book
    ezra, philip = table.investigator(EZRA), table.investigator(PHILIP)
    philip.location = "net-loft"
    marks = effects_of(
        {"mark": {"trauma": 2}, "who": {"investigator": PHILIP}},
        {"for_each": {"who": "here", "effects": [{"mark": {"seat": 1}}]}},
        {"for_each": {"if": 'mark("trauma") > 1', "effects": [{"mark": {"trauma": -5}}]}},
    )
    Engine(book.apply(table, marks, ezra), table.sink)
    assert table.marks == {EZRA: {"diving-suit": 1, "seat": 1}}, "Philip's trauma went to 0"
    context = book.context(table, ezra)
    assert evaluate('mark("seat") == 1 and mark("seat", "philip-harris") == 0', context)
    assert evaluate('"philip-harris" in investigators and investigators | length == 2', context)
    philip.dead = True
    assert evaluate('investigators == ["ezra-marsh"]', book.context(table, ezra))


@ruling("vehicle-driver")
def test_the_story_moves_a_vehicle_with_no_one_at_the_wheel_and_a_sheet_keeps_it(
    core, tale, tmp_path
):
    """``move_vehicle``: the story takes the launch where no route goes (the
    lighthouse, revealed on the way), everyone aboard with it, even with its
    driver drowned; the next living seated has the wheel, and the sheet
    written after it reads back the same."""
    files = SaveFiles.named(tmp_path, "towed")
    context = new_context("towed", MAP_TALE, SETUP.scenario, tale.content_hash)
    saved = start_saved(lambda: start_game(core, tale, SETUP), files, context, core)
    game = saved.game
    to_activity(game, saved.apply)
    for who in (EZRA, PHILIP):
        saved.apply(f"story:{who}:10:0")
    table, book = game.table, game.book
    drown = effects_of({"damage": {"VITALITY": 20}, "who": {"investigator": EZRA}})
    Engine(book.apply(table, drown, table.investigator(EZRA)), table.sink)
    assert table.investigator(EZRA).dead and driver_of(table, "launch") == PHILIP
    philip_context = book.context(table, table.investigator(PHILIP))
    assert evaluate('driving("launch") and aboard("launch") == 1', philip_context)
    tow = effects_of({"move_vehicle": {"vehicle": "launch", "to": "lighthouse"}})
    events = Engine(book.apply(table, tow, table.investigator(PHILIP)), table.sink).opening_events
    assert "lighthouse" in table.revealed
    assert any(isinstance(e, StoryRead) for e in events), "its scene is read on reveal"
    launch = table.vehicles["launch"]
    assert (launch.at, table.investigator(PHILIP).location) == ("lighthouse", "lighthouse")
    assert table.investigator(EZRA).location == "quay", "the drowned stay where they fell"
    end_round(saved)
    fields = Fields(str(files.sheet))
    back = restore(read_sheet(files, core).data, fields, core, tale, fresh_seed=0)
    assert back is not None, [str(p) for p in fields.problems]
    back_launch = back.table.vehicles["launch"]
    assert (back_launch.at, back_launch.aboard) == ("lighthouse", [EZRA, PHILIP])
    assert back.table.investigator(PHILIP).location == "lighthouse"


def test_a_read_inside_a_for_each_is_a_lead_for_check_and_the_bots():
    """The Gannet Light's flood reads 299 as each one on the ledge: without
    the lead ``tales check`` would call 299 unreachable (W301)."""
    (each,) = effects_of({"for_each": {"at": "quay", "effects": [{"energy": 1}, {"read": 33}]}})
    assert kind_of("for_each").leads(each) == 33
    (plain,) = effects_of({"for_each": {"effects": [{"energy": 1}]}})
    assert kind_of("for_each").leads(plain) is None


def test_a_for_each_reads_on_for_each_one_chosen(core, tale):
    """A ``read`` inside a for_each is read once for each investigator, as them."""
    game = start_game(core, tale, SETUP)
    to_activity(game)
    table = game.table
    table.investigator(PHILIP).location = "net-loft"
    each = effects_of({"for_each": {"effects": [{"read": 33}]}})
    events = Engine(game.book.apply(table, each, None), table.sink).opening_events
    assert [e.paragraph for e in events if isinstance(e, StoryRead)] == [33, 33]


@pytest.mark.parametrize("scenario", ["flooded-quarter", "lantern-walk"])
def test_bots_play_the_map_tale_without_a_crash_or_a_dead_end(scenario):
    report = run_simulation(MAP_TALE, scenario, runs=12, seed=2, jobs=1, policy="both")
    assert [r.crash for r in report.results if r.crash] == []
    assert [r.dead_ends for r in report.results if r.dead_ends] == []
    assert all(r.ending for r in report.results)


@ruling("each-investigator-chosen-first")
def test_who_a_for_each_falls_on_is_settled_before_any_of_its_effects(core, tale):
    """The first one's effects make the condition false for everyone, yet the
    second, chosen with the first, is still reached."""
    game = start_game(core, tale, SETUP)
    to_activity(game)
    table = game.table
    each = effects_of(
        {
            "for_each": {
                "if": 'mark("warned") == 0',
                "effects": [{"mark": {"warned": 1}, "who": "all"}],
            }
        }
    )
    Engine(game.book.apply(table, each, None), table.sink)
    assert table.marks[EZRA]["warned"] == table.marks[PHILIP]["warned"] == 2


def test_vehicles_and_prisoners_are_told_by_the_names_the_scenario_prints(core, tale):
    """Issue 15's "words, not ids": the Launch and Old Obed, never launch or old-obed."""
    from tales.rules.events import PrisonerChanged, VehicleBoarded, VehicleMoved
    from tales.ui.render import render_event

    game = start_game(core, tale, SETUP)
    said = [
        line.text
        for event in (
            VehicleBoarded("launch", EZRA, True),
            VehicleMoved("launch", "quay", "reef", (EZRA,)),
            PrisonerChanged("old-obed", "freed", "net-loft", EZRA),
        )
        for line in render_event(event, game.view)
    ]
    assert said[0] == "Ezra Marsh gets into the Launch and takes the wheel."
    assert said[1].startswith("The Launch goes from ")
    assert said[2].startswith("Old Obed: freed, in Ezra Marsh's charge")
