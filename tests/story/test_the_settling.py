"""The Settling, Scenario III of The Reef Ledger: its prisoners, its Group
token and its campaign log (issue 18). The rulebook's box for "Scenario III"
prints "8 Prisoner markers", "1 Group token" and "3 Investigation tokens";
these tests hold the storybook to what its README says they do."""

from __future__ import annotations

import re

import pytest

from tales.rules.decisions import Engine
from tales.rules.events import EventSymbolRolled
from tales.story.core import tale_path
from tales.story.game import Game, GameSetup, start_game
from tales.story.loader import load_tale
from tales.story.model import Tale
from tales.story.options import StoryOption

SCENARIO = "the-settling"
EIGHT = (
    "dan-hollis", "hannah-pease", "nell-dunning", "eliza-hoxie",
    "abel-wick", "lucy-gedney", "enoch-lunt", "mercy-sargent",
)  # fmt: skip
WALKED = tuple(p for p in EIGHT if p != "mercy-sargent")  # she is held in the hall cellar itself
# Each investigator's last scene, and the keyword their sheet prints (a
# Companion's counts: their threads are told too).
THREAD_ENDS = {
    "arthur-blackwood": (215, "SOLDIER"), "elizabeth-hawthorne": (216, "ARCHAEOLOGY"),
    "ezra-marsh": (217, "SEA"), "irene-dubois": (218, "OCCULT"), "laszlo-varga": (219, "STAGE"),
    "margaret-sinclair": (220, "PRESS"), "philip-harris": (221, "FAITH"),
    "sarah-elington": (222, "MEDICINE"),
}  # fmt: skip
ENDINGS = (200, 201, 202, 203, 204)
# The log sections of Scenario I, the interlude after it, and Scenario II
EARLIER = (
    "the-missing", "the-town", "the-reef", "the-ten-days", "the-gale", "the-light", "the-island",
)  # fmt: skip


@pytest.fixture(scope="module")
def reef_ledger() -> Tale:
    tale, problems = load_tale(tale_path("the-reef-ledger"), fast=True)
    assert tale is not None, problems
    return tale


def game_of(core, tale: Tale) -> Game:
    setup = GameSetup(
        SCENARIO, ("philip-harris",), ("irene-dubois", "ezra-marsh", "sarah-elington"),
        "standard", 3,
    )  # fmt: skip
    return start_game(core, tale, setup)


def read(game: Game, number: int, time: int) -> None:
    """Read a narrative as the clock would at ``time``, up to its first decision."""
    game.table.time = time
    Engine(game.book.read(game.table, number), game.table.sink)


def to_activity(game: Game) -> None:
    """Take the first answer to everything up to the first activity decision."""
    while game.pending is not None and game.pending.kind != "activity":
        game.apply("draw" if "draw" in game.pending.ids else game.pending.ids[0])


def take(game: Game, who: str, scene: int, index: int) -> None:
    """Take a scene's option as ``who``, answering what its cost asks with the first choice."""
    engine = Engine(game.book.perform(game.table, StoryOption(who, scene, index)), game.table.sink)
    while not engine.finished:
        engine.apply(engine.legal_ids()[0])


def fates(game: Game) -> dict[str, str]:
    return {slug: state.fate for slug, state in game.table.prisoners.items()}


def test_the_standalone_starting_tokens_are_placed_by_the_story_not_a_die(core, reef_ledger):
    """Playtest 6: paragraph 1 of the standalone Settling places its starting
    tokens by an effect, and the screen said "The red die shows a skull"
    before any die was rolled. The events say the story placed them."""
    game = game_of(core, reef_ledger)
    placed = [e for e in game.events if isinstance(e, EventSymbolRolled)]
    assert placed, "the standalone preset puts tokens on the Event board"
    assert {e.by for e in placed} == {"story"}


def test_eight_named_prisoners_are_held_about_the_town(reef_ledger):
    scenario = reef_ledger.scenarios[SCENARIO].scenario
    assert set(scenario.prisoners) == set(EIGHT)
    assert len({p.at for p in scenario.prisoners.values()}) == 8, "one to a place"
    assert scenario.investigation_tokens == 3
    assert scenario.group == "railroad-cut"


def test_at_eleven_the_still_held_are_walked_to_the_hall(core, reef_ledger):
    game = game_of(core, reef_ledger)
    escort = game.table.players()[0]
    game.table.prisoners["dan-hollis"].escort = escort.slug
    game.table.prisoners["dan-hollis"].fate = "freed"
    read(game, 174, 11)
    after = fates(game)
    assert after["dan-hollis"] == "freed", "one the team has freed is not walked"
    assert after["mercy-sargent"] == "held", "the cellar's prisoner is already at the hall"
    assert all(after[p] == "lost" for p in WALKED if p != "dan-hollis")


@pytest.mark.parametrize(("time", "fate"), [(13, "rescued"), (14, "lost")])
def test_the_settler_beaten_before_half_past_twelve_brings_the_walked_back(
    core, reef_ledger, time, fate
):
    game = game_of(core, reef_ledger)
    read(game, 174, 11)
    read(game, 151, time)  # The One Who Comes to Settle, defeated
    assert {fates(game)[p] for p in WALKED} == {fate}


def test_a_prisoner_freed_in_the_lockup_is_escorted_out_along_the_cut(core, reef_ledger):
    game = game_of(core, reef_ledger)
    to_activity(game)
    philip = game.table.investigator("philip-harris")
    philip.location = "town-lockup"
    game.book.state.visited.add(49)  # Constable Sayer beaten
    game.book.state.scenes["town-lockup"] = 47  # gone in: the cells are the scene
    take(game, philip.slug, 47, 1)  # Open the middle cell
    assert game.table.prisoners["dan-hollis"].escort == philip.slug
    philip.location = "railroad-cut"
    take(game, philip.slug, 12, 0)  # Send the ones you have brought this far on
    assert fates(game)["dan-hollis"] == "rescued"
    assert game.book.state.counters["brought-out"] == 1
    # recorded in the log, and not crossed out
    assert game.book.state.log["the-eight"]["dan-hollis-rescued"] is False


def test_a_hidden_group_is_passed_by_the_sweep_and_must_move(core, reef_ledger):
    game = game_of(core, reef_ledger)
    group = game.table.group
    assert group is not None
    group.at, group.hidden = "fountain-square", True
    read(game, 176, 3)  # seven o'clock: the first sweep
    assert 172 in game.book.state.visited and not group.hidden
    assert not game.table.encounters, "no patrol found them"


def test_a_group_in_the_open_is_found_by_the_sweep(core, reef_ledger):
    game = game_of(core, reef_ledger)
    group = game.table.group
    assert group is not None
    group.at = "fountain-square"
    for inv in game.table.players():
        inv.location = "fountain-square"
    read(game, 176, 3)
    assert 171 in game.book.state.visited
    assert [e.encounter.slug for e in game.table.encounters.values()] == ["the-curfew-patrol"]


def test_every_ending_closes_every_playing_investigators_thread(reef_ledger):
    paragraphs = reef_ledger.scenarios[SCENARIO].paragraphs
    for number in ENDINGS:
        reads = {e.value: e.condition for e in paragraphs[number].effects if e.kind == "read"}
        for slug, (end, keyword) in THREAD_ENDS.items():
            assert reads.get(end) == f'keyword("{keyword}") or playing("{slug}")', (number, slug)
        assert 223 in reads, f"{number} reads the roll of the eight"


def test_at_least_25_entries_of_the_first_two_nights_change_the_third():
    """Issue 18: "at least 25 entries or counters from Scenarios I and II
    change what Scenario III offers or says"."""
    folder = tale_path("the-reef-ledger") / SCENARIO
    source = "\n".join(p.read_text() for p in sorted(folder.rglob("*.yaml")))
    asked = set(re.findall(r'log\("(' + "|".join(EARLIER) + r')", "([a-z-]+)"\)', source))
    assert len(asked) >= 25, sorted(asked)
    assert 'counter("marked")' in source
