"""Rendering of events and views (tales/ui/render.py): pure functions from
events and the table to words.

From the issue: "--plain and NO_COLOR give output with no colour and no
information carried by symbols alone". Every event is put into words, or is
silent on purpose; views name the investigators, their tracks and places.
"""

from __future__ import annotations

import inspect
import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tales.rules import events as ev
from tales.rules.decisions import DecisionKind
from tales.rules.dice import Face
from tales.rules.terms import Attribute, EventSymbol, StatusCardKind, StatusToken, Track
from tales.rules.teststate import TestState
from tales.story.core import Core
from tales.story.game import Game
from tales.story.interpreter import ExplorationRated, StoryRead
from tales.story.state import CounterChanged, LogEntryCrossedOut, LogEntryRecorded
from tales.story.view import TableView
from tales.ui import render
from tales.ui.render import Line
from tests.conftest import table_for
from tests.ui.conftest import MakeGame

EZRA = "ezra-marsh"
ARTHUR = "arthur-blackwood"
IRENE = "irene-dubois"
CHOIR = "the-choir-on-the-stair"

# Event classes rendered to nothing whatever their fields say.
SILENT = {ev.CardReturned, ev.DeckShuffled, ev.RoundEnded}

# The two inputs that take Ezra (seed 5, alone) to the boat shed and start a
# STRENGTH test there: the first decision of kind "prepare".
TO_PREPARED_TEST = ("story:ezra-marsh:2:0", "story:ezra-marsh:5:0")


def event_classes() -> set[type[ev.Event]]:
    """Every concrete event: those of tales.rules.events and the storybook's two."""
    found = {
        c
        for c in vars(ev).values()
        if inspect.isclass(c) and issubclass(c, ev.Event) and c is not ev.Event
    }
    return found | {StoryRead, ExplorationRated}


@pytest.fixture
def game(make_game: MakeGame) -> Game:
    """Ezra and Arthur play; Elizabeth and Irene come along as Companions."""
    return make_game(players=2, investigators=("ezra", "arthur"))


def card_of(game: Game, slug: str = EZRA) -> str:
    return game.table.investigator(slug).hand[0].id


def samples(game: Game) -> list[ev.Event]:
    """One event of every class, with fields a game could produce."""
    card = card_of(game)
    success, blank, skull = Face.parse("success"), Face.parse("blank"), Face.parse("skull")
    return [
        ev.CardDrawn(EZRA, card, to_hand=False),
        ev.DrawingEnded(EZRA, "deck empty"),
        ev.TrackChanged(EZRA, Track.SANITY, 5, 4, "2 STRESS cards"),
        ev.StatusCardsResolved(EZRA, StatusCardKind.INJURY, ("injury-1", "injury-2")),
        ev.StatusCardGained(EZRA, "injury-3", StatusCardKind.INJURY, "discard", "gained"),
        ev.TokenGained(EZRA, StatusToken.BLEEDING, "gained"),
        ev.TokenResolved(EZRA, StatusToken.BLEEDING),
        ev.CardDiscarded(EZRA, card, "hand limit"),
        ev.CardReturned(EZRA, card),
        ev.InvestigatorDied(EZRA, Track.VITALITY),
        ev.InvestigatorRemoved(EZRA, 12, 2, 1, ("hatchet",)),
        ev.TestStarted(EZRA, Attribute.STRENGTH, 4, 1),
        ev.CardPlayed(EZRA, card, successes=1, dice=0),
        ev.MarkerUsed(IRENE, "EDUCATION", 1),
        ev.FocusUsed(EZRA, Attribute.POWER),
        ev.DiceRolled((success, blank), (skull,)),
        ev.DieExploded(0, success),
        ev.DiceRerolled(EZRA, 1, (1,), (success,)),
        ev.RedDieKept(success, skull, "ADVANTAGE"),
        ev.TestResolved(EZRA, Attribute.STRENGTH, 4, 4, 1, 3, 0, passed=True),
        ev.EventSymbolRolled(EventSymbol.SKULL, placed=True, on_board=2),
        ev.AbilityUsed(EZRA, ARTHUR, "advantage"),
        ev.CardTaken(EZRA, card, "discard pile"),
        ev.DieCancelled(1, success),
        ev.ReadParagraph(25, "the time track ran out"),
        ev.RoundStarted(2, 3),
        ev.TimeAdvanced(3, 17),
        ev.DeckShuffled(EZRA, 12, 0),
        ev.ActionsPaid(EZRA, (card,), (), "move"),
        ev.Moved(EZRA, "landing", "nave", "move"),
        ev.LocationRevealed("boat-shed"),
        ev.ItemGained(EZRA, "flensing-spade", 3, "backpack"),
        ev.ItemUsed(ARTHUR, "storm-lantern", 1),
        ev.ItemMoved(ARTHUR, "storm-lantern", "hands", giver=EZRA),
        ev.EncounterStarted(CHOIR, "sea-stair"),
        ev.EncounterProgress(CHOIR, "combat", 2, 4, 6),
        ev.EncounterEnded(CHOIR, "stratagem"),
        ev.ScenarioEnded("the time track ran out"),
        ev.KeywordMarked("WATCHED"),
        ev.KeywordErased("WATCHED"),
        ev.ElementFound("clue", "torn-ledger"),
        ev.TimeMoved(3, 4),
        ev.EventTokenRemoved(EventSymbol.SKULL, 1),
        ev.ItemLost(ARTHUR, "storm-lantern"),
        ev.NothingToCarry(ARTHUR, "storm-lantern"),
        ev.LocationTokensChanged("sea-stair", "flood", 0, 1),
        ev.BarrierChanged(("landing", "nave"), 2, 1),
        ev.MarkChanged(EZRA, "diving-suit", 0, 1),
        ev.VehicleBoarded("launch", EZRA, True),
        ev.VehicleLeft("launch", EZRA),
        ev.WheelPassed("launch", EZRA, ARTHUR),
        ev.VehicleMoved("launch", "landing", "nave", (EZRA,)),
        ev.PrisonerChanged("obed", "freed", "nave", EZRA),
        ev.GroupMoved("landing", "nave", (EZRA, ARTHUR)),
        ev.GroupHidden(True),
        ev.RoundEnded(2),
        StoryRead(12, "The tower stands on its own knuckle of rock."),
        ExplorationRated(96.67, "290/3", 32),
    ]


def test_the_samples_cover_every_event_class(game: Game) -> None:
    """A new event class must be added here and given words (or silence) on purpose."""
    assert {type(e) for e in samples(game)} == event_classes()


def test_every_event_is_put_into_words_except_the_silent_ones(game: Game) -> None:
    """Every event class renders to words, except exactly the silent set."""
    silent = set()
    for event in samples(game):
        lines = render.render_event(event, game.view)
        if not lines:
            silent.add(type(event))
            continue
        assert all(isinstance(line, Line) for line in lines)
        text = " ".join(line.text for line in lines)
        assert len(re.findall(r"[A-Za-z]{2,}", text)) >= 2, (event, lines)
    assert silent == SILENT


@pytest.mark.parametrize(
    "event",
    [
        ev.CardDrawn(EZRA, "ezra-marsh-01", to_hand=True),
        ev.DrawingEnded(EZRA, "hand full"),
        ev.TokenGained(EZRA, StatusToken.SCARED, "dead"),
        ev.StatusCardGained(EZRA, None, StatusCardKind.STRESS, "discard", "companion"),
        ev.StatusCardGained(EZRA, None, StatusCardKind.STRESS, "discard", "dead"),
        ev.Moved(EZRA, None, "landing", "setup"),
    ],
    ids=["drawn-to-hand", "hand-full", "token-dead", "card-companion", "card-dead", "setup"],
)
def test_routine_cases_are_silent_on_purpose(game: Game, event: ev.Event) -> None:
    """Drawing into the hand, a full hand and the setup move are routine: nothing is shown."""
    assert render.render_event(event, game.view) == []


@pytest.mark.parametrize(
    ("event", "words"),
    [
        (
            LogEntryRecorded("the-bell", "patience-answered"),
            "Recorded in the campaign log under The bell: patience answered.",
        ),
        (
            LogEntryCrossedOut("the-lost", "elias-pardee"),
            "Crossed out in the campaign log under The lost: elias pardee.",
        ),
        (CounterChanged("innsmouth-watch", 0, 1), "The counter Innsmouth watch rises from 0 to 1."),
        (
            ev.LocationTokensChanged("sea-stair", "flood", 0, 1),
            "1 flood token is placed on The Sea Stair (1 there now).",
        ),
        (ev.LocationTokensChanged("sea-stair", "flood", 3, 1), "2 flood tokens are removed from"),
        (ev.ElementFound("clue", "ringers-log"), "A clue is found: The Ringer's Log, 1871-1876."),
        (ev.ElementFound("information", "set-of-the-tide"), "Information is found: set of"),
        (ev.KeywordErased("BOAT"), "The keyword BOAT is erased from the Keyword sheet."),
        (ev.ItemLost(EZRA, "flensing-spade"), "Ezra Marsh gives up"),
        (ev.TimeMoved(3, 4), "The time marker moves from space 3 to space 4 (4 rounds left)."),
        (
            ev.EventTokenRemoved(EventSymbol.SKULL, 0),
            "A skull token is removed from the Event board (0 left).",
        ),
        (
            ev.EventSymbolRolled(EventSymbol.SKULL, True, 1, by="story"),
            "The story places a skull token on the Event board (1 there now).",
        ),
    ],
)
def test_what_the_story_keeps_is_told_in_words(game: Game, event: ev.Event, words: str) -> None:
    """What effects change is said: the campaign log, counters, location tokens."""
    assert words in " ".join(line.text for line in render.render_event(event, game.view))


@pytest.mark.parametrize("placed", [True, False])
def test_a_token_the_story_places_is_not_told_as_a_die_roll(game: Game, placed: bool) -> None:
    """Playtest 6: paragraph 1 of the standalone Settling said "The red die
    shows a skull" when no die had been rolled. The rulebook's red die places
    a token in a test ("Finally, check the red die. If it shows any of the
    Event symbols ... place the appropriate token on the Event board"); a
    storybook effect places one with no roll, and is told so."""

    def words(by: ev.TokenSource) -> str:
        event = ev.EventSymbolRolled(EventSymbol.TENTACLE, placed, 2, by=by)
        return " ".join(line.text for line in render.render_event(event, game.view))

    assert "red die" not in words("story") and words("story").startswith("The story places")
    assert words("red die").startswith("The red die shows a tentacle: ")


def test_the_red_die_kept_under_advantage_is_told_as_the_players_choice(game: Game) -> None:
    """Rulebook: ADVANTAGE, "roll 2 red dice and keep the one you prefer". A
    newcomer kept the tentacle over the star and read "Red die kept: tentacle
    (ADVANTAGE keeps the preferred)", as if the rule had chosen the better."""
    tentacle, star, skull = Face.parse("tentacle"), Face.parse("star"), Face.parse("skull")
    chose = ev.RedDieKept(tentacle, star, "ADVANTAGE keeps the preferred")
    assert [line.text for line in render.render_event(chose, game.view)] == [
        "Red die kept: tentacle, chosen under ADVANTAGE over the star."
    ]
    ruled = ev.RedDieKept(skull, star, "DISADVANTAGE keeps the worse")
    assert [line.text for line in render.render_event(ruled, game.view)] == [
        "Red die kept: skull (DISADVANTAGE keeps the worse)."
    ]


def test_a_roll_is_told_once_where_the_question_after_it_names_the_dice(game: Game) -> None:
    """Playtest: "Dice: white none; red star, blank." and then the question
    "White: no white dice; red: star / blank. ..." said the roll twice. The
    question names every die (and the standing), so the roll's line goes
    where that question follows; an earlier roll in the batch, an exploded
    die and a roll with anything else asked next are still told."""
    success, blank, star = Face.parse("success"), Face.parse("blank"), Face.parse("star")
    first, last = ev.DiceRolled((blank,), (star,)), ev.DiceRolled((success, blank), (star,))
    exploded = ev.DieExploded(0, blank)

    def told(asked: DecisionKind | None) -> list[str]:
        lines = render.render_events([first, last, exploded], game.view, asked=asked)
        return [line.text for line in lines]

    assert told(None) == [
        "Dice: white blank; red star.",
        "Dice: white success, blank; red star.",
        "Exploding Success: the extra white die shows blank.",
    ]
    assert told(DecisionKind.AFTER_ROLL) == [
        "Dice: white blank; red star.",
        "Exploding Success: the extra white die shows blank.",
    ]


def test_actions_paid_by_a_companions_marker_say_so(game: Game) -> None:
    """Playtest: "Arthur Blackwood spends 1 Action (...)" was all it said when
    Irene Dubois's action marker paid, as if a card had left his hand."""
    card = card_of(game)

    def told(cards: tuple[str, ...], markers: tuple[str, ...]) -> str:
        paid = ev.ActionsPaid(EZRA, cards, markers, "Move to the wharf")
        return " ".join(line.text for line in render.render_event(paid, game.view))

    assert told((card,), ()) == "Ezra Marsh spends 1 Action (Move to the wharf)."
    assert told((), (f"{IRENE}:action",)) == (
        "Ezra Marsh spends 1 Action (Move to the wharf), paid with Irene Dubois's action marker."
    )
    assert told((card, card), (f"{IRENE}:POWER",)) == (
        "Ezra Marsh spends 3 Actions (Move to the wharf), paid with 2 cards and"
        " Irene Dubois's POWER marker."
    )


def test_an_eased_test_says_what_eased_it(game: Game) -> None:
    """A newcomer read "eased by 1" and never learnt why. Rulebook: "possessing
    the corresponding Item or keyword will make the test easier"; ruling
    ease-who-counts: a keyword printed on a participant's board counts."""
    keyword = game.table.investigator(EZRA).sheet.keyword
    board = ev.EaseFound("board", keyword, EZRA)
    started = ev.TestStarted(EZRA, Attribute.EDUCATION, 3, 1, eased_with=board)
    (line,) = render.render_events([started], game.view)
    assert line.text == (
        f"Ezra Marsh takes an EDUCATION test: 2 successes needed "
        f"(eased by 1: Ezra Marsh's {keyword} keyword)."
    )
    carried = ev.EaseFound("item", "flensing-spade", ARTHUR)
    assert render.render_event(
        ev.TestStarted(EZRA, Attribute.STRENGTH, 3, 1, eased_with=carried), game.view
    )[0].text.endswith("(eased by 1: Arthur Blackwood's Flensing Spade).")
    sheet = ev.EaseFound("sheet", "CHART")
    assert render.render_event(
        ev.TestStarted(EZRA, Attribute.AGILITY, 2, 1, eased_with=sheet), game.view
    )[0].text.endswith("(eased by 1: the CHART keyword on the Keyword sheet).")


def test_a_test_eased_in_an_earlier_sitting_still_says_by_what(game: Game) -> None:
    """The events of a test are told again after the test is over (a batch
    shown after a reload, two tests in one batch): the reason is the one the
    rules found as the test started, carried by the event, not looked up
    from whatever test is pending when the words are made."""
    from tales.rules.skilltest import skill_test
    from tales.rules.teststate import Ease, TestSpec

    ezra = game.table.investigator(EZRA)
    keyword = ezra.sheet.keyword
    test = skill_test(game.table, ezra, TestSpec(Attribute.EDUCATION, 3, Ease(1, keyword=keyword)))
    next(test)  # the test starts and waits on its first decision
    (started,) = [e for e in game.table.sink.take() if isinstance(e, ev.TestStarted)]
    assert started.eased_with == ev.EaseFound("board", keyword, EZRA)
    test.close()  # the test is gone; its words still say why
    (line,) = render.render_events([started], game.view)
    assert line.text.endswith(f"(eased by 1: Ezra Marsh's {keyword} keyword).")


def test_keywords_marked_for_the_campaign_log_are_told_in_one_line(game: Game) -> None:
    """The Settling's setup marked seven keywords for the log Low Water and
    Gannet Light left, one line each, before the first choice; a keyword
    uncovered in play keeps a line of its own."""
    marks = [ev.KeywordMarked(k, carried=True) for k in ("KIMBALL", "ADA", "COBB")]
    later = [ev.TimeMoved(3, 4), ev.KeywordMarked("WATCHED")]
    lines = [line.text for line in render.render_events([*marks, *later], game.view)]
    assert lines[0] == (
        "The keywords KIMBALL, ADA and COBB are marked on the Keyword sheet, "
        "for what the campaign log holds."
    )
    assert lines[-1] == "The keyword WATCHED is marked on the Keyword sheet."
    assert len(lines) == 3
    (one,) = render.render_events(marks[:1], game.view)
    assert one.text == (
        "The keyword KIMBALL is marked on the Keyword sheet, for what the campaign log holds."
    )


def test_an_item_found_is_told_once_by_its_taking(game: Game) -> None:
    assert render.render_event(ev.ElementFound("item", "flensing-spade"), game.view) == []


def test_events_name_people_and_places_never_slugs_or_enum_reprs(game: Game) -> None:
    """Investigators by name, locations by name, items by name; no Python reprs."""
    text = "\n".join(
        line.text for event in samples(game) for line in render.render_event(event, game.view)
    )
    for name in ("Ezra Marsh", "Arthur Blackwood", "Irene Dubois"):
        assert name in text
    for place in ("The Bethel Nave", "The Boat Shed", "The Sea Stair"):
        assert place in text
    assert "Flensing Spade" in text and "Storm Lantern" in text
    for slug in (EZRA, ARTHUR, IRENE, "boat-shed", "sea-stair", "flensing-spade"):
        assert slug not in text
    for leak in ("None", "Track.", "Attribute.", "StatusToken.", "Face(", "Face.parse", "<"):
        assert leak not in text


def test_chosen_sentences(game: Game) -> None:
    """A few events read as the sentences a player sees."""
    table = game.view

    def words(event: ev.Event) -> list[str]:
        return [line.text for line in render.render_event(event, table)]

    assert words(ev.TrackChanged(EZRA, Track.SANITY, 5, 4, "2 STRESS cards")) == [
        "Ezra Marsh loses 1 SANITY (5 -> 4; 2 STRESS cards)."
    ]
    assert words(ev.TestStarted(EZRA, Attribute.STRENGTH, 4, 1)) == [
        "Ezra Marsh takes a STRENGTH test: 3 successes needed (eased by 1)."
    ]
    assert words(ev.TestStarted(EZRA, Attribute.STRENGTH, 1, 0)) == [
        "Ezra Marsh takes a STRENGTH test: 1 success needed."
    ]
    assert words(ev.Moved(EZRA, "nave", "landing", "run")) == [
        "Ezra Marsh runs to The Landing Stage."
    ]
    assert words(ExplorationRated(96.67, "290/3", 32)) == ["Exploration rate: 97%."]
    # "remove all cards responsible for the loss and return them to the general
    # supply" (playtest 7: "box" here, "supply" in the next line, for one return)
    assert words(ev.StatusCardsResolved(EZRA, StatusCardKind.POISON, ("poison-1",))) == [
        "Ezra Marsh's 1 POISON card goes back to the general supply."
    ]
    assert words(StoryRead(7, "")) == ["-- Paragraph 7 --"]
    # "remove the DISADVANTAGE token instead" (playtest 7: "cancels an opposite
    # token" named neither token)
    assert words(ev.TokenGained(EZRA, StatusToken.DISADVANTAGE, "cancelled")) == [
        "Ezra Marsh's DISADVANTAGE and ADVANTAGE tokens cancel out: the ADVANTAGE goes back "
        "to the general supply."
    ]


LONG = (
    "Ruth Pardee met your train at the Ipswich depot in a black coat gone brown at the seams, "
    "and she did not offer her hand. She was ten years old, she said, on the October night "
    "in 1876 when men from Innsmouth rowed out to Candlemas Island.\n\n"
    "For nineteen nights now the Innsmouth boats have heard Patience ringing under the water "
    "at every turn of the tide, and not one of them will put out past the reef."
)


@pytest.mark.parametrize("width", [30, 50, 78])
def test_narrative_is_wrapped_to_the_width(game: Game, width: int) -> None:
    """Storybook paragraphs are set apart as narrative and wrapped to the console's width."""
    lines = render.render_event(StoryRead(1, LONG), game.view, width)
    assert lines[0] == Line("-- Paragraph 1 --", "heading")
    body = lines[1:]
    assert all(line.kind == "narrative" for line in body)
    assert all(len(line.text) <= width for line in body)
    assert [line.text for line in body].count("") == 1, "one blank line between paragraphs"
    assert " ".join(t.text for t in body if t.text).split() == LONG.split()


@given(
    words=st.lists(st.text(alphabet="abcdefghij", min_size=1, max_size=30), max_size=60),
    width=st.integers(min_value=10, max_value=120),
)
def test_wrap_keeps_every_word_and_the_width(words: list[str], width: int) -> None:
    """However the words fall, no line is wider than asked and nothing is lost."""
    lines = render.wrap(" ".join(words), width)
    assert all(len(line) <= width for line in lines)
    assert "".join("".join(lines).split()) == "".join(words)


def test_a_paragraph_heading_says_paragraph_in_words(game: Game) -> None:
    """Issue: "no information carried by symbols alone"; the module promises
    "every line says in words what it is"."""
    heading = render.render_event(StoryRead(12, "The tower stands."), game.view)[0]
    assert heading.kind == "heading"
    assert re.search(r"[A-Za-z]{2,}", heading.text), heading


# Views --------------------------------------------------------------------------------------


def test_status_names_every_investigator_with_tracks_and_place(game: Game) -> None:
    table = game.view
    lines = render.status_lines(table)
    assert lines[0].kind == "heading"
    assert lines[0].text.startswith(f"Round {table.round}, time space {table.time}")
    text = "\n".join(line.text for line in lines)
    for inv in table.players():
        sheet = inv.sheet.maxima
        assert (
            f"{inv.name} at {render.place(table, inv.location or '')}: "
            f"VITALITY {inv.vitality}/{sheet[Track.VITALITY]}, "
            f"SANITY {inv.sanity}/{sheet[Track.SANITY]}, "
            f"ENERGY {inv.energy}, MAGIC {inv.magic}; "
            f"{len(inv.hand)} cards in hand, {len(inv.deck)} in deck"
        ) in text
    assert "Ezra Marsh at The Landing Stage" in text
    for inv in table.companions():
        assert f"{inv.name} (Companion): MAGIC {inv.magic}, ENERGY {inv.energy}" in text


def test_hand_lists_each_players_cards_or_one_player(game: Game) -> None:
    table = game.view
    text = [line.text for line in render.hand_lines(table)]
    for inv in table.players():
        assert f"{inv.name}'s hand ({len(inv.hand)}):" in text
        assert all(f"  {card}" in text for card in inv.hand)
    only = render.hand_lines(table, ARTHUR)
    assert only[0].text.startswith("Arthur Blackwood's hand")
    assert not any("Ezra" in line.text for line in only)


def test_items_say_who_carries_what_with_uses(game: Game) -> None:
    table = game.view
    text = "\n".join(line.text for line in render.items_lines(table))
    for inv in table.players():
        assert inv.name in text
        for item in inv.items:
            assert f"{item.card.name} ({item.uses} uses, {item.place})" in text


def test_keywords_show_marked_and_unmarked_words(game: Game) -> None:
    game.table.keywords.add("SEA")
    sheet = game.book.book.keywords
    lines = render.keywords_lines(game.view, sheet)
    assert lines[0].text == "Keywords marked: SEA."
    assert lines[1].text.startswith("Still unmarked on the sheet: FAITH, OCCULT")
    assert "SEA" not in lines[1].text


@pytest.mark.ruling("ease-who-counts")
def test_keywords_name_the_board_keywords_that_ease_without_a_mark(make_game: MakeGame) -> None:
    """A player with Companions saw "Keywords marked: none" while a
    Companion's SEA already eased tests. Rulebook: "The keyword SEA is also
    counted as validated"; ruling ease-who-counts: a keyword printed on a
    participant's board counts."""
    game = make_game(players=1, investigators=("arthur",))
    view, sheet = game.view, game.book.book.keywords
    companions = view.companions()
    assert len(companions) == 3
    lines = [line.text for line in render.keywords_lines(view, sheet)]
    assert lines[0] == "Keywords marked: none."
    named = ", ".join(f"{c.sheet.keyword} ({c.name})" for c in companions)
    assert lines[2] == f"A Companion's keyword also counts as validated: {named}."
    arthur = game.table.investigator(ARTHUR).sheet.keyword
    assert lines[3] == (
        f"A player's keyword counts in the tests they take part in: {arthur} (Arthur Blackwood)."
    )
    first, *others = companions
    game.table.keywords.add(first.sheet.keyword)  # marked: said once, on the sheet's line
    lines = [line.text for line in render.keywords_lines(view, sheet)]
    assert first.name not in lines[2] and all(c.name in lines[2] for c in others)


def test_map_shows_revealed_locations_their_exits_and_who_is_there(game: Game) -> None:
    table = game.view
    text = "\n".join(line.text for line in render.map_lines(table))
    for slug in table.revealed:
        assert table.scenario is not None
        assert table.scenario.locations[slug].name in text
    assert "The Boat Shed" not in text, "an unrevealed location is not on the map"
    landing = next(line.text for line in render.map_lines(table) if "Landing Stage" in line.text)
    assert "Ezra Marsh" in landing and "Arthur Blackwood" in landing
    assert "leads to: The Bethel Nave" in text


def test_map_without_a_scenario_says_so(core: Core) -> None:
    table = table_for(core, [EZRA])
    assert render.map_lines(TableView(table)) == [Line("There is no map: no scenario is in play.")]


def test_map_says_in_words_who_stands_where(game: Game) -> None:
    """Issue: "no information carried by symbols alone" (a screen reader reads
    '  The Landing Stage  <- Ezra Marsh' as 'less-than hyphen')."""
    lines = [line.text for line in render.map_lines(game.view)]
    assert not any("<-" in line for line in lines), lines


# Decisions ----------------------------------------------------------------------------------


def test_decision_lines_number_every_option(make_game: MakeGame) -> None:
    game = make_game()
    pending = game.pending
    assert pending is not None and pending.kind != "prepare"
    lines = render.decision_lines(pending, game.view)
    assert lines[0] == Line(pending.prompt, "heading")
    options = [line for line in lines if line.kind == "option"]
    assert [line.text for line in options] == [
        f"{n:>3}. {o.label}" for n, o in enumerate(pending.options, 1)
    ]
    assert not any("Chance to pass" in line.text for line in lines)


def test_a_test_being_prepared_shows_the_chance_to_pass(make_game: MakeGame) -> None:
    """Decision lines of kind "prepare" show "Chance to pass if you roll now"."""
    game = make_game()
    for option in (*TO_PREPARED_TEST, "play:ezra-marsh-09", "play:ezra-marsh-12"):
        game.apply(option)
    pending = game.pending
    assert pending is not None and pending.kind == "prepare"
    assert isinstance(pending.context, TestState)
    chance = game.view.chance(pending.context)
    assert chance == Fraction(961, 23328)
    lines = render.decision_lines(pending, game.view)
    assert lines[1] == Line(f"Chance to pass if you roll now: {float(chance):.0%}.", "dice")
    assert lines[1].text == "Chance to pass if you roll now: 4%."
    assert len([line for line in lines if line.kind == "option"]) == len(pending.options)


def test_the_cards_drawn_into_a_hand_are_counted_where_the_drawing_ends(game: Game) -> None:
    """Playtest 6: the draw at the start of a round was silent ("Arthur draws 5 cards")."""
    drawn = [ev.CardDrawn(EZRA, f"ezra-marsh-0{n}", to_hand=True) for n in range(1, 6)]
    lines = render.render_events([*drawn, ev.DrawingEnded(EZRA, "hand full")], game.view)
    assert [line.text for line in lines] == ["Ezra Marsh draws 5 cards."]
    stopped = render.render_events([drawn[0], ev.DrawingEnded(EZRA, "stopped")], game.view)
    assert [line.text for line in stopped] == ["Ezra Marsh draws 1 card, then stops drawing."]
    assert render.render_events([ev.DrawingEnded(EZRA, "hand full")], game.view) == []


def test_the_card_fortified_draws_is_told_after_the_hand_is_full(game: Game) -> None:
    """Playtest 11: "draws 5 cards" then "FORTIFIED token is used", and the
    sixth card FORTIFIED draws ("Draw 1 additional card") went untold."""
    drawn = [ev.CardDrawn(EZRA, f"ezra-marsh-0{n}", to_hand=True) for n in range(1, 7)]
    events = [
        *drawn[:5],
        ev.DrawingEnded(EZRA, "hand full"),
        ev.TokenResolved(EZRA, StatusToken.FORTIFIED),
        drawn[5],
        ev.DrawingEnded(EZRA, ev.FORTIFIED_DRAW),
    ]
    assert [line.text for line in render.render_events(events, game.view)] == [
        "Ezra Marsh draws 5 cards.",
        "Ezra Marsh's FORTIFIED token is used.",
        "Ezra Marsh draws 1 more card for FORTIFIED (hand limit 6 this round).",
    ]


def test_an_enemy_is_named_as_printed_with_no_article(core: Core, reef_ledger) -> None:  # type: ignore[no-untyped-def]
    """Every enemy's name is a proper name or a title, which takes no article
    (playtest 7: "a Jotham Marsh, Keeper of the Gannet Light", "a Sawyer's Dogs")."""
    from tales.story.game import GameSetup, start_game

    team = GameSetup("gannet-light", (EZRA, ARTHUR, IRENE, "laszlo-varga"), (), "standard", 1)
    game = start_game(core, reef_ledger, team)
    encounters = game.view.scenario.encounters if game.view.scenario else {}
    slug = next(s for s, e in encounters.items() if e.enemy.name == "Sawyer's Dogs")
    lines = render.render_event(ev.EncounterStarted(slug, "boatyard"), game.view)
    assert lines[0].text.startswith(
        "An encounter begins at Sawyer's Boatyard: Sawyer's Dogs ('encounter' shows it)."
    )
