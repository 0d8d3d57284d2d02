"""The rulebook's worked EXAMPLES about the round, exploration, encounters and the
Event board, played through the decision interface on ``harbour_scenario()``.

Each test quotes the example it plays; cards and dice are arranged to be those
of the example.
"""

from __future__ import annotations

from collections.abc import Sequence

from tales.rules.decisions import Proc
from tales.rules.encounters import COMBAT, start_encounter
from tales.rules.eventboard import advance_time
from tales.rules.events import (
    ActionsPaid,
    CardPlayed,
    DeckShuffled,
    EncounterProgress,
    EventSymbolRolled,
    ItemUsed,
    Moved,
    ReadParagraph,
    TestResolved,
    TestStarted,
    TimeAdvanced,
    TokenGained,
    TokenResolved,
    TrackChanged,
)
from tales.rules.items import HAND
from tales.rules.options import Option
from tales.rules.round import NoStory, activity_phase, end_of_round
from tales.rules.skilltest import TestSpec, skill_test
from tales.rules.statuses import gain_token
from tales.rules.table import Table
from tales.rules.tallies import Tally
from tales.rules.terms import Attribute, EventSymbol, StatusToken, Track
from tales.story.core import Core
from tests.conftest import Scripted, deal, game_for, load_dice, of, red, ruling, run, white

ARTHUR, MARGARET, EZRA = "arthur-blackwood", "margaret-sinclair", "ezra-marsh"
SARAH, IRENE = "sarah-elington", "irene-dubois"


def harbour(core: Core, players: Sequence[str]) -> Table:
    """``players`` on the pier; the rest of the four from Sarah, Irene, Arthur and
    Margaret as Companions."""
    spare = [s for s in (SARAH, IRENE, ARTHUR, MARGARET) if s not in players]
    table = game_for(core, players, spare[: 4 - len(players)])
    table.sink.take()
    return table


class SearchStory(NoStory):
    """A storybook with one activity, ``story:search``: a POWER test for Margaret
    followed by the storybook's own outcome text. Logs what it reads and when."""

    def __init__(self) -> None:
        self.log: list[str | int] = []

    def options(self, table: Table) -> list[Option]:
        return [Scripted("search", label="Search the wreck (POWER test)")]

    def perform(self, table: Table, option: Option) -> Proc[None]:
        margaret = table.investigator(MARGARET)
        outcome = yield from skill_test(table, margaret, TestSpec(Attribute.POWER, 1))
        self.log.append("success text" if outcome.passed else "failure text")

    def read(self, table: Table, paragraph: int, at: str | None = None) -> Proc[None]:
        self.log.append(paragraph)
        return
        yield  # pragma: no cover - makes this a generator


def test_arthur_rests_to_use_his_ability(core: Core) -> None:
    """EXAMPLE: Arthur discards a card to recover 1 ENERGY. He will now be able to use
    his ability."""
    table = harbour(core, [ARTHUR])
    arthur = table.investigator(ARTHUR)
    arthur.energy = 1
    card = deal(arthur, lambda c: c.action, 1)[0]

    engine = run(table, activity_phase(table, NoStory()))
    assert not any(i.startswith(f"ability:{ARTHUR}:") for i in engine.legal_ids())
    assert f"rest:{ARTHUR}" in engine.legal_ids()
    engine.apply(f"rest:{ARTHUR}")
    events = engine.apply(f"pay:{card.id}")

    assert events == (
        ActionsPaid(ARTHUR, (card.id,), (), "Rest"),
        TrackChanged(ARTHUR, Track.ENERGY, 1, 2, "Rest"),
    )
    assert arthur.discard == [card] and arthur.hand == []
    assert f"ability:{ARTHUR}:{ARTHUR}" in engine.legal_ids()
    assert f"rest:{ARTHUR}" not in engine.legal_ids(), "no card left to rest with"


def test_margaret_moves_to_the_adjacent_location(core: Core) -> None:
    """EXAMPLE: Margaret spends 1 Action by discarding 1 card with an Action icon and
    moves to the adjacent location."""
    table = harbour(core, [MARGARET])
    margaret = table.investigator(MARGARET)
    card, other = deal(margaret, lambda c: c.action, 2)

    engine = run(table, activity_phase(table, NoStory()))
    moves = sorted(i for i in engine.legal_ids() if i.startswith("move:"))
    assert moves == [f"move:{MARGARET}:boathouse"], "the pier has one neighbour"
    engine.apply(f"move:{MARGARET}:boathouse")
    assert engine.legal_ids() == (f"pay:{card.id}", f"pay:{other.id}", "back")
    events = engine.apply(f"pay:{card.id}")

    assert events == (
        ActionsPaid(MARGARET, (card.id,), (), "Move to Boathouse"),
        Moved(MARGARET, "pier", "boathouse", "move"),
    )
    assert margaret.location == "boathouse"
    assert margaret.discard == [card] and margaret.hand == [other]


@ruling("running-distance")
def test_margaret_runs_to_a_far_location(core: Core) -> None:
    """EXAMPLE: Margaret needs to move to a Location that isn't connected to her
    current one and is too far for regular movement. She discards 3 cards with Action
    icons (spending 3 Actions) and gains 1 DISADVANTAGE token to Run to the desired
    Location."""
    table = harbour(core, [MARGARET])
    margaret = table.investigator(MARGARET)
    cards = deal(margaret, lambda c: c.action, 4)

    engine = run(table, activity_phase(table, NoStory()))
    # pier - boathouse - net-loft - chandlery - warehouse - counting-house: 5 moves.
    assert f"run:{MARGARET}:counting-house" in engine.legal_ids()
    assert f"run:{MARGARET}:slipway" not in engine.legal_ids(), "2 moves: walk there"
    assert f"run:{MARGARET}:chandlery" not in engine.legal_ids(), "3 moves is not more than 3"
    engine.apply(f"run:{MARGARET}:counting-house")
    events = engine.apply_all([f"pay:{c.id}" for c in cards[:3]])

    assert events == (
        ActionsPaid(MARGARET, tuple(c.id for c in cards[:3]), (), "Run to Counting House"),
        Moved(MARGARET, "pier", "counting-house", "run"),
        TokenGained(MARGARET, StatusToken.DISADVANTAGE, "gained"),
    )
    assert margaret.location == "counting-house"
    assert margaret.discard == cards[:3] and margaret.hand == cards[3:]
    assert margaret.tokens[StatusToken.DISADVANTAGE] == 1


@ruling("running-distance")
def test_margaret_runs_to_a_location_no_chain_reaches(core: Core) -> None:
    """EXAMPLE: "Margaret needs to move to a Location that isn't connected to her
    current one": with the net loft not revealed, no chain of revealed locations
    reaches the chandlery, so only a Run gets her there."""
    table = harbour(core, [MARGARET])
    margaret = table.investigator(MARGARET)
    cards = deal(margaret, lambda c: c.action, 3)
    table.revealed.discard("net-loft")

    engine = run(table, activity_phase(table, NoStory()))
    runs = sorted(i for i in engine.legal_ids() if i.startswith("run:"))
    assert runs == [
        f"run:{MARGARET}:chandlery",
        f"run:{MARGARET}:counting-house",
        f"run:{MARGARET}:warehouse",
    ]
    engine.apply(f"run:{MARGARET}:chandlery")
    events = engine.apply_all([f"pay:{c.id}" for c in cards])
    assert of(events, Moved) == [Moved(MARGARET, "pier", "chandlery", "run")]
    assert margaret.has_token(StatusToken.DISADVANTAGE)


def test_ezra_strikes_with_the_hatchet(core: Core) -> None:
    """EXAMPLE: Hatchet is a one-handed Weapon that can be used 4 times and uses
    CONSTITUTION as an attribute for tests.

    EXAMPLE: Hatchet deals 1 damage by default and 1 additional Damage for every
    Success in the CONSTITUTION test."""
    table = harbour(core, [EZRA])
    ezra = table.investigator(EZRA)
    hatchet = ezra.item("hatchet")
    assert hatchet is not None
    assert (hatchet.card.hands, hatchet.card.uses, hatchet.card.attribute) == (
        1,
        4,
        Attribute.CONSTITUTION,
    )
    assert (hatchet.card.damage, hatchet.uses, hatchet.place) == (1, 4, HAND)
    assert table.scenario is not None
    start_encounter(table, table.scenario.encounters["wrecker"], "pier")
    sure = deal(ezra, lambda c: c.attribute is Attribute.CONSTITUTION, 1)[0]
    die = deal(ezra, lambda c: c.dice_for(Attribute.CONSTITUTION) > 0, 1)[0]
    load_dice(table, [*white("success"), *red("blank")])

    engine = run(table, activity_phase(table, NoStory()))
    assert f"combat:{EZRA}:hatchet" in engine.legal_ids()
    events = engine.apply(f"combat:{EZRA}:hatchet")
    # "you must discard the Item use marker from the weapon card and then perform
    # the appropriate Skill test"
    assert events[-2:] == (
        ItemUsed(EZRA, "hatchet", 3),
        TestStarted(EZRA, Attribute.CONSTITUTION, 4, 0, Tally("combat", 1, 5)),
    )
    events = engine.apply_all([f"play:{sure.id}", f"play:{die.id}", "roll", "accept"])

    assert of(events, CardPlayed) == [
        CardPlayed(EZRA, sure.id, 1, 0),
        CardPlayed(EZRA, die.id, 0, 1),
    ]
    resolved = of(events, TestResolved)[0]
    assert (resolved.attribute, resolved.successes) == (Attribute.CONSTITUTION, 2)
    # 1 damage by default + 2 successes = 3 Encounter tokens with a Target side up.
    assert of(events, EncounterProgress) == [EncounterProgress("wrecker", COMBAT, 3, 3, 5, by=EZRA)]
    state = table.encounters["pier"]
    assert (state.path, state.tokens) == (COMBAT, 3)
    assert hatchet.uses == 3 and table.supply.encounter_tokens == 5
    assert engine.pending is not None and engine.pending.kind == "activity"


@ruling("narrative-timing")
def test_the_second_tentacle_sends_the_group_to_172(core: Core) -> None:
    """EXAMPLE: Since the 2nd TENTACLE token has just been placed, go to the mentioned
    narrative, 172 in this example."""
    table = harbour(core, [MARGARET])
    load_dice(table, red("tentacle", "tentacle", "tentacle"))
    story = SearchStory()
    engine = run(table, activity_phase(table, story))

    events = engine.apply_all(["story:search", "roll", "accept"])
    assert of(events, EventSymbolRolled) == [EventSymbolRolled(EventSymbol.TENTACLE, True, 1)]
    assert of(events, ReadParagraph) == [] and story.log == ["failure text"]

    events = engine.apply_all(["story:search", "roll", "accept"])
    assert of(events, ReadParagraph) == [ReadParagraph(172, "2nd tentacle token")]
    placed = events.index(EventSymbolRolled(EventSymbol.TENTACLE, True, 2))
    read = events.index(ReadParagraph(172, "2nd tentacle token"))
    assert placed < read
    # Read once the activity is resolved: after the storybook's own outcome text.
    assert story.log == ["failure text", "failure text", 172]

    events = engine.apply_all(["story:search", "roll", "accept"])
    assert of(events, EventSymbolRolled) == [EventSymbolRolled(EventSymbol.TENTACLE, True, 3)]
    assert of(events, ReadParagraph) == [], "only once"
    assert story.log == ["failure text", "failure text", 172, "failure text"]


def test_margaret_ends_the_round_stunned(core: Core) -> None:
    """EXAMPLE: Round ends. Margaret puts all her cards that were used in the Discard
    Pile. She does not have any cards left in her hand. Then she places all cards from
    the Discard Pile together with the rest of the deck and shuffles them all
    together. She has a STUNNED Status token, so she has to remove 1 of her ENERGY
    tokens, but also gets rid of the STUNNED token in the process."""
    table = harbour(core, [MARGARET, EZRA])
    margaret = table.investigator(MARGARET)
    cards = deal(margaret, lambda c: c.action, 5)
    engine = run(table, activity_phase(table, NoStory()))
    route = ["boathouse", "net-loft", "chandlery", "warehouse", "counting-house"]
    for card, place in zip(cards, route, strict=True):
        engine.apply_all([f"move:{MARGARET}:{place}", f"pay:{card.id}"])
    assert margaret.hand == [] and margaret.discard == cards
    gain_token(table, margaret, StatusToken.STUNNED)
    assert margaret.energy == 4
    engine.apply("end-round")
    assert engine.finished
    table.sink.take()

    engine = run(table, end_of_round(table, NoStory()))
    events = engine.opening_events
    assert engine.finished, "no card left in hand: nothing to keep"
    assert of(events, TokenResolved) == [TokenResolved(MARGARET, StatusToken.STUNNED)]
    assert of(events, TrackChanged) == [TrackChanged(MARGARET, Track.ENERGY, 4, 3, "STUNNED")]
    assert margaret.energy == 3 and not margaret.has_token(StatusToken.STUNNED)
    assert table.supply.status_tokens[StatusToken.STUNNED] == 6
    assert margaret.discard == [] and margaret.play_area == [] and margaret.hand == []
    assert sorted(c.id for c in margaret.deck) == sorted(
        c.id for c in core.investigators[MARGARET].deck
    )
    assert DeckShuffled(MARGARET, 15, 0) in of(events, DeckShuffled)
    assert of(events, TimeAdvanced) == [TimeAdvanced(2, 101)]
    assert table.round == 2


def test_the_time_marker_waits_to_be_read(core: Core) -> None:
    """ "Advance the time marker on the Event board to the next space. If there is a
    narrative number on the new space, do not read it yet." """
    table = harbour(core, [MARGARET])
    advance_time(table)
    assert table.sink.take() == (TimeAdvanced(2, 101),)
    assert table.to_read == []
