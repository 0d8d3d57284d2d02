"""Low Water's discoveries are made once (a newcomer's report, seed 11): an
option whose paragraph gives a clue, an item or a one-time revelation closes
once it is done, instead of coming back looking fresh and costing cards and
dice again; the way down under the wharf stays open while the thing there is
unbeaten (the team may break off and come back), but a second descent is told
as a return, not as the first sight of the boats. And the night's prose
names only who is at the table.

docs/storybook.md: "An option whose taking changes the table (its paragraph's
`effects`, or a test's `success` effects) is not offered again once they have
happened" -- a paragraph's `first_time` effects are not among them, so these
options close by `once:` or `if: not visited(N)`."""

from __future__ import annotations

import pytest

from tales.rules.activities import narrative_move
from tales.rules.decisions import Engine
from tales.rules.encounters import end_encounter, round_end_narratives
from tales.rules.events import ReadParagraph
from tales.rules.exploration import reveal_location
from tales.rules.round import settle
from tales.story.game import Game, GameSetup, start_game
from tales.story.model import Tale
from tales.story.options import StoryOption
from tales.story.story_events import StoryRead
from tests.conftest import load_dice, white

ELIZABETH, ARTHUR = "elizabeth-hawthorne", "arthur-blackwood"
COMPANIONS = ("ezra-marsh", "irene-dubois")  # no Sarah Elington, as at the newcomer's table


def team_at(
    core, tale: Tale, place: str, scene: int, companions: tuple[str, ...] = COMPANIONS
) -> Game:
    """Elizabeth and Arthur (seed 11, as the newcomer played) standing inside
    ``place``, its scene paragraph ``scene`` read, at their first activity."""
    setup = GameSetup("low-water", (ELIZABETH, ARTHUR), companions, seed=11)
    game = start_game(core, tale, setup)
    drain(game)
    table = game.table
    reveal_location(table, place)
    for inv in table.players():
        narrative_move(table, inv, place)
    table.entered.update({place: ""})
    Engine(game.book.read_as(table, scene, table.players()[0]), table.sink)
    return game


def drain(game: Game) -> None:
    """Answer everything up to the next activity decision with its first answer."""
    while game.engine.pending is not None and game.engine.pending.kind != "activity":
        pending = game.engine.pending
        game.apply("draw" if "draw" in pending.ids else pending.ids[0])


def offered(game: Game, label: str) -> list[StoryOption]:
    return [
        o
        for o in game.book.options(game.table)
        if isinstance(o, StoryOption) and o.label.split(": ", 1)[1].startswith(label)
    ]


def take(game: Game, label: str, who: str = ELIZABETH, *, play: bool = True) -> None:
    """Take the option as ``who``, answering what it asks (a card to pay with,
    the dice to roll) as :func:`answer` does; ``play=False``: no card is played."""
    option = next(o for o in offered(game, label) if o.investigator == who)
    engine = Engine(game.book.perform(game.table, option), game.table.sink)
    while not engine.finished:
        engine.apply(answer(engine.legal_ids(), play))


def answer(ids: tuple[str, ...], play: bool = True) -> str:
    """Play every card in hand into the test, then roll and take the dice as
    they fall: no abilities, no rerolls (one would ask again and again)."""
    played = next((i for i in ids if play and i.startswith("play:")), None)
    if played is not None:
        return played
    for plain in ("accept", "roll", "draw"):
        if plain in ids:
            return plain
    return next(
        (
            i
            for i in ids
            if not i.startswith(("reroll:", "ability:", "back", "focus:", "assist:", "use:"))
        ),
        ids[0],
    )


def listen(game: Game) -> list[StoryRead]:
    """The paragraphs read from now on, as they are read."""
    heard: list[StoryRead] = []
    game.table.sink.subscribe(lambda e: heard.append(e) if isinstance(e, StoryRead) else None)
    return heard


def next_round(game: Game) -> None:
    """A storybook test may be tried once a round: forget this round's tries."""
    game.book.state.tried.clear()


READ_LOG = "Read the open log and the almanac beside it"


def test_the_harbormasters_log_is_read_once(core, reef_ledger):
    game = team_at(core, reef_ledger, "harbour-office", 38)
    assert len(offered(game, READ_LOG)) == 2, "both may read it"
    load_dice(game.table, white(*["success"] * 30))  # a pass, whatever is rolled
    take(game, READ_LOG)
    assert 39 in game.book.state.visited, "the test was passed: 39 read"
    assert "marked-tide-table" in game.table.found["clue"]
    next_round(game)
    assert offered(game, READ_LOG) == [], "the almanac leaf is torn out: nothing to read again"


def test_a_failed_read_of_the_log_may_be_tried_again(core, reef_ledger):
    game = team_at(core, reef_ledger, "harbour-office", 38)
    load_dice(game.table, white(*["blank"] * 30))
    take(game, READ_LOG, play=False)  # no card, no success
    assert 39 not in game.book.state.visited
    next_round(game)
    assert len(offered(game, READ_LOG)) == 2, "a failure is the price of the try, not the end"


def test_the_signal_locker_is_opened_once_even_after_the_pistol_is_fired(core, reef_ledger):
    game = team_at(core, reef_ledger, "harbour-office", 38)
    desk = "Go through the harbormaster's desk for the locker key"
    take(game, desk)
    assert 40 in game.book.state.visited
    holder = next(p for p in game.table.players() if p.item("signal-pistol") is not None)
    holder.items = [
        i for i in holder.items if i.slug != "signal-pistol"
    ]  # fired off the reef (194)
    assert offered(game, desk) == [], "the red locker is empty now"


@pytest.mark.parametrize(
    ("place", "scene", "label", "read"),
    [
        ("grocery", 18, "Ask Dan Hollis for directions and a warning", 20),
        ("net-lofts", 34, "Climb to the upper loft where the finished nets are stacked", 37),
        ("parsonage", 58, "Sit down at the desk with the sermon drafts", 59),
        ("furnace-hall", 74, "Look over the molds on the bench", 77),
        ("assay-office", 78, "Go through the receipt books on the shelf behind the desk", 84),
    ],
)
def test_a_one_time_discovery_is_not_offered_again(core, reef_ledger, place, scene, label, read):
    game = team_at(core, reef_ledger, place, scene)
    assert offered(game, label), f"{label!r} is open at first"
    take(game, label)
    assert read in game.book.state.visited
    next_round(game)
    assert offered(game, label) == [], f"{label!r} came back after {read} was read"


CLIMB_DOWN = "Climb down the ladder to the boats lying under the wharf"


def test_the_second_descent_under_the_wharf_is_a_return_not_the_first_sight(core, reef_ledger):
    game = team_at(core, reef_ledger, "fish-wharf", 30)
    first = listen(game)
    take(game, CLIMB_DOWN)
    assert "fish-wharf" in game.table.encounters
    assert "Four long boats lie on the mud" in " ".join(e.text for e in first if e.paragraph == 33)
    assert not offered(game, CLIMB_DOWN), "no way down while the thing is met"
    end_encounter(game.table, "fish-wharf")  # 49: up the ladder and away from the hatch
    assert offered(game, CLIMB_DOWN), "repeat: true -- unbeaten, it may be faced again"
    again = listen(game)
    take(game, CLIMB_DOWN)
    text = " ".join(" ".join(e.text.split()) for e in again if e.paragraph == 33)
    assert "goes down the iron ladder again" in text, text
    assert "Four long boats lie on the mud" not in text, "the first sight is told once"
    assert "fish-wharf" in game.table.encounters, "the thing is met again"


def break_off(game: Game) -> list[int]:
    """The round ends with the encounter under way: its round-end narrative is
    read, and the team takes its last choice, the one that breaks off."""
    table = game.table
    round_end_narratives(table)
    engine = Engine(settle(table, game.book), table.sink)
    read = [e.paragraph for e in engine.opening_events if isinstance(e, ReadParagraph)]
    while engine.pending is not None:
        ids = engine.pending.ids
        choices = [i for i in ids if i.startswith("choice:")]
        events = engine.apply(choices[-1] if choices else answer(ids))
        read += [e.paragraph for e in events if isinstance(e, ReadParagraph)]
    return read


def read_text(heard: list[StoryRead], number: int) -> str:
    return " ".join(" ".join(e.text.split()) for e in heard if e.paragraph == number)


# Each encounter the team may break off and come back to: where it begins
# (place, scene, option), the paragraph that begins it, its round-end
# narrative (whose last choice breaks off), words of the first sight only,
# and words of the return only.
RETURNS = [
    ("burying-ground", 62, "Go toward the sexton's lantern", 64, 69,
     "The first reads WALTER KIMBALL", "Back for the rest of your measure"),
    ("furnace-hall", 74, "Step into the firelight and face the furnace men", 76, 87,
     "The three of them turn together", "You come back in from the yard"),
    ("assay-office", 78, "Put your questions to the assayer", 83, 89,
     "Pell answers your first question", "I have kept your place"),
    ("mill-race", 93, "Lie on the coping and drag the case off the grating", 95, 99,
     "It comes up an inch", "You know now what it is"),
    ("wreckers-shanty", 106, "Go in hard, before they can reach the boat hooks", 107, 109,
     "Whatever you came here for", "The Gedneys have been expecting you back"),
    ("ropewalk-hotel", 14, "Slip through the door marked PRIVATE", 17, 27,
     "He cannot have come this way", "The back stairs are as wet as you left them"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("place", "scene", "label", "start", "round_end", "first_sight", "return_"), RETURNS
)
def test_coming_back_to_a_broken_off_encounter_is_told_as_a_return(
    core, reef_ledger, place, scene, label, start, round_end, first_sight, return_
):
    """docs/storybook.md: `repeat: true` is for "an enemy the team may break
    off from and come back to"; rulebook: "at the end of the round, you must
    proceed to the narrative indicated in the Storybook" -- so a team that
    comes back has read the round-end narrative, and is told it comes back."""
    game = team_at(core, reef_ledger, place, scene)
    first = listen(game)
    take(game, label)
    assert place in game.table.encounters
    text = read_text(first, start)
    assert first_sight in text and return_ not in text, text
    assert round_end in break_off(game)
    assert place not in game.table.encounters, "broken off"
    next_round(game)
    assert offered(game, label), "repeat: true -- unbeaten, it may be faced again"
    again = listen(game)
    take(game, label)
    text = read_text(again, start)
    assert return_ in text and first_sight not in text, text
    assert place in game.table.encounters, "met again"


# A failed test that leads into the same encounter: (place, scene, the option
# that begins it directly, the test's option, the paragraph it fails into, the
# round-end narrative that breaks off, the words of a return).
FAILED_INTO = [
    ("furnace-hall", 74, "Step into the firelight and face the furnace men",
     "Keep to the coal bunker's shadow", 76, 87, "You come back in from the yard"),
    ("wreckers-shanty", 106, "Go in hard, before they can reach the boat hooks",
     "Talk business with the brothers", 107, 109, "The Gedneys have been expecting you back"),
    ("wreckers-shanty", 106, "Go in hard, before they can reach the boat hooks",
     "Slip down the shingle and cut the dory loose", 107, 109,
     "The Gedneys have been expecting you back"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("place", "scene", "direct", "tested", "start", "round_end", "return_"), FAILED_INTO
)
def test_a_failed_test_back_into_a_broken_off_encounter_is_told_as_a_return(
    core, reef_ledger, place, scene, direct, tested, start, round_end, return_
):
    """The way back in need not be the option that began it: a test failed
    into the same encounter's paragraph after the team broke off from it is
    a return too, and the encounter is met again."""
    game = team_at(core, reef_ledger, place, scene)
    take(game, direct)
    assert round_end in break_off(game)
    assert place not in game.table.encounters, "broken off"
    next_round(game)
    load_dice(game.table, white(*["blank"] * 30))  # a failure, whatever is played
    again = listen(game)
    take(game, tested, play=False)
    text = read_text(again, start)
    assert return_ in text, text
    assert place in game.table.encounters, "met again through the failure"


def text_of(game: Game, number: int) -> str:
    heard = listen(game)
    Engine(game.book.read(game.table, number), game.table.sink)
    return " ".join(" ".join(e.text.split()) for e in heard if e.paragraph == number)


def test_dan_hollis_comes_to_the_team_wherever_it_stands(core, reef_ledger):
    # The newcomer was at the Railway Cutting and the hotel when he waved from
    # the grocery's back window "at you".
    game = team_at(core, reef_ledger, "railway-cutting", 103)
    text = text_of(game, 143)
    assert "Dan Hollis" in text and "window" not in text, text


def dawn(core, tale: Tale, companions: tuple[str, ...]) -> str:
    """The text of 139 for a team that freed and treated Walter Kimball."""
    game = team_at(core, tale, "old-mill", 96, companions)
    game.table.keywords.add("KIMBALL")
    game.table.found.setdefault("information", set()).add("kimball-treated")
    return text_of(game, 139)


def test_kimball_credits_dr_elington_only_when_she_is_at_the_table(core, reef_ledger):
    # The newcomer's Arthur passed the treatment test with no Sarah Elington in
    # the team, and the dawn (139) thanked her for it.
    assert "Dr. Elington's" not in dawn(core, reef_ledger, COMPANIONS)
    assert "your doing" in dawn(core, reef_ledger, COMPANIONS)
    assert "Dr. Elington's doing" in dawn(core, reef_ledger, ("sarah-elington", "irene-dubois"))
