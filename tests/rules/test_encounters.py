"""Encounters (tales.rules.encounters): Combat with weapons, Stratagem tests, and
how an Encounter is resolved.

"An Encounter can be resolved in two distinct ways: Combat and Stratagems." --
"Regardless of the chosen path (Combat or Stratagems), at the end of the round,
you must proceed to the narrative indicated in the Storybook, even if all the
icons of the chosen path are not covered. If you manage to cover all the spots
on the Enemy card before the end of the round, immediately proceed to the
indicated narrative and follow the instructions."
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tales.errors import RulesError
from tales.rules.cards import Card
from tales.rules.decisions import Engine, Proc
from tales.rules.encounters import (
    COMBAT,
    STRATAGEM,
    combat,
    end_encounter,
    enemy_attack,
    start_encounter,
    stratagem,
)
from tales.rules.events import (
    ActionsPaid,
    EncounterEnded,
    EncounterProgress,
    Event,
    ItemUsed,
    ReadParagraph,
    StatusCardGained,
    TestStarted,
)
from tales.rules.investigators import Investigator
from tales.rules.options import Option
from tales.rules.round import NoStory, activity_options, activity_phase, end_of_round
from tales.rules.table import Table
from tales.rules.tallies import Tally
from tales.rules.terms import Attribute, StatusCardKind
from tales.story.core import Core
from tests.conftest import deal, game_for, load_dice, of, red, ruling, run

EZRA, MARGARET = "ezra-marsh", "margaret-sinclair"
ARTHUR, SARAH = "arthur-blackwood", "sarah-elington"
DEFEATED, ROUND_END = 150, 151  # the Wrecker's paragraphs in harbour_scenario()


class ReadingStory(NoStory):
    """No storybook activities; logs every paragraph it is asked to read."""

    def __init__(self) -> None:
        self.log: list[int] = []

    def options(self, table: Table) -> list[Option]:
        return []

    def perform(self, table: Table, option: Option) -> Proc[None]:
        raise AssertionError(option)
        yield  # pragma: no cover - makes this a generator

    def read(self, table: Table, paragraph: int, at: str | None = None) -> Proc[None]:
        self.log.append(paragraph)
        return
        yield  # pragma: no cover - makes this a generator


def harbour(core: Core) -> Table:
    """Ezra (Hatchet in hand) and Margaret (Pocket Pistol) on the pier, Arthur and
    Sarah as Companions."""
    table = game_for(core, [EZRA, MARGARET], [ARTHUR, SARAH])
    table.sink.take()
    return table


def wrecker_at(table: Table, location: str) -> None:
    assert table.scenario is not None
    start_encounter(table, table.scenario.encounters["wrecker"], location)


def primary(inv: Investigator, attribute: Attribute, count: int) -> list[Card]:
    return deal(inv, lambda c: c.attribute is attribute, count)


def strike(engine: Engine[object], cards: Sequence[Card]) -> tuple[Event, ...]:
    """Play the cards, roll, keep the dice."""
    events = engine.apply_all([f"play:{c.id}" for c in cards])
    return events + engine.apply_all(["roll", "accept"])


def ids(table: Table) -> tuple[str, ...]:
    return tuple(o.id for o in activity_options(table, NoStory()))


# Combat --------------------------------------------------------------------------------


def test_a_blow_spends_the_weapons_use_marker_and_no_card(core: Core) -> None:
    """ "When using a weapon, you must discard the Item use marker from the weapon card
    and then perform the appropriate Skill test. If you do not have or do not wish to
    spend further resources on this test, simply roll the indicated number of red
    dice ... Each Success in this test adds 1 extra Damage." """
    table = harbour(core)
    ezra = table.investigator(EZRA)
    hand = deal(ezra, lambda c: c.action, 2)
    wrecker_at(table, "pier")
    table.sink.take()
    markers = table.supply.use_markers
    load_dice(table, red("success"))

    engine = run(table, combat(table, ezra, "hatchet"))
    opening = engine.opening_events
    assert opening[0] == ItemUsed(EZRA, "hatchet", 3)
    assert opening[1] == TestStarted(EZRA, Attribute.CONSTITUTION, 4, 0, Tally("combat", 1, 5))
    events = engine.apply_all(["roll", "accept"])
    assert engine.finished
    assert of(events, EncounterProgress) == [EncounterProgress("wrecker", COMBAT, 2, 2, 5, by=EZRA)]
    assert of([*opening, *events], ActionsPaid) == []
    assert ezra.hand == hand and ezra.discard == []
    assert table.supply.use_markers == markers + 1
    assert table.supply.encounter_tokens == 6


@ruling("encounter-path")
def test_the_first_blow_chooses_combat(core: Core) -> None:
    """ "Regardless of the chosen path (Combat or Stratagems)" -- the first attack
    chooses Combat, and no Stratagem test may follow it."""
    table = harbour(core)
    ezra, margaret = table.investigator(EZRA), table.investigator(MARGARET)
    wrecker_at(table, "pier")
    assert {f"combat:{EZRA}:hatchet", f"stratagem:{EZRA}", f"stratagem:{MARGARET}"} <= set(
        ids(table)
    )
    load_dice(table, red("blank"))
    strike(run(table, combat(table, ezra, "hatchet")), [])
    state = table.encounters["pier"]
    assert (state.path, state.tokens) == (COMBAT, 1)

    assert not any(i.startswith("stratagem:") for i in ids(table))
    assert f"combat:{MARGARET}:pocket-pistol" in ids(table)
    with pytest.raises(RulesError, match="being won by Combat"):
        run(table, stratagem(table, margaret))


@ruling("encounter-path")
def test_the_first_stratagem_test_chooses_stratagem(core: Core) -> None:
    """ "You can also defeat enemies through cunning and cooperation by employing a
    Stratagem." Once chosen, no weapon may strike."""
    table = harbour(core)
    ezra, margaret = table.investigator(EZRA), table.investigator(MARGARET)
    wrecker_at(table, "pier")
    load_dice(table, red("blank"))
    strike(run(table, stratagem(table, margaret)), [])
    state = table.encounters["pier"]
    assert (state.path, state.tokens) == (STRATAGEM, 0)

    assert not any(i.startswith("combat:") for i in ids(table))
    assert f"stratagem:{EZRA}" in ids(table)
    with pytest.raises(RulesError, match="being won by Stratagem"):
        run(table, combat(table, ezra, "hatchet"))
    assert ezra.item("hatchet").uses == 4  # type: ignore[union-attr]


# Stratagem ----------------------------------------------------------------------------


@ruling("stratagem-once-a-round", value=True)
def test_each_investigator_tries_the_stratagem_once_a_round(core: Core) -> None:
    """A Stratagem test costs nothing, so a bare roll could be repeated for ever in one
    round; each investigator gets one try a round, and the others still get theirs."""
    table = harbour(core)
    margaret = table.investigator(MARGARET)
    wrecker_at(table, "pier")
    load_dice(table, red("blank"))
    strike(run(table, stratagem(table, margaret)), [])

    assert f"stratagem:{MARGARET}" not in ids(table)
    assert f"stratagem:{EZRA}" in ids(table)
    with pytest.raises(RulesError, match="tried the Stratagem against this enemy this round"):
        run(table, stratagem(table, margaret))
    table.round += 1
    assert f"stratagem:{MARGARET}" in ids(table)


def test_a_stratagem_tests_the_enemys_attribute_for_the_successes_left(core: Core) -> None:
    """ "To progress, you must achieve Successes indicated on the Enemy card. For each
    Success achieved, place 1 Encounter token with a Success side on the Enemy card."
    -- "Investigators can go for a Stratagem which requires Successes in Appearance." """
    table = harbour(core)
    margaret = table.investigator(MARGARET)
    cards = primary(margaret, Attribute.APPEARANCE, 4)
    wrecker_at(table, "pier")
    load_dice(table, red("blank", "blank"))

    engine = run(table, stratagem(table, margaret))
    assert of(engine.opening_events, TestStarted) == [
        TestStarted(MARGARET, Attribute.APPEARANCE, 4, 0, Tally("stratagem", 0, 4))
    ]
    events = strike(engine, cards[:1])
    assert of(events, EncounterProgress) == [
        EncounterProgress("wrecker", STRATAGEM, 1, 1, 4, by=MARGARET)
    ]

    table.round += 1  # one Stratagem test a round each (ruling stratagem-once-a-round)
    engine = run(table, stratagem(table, margaret))
    assert of(engine.opening_events, TestStarted) == [
        TestStarted(MARGARET, Attribute.APPEARANCE, 3, 0, Tally("stratagem", 0, 3))
    ]
    events = strike(engine, cards[1:])
    assert of(events, EncounterProgress) == [
        EncounterProgress("wrecker", STRATAGEM, 3, 4, 4, by=MARGARET)
    ]
    assert of(events, EncounterEnded) == [EncounterEnded("wrecker", STRATAGEM)]
    assert table.to_read == [(DEFEATED, "The Wrecker overcome", "pier")]


# Encounter Resolution -------------------------------------------------------------------


def test_covering_every_spot_ends_the_encounter_at_once(core: Core) -> None:
    """ "If you manage to cover all the spots on the Enemy card before the end of the
    round, immediately proceed to the indicated narrative" -- read once the blow is
    fully resolved (ruling narrative-timing)."""
    table = harbour(core)
    ezra = table.investigator(EZRA)
    cards = primary(ezra, Attribute.CONSTITUTION, 4)
    wrecker_at(table, "pier")
    load_dice(table, red("blank"))
    story = ReadingStory()

    engine = run(table, activity_phase(table, story))
    engine.apply(f"combat:{EZRA}:hatchet")
    events = strike(engine, cards)
    assert of(events, EncounterProgress) == [EncounterProgress("wrecker", COMBAT, 5, 5, 5, by=EZRA)]
    assert of(events, EncounterEnded) == [EncounterEnded("wrecker", COMBAT)]
    assert of(events, ReadParagraph) == [ReadParagraph(DEFEATED, "The Wrecker overcome")]
    assert events.index(EncounterEnded("wrecker", COMBAT)) < events.index(
        ReadParagraph(DEFEATED, "The Wrecker overcome")
    )
    assert story.log == [DEFEATED] and table.to_read == []
    assert table.encounters == {} and table.supply.encounter_tokens == 8
    assert engine.pending is not None and engine.pending.kind == "activity"

    events = engine.apply("end-round")
    while engine.pending is not None:
        events += engine.apply("keep")
    assert of(events, ReadParagraph) == [], "an overcome enemy reads nothing at round end"


def test_an_uncovered_encounter_reads_its_round_end_narrative_and_stays(core: Core) -> None:
    """ "at the end of the round, you must proceed to the narrative indicated in the
    Storybook, even if all the icons of the chosen path are not covered." """
    table = harbour(core)
    ezra = table.investigator(EZRA)
    wrecker_at(table, "pier")
    load_dice(table, red("success"))
    strike(run(table, combat(table, ezra, "hatchet")), [])
    story = ReadingStory()

    engine = run(table, end_of_round(table, story))
    assert engine.finished
    assert of(engine.opening_events, ReadParagraph) == [
        ReadParagraph(ROUND_END, "The Wrecker at the end of the round")
    ]
    assert story.log == [ROUND_END]
    state = table.encounters["pier"]
    assert (state.path, state.tokens) == (COMBAT, 2)
    assert table.supply.encounter_tokens == 6


def test_encounter_tokens_run_out_and_come_back(core: Core) -> None:
    """ "8 Encounter tokens" and the Components Golden Rule: "you just continue the
    game without it." Tokens return to the box when an encounter ends."""
    table = harbour(core)
    ezra, margaret = table.investigator(EZRA), table.investigator(MARGARET)
    margaret.location = "boathouse"
    wrecker_at(table, "boathouse")
    wrecker_at(table, "pier")
    load_dice(table, red("blank", "blank", "blank"))

    agility = primary(margaret, Attribute.AGILITY, 3)
    strike(run(table, combat(table, margaret, "pocket-pistol")), agility)
    assert table.encounters["boathouse"].tokens == 4 and table.supply.encounter_tokens == 4

    constitution = primary(ezra, Attribute.CONSTITUTION, 2)
    events = strike(run(table, combat(table, ezra, "hatchet")), constitution)
    assert of(events, EncounterProgress) == [
        EncounterProgress("wrecker", COMBAT, 3, 3, 5, missing=0, by=EZRA)
    ]
    assert table.supply.encounter_tokens == 1

    end_encounter(table, "boathouse")
    assert table.supply.encounter_tokens == 5
    cards = primary(ezra, Attribute.CONSTITUTION, 1)
    strike(run(table, combat(table, ezra, "hatchet")), cards)
    assert "pier" not in table.encounters
    assert table.supply.encounter_tokens == 8


@pytest.mark.parametrize("path", [COMBAT, STRATAGEM])
def test_damage_and_stratagem_successes_count_once_the_encounter_tokens_run_out(
    core: Core, path: str
) -> None:
    """Components Golden Rule: "If during your adventure the Resource Pool of any
    component won't allow you to get that specific component, you just continue the
    game without it." The Damage or Successes count with no token to mark them, so
    the enemy can still be beaten; tokens that come back are laid on the card."""
    table = harbour(core)
    ezra, margaret = table.investigator(EZRA), table.investigator(MARGARET)
    ezra.location = "boathouse"
    wrecker_at(table, "boathouse")
    wrecker_at(table, "pier")
    load_dice(table, red("blank", "blank", "blank"))
    cards = primary(ezra, Attribute.CONSTITUTION, 3)
    strike(run(table, combat(table, ezra, "hatchet")), cards)
    table.supply.encounter_tokens = 1  # the rest lie elsewhere: one token is left

    if path == COMBAT:  # 1 base Damage + 2 Successes
        cards = primary(margaret, Attribute.AGILITY, 2)
        events = strike(run(table, combat(table, margaret, "pocket-pistol")), cards)
    else:
        cards = primary(margaret, Attribute.APPEARANCE, 3)
        events = strike(run(table, stratagem(table, margaret)), cards)
    assert of(events, EncounterProgress) == [
        EncounterProgress("wrecker", path, 3, 3, 5 if path == COMBAT else 4, missing=2, by=MARGARET)
    ]
    state = table.encounters["pier"]
    assert (state.tokens, state.placed, table.supply.encounter_tokens) == (3, 1, 0)

    end_encounter(table, "boathouse")  # its 4 tokens come back: 2 go onto the pier's card
    assert (state.placed, table.supply.encounter_tokens) == (3, 2)
    if path == COMBAT:
        cards = primary(margaret, Attribute.AGILITY, 1)
        strike(run(table, combat(table, margaret, "pocket-pistol")), cards)
    else:
        table.round += 1  # one Stratagem test a round (ruling stratagem-once-a-round)
        cards = primary(margaret, Attribute.APPEARANCE, 1)
        strike(run(table, stratagem(table, margaret)), cards)
    assert table.encounters == {}, "the enemy is beaten though the box ran short"
    assert table.supply.encounter_tokens == 5, "every token is back but the 3 set aside"


def test_the_enemy_strikes_everyone_at_its_location_and_no_one_else(core: Core) -> None:
    """ "In the context of Encounters, Status cards inflicted by the enemy affect all
    Investigators present in the same location." -- "The Companion does not receive
    any Status effects (tokens or cards)." """
    table = game_for(core, [EZRA, MARGARET, SARAH], [ARTHUR])
    ezra, margaret, sarah = (table.investigator(s) for s in (EZRA, MARGARET, SARAH))
    sarah.location = "boathouse"
    wrecker_at(table, "pier")
    table.sink.take()
    injuries = len(table.supply.status_cards[StatusCardKind.INJURY])

    enemy_attack(table, "pier")
    gained = of(table.sink.take(), StatusCardGained)
    assert [(e.investigator, e.kind, e.zone, e.outcome) for e in gained] == [
        (EZRA, StatusCardKind.INJURY, "discard", "gained"),
        (MARGARET, StatusCardKind.INJURY, "discard", "gained"),
    ]
    assert [c.status for c in ezra.discard] == [StatusCardKind.INJURY]
    assert [c.status for c in margaret.discard] == [StatusCardKind.INJURY]
    assert not any(c.is_status for c in sarah.all_cards()), "Sarah is on the boathouse"
    assert not any(c.is_status for c in table.investigator(ARTHUR).all_cards())
    assert len(table.supply.status_cards[StatusCardKind.INJURY]) == injuries - 2

    with pytest.raises(RulesError, match="no enemy"):
        enemy_attack(table, "boathouse")


@ruling("stratagem-once-a-round", value=False)
def test_the_stratagem_may_be_tried_again_at_once_when_switched_off(core: Core) -> None:
    """stratagem-once-a-round switched off: nothing stops a second try this round."""
    table = harbour(core)
    table.rulings = table.rulings.with_overrides(stratagem_once_a_round=False)
    margaret = table.investigator(MARGARET)
    wrecker_at(table, "pier")
    load_dice(table, [*red("blank"), *red("blank")])
    strike(run(table, stratagem(table, margaret)), [])

    assert f"stratagem:{MARGARET}" in ids(table)
    strike(run(table, stratagem(table, margaret)), [])
    assert f"stratagem:{MARGARET}" in ids(table)
