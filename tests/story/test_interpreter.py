"""The interpreter: the starter tale's storybook played through the rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from tales.errors import RulesError
from tales.rules.decisions import Engine, Proc
from tales.rules.events import TestResolved, TrackChanged
from tales.rules.round import settle
from tales.rules.terms import EventSymbol, StatusToken, Track
from tales.story.game import Game, GameSetup, start_game
from tales.story.interpreter import StoryRead
from tales.story.loader import load_tale
from tales.story.model import Effect
from tales.story.options import StoryOption
from tests.conftest import load_dice, red, ruling, white

ROOT = Path(__file__).resolve().parents[2]
EZRA, PHILIP = "ezra-marsh", "philip-harris"


@pytest.fixture(scope="module")
def tale():
    loaded, problems = load_tale(ROOT / "storybooks" / "the-drowned-bell")
    assert loaded is not None, problems
    return loaded


def new_game(core, tale, seed: int = 1) -> Game:
    setup = GameSetup("bell-house", (EZRA, PHILIP), ("irene-dubois", "arthur-blackwood"), seed=seed)
    return start_game(core, tale, setup)


def drive_to_activity(game: Game) -> None:
    """Draw cards and read what the round begins with, stopping at the first
    activity decision (drawing choices are answered 'draw')."""
    while game.pending is not None and game.pending.kind != "activity":
        pending = game.pending
        game.apply("draw" if "draw" in pending.ids else pending.ids[0])


def test_the_scenario_begins_with_the_introduction_and_the_scenes_on_the_table(core, tale):
    game = new_game(core, tale)
    read = [e.paragraph for e in game.events if isinstance(e, StoryRead)]
    assert read[0] == 1, "the introduction comes first"
    scenes = {"landing": 2, "nave": 7, "bell-house": 12}
    assert game.book.state.scenes == scenes
    assert sorted(read[1:]) == sorted(scenes.values())


def test_options_are_offered_to_the_investigators_standing_in_the_scene(core, tale):
    game = new_game(core, tale)
    drive_to_activity(game)
    ids = game.engine.legal_ids()
    # Both stand on the landing: its scene's options, for each of them.
    for who in (EZRA, PHILIP):
        assert f"story:{who}:2:0" in ids
        assert not any(i.startswith(f"story:{who}:12:") for i in ids)
    game.table.investigator(EZRA).location = "bell-house"
    ids = [o.id for o in game.book.options(game.table)]
    assert "story:ezra-marsh:12:0" in ids and "story:ezra-marsh:2:0" not in ids
    assert "story:philip-harris:2:0" in ids


def test_an_option_that_is_not_open_is_refused(core, tale):
    game = new_game(core, tale)
    drive_to_activity(game)
    with pytest.raises(RulesError, match="cannot take"):
        next(game.book.perform(game.table, StoryOption("ezra-marsh", 12, 0)))


@ruling("test-once-a-round", value=True)
def test_a_storybook_test_is_tried_once_a_round_by_each_investigator(core, tale):
    game = new_game(core, tale)
    drive_to_activity(game)
    table = game.table
    for who in (EZRA, PHILIP):
        table.investigator(who).location = "bell-house"
    load_dice(table, red("blank"))
    # Ezra climbs for the clapper (an AGILITY test) and fails with a bare roll.
    engine = Engine(game.book.perform(table, StoryOption("ezra-marsh", 12, 0)), table.sink)
    engine.apply_all(["roll", "accept"])
    assert engine.finished
    ids = [o.id for o in game.book.options(table)]
    assert "story:ezra-marsh:12:0" not in ids, "Ezra has had his try this round"
    assert "story:philip-harris:12:0" in ids, "Philip may still try"
    table.round += 1
    assert "story:ezra-marsh:12:0" in [o.id for o in game.book.options(table)]


def test_a_passed_test_follows_its_success_outcome(core, tale):
    game = new_game(core, tale)
    drive_to_activity(game)
    table = game.table
    ezra = table.investigator(EZRA)
    ezra.location = "bell-house"
    cards = [c for c in ezra.hand if c.dice_for(_agility()) or c.successes_for(_agility())]
    load_dice(table, [*white(*["success"] * 6), *red("success")])
    engine = Engine(game.book.perform(table, StoryOption("ezra-marsh", 12, 0)), table.sink)
    for card in cards:
        engine.apply(f"play:{card.id}")
    engine.apply("roll")
    while engine.pending is not None:
        engine.apply("accept" if "accept" in engine.legal_ids() else engine.legal_ids()[0])
    assert ezra.item("bell-clapper") is not None, "success: the clapper is cut down"


def _agility():
    from tales.rules.terms import Attribute

    return Attribute.AGILITY


ADVANTAGE_TO_YOU = Effect("status", "ADVANTAGE")  # who: actor, the default


def apply_with_nobody_acting(game: Game) -> None:
    """As a narrative read by the Event board applies its effects."""
    engine = Engine(game.book.apply(game.table, [ADVANTAGE_TO_YOU], None), game.table.sink)
    assert engine.finished


@ruling("actorless-narratives")
def test_an_event_board_narrative_falls_on_whoever_acted_last(core, tale):
    game = new_game(core, tale)
    game.book.state.last_actor = PHILIP
    apply_with_nobody_acting(game)
    assert game.table.investigator(PHILIP).has_token(StatusToken.ADVANTAGE)
    assert not game.table.investigator(EZRA).has_token(StatusToken.ADVANTAGE)


@ruling("actorless-narratives")
def test_before_anyone_acts_the_first_player_is_you(core, tale):
    game = new_game(core, tale)
    assert game.book.state.last_actor is None
    apply_with_nobody_acting(game)
    assert game.table.investigator(EZRA).has_token(StatusToken.ADVANTAGE)
    assert not game.table.investigator(PHILIP).has_token(StatusToken.ADVANTAGE)


def _dies_then(game: Game, *after: Effect) -> Engine[None]:
    """Ezra reads a paragraph whose first effect kills him, then ``after``."""
    ezra = game.table.investigator(EZRA)
    killing = Effect("damage", {"VITALITY": ezra.vitality})
    return Engine(game.book.apply(game.table, [killing, *after], ezra), game.table.sink)


@ruling("dead-actor-effects")
def test_what_a_paragraph_gives_you_after_your_death_falls_on_no_one(core, tale):
    """The newcomer's play-through: Arthur died of a failed test, and its
    DISADVANTAGE fell on Elizabeth at the other end of town. "Their Character
    is permanently removed from the game": what is theirs goes nowhere."""
    game = new_game(core, tale)
    philip = game.table.investigator(PHILIP)
    philip.location = "nave"  # elsewhere: nothing of Ezra's paragraph is his
    engine = _dies_then(game, ADVANTAGE_TO_YOU, Effect("card", "STRESS"))
    assert engine.finished and game.table.investigator(EZRA).dead
    assert not philip.has_token(StatusToken.ADVANTAGE)
    assert not [c for c in philip.discard + philip.deck + philip.hand if c.status]


@ruling("dead-actor-effects")
def test_after_the_readers_death_those_here_are_where_they_fell(core, tale):
    game = new_game(core, tale)
    ezra, philip = game.table.investigator(EZRA), game.table.investigator(PHILIP)
    assert philip.location == ezra.location
    _dies_then(game, Effect("status", "ADVANTAGE", who="here"))
    assert philip.has_token(StatusToken.ADVANTAGE), "the living still stand here"
    game = new_game(core, tale)
    game.table.investigator(PHILIP).location = "nave"
    _dies_then(game, Effect("status", "ADVANTAGE", who="here"))
    assert not game.table.investigator(PHILIP).has_token(StatusToken.ADVANTAGE)


@ruling("dead-actor-effects")
def test_after_the_readers_death_everyone_is_still_everyone(core, tale):
    game = new_game(core, tale)
    game.table.investigator(PHILIP).location = "nave"
    _dies_then(game, Effect("status", "ADVANTAGE", who="all"))
    assert game.table.investigator(PHILIP).has_token(StatusToken.ADVANTAGE)


def test_an_event_board_choice_is_made_by_the_group(core, tale):
    """Paragraph 23 (time space 3) asks the group to choose at once."""
    game = new_game(core, tale)
    engine = Engine(game.book.read(game.table, 23), game.table.sink)
    assert engine.pending is not None and engine.pending.kind == "story-choice"
    assert engine.pending.actor is None
    engine.apply("choice:1")
    assert "WATCHED" in game.table.keywords


def test_reading_stops_when_the_scenario_ends(core, tale):
    """Paragraph 25 ends the scenario twice over (an `end` effect and `end:
    true`): its exploration epilogue is read once."""
    game = new_game(core, tale)
    engine = Engine(game.book.read(game.table, 25), game.table.sink)
    events = engine.opening_events
    assert engine.finished and game.table.ended == "the story ends at paragraph 25"
    epilogues = [e.paragraph for e in events if isinstance(e, StoryRead) and e.paragraph >= 30]
    assert len(epilogues) == 1


def test_texts_are_rendered_for_the_game_at_hand(core, tale):
    """Paragraph 4 (gauging the tide) names where the reader stands."""
    game = new_game(core, tale)
    table, book = game.table, game.book
    ezra = table.investigator(EZRA)
    engine = Engine(book.read_as(table, 4, ezra), table.sink)
    (text,) = [e.text for e in engine.opening_events if isinstance(e, StoryRead)]
    assert text and "{{" not in text and "{%" not in text


@ruling("test-once-a-round", value=False)
def test_a_storybook_test_may_be_tried_again_at_once_when_switched_off(core, tale):
    setup = GameSetup(
        "bell-house",
        (EZRA, PHILIP),
        ("irene-dubois", "arthur-blackwood"),
        seed=1,
        rulings=(("test-once-a-round", False),),
    )
    game = start_game(core, tale, setup)
    drive_to_activity(game)
    table = game.table
    table.investigator(EZRA).location = "bell-house"
    load_dice(table, red("blank"))
    engine = Engine(game.book.perform(table, StoryOption(EZRA, 12, 0)), table.sink)
    engine.apply_all(["roll", "accept"])
    assert engine.finished
    assert "story:ezra-marsh:12:0" in [o.id for o in game.book.options(table)]


@ruling("narrative-timing", value=True)
@ruling("narrative-timing", value=False)
@pytest.mark.parametrize("wait", [True, False])
def test_a_threshold_reached_in_a_test_is_read_after_or_before_its_failure(core, tale, wait):
    """By default the storybook's failure text comes first, then the threshold's
    narrative; switched off, the narrative interrupts before the failure."""
    house = () if wait else (("narrative-timing", False),)
    team = ("irene-dubois", "arthur-blackwood")
    game = start_game(core, tale, GameSetup("bell-house", (EZRA, PHILIP), team, rulings=house))
    drive_to_activity(game)
    table = game.table
    table.investigator(EZRA).location = "bell-house"
    table.event_tokens[EventSymbol.TENTACLE] = 1  # the red die's tentacle reaches 2: read 26
    load_dice(table, red("tentacle"))

    def activity() -> Proc[None]:  # as the activity phase runs it
        yield from game.book.perform(table, StoryOption(EZRA, 12, 0))
        yield from settle(table, game.book)

    engine = Engine(activity(), table.sink)
    events = [*engine.opening_events, *engine.apply_all(["roll", "accept"])]
    assert engine.finished

    resolved = next(i for i, e in enumerate(events) if isinstance(e, TestResolved))
    read = next(i for i, e in enumerate(events) if isinstance(e, StoryRead) and e.paragraph == 26)
    hurt = next(
        i
        for i, e in enumerate(events[resolved:], resolved)
        if isinstance(e, TrackChanged) and e.investigator == EZRA and e.track is Track.VITALITY
    )
    assert (hurt < read) is wait
    assert table.to_read == []
