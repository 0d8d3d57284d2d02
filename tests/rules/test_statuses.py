"""Status tokens and status cards (tales.rules.statuses, drawing's start of round).

"Every Status token is one-use. Once resolved, return the token back to the
general supply. If you have more than one token of the same type, resolve only
one token of that type and keep the rest of them on your Investigator's board."
"""

from __future__ import annotations

import pytest

from tales.rules.cards import Card
from tales.rules.decisions import Proc
from tales.rules.drawing import draw_up_to, start_of_round_tokens
from tales.rules.events import (
    FORTIFIED_DRAW,
    CardDiscarded,
    CardDrawn,
    DrawingEnded,
    InvestigatorDied,
    InvestigatorRemoved,
    StatusCardGained,
    StatusCardsResolved,
    TokenGained,
    TokenResolved,
    TrackChanged,
)
from tales.rules.investigators import Investigator
from tales.rules.skilltest import TestOutcome, TestSpec, skill_test
from tales.rules.statuses import (
    change_track,
    gain_status_card,
    gain_token,
    resolve_end_of_round_tokens,
    resolve_status_cards,
)
from tales.rules.table import Table
from tales.rules.terms import Attribute, StatusCardKind, StatusToken, Track
from tales.story.core import Core
from tests.conftest import load_dice, of, red, ruling, run, stack_deck, table_for

ADV, DIS = StatusToken.ADVANTAGE, StatusToken.DISADVANTAGE


def take(table: Table, kind: StatusCardKind) -> Card:
    """One status card out of the general supply."""
    card = table.supply.take_status_card(kind)
    assert card is not None
    return card


def lay(table: Table, inv: Investigator, *kinds: StatusCardKind) -> list[Card]:
    """Put status cards from the supply straight into ``inv``'s play area."""
    cards = [take(table, kind) for kind in kinds]
    inv.play_area.extend(cards)
    return cards


def round_start(table: Table, inv: Investigator) -> Proc[None]:
    """Steps 1 and 3 of the round: "1. Drawing Cards" then "3. Status Tokens --
    Start of a Round" (the Event board, step 2, does not touch the hand)."""
    yield from draw_up_to(table, inv)
    yield from start_of_round_tokens(table, inv)


# --- ADVANTAGE and DISADVANTAGE --------------------------------------------------


@pytest.mark.parametrize(("held", "gained"), [(DIS, ADV), (ADV, DIS)])
def test_advantage_and_disadvantage_cancel_on_gain(
    core: Core, held: StatusToken, gained: StatusToken
) -> None:
    """The rulebook: "If you were to receive an ADVANTAGE token while having a DISADVANTAGE token
    on your Investigator's board, remove the DISADVANTAGE token instead. Same
    applies to the opposite scenario." """
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    gain_token(table, arthur, held)
    assert arthur.tokens[held] == 1 and table.supply.status_tokens[held] == 7
    table.sink.take()

    gain_token(table, arthur, gained)

    assert arthur.tokens[held] == 0 and arthur.tokens[gained] == 0
    assert table.supply.status_tokens[held] == 8, "the removed token goes back to the supply"
    assert table.supply.status_tokens[gained] == 8, "the gained token never left the supply"
    assert table.sink.take() == (TokenGained(arthur.slug, gained, "cancelled"),)


def test_cancelling_removes_one_of_two_opposite_tokens(core: Core) -> None:
    """Cancelling removes one token, not all: "remove the DISADVANTAGE token instead"."""
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    gain_token(table, arthur, DIS)
    gain_token(table, arthur, DIS)
    gain_token(table, arthur, ADV)
    assert arthur.tokens[DIS] == 1 and arthur.tokens[ADV] == 0
    assert table.supply.status_tokens[DIS] == 7


def test_a_test_resolves_only_one_of_two_advantage_tokens(core: Core) -> None:
    """The rulebook: "If you have more than one token of the same type, resolve only one token of
    that type and keep the rest of them on your Investigator's board." """
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    gain_token(table, arthur, ADV)
    gain_token(table, arthur, ADV)
    assert arthur.tokens[ADV] == 2 and table.supply.status_tokens[ADV] == 6
    dice = load_dice(table, red("success", "blank"))

    engine = run(table, skill_test(table, arthur, TestSpec(Attribute.POWER, 1)))
    events = engine.apply_all(["roll", "accept", "keep-red:0"])

    assert engine.finished and dice.unused == []
    assert of(events, TokenResolved) == [TokenResolved(arthur.slug, ADV)]
    assert arthur.tokens[ADV] == 1
    assert table.supply.status_tokens[ADV] == 7, "the resolved token returns to the supply"


# --- Components Golden Rule --------------------------------------------------------


def test_gaining_a_token_from_an_empty_supply_does_nothing(core: Core) -> None:
    """The rulebook: "If during your adventure the Resource Pool of any component won't allow you
    to get that specific component, you just continue the game without it." """
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    table.supply.status_tokens[ADV] = 0

    gain_token(table, arthur, ADV)

    assert table.sink.take() == (TokenGained(arthur.slug, ADV, "supply empty"),)
    assert arthur.tokens[ADV] == 0 and table.supply.status_tokens[ADV] == 0
    # ... and the game goes on: a test rolls the single red die.
    dice = load_dice(table, red("success"))
    engine = run(table, skill_test(table, arthur, TestSpec(Attribute.POWER, 1)))
    engine.apply_all(["roll", "accept"])
    assert engine.finished and dice.unused == []
    assert engine.result == TestOutcome(True, 1, 1, None)


def test_gaining_a_status_card_from_an_empty_pile_gives_none(core: Core) -> None:
    """Components Golden Rule: "you just continue the game without it"."""
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    table.supply.status_cards[StatusCardKind.INJURY].clear()
    cards_before = list(arthur.all_cards())

    for zone in ("discard", "deck"):
        gain_status_card(table, arthur, StatusCardKind.INJURY, zone)

    assert table.sink.take() == (
        StatusCardGained(arthur.slug, None, StatusCardKind.INJURY, "discard", "supply empty"),
        StatusCardGained(arthur.slug, None, StatusCardKind.INJURY, "deck", "supply empty"),
    )
    assert arthur.all_cards() == cards_before


def test_bleeding_with_no_injury_card_left_still_spends_the_token(core: Core) -> None:
    """The rulebook: "BLEEDING: Add 1 INJURY card to the Discard Pile." -- with none in the supply
    the token still resolves and the game continues without the card."""
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    gain_token(table, arthur, StatusToken.BLEEDING)
    table.supply.status_cards[StatusCardKind.INJURY].clear()
    table.sink.take()

    resolve_end_of_round_tokens(table, arthur)

    assert table.sink.take() == (
        TokenResolved(arthur.slug, StatusToken.BLEEDING),
        StatusCardGained(arthur.slug, None, StatusCardKind.INJURY, "discard", "supply empty"),
    )
    assert arthur.tokens[StatusToken.BLEEDING] == 0 and arthur.discard == []


def test_gained_status_card_comes_from_the_supply_to_the_discard_pile(core: Core) -> None:
    """The rulebook: "Status cards will be placed in your Investigator's deck" -- a gained card is a
    physical card of the supply's pile."""
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    gain_status_card(table, arthur, StatusCardKind.POISON)
    (event,) = table.sink.take()
    assert event == StatusCardGained(
        arthur.slug, "poison-01", StatusCardKind.POISON, "discard", "gained"
    )
    assert [c.id for c in arthur.discard] == ["poison-01"]
    assert len(table.supply.status_cards[StatusCardKind.POISON]) == 14


# --- Companions --------------------------------------------------------------------


@ruling("companion-no-status")
@pytest.mark.parametrize("token", list(StatusToken))
def test_companion_never_receives_a_token(core: Core, token: StatusToken) -> None:
    """The rulebook: "The Companion does not receive any Status effects (tokens or cards)." """
    table = table_for(core, ["arthur-blackwood"], ["ezra-marsh"])
    ezra = table.investigator("ezra-marsh")
    supply_before = dict(table.supply.status_tokens)

    gain_token(table, ezra, token)

    assert table.sink.take() == (TokenGained(ezra.slug, token, "companion"),)
    assert sum(ezra.tokens.values()) == 0
    assert dict(table.supply.status_tokens) == supply_before


@ruling("companion-no-status")
@pytest.mark.parametrize("kind", list(StatusCardKind))
def test_companion_never_receives_a_status_card(core: Core, kind: StatusCardKind) -> None:
    """The rulebook: "The Companion does not receive any Status effects (tokens or cards)." """
    table = table_for(core, ["arthur-blackwood"], ["ezra-marsh"])
    ezra = table.investigator("ezra-marsh")

    for zone in ("discard", "deck"):
        gain_status_card(table, ezra, kind, zone)

    assert ezra.all_cards() == []
    assert len(table.supply.status_cards[kind]) == core.supply.status_cards[kind]


@ruling("companion-no-status")
def test_status_card_aimed_at_a_companion_is_reported(core: Core) -> None:
    """Ruling companion-no-status: "an effect aimed at a Companion is reported and
    dropped" -- as gain_token reports TokenGained(..., "companion")."""
    table = table_for(core, ["arthur-blackwood"], ["ezra-marsh"])
    ezra = table.investigator("ezra-marsh")
    table.sink.take()

    gain_status_card(table, ezra, StatusCardKind.STRESS)

    assert table.sink.take() == (
        StatusCardGained(ezra.slug, None, StatusCardKind.STRESS, "discard", "companion"),
    )
    assert (
        len(table.supply.status_cards[StatusCardKind.STRESS])
        == core.supply.status_cards[StatusCardKind.STRESS]
    )


def test_a_status_card_goes_only_to_the_discard_pile_or_the_deck(core: Core) -> None:
    table = table_for(core, ["arthur-blackwood"])
    with pytest.raises(ValueError, match="'hand'"):
        gain_status_card(
            table, table.investigator("arthur-blackwood"), StatusCardKind.STRESS, "hand"
        )


# --- Status cards in the play area -------------------------------------------------


def test_two_stress_cards_cost_one_sanity_and_go_back(core: Core) -> None:
    """The rulebook: "STRESS: For every 2 STRESS cards in your play area, reduce your SANITY by 1."
    "If any of these effects cause a reduction in SANITY or VITALITY, remove all
    cards responsible for the loss and return them to the general supply." """
    table = table_for(core, ["margaret-sinclair"])
    margaret = table.investigator("margaret-sinclair")
    cards = lay(table, margaret, StatusCardKind.STRESS, StatusCardKind.STRESS)

    resolve_status_cards(table, margaret)

    assert table.sink.take() == (
        StatusCardsResolved(margaret.slug, StatusCardKind.STRESS, tuple(c.id for c in cards)),
        TrackChanged(margaret.slug, Track.SANITY, 7, 6, "STRESS cards"),
    )
    assert margaret.play_area == []
    assert len(table.supply.status_cards[StatusCardKind.STRESS]) == 20


def test_an_odd_stress_card_stays_in_the_play_area(core: Core) -> None:
    """Three STRESS cards: one pair costs 1 SANITY, the third waits for a partner."""
    table = table_for(core, ["margaret-sinclair"])
    margaret = table.investigator("margaret-sinclair")
    *_, third = lay(table, margaret, *[StatusCardKind.STRESS] * 3)

    resolve_status_cards(table, margaret)

    assert margaret.sanity == 6
    assert margaret.play_area == [third]
    assert len(table.supply.status_cards[StatusCardKind.STRESS]) == 19


def test_two_injury_cards_cost_one_vitality(core: Core) -> None:
    """The rulebook: "INJURY: For every 2 INJURY cards in your play area, reduce your
    VITALITY by 1." """
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    lay(table, arthur, StatusCardKind.INJURY)
    resolve_status_cards(table, arthur)
    assert arthur.vitality == 8 and len(arthur.play_area) == 1, "one INJURY card costs nothing"

    lay(table, arthur, StatusCardKind.INJURY)
    resolve_status_cards(table, arthur)
    assert arthur.vitality == 7 and arthur.sanity == 4
    assert arthur.play_area == []
    assert len(table.supply.status_cards[StatusCardKind.INJURY]) == 20


def test_each_poison_card_costs_one_vitality(core: Core) -> None:
    """The rulebook: "POISON: For each POISON card in your play area, reduce your
    VITALITY by 1." """
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    lay(table, arthur, StatusCardKind.POISON, StatusCardKind.POISON)

    resolve_status_cards(table, arthur)

    assert arthur.vitality == 6
    assert arthur.play_area == []
    assert len(table.supply.status_cards[StatusCardKind.POISON]) == 15


def test_panic_card_stays_in_the_play_area(core: Core) -> None:
    """The rulebook: "PANIC: Until the end of the round during any test, you cannot provide or
    receive help" -- it costs no track and is not returned."""
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    panic = lay(table, arthur, StatusCardKind.PANIC, StatusCardKind.PANIC)

    resolve_status_cards(table, arthur)

    assert arthur.play_area == panic
    assert (arthur.vitality, arthur.sanity) == (8, 4)
    assert table.sink.take() == ()


# --- Tracks and death --------------------------------------------------------------


@pytest.mark.parametrize("track", [Track.VITALITY, Track.SANITY])
def test_zero_vitality_or_sanity_kills(core: Core, track: Track) -> None:
    """The rulebook: "If an Investigator's VITALITY or SANITY is reduced to zero, their Character
    is permanently removed from the game and considered dead." """
    table = table_for(core, ["arthur-blackwood", "margaret-sinclair"])
    arthur = table.investigator("arthur-blackwood")
    arthur.set_track(track, 1)

    change_track(table, arthur, track, -1, "a blow")

    assert table.sink.take() == (
        TrackChanged(arthur.slug, track, 1, 0, "a blow"),
        InvestigatorDied(arthur.slug, track),
        # Ruling dead-leave-the-table: his 15 cards leave the game with him.
        InvestigatorRemoved(arthur.slug, 15, 0, 0, ()),
    )
    assert arthur.dead and not arthur.active
    assert [i.slug for i in table.players()] == ["margaret-sinclair"]


def test_a_pair_of_stress_cards_can_kill(core: Core) -> None:
    """Two STRESS cards at SANITY 1: "reduce your SANITY by 1" reaches zero."""
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    arthur.sanity = 1
    lay(table, arthur, StatusCardKind.STRESS, StatusCardKind.STRESS)

    resolve_status_cards(table, arthur)

    assert arthur.dead and arthur.sanity == 0
    assert of(table.sink.take(), InvestigatorDied) == [InvestigatorDied(arthur.slug, Track.SANITY)]


def test_death_is_reported_once(core: Core) -> None:
    """A dead investigator does not die again when a track at 0 is lowered."""
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    change_track(table, arthur, Track.VITALITY, -8, "a fall")
    change_track(table, arthur, Track.SANITY, -4, "a horror")
    assert len(of(table.sink.take(), InvestigatorDied)) == 1


@ruling("tracks-capped")
def test_tracks_stay_between_zero_and_the_printed_maximum(core: Core) -> None:
    """The rulebook: "VITALITY and SANITY markers, both placed at the maximum value on their
    respective tracks" -- nothing raises a track above it or lowers it below 0."""
    table = table_for(core, ["ezra-marsh"])
    ezra = table.investigator("ezra-marsh")
    ezra.set_track(Track.MAGIC, 9)
    assert ezra.magic == 3
    ezra.set_track(Track.ENERGY, -2)
    assert ezra.energy == 0

    ezra.set_track(Track.VITALITY, 5)
    change_track(table, ezra, Track.VITALITY, +4, "rest")
    change_track(table, ezra, Track.SANITY, +1, "rest")  # already at 5, the maximum
    change_track(table, ezra, Track.ENERGY, -1, "STUNNED")  # already 0
    assert table.sink.take() == (TrackChanged(ezra.slug, Track.VITALITY, 5, 7, "rest"),)
    assert (ezra.vitality, ezra.sanity, ezra.energy, ezra.magic) == (7, 5, 0, 3)


# --- End of round ------------------------------------------------------------------


def test_bleeding_adds_an_injury_card_to_the_discard_pile(core: Core) -> None:
    """The rulebook: "BLEEDING: Add 1 INJURY card to the Discard Pile." """
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    gain_token(table, arthur, StatusToken.BLEEDING)
    table.sink.take()

    resolve_end_of_round_tokens(table, arthur)

    assert [c.status for c in arthur.discard] == [StatusCardKind.INJURY]
    assert arthur.tokens[StatusToken.BLEEDING] == 0
    assert table.supply.status_tokens[StatusToken.BLEEDING] == 6
    assert len(table.supply.status_cards[StatusCardKind.INJURY]) == 19
    assert arthur.vitality == 8, "the card acts only when drawn"


def test_scared_adds_a_stress_card_to_the_discard_pile(core: Core) -> None:
    """The rulebook: "SCARED: Add 1 STRESS card to the Discard Pile." """
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    gain_token(table, arthur, StatusToken.SCARED)

    resolve_end_of_round_tokens(table, arthur)

    assert [c.status for c in arthur.discard] == [StatusCardKind.STRESS]
    assert arthur.tokens[StatusToken.SCARED] == 0
    assert len(table.supply.status_cards[StatusCardKind.STRESS]) == 19
    assert arthur.sanity == 4


def test_margaret_loses_an_energy_token_to_stunned(core: Core) -> None:
    """EXAMPLE: Round ends. ... She has a STUNNED Status token, so she has to remove 1
    of her ENERGY tokens, but also gets rid of the STUNNED token in the process."""
    table = table_for(core, ["margaret-sinclair"])
    margaret = table.investigator("margaret-sinclair")
    gain_token(table, margaret, StatusToken.STUNNED)
    table.sink.take()

    resolve_end_of_round_tokens(table, margaret)

    assert table.sink.take() == (
        TokenResolved(margaret.slug, StatusToken.STUNNED),
        TrackChanged(margaret.slug, Track.ENERGY, 4, 3, "STUNNED"),
    )
    assert margaret.energy == 3
    assert margaret.tokens[StatusToken.STUNNED] == 0
    assert table.supply.status_tokens[StatusToken.STUNNED] == 6


def test_end_of_round_resolves_one_token_of_each_type(core: Core) -> None:
    """The rulebook: "If you have more than one token of the same type, resolve only one token of
    that type and keep the rest of them on your Investigator's board." """
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    for token in [StatusToken.BLEEDING, StatusToken.STUNNED] * 2:
        gain_token(table, arthur, token)

    resolve_end_of_round_tokens(table, arthur)

    assert arthur.tokens[StatusToken.BLEEDING] == 1
    assert arthur.tokens[StatusToken.STUNNED] == 1
    assert [c.status for c in arthur.discard] == [StatusCardKind.INJURY]
    assert arthur.energy == 3


# --- Start of round ----------------------------------------------------------------


@ruling("fortified-negative-card")
@ruling("start-of-round-after-drawing")
def test_fortified_draws_a_sixth_card_after_drawing_discarding_a_status_card(
    core: Core,
) -> None:
    """The rulebook: "FORTIFIED: Your hand limit increases to 6 cards this round. Draw 1 additional
    card. This additional card has to be positive. If a negative card is drawn, it is
    placed in a discard and you draw another card." """
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    poison = take(table, StatusCardKind.POISON)
    arthur.deck.append(poison)
    plain = [c for c in arthur.deck if not c.is_status][:6]
    stack_deck(table, arthur.slug, [*plain[:5], poison, plain[5]])
    gain_token(table, arthur, StatusToken.FORTIFIED)
    table.sink.take()

    engine = run(table, round_start(table, arthur))

    assert engine.finished, "five plain cards and FORTIFIED ask nothing"
    events = engine.opening_events
    assert [c.id for c in arthur.hand] == [c.id for c in plain]
    assert arthur.discard == [poison], "the POISON card goes to the discard pile"
    assert arthur.vitality == 8 and arthur.play_area == [], "... unresolved"
    fortified = events.index(TokenResolved(arthur.slug, StatusToken.FORTIFIED))
    drawn = of(events, CardDrawn)
    assert all(events.index(e) < fortified for e in drawn[:5]), "FORTIFIED acts after drawing"
    assert events[fortified + 1 :] == (
        CardDiscarded(arthur.slug, poison.id, "FORTIFIED draws only a positive card"),
        CardDrawn(arthur.slug, plain[5].id, to_hand=True),
        DrawingEnded(arthur.slug, FORTIFIED_DRAW),  # so the sixth card is told
    )
    assert arthur.tokens[StatusToken.FORTIFIED] == 0


@ruling("start-of-round-after-drawing")
def test_surprised_discards_one_chosen_card_after_drawing(core: Core) -> None:
    """The rulebook: "SURPRISED: Your hand limit decreases to 4 cards this round. Discard 1 chosen
    card." """
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    gain_token(table, arthur, StatusToken.SURPRISED)

    engine = run(table, round_start(table, arthur))

    assert engine.pending is not None and engine.pending.kind == "surprised"
    assert engine.pending.actor == arthur.slug
    hand = list(arthur.hand)
    assert len(hand) == 5, "SURPRISED acts after the drawing of 5 cards"
    assert engine.legal_ids() == tuple(f"discard:{c.id}" for c in hand)

    events = engine.apply(f"discard:{hand[2].id}")

    assert engine.finished
    assert arthur.hand == [*hand[:2], *hand[3:]]
    assert arthur.discard == [hand[2]]
    assert events == (CardDiscarded(arthur.slug, hand[2].id, "SURPRISED"),)
    assert arthur.tokens[StatusToken.SURPRISED] == 0


# --- The supply --------------------------------------------------------------------


@ruling("supply-split")
def test_core_supply_holds_69_status_cards_and_52_tokens(core: Core) -> None:
    """The rulebook: "69 Status cards (stress, injury, panic, poison)"; "52 Status tokens"."""
    split = core.rulings.value("supply-split")
    assert split == {
        "STRESS": 20,
        "INJURY": 20,
        "PANIC": 14,
        "POISON": 15,
        "ADVANTAGE": 8,
        "DISADVANTAGE": 8,
        "others": 6,
    }
    cards = {k.value: n for k, n in core.supply.status_cards.items()}
    tokens = {t.value: n for t, n in core.supply.status_tokens.items()}
    assert cards == {k: split[k] for k in ("STRESS", "INJURY", "PANIC", "POISON")}
    assert sum(cards.values()) == 69
    assert tokens == {t.value: split.get(t.value, split["others"]) for t in StatusToken}
    assert sum(tokens.values()) == 52

    table = table_for(core, ["arthur-blackwood"])
    ids = [c.id for pile in table.supply.status_cards.values() for c in pile]
    assert len(ids) == len(set(ids)) == 69, "every status card is one physical card"
