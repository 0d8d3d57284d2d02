"""The Gannet Light's map written with the language's own constructs: the
tower door and the wreck's companionway are barriers the story opens, the
boathouse, the watch room and the hold are seen from outside and met on
going in (``on_enter``), and no one rows past the reef's race or the buoy
except as the story tells it."""

from __future__ import annotations

import pytest

from tales.rules.activities import distances
from tales.rules.exploration import reveal_location
from tales.rules.paths import barriers
from tales.story.core import tale_path
from tales.story.game import Game, GameSetup, start_game
from tales.story.loader import load_tale
from tales.story.model import Tale


@pytest.fixture(scope="module")
def reef_ledger() -> Tale:
    tale, problems = load_tale(tale_path("the-reef-ledger"), fast=True)
    assert tale is not None, problems
    return tale


def gannet(core, tale: Tale) -> Game:  # type: ignore[no-untyped-def]
    companions = ("irene-dubois", "ezra-marsh", "sarah-elington")
    return start_game(
        core, tale, GameSetup("gannet-light", ("philip-harris",), companions, "standard", 5)
    )


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


def test_the_race_and_the_buoy_are_passed_only_as_the_story_tells(core, reef_ledger) -> None:
    """From the harbor mouth a team rows to the race or the buoy (a Move);
    on from there to the north channel only by running the race (55) or
    pulling on past the buoy (59)."""
    game = gannet(core, reef_ledger)
    for place in ("harbor-mouth", "reef-race", "whistle-buoy", "north-channel"):
        reveal_location(game.table, place)
    reach = distances(game.table, "harbor-mouth")
    assert {"reef-race", "whistle-buoy"} <= reach.keys()
    assert "north-channel" not in reach
