"""The round (tales.rules.round): 1. Drawing Cards, 2. Event Board, 3. Status
Tokens, 4. Investigator Activity, then the End of Round, until the scenario ends.

"Miskatonic Tales is a narrative-driven adventure game played in rounds. Each
round, players perform Activities by using cards from their hands. A round ends
when players run out of cards or voluntarily decide not to play any more cards
that turn."
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tales.errors import RulesError
from tales.rules.abilities import ability_options
from tales.rules.activities import pay_actions
from tales.rules.cards import Card
from tales.rules.decisions import Engine, Proc
from tales.rules.eventboard import advance_time, place_event_token
from tales.rules.events import (
    CardDrawn,
    CardReturned,
    DeckShuffled,
    DrawingEnded,
    Event,
    InvestigatorDied,
    ReadParagraph,
    RoundStarted,
    ScenarioEnded,
    StatusCardGained,
    TimeAdvanced,
)
from tales.rules.options import Option, Rest
from tales.rules.round import (
    END_ROUND,
    NoStory,
    activity_options,
    activity_phase,
    end_of_round,
    keep_cards,
    perform,
    play_round,
    play_scenario,
)
from tales.rules.skilltest import TestSpec, skill_test
from tales.rules.statuses import change_track, gain_token
from tales.rules.table import Table
from tales.rules.terms import Attribute, EventSymbol, StatusCardKind, StatusToken, Track
from tales.story.core import Core
from tests.conftest import Scripted, game_for, load_dice, of, red, ruling, run, stack_deck

MARGARET, EZRA = "margaret-sinclair", "ezra-marsh"
ARTHUR, SARAH, IRENE = "arthur-blackwood", "sarah-elington", "irene-dubois"
DEATH = 190  # harbour_scenario()'s board.death
SPACE_NARRATIVES = {2: 101, 4: 102, 6: 103, 8: 104}  # harbour_scenario()'s time track

Activity = Callable[[Table], Proc[None]]


class ScriptedStory(NoStory):
    """A storybook whose activities are scripted by the test: ``story:<name>``
    runs ``activities[name]`` and then logs ``"<name> text"`` (the storybook's
    own outcome text); every paragraph the rules ask it to read is logged too."""

    def __init__(self, activities: dict[str, Activity] | None = None) -> None:
        self.activities = activities or {}
        self.log: list[str | int] = []

    def options(self, table: Table) -> list[Option]:
        return [Scripted(name, label=name) for name in self.activities]

    def perform(self, table: Table, option: Option) -> Proc[None]:
        assert isinstance(option, Scripted)
        name = option.name
        yield from self.activities[name](table)
        self.log.append(f"{name} text")

    def read(self, table: Table, paragraph: int, at: str | None = None) -> Proc[None]:
        self.log.append(paragraph)
        return
        yield  # pragma: no cover - makes this a generator


def two_players(core: Core, *, difficulty: str = "standard") -> Table:
    table = game_for(core, [MARGARET, EZRA], [ARTHUR, SARAH], difficulty=difficulty)
    table.sink.take()  # the setup's events
    return table


def solo(core: Core) -> Table:
    """Margaret alone: her 15 cards and the solo player's Heroism card."""
    table = game_for(core, [MARGARET], [ARTHUR, SARAH, IRENE])
    table.sink.take()
    assert len(table.investigator(MARGARET).deck) == 16
    return table


def status_card(table: Table, kind: StatusCardKind) -> Card:
    card = table.supply.take_status_card(kind)
    assert card is not None
    return card


def end_the_round(engine: Engine[object], *, keep: bool = True) -> list[Event]:
    """End the activity phase; keep whatever is left in hand, or shuffle it all back."""
    events = list(engine.apply(END_ROUND.id))
    while engine.pending is not None and engine.pending.kind == "keep-cards":
        returns = [i for i in engine.legal_ids() if i.startswith("return:")]
        events += engine.apply("keep" if keep else returns[0])
    return events


def play_out(engine: Engine[object]) -> list[Event]:
    """Play every round to the end, ending each round at once and keeping cards."""
    answers = {"activity": END_ROUND.id, "keep-cards": "keep", "keep-drawing": "draw"}
    events = list(engine.opening_events)
    while engine.pending is not None:
        events += engine.apply(answers[engine.pending.kind])
    return events


# The phases, in order -----------------------------------------------------------------


def test_a_round_draws_then_reads_the_time_track_then_asks_for_activities(core: Core) -> None:
    """ "1. Drawing Cards ... 2. Event Board: Once all players have completed the
    Drawing Cards phase, check the Event board. If the Time marker is on a space
    associated with a numbered narrative, read that narrative" -- "If there is a
    narrative number on the new space, do not read it yet. This step will occur at
    the start of the next round." """
    table = two_players(core)
    story = ScriptedStory()

    first = run(table, play_round(table, story))
    opening = first.opening_events
    assert opening[0] == RoundStarted(1, 1)
    drawn = of(opening, CardDrawn)
    assert [e.investigator for e in drawn] == [MARGARET] * 5 + [EZRA] * 5
    assert all(e.to_hand for e in drawn)
    assert of(opening, DrawingEnded) == [
        DrawingEnded(MARGARET, "hand full"),
        DrawingEnded(EZRA, "hand full"),
    ]
    assert of(opening, ReadParagraph) == [], "space 1 has no narrative"
    assert first.pending is not None and first.pending.kind == "activity"

    closing = end_the_round(first)
    assert first.finished
    assert of(closing, TimeAdvanced) == [TimeAdvanced(2, 101)]
    assert of(closing, ReadParagraph) == [] and story.log == [], "not read at the advance"
    assert (table.round, table.time) == (2, 2)

    second = run(table, play_round(table, story))
    opening = second.opening_events
    assert opening[0] == RoundStarted(2, 2)
    assert of(opening, CardDrawn) == [], "both players kept their five cards"
    last_drawing = max(i for i, e in enumerate(opening) if isinstance(e, DrawingEnded))
    reads = [i for i, e in enumerate(opening) if isinstance(e, ReadParagraph)]
    assert [opening[i] for i in reads] == [ReadParagraph(101, "the time track's space 2")]
    assert reads[0] > last_drawing, "the Event board is checked after everyone has drawn"
    assert story.log == [101]
    assert second.pending is not None and second.pending.kind == "activity"


def test_end_round_is_always_offered(core: Core) -> None:
    """ "When you have no cards left in your hand and/or declare that you want to
    end the round despite holding cards, you may proceed to the final stage." """
    table = solo(core)
    margaret = table.investigator(MARGARET)
    margaret.deck.clear()
    for companion in table.companions():
        companion.energy = 0
    margaret.energy = 0
    story = ScriptedStory()

    assert activity_options(table, story)[-1] == END_ROUND
    engine = run(table, play_round(table, story))
    assert engine.legal_ids() == (END_ROUND.id,), "no cards, no ENERGY: ending is all that is left"
    engine.apply(END_ROUND.id)
    assert engine.finished

    table = two_players(core)
    engine = run(table, play_round(table, story))
    assert engine.legal_ids()[-1] == END_ROUND.id and len(engine.legal_ids()) > 1


# End of Round -------------------------------------------------------------------------


def test_cards_kept_in_hand_count_toward_the_next_hand(core: Core) -> None:
    """ "If, for some reason, you wish to keep a card or cards in your hand, you may
    do so. Those cards are still part of your hand limit for the next round." """
    table = solo(core)
    margaret = table.investigator(MARGARET)
    engine = run(table, play_round(table, NoStory()))
    hand = list(margaret.hand)
    assert len(margaret.deck) == 11
    assert len(hand) == 5

    engine.apply(END_ROUND.id)
    assert engine.pending is not None and engine.pending.kind == "keep-cards"
    assert engine.pending.actor == MARGARET
    for card in hand[:3]:
        engine.apply(f"return:{card.id}")
    engine.apply("keep")
    assert engine.finished
    assert margaret.hand == hand[3:]
    assert len(margaret.deck) == 14 and set(hand[:3]) <= set(margaret.deck)

    engine = run(table, play_round(table, NoStory()))
    drawn = of(engine.opening_events, CardDrawn)
    assert len(drawn) == 3, "two kept cards leave room for three"
    assert margaret.hand[:2] == hand[3:] and len(margaret.hand) == 5


def test_returning_every_card_asks_no_more(core: Core) -> None:
    table = solo(core)
    margaret = table.investigator(MARGARET)
    margaret.hand = [margaret.deck.pop(), margaret.deck.pop()]
    engine = run(table, keep_cards(table, margaret))
    engine.apply(f"return:{margaret.hand[0].id}")
    anytime = tuple(o.id for o in ability_options(table))  # "at any time"
    assert engine.legal_ids() == ("keep", f"return:{margaret.hand[0].id}", *anytime), (
        "one card: no all"
    )
    engine.apply(f"return:{margaret.hand[0].id}")
    assert engine.finished and margaret.hand == [] and len(margaret.deck) == 16


def test_a_card_shuffled_back_is_told_as_an_event(core: Core) -> None:
    """Every change of the table emits an event (what the activity phase's
    kept listing and the event replay rely on): a card left in hand and
    shuffled back into the deck too."""
    table = solo(core)
    margaret = table.investigator(MARGARET)
    margaret.hand = [margaret.deck.pop(), margaret.deck.pop()]
    returned = margaret.hand[1].id
    engine = run(table, keep_cards(table, margaret))
    told = engine.apply(f"return:{returned}")
    assert of(told, CardReturned) == [CardReturned(MARGARET, returned)]
    assert [c.id for c in margaret.deck[-1:]] == [returned]


def test_the_keep_choice_counts_the_cards_left_in_good_english(core: Core) -> None:
    """Playtest 6: "Keep the 1 cards left in hand"."""
    table = solo(core)
    margaret = table.investigator(MARGARET)
    margaret.hand = [margaret.deck.pop(), margaret.deck.pop()]
    engine = run(table, keep_cards(table, margaret))
    assert engine.pending is not None
    assert engine.pending.options[0].label == "Keep the 2 cards left in hand"
    engine.apply(f"return:{margaret.hand[0].id}")
    assert engine.pending is not None
    assert engine.pending.options[0].label == "Keep the one card left in hand"


def test_bleeding_and_scared_cards_end_up_in_the_shuffled_deck(core: Core) -> None:
    """ "BLEEDING: Add 1 INJURY card to the Discard Pile. SCARED: Add 1 STRESS card
    to the Discard Pile." -- "Then, gather all your cards from your Play Area, from
    your Discard Pile, remaining in your Character Deck. Shuffle all these cards
    together." """
    table = solo(core)
    margaret = table.investigator(MARGARET)
    gain_token(table, margaret, StatusToken.BLEEDING)
    gain_token(table, margaret, StatusToken.SCARED)
    panic = status_card(table, StatusCardKind.PANIC)
    margaret.play_area.append(panic)
    played = margaret.deck.pop()
    margaret.play_area.append(played)
    table.sink.take()

    engine = run(table, end_of_round(table, NoStory()))
    assert engine.finished, "an empty hand asks nothing"
    events = engine.opening_events
    gained = of(events, StatusCardGained)
    assert [(e.kind, e.zone, e.outcome) for e in gained] == [
        (StatusCardKind.INJURY, "discard", "gained"),
        (StatusCardKind.STRESS, "discard", "gained"),
    ]
    assert margaret.discard == [] and margaret.play_area == []
    kinds = sorted(str(c.status) for c in margaret.deck if c.is_status)
    assert kinds == ["INJURY", "PANIC", "STRESS"]
    assert len(margaret.deck) == 19 and played in margaret.deck
    assert of(events, DeckShuffled) == [DeckShuffled(MARGARET, 19, 0)]
    assert not margaret.has_token(StatusToken.BLEEDING)
    assert not margaret.has_token(StatusToken.SCARED)
    assert table.supply.status_tokens[StatusToken.BLEEDING] == 6
    assert table.supply.status_tokens[StatusToken.SCARED] == 6


def test_companion_markers_are_flipped_back_at_the_end_of_the_round(core: Core) -> None:
    """ "If your game uses Companions, flip all their Companion markers on their
    boards back to the active side." """
    table = solo(core)
    margaret, arthur = table.investigator(MARGARET), table.investigator(ARTHUR)
    engine = run(table, pay_actions(table, margaret, 2, "Search the nets", companions=True))
    engine.apply_all(["marker:arthur-blackwood:action", "marker:irene-dubois:POWER"])
    assert engine.finished and engine.result is True
    assert arthur.markers_left() == ["STRENGTH", "CONSTITUTION", "AGILITY"]
    assert "POWER" not in table.investigator(IRENE).markers_left()

    run(table, end_of_round(table, NoStory()))
    for companion in table.companions():
        assert companion.markers_used == set()
        assert len(companion.markers_left()) == 4


def test_the_time_marker_advances_one_space_a_round(core: Core) -> None:
    """ "Advance the time marker on the Event board to the next space." """
    table = two_players(core)
    events = end_the_round(run(table, play_round(table, NoStory())))
    assert of(events, TimeAdvanced) == [TimeAdvanced(2, 101)]
    events = end_the_round(run(table, play_round(table, NoStory())))
    assert of(events, TimeAdvanced) == [TimeAdvanced(3, None)]
    assert (table.round, table.time) == (3, 3)


@ruling("time-track-end")
def test_the_scenario_ends_when_the_time_marker_runs_off_the_board(core: Core) -> None:
    """ "Advance the time marker on the Event board to the next space." Past the
    last space there is none: the scenario ends there."""
    table = two_players(core)
    engine = run(table, play_scenario(table, NoStory()))
    events = play_out(engine)

    assert engine.finished and engine.result == "the time track ran out"
    assert table.ended == "the time track ran out"
    assert [(e.round, e.time) for e in of(events, RoundStarted)] == [(n, n) for n in range(1, 9)]
    assert [e.paragraph for e in of(events, ReadParagraph)] == [101, 102, 103, 104]
    assert of(events, ScenarioEnded) == [ScenarioEnded("the time track ran out")]
    assert table.time == 8, "the marker stays on the last space"
    # Each narrative is read in the round that starts on its space.
    current = 0
    for event in events:
        if isinstance(event, RoundStarted):
            current = event.time
        elif isinstance(event, ReadParagraph):
            assert SPACE_NARRATIVES[current] == event.paragraph


@ruling("time-track-end")
def test_the_hard_game_starts_on_space_3_and_has_six_rounds(core: Core) -> None:
    table = two_players(core, difficulty="hard")
    events = play_out(run(table, play_scenario(table, NoStory())))
    assert [e.time for e in of(events, RoundStarted)] == [3, 4, 5, 6, 7, 8]
    assert [e.paragraph for e in of(events, ReadParagraph)] == [102, 103, 104]


@ruling("time-track-end")
def test_advancing_from_the_last_space_ends_the_scenario(core: Core) -> None:
    table = two_players(core)
    table.time = 7
    advance_time(table)
    assert table.sink.take()[-1] == TimeAdvanced(8, 104) and not table.ended
    advance_time(table)
    assert table.sink.take() == (ScenarioEnded("the time track ran out"),)
    assert (table.time, table.ended) == (8, "the time track ran out")


# Deaths ----------------------------------------------------------------------------


@ruling("narrative-timing")
def test_the_scenario_ends_when_every_investigator_is_dead(core: Core) -> None:
    """ "Every Scenario ends with an Epilogue or death of all the team members." --
    "If an Investigator's VITALITY or SANITY is reduced to zero, their Character is
    permanently removed from the game and considered dead. Follow the scenario
    instructions for the death of an Investigator shown on the Event board." """
    table = solo(core)
    margaret = table.investigator(MARGARET)
    margaret.vitality = 1
    poison = status_card(table, StatusCardKind.POISON)
    margaret.deck.append(poison)
    stack_deck(table, MARGARET, [poison])
    story = ScriptedStory()

    engine = run(table, play_scenario(table, story))
    events = engine.opening_events
    assert engine.finished, "no activity is asked of a dead team"
    assert engine.result == "every investigator is dead"
    assert of(events, InvestigatorDied) == [InvestigatorDied(MARGARET, Track.VITALITY)]
    assert of(events, ReadParagraph) == [ReadParagraph(DEATH, "the death of Margaret Sinclair")]
    assert story.log == [DEATH]
    died = events.index(InvestigatorDied(MARGARET, Track.VITALITY))
    read = events.index(ReadParagraph(DEATH, "the death of Margaret Sinclair"))
    assert died < read < events.index(ScenarioEnded("every investigator is dead"))
    assert of(events, TimeAdvanced) == [], "no end of round after the end"
    assert all(c.markers_used == set() for c in table.companions())


@ruling("narrative-timing", value=True)
def test_nothing_is_left_to_read_once_the_whole_team_has_died(core: Core) -> None:
    """ "Every Scenario ends with an Epilogue or death of all the team members." Once it
    has ended, no narrative is still due: not even the one on the time marker's space."""
    table = solo(core)
    table.time = 2  # the space of narrative 101
    margaret = table.investigator(MARGARET)
    margaret.vitality = 1
    poison = status_card(table, StatusCardKind.POISON)
    margaret.deck.append(poison)
    stack_deck(table, MARGARET, [poison])
    story = ScriptedStory()

    engine = run(table, play_scenario(table, story))
    assert engine.finished and table.ended == "every investigator is dead"
    assert story.log == [DEATH]
    assert table.to_read == []


@ruling("narrative-timing")
def test_a_death_in_an_activity_is_read_after_it_and_the_dead_never_act_again(
    core: Core,
) -> None:
    """ "A new Activity can begin only once the previous one is fully resolved." The
    death narrative waits for the storybook's own text; the dead "permanently
    removed from the game" never draw nor act again."""

    def fall(table: Table) -> Proc[None]:
        change_track(table, table.investigator(EZRA), Track.SANITY, -99, "the deep")
        return
        yield  # pragma: no cover - makes this a generator

    table = two_players(core)
    story = ScriptedStory({"fall": fall})
    engine = run(table, play_scenario(table, story))
    events = engine.apply("story:fall")

    assert story.log == ["fall text", DEATH]
    assert of(events, ReadParagraph) == [ReadParagraph(DEATH, "the death of Ezra Marsh")]
    assert not table.ended, "Margaret lives on"
    assert engine.pending is not None and engine.pending.kind == "activity"
    assert not any(EZRA in option for option in engine.legal_ids())
    with pytest.raises(RulesError):
        run(table, perform(table, story, Rest(EZRA)))

    later = end_the_round(engine, keep=False)
    assert [e.investigator for e in of(later, DeckShuffled)] == [MARGARET]
    assert {e.investigator for e in of(later, CardDrawn)} == {MARGARET}
    assert {e.investigator for e in of(later, DrawingEnded)} == {MARGARET}


@ruling("narrative-timing", value=True)
def test_narratives_due_are_read_in_the_order_they_arose(core: Core) -> None:
    """A threshold reached by the red die, then a death, in the same activity: both
    are read once it is over, threshold first."""
    table = two_players(core)
    place_event_token(table, EventSymbol.TENTACLE)
    load_dice(table, red("tentacle"))

    def gamble(table: Table) -> Proc[None]:
        margaret = table.investigator(MARGARET)
        yield from skill_test(table, margaret, TestSpec(Attribute.POWER, 1))
        change_track(table, table.investigator(EZRA), Track.VITALITY, -99, "the undertow")

    story = ScriptedStory({"gamble": gamble})
    engine = run(table, activity_phase(table, story))
    engine.apply("story:gamble")
    engine.apply("roll")
    events = engine.apply("accept")

    assert story.log == ["gamble text", 172, DEATH]
    assert [e.paragraph for e in of(events, ReadParagraph)] == [172, DEATH]
    assert table.to_read == []
    assert engine.pending is not None and engine.pending.kind == "activity"
