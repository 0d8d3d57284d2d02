"""The Settling, Scenario III of The Reef Ledger: its prisoners, its Group
token and its campaign log (issue 18). The rulebook's box for "Scenario III"
prints "8 Prisoner markers", "1 Group token" and "3 Investigation tokens";
these tests hold the storybook to what its README says they do."""

from __future__ import annotations

import re

import pytest

from tales.rules.decisions import Engine
from tales.rules.events import EventSymbolRolled
from tales.story.conditions import evaluate, render
from tales.story.core import tale_path
from tales.story.game import Game, GameSetup, start_game
from tales.story.model import Tale
from tales.story.story_events import StoryRead
from tales.story.vocabulary import story_context
from tests.story.playing import take_option, to_activity

SCENARIO = "the-settling"
EIGHT = (
    "dan-hollis", "hannah-pease", "nell-dunning", "lavinia-hoxie",
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


def read_text(game: Game, number: int, time: int) -> str:
    """Paragraph ``number``'s text as this game reads it at ``time``."""
    heard: list[StoryRead] = []
    game.table.sink.subscribe(lambda e: heard.append(e) if isinstance(e, StoryRead) else None)
    read(game, number, time)
    (text,) = [e.text for e in heard if e.paragraph == number]
    return text


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
    take_option(game, philip.slug, 47, 1)  # Open the middle cell
    assert game.table.prisoners["dan-hollis"].escort == philip.slug
    philip.location = "railroad-cut"
    take_option(game, philip.slug, 12, 0)  # Send the ones you have brought this far on
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


@pytest.mark.parametrize("been_to_the_shop", [True, False])
def test_dan_hollis_hears_of_his_shop_only_from_a_team_that_went_in(
    core, reef_ledger, been_to_the_shop
):
    """A playtest freed Dan Hollis without setting foot in Pruett's and was
    told it had described the apron on his counter (paragraph 230)."""
    game = game_of(core, reef_ledger)
    to_activity(game)
    game.table.investigator("philip-harris").location = "town-lockup"
    if been_to_the_shop:
        game.book.state.log.setdefault("the-settling", {})["hollis-apron-found"] = False
    text = read_text(game, 230, 5)
    assert ("the apron on the counter" in text) is been_to_the_shop
    assert ("Nobody has been by the shop" in text) is not been_to_the_shop


@pytest.mark.parametrize(
    ("where", "told"),
    [("deacons-house", "happens indoors"), ("federal-street", "a cobbled street")],
)
def test_a_death_is_told_where_it_happens(core, reef_ledger, where, told):
    """A playtest's investigator died in Deacon Orne's study and was told
    lying "in the gutter water" of a cobbled street (paragraph 195)."""
    game = game_of(core, reef_ledger)
    to_activity(game)
    game.table.investigator("philip-harris").location = where
    assert told in read_text(game, 195, 5)


# Zadok Orne, the Assessor, keeps the Roll at home on Federal Street until
# nine, when the clock (180, space 7) walks him up to the hall. Each
# paragraph that meets him says where he is in a phrase only that branch
# prints: (phrase, place, whether he is there).
HOME, HALL = "deacons-house", "fellowship-hall"
NINE = 7  # the Event board's space for 9:00 p.m. (narrative 180)
ASSESSOR_SAID = {
    92: (("a man's shadow crosses the blind", HOME, True),
         ("None of the lit rooms has anybody in it", HOME, False)),
    93: (("comes the small, steady scratching of\n    a pen", HOME, True),
         ("he sits under it with his hands folded", HOME, True),
         ("The hook for his hat and coat\n    is empty", HOME, False)),
    59: (("The glass is lit from behind", HALL, True), ("The glass is dark", HALL, False)),
    60: (("is open a crack, and a pen is scratching", HALL, True),
         ("the room behind it is silent", HALL, True),
         ("is shut and dark at the top", HALL, False)),
    61: (("the Assessor's pen has not stopped", HALL, True),
         ("a chair creaks, once", HALL, True),
         ("the Assessor's door is dark", HALL, False)),
    63: (("The Assessor's office is a small square room", HALL, True),
         ("the back kitchen", HOME, True)),
    65: (("a clerk at his kitchen table", HOME, True), ("Below, the candles", HALL, True)),
    56: (("Zadok Orne stands under the fanlight", HALL, True),
         ("the Assessor stands under the\n    fanlight", HALL, True)),
}  # fmt: skip
# The two ways to meet him: (paragraph, option label, where it is offered)
MEETINGS = (
    (93, "Open the door with the light under it", HOME),
    (59, "Go up to the Assessor's office", HALL),
)
ONLY_FROM = {56: 11}  # the procession is watched from eleven (54's option)


def _flat(text: str) -> str:
    return " ".join(text.split())


def _said(text: str, number: int) -> set[tuple[str, bool]]:
    flat = _flat(text)
    return {
        (place, there) for phrase, place, there in ASSESSOR_SAID[number] if _flat(phrase) in flat
    }


def test_each_phrase_that_places_the_assessor_is_in_its_paragraph(reef_ledger):
    paragraphs = reef_ledger.scenarios[SCENARIO].paragraphs
    for number, said in ASSESSOR_SAID.items():
        for phrase, _, _ in said:
            assert _flat(phrase) in _flat(paragraphs[number].text), (number, phrase)
    for number, label, _ in MEETINGS:
        assert label in [o.label for o in paragraphs[number].options], (number, label)


@pytest.mark.parametrize("beaten", [False, True])
@pytest.mark.parametrize("time", range(1, 16))
def test_the_assessor_is_never_in_two_places_at_one_hour(core, reef_ledger, time, beaten):
    """Before nine every paragraph has him at home, from nine in the hall,
    beaten or not, and he can be met only where they say he is."""
    game = game_of(core, reef_ledger)
    game.table.time = time
    state = game.book.state
    state.visited.add(61)  # the deacons at the hall door beaten: the office stair is open
    if beaten:
        state.visited.add(64)
        state.log.setdefault("the-settling", {})["the-assessor-beaten"] = False
    context = story_context(state, game.table, game.table.players()[0])
    paragraphs = reef_ledger.scenarios[SCENARIO].paragraphs
    claims: set[tuple[str, bool]] = set()
    for number in ASSESSOR_SAID:
        if time >= ONLY_FROM.get(number, 1):
            claims |= _said(render(paragraphs[number].text, context), number)
    where = HALL if time >= NINE else HOME
    assert {place for place, there in claims if there} == {where}, claims
    assert (where, False) not in claims, claims
    offered = {
        place
        for number, label, place in MEETINGS
        for option in paragraphs[number].options
        if option.label == label and evaluate(option.condition or "True", context)
    }
    assert offered == (set() if beaten else {where})


def test_at_nine_the_assessor_walks_out_of_a_fight_at_home(core, reef_ledger):
    game = game_of(core, reef_ledger)
    to_activity(game)
    group = game.table.group
    assert group is not None
    group.at = HOME
    for inv in game.table.players():
        inv.location = HOME
    game.book.state.scenes[HOME] = 93  # gone in: the front hall is the scene
    take_option(game, "philip-harris", 93, 2)  # Open the door with the light under it
    assert [e.encounter.slug for e in game.table.encounters.values()] == ["the-assessor-reads"]
    read(game, 180, NINE)
    assert not game.table.encounters, "at nine he is wanted at the hall, and goes"


@pytest.mark.parametrize("beaten", [False, True])
@pytest.mark.parametrize("where", [HOME, "federal-street"])
def test_at_nine_the_assessor_leaves_his_house_as_told_from_where_the_group_stands(
    core, reef_ledger, where, beaten
):
    """A playtest stood in Deacon Orne's study at nine and read that Zadok
    Orne "comes out of his lit house ... shuts the door behind him" (180):
    with the group in his house he goes out past it, and it watches him go."""
    game = game_of(core, reef_ledger)
    to_activity(game)
    group = game.table.group
    assert group is not None
    group.at = where
    for inv in game.table.players():
        inv.location = where
    if beaten:
        game.book.state.log.setdefault("the-settling", {})["the-assessor-beaten"] = False
    text = _flat(read_text(game, 180, NINE))
    outside = ("comes out of his lit house" in text) or ("he comes out, as he has" in text)
    assert outside is (where != HOME), text
    assert ("you watch him" in text) is (where == HOME), text
    assert "up the middle of" in text and "the hall steps" in text
