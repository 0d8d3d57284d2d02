"""1. Drawing Cards (tales.rules.drawing.draw_up_to).

"At the beginning of each round, draw up to 5 cards from your shuffled
Character deck. If you draw any Status cards (STRESS, INJURY, PANIC, POISON),
immediately follow the instructions printed on them. These cards must be played
in your Play Area. After resolving any effects from drawn Status cards, you may
choose to stop drawing or continue until you have 5 cards in hand."
"""

from __future__ import annotations

from collections.abc import Sequence

from tales.rules.abilities import ability_options
from tales.rules.cards import Card
from tales.rules.drawing import draw_up_to
from tales.rules.events import (
    CardDrawn,
    DrawingEnded,
    Event,
    InvestigatorDied,
    StatusCardsResolved,
    TrackChanged,
)
from tales.rules.investigators import Investigator
from tales.rules.table import Table
from tales.rules.terms import StatusCardKind, Track
from tales.story.core import Core
from tests.conftest import ruling, run, stack_deck, table_for

ARTHUR, IRENE = "arthur-blackwood", "irene-dubois"


def shuffle_in(table: Table, inv: Investigator, kind: StatusCardKind) -> Card:
    """A status card from the supply, added to the deck (placed by ``stack_deck``)."""
    card = table.supply.take_status_card(kind)
    assert card is not None
    inv.deck.append(card)
    return card


def plain(inv: Investigator, count: int) -> list[Card]:
    cards = [c for c in inv.deck if not c.is_status][:count]
    assert len(cards) == count
    return cards


def drawn(events: Sequence[Event]) -> list[tuple[str, bool]]:
    return [(e.card, e.to_hand) for e in events if isinstance(e, CardDrawn)]


def test_draws_up_to_five_cards(core: Core) -> None:
    """The rulebook: "Unless stated otherwise, each round begins with drawing up to 5
    cards." Ordinary draws ask nothing."""
    table = table_for(core, [ARTHUR, IRENE])
    arthur = table.investigator(ARTHUR)
    top = list(reversed(arthur.deck[-5:]))

    engine = run(table, draw_up_to(table, arthur))

    assert engine.finished and engine.pending is None
    assert arthur.hand == top
    assert len(arthur.deck) == 10
    assert drawn(engine.opening_events) == [(c.id, True) for c in top]
    assert engine.opening_events[-1] == DrawingEnded(ARTHUR, "hand full")


def test_a_hand_already_full_draws_nothing(core: Core) -> None:
    """The rulebook: "draw up to 5 cards" -- a hand kept from the last round counts."""
    table = table_for(core, [ARTHUR, IRENE])
    arthur = table.investigator(ARTHUR)
    kept = [arthur.deck.pop() for _ in range(5)]
    arthur.hand = list(kept)

    engine = run(table, draw_up_to(table, arthur))

    assert engine.opening_events == (DrawingEnded(ARTHUR, "hand full"),)
    assert arthur.hand == kept and len(arthur.deck) == 10


@ruling("empty-deck")
def test_an_empty_deck_stops_the_drawing(core: Core) -> None:
    """The rulebook gathers and shuffles decks only at the End of Round: "Then,
    gather all your cards ... Shuffle all these cards together." """
    table = table_for(core, [ARTHUR, IRENE])
    arthur = table.investigator(ARTHUR)
    arthur.discard = arthur.deck[:12]
    arthur.deck = arthur.deck[12:]

    engine = run(table, draw_up_to(table, arthur))

    assert engine.finished
    assert len(arthur.hand) == 3 and arthur.deck == []
    assert len(arthur.discard) == 12, "the discard pile is not reshuffled"
    assert engine.opening_events[-1] == DrawingEnded(ARTHUR, "deck empty")


@ruling("empty-deck")
@ruling("stop-drawing-after-status")
def test_no_stop_question_when_the_deck_ran_out_with_a_status_card(core: Core) -> None:
    """A status card as the last card of the deck leaves nothing to draw on to."""
    table = table_for(core, [ARTHUR, IRENE])
    arthur = table.investigator(ARTHUR)
    panic = shuffle_in(table, arthur, StatusCardKind.PANIC)
    cards = plain(arthur, 2)
    arthur.deck = [panic, *reversed(cards)]  # draws cards[0], cards[1], then PANIC

    engine = run(table, draw_up_to(table, arthur))

    assert engine.finished
    assert arthur.hand == cards and arthur.play_area == [panic]
    assert engine.opening_events[-1] == DrawingEnded(ARTHUR, "deck empty")


@ruling("stop-drawing-after-status")
def test_stopping_after_a_status_card_keeps_a_smaller_hand(core: Core) -> None:
    """The rulebook: "After resolving any effects from drawn Status cards, you may
    choose to stop drawing or continue until you have 5 cards in hand." """
    table = table_for(core, [ARTHUR, IRENE])
    arthur = table.investigator(ARTHUR)
    stress = shuffle_in(table, arthur, StatusCardKind.STRESS)
    cards = plain(arthur, 2)
    stack_deck(table, ARTHUR, [cards[0], stress, cards[1]])

    engine = run(table, draw_up_to(table, arthur))
    assert engine.pending is not None and engine.pending.kind == "keep-drawing"
    assert engine.pending.actor == ARTHUR
    # "at any time": the abilities usable now are offered beside the question
    anytime = tuple(o.id for o in ability_options(table))
    assert anytime and engine.legal_ids() == ("draw", "stop", *anytime)
    assert drawn(engine.opening_events) == [(cards[0].id, True), (stress.id, False)]

    events = engine.apply("stop")

    assert events == (DrawingEnded(ARTHUR, "stopped"),)
    assert engine.finished
    assert arthur.hand == [cards[0]] and arthur.play_area == [stress]
    assert arthur.sanity == 4, "a single STRESS card costs nothing"
    assert arthur.deck[-1] == cards[1] and len(arthur.deck) == 14


@ruling("stop-drawing-after-status")
def test_drawing_on_after_a_status_card_fills_the_hand(core: Core) -> None:
    """The rulebook: "Repeat this process until your hand contains 5 cards, none of which are
    Status cards, or until you decide to stop drawing." """
    table = table_for(core, [ARTHUR, IRENE])
    arthur = table.investigator(ARTHUR)
    panic = shuffle_in(table, arthur, StatusCardKind.PANIC)
    cards = plain(arthur, 5)
    stack_deck(table, ARTHUR, [panic, *cards])

    engine = run(table, draw_up_to(table, arthur))
    events = engine.apply("draw")

    assert engine.finished
    assert arthur.hand == cards and arthur.play_area == [panic]
    assert events[-1] == DrawingEnded(ARTHUR, "hand full")


def test_a_poison_card_costs_one_vitality_at_once(core: Core) -> None:
    """The rulebook: "If you draw any Status cards ... immediately follow the
    instructions printed on them." -- "POISON: For each POISON card in your play
    area, reduce your VITALITY by 1." """
    table = table_for(core, [ARTHUR, IRENE])
    arthur = table.investigator(ARTHUR)
    poison = shuffle_in(table, arthur, StatusCardKind.POISON)
    stack_deck(table, ARTHUR, [poison])

    engine = run(table, draw_up_to(table, arthur))

    assert engine.pending is not None and engine.pending.kind == "keep-drawing"
    assert engine.opening_events == (
        CardDrawn(ARTHUR, poison.id, to_hand=False),
        StatusCardsResolved(ARTHUR, StatusCardKind.POISON, (poison.id,)),
        TrackChanged(ARTHUR, Track.VITALITY, 8, 7, "POISON cards"),
    )
    assert arthur.vitality == 7
    assert arthur.play_area == [], "the card responsible returns to the supply"
    assert len(table.supply.status_cards[StatusCardKind.POISON]) == 15


def test_an_investigator_killed_by_a_drawn_card_stops_drawing(core: Core) -> None:
    """The rulebook: "If an Investigator's VITALITY or SANITY is reduced to zero,
    their Character is permanently removed from the game and considered dead." """
    table = table_for(core, [ARTHUR, IRENE])
    irene = table.investigator(IRENE)
    irene.vitality = 1
    poison = shuffle_in(table, irene, StatusCardKind.POISON)
    first = plain(irene, 1)
    stack_deck(table, IRENE, [*first, poison])

    engine = run(table, draw_up_to(table, irene))

    assert engine.finished, "no question is asked of the dead"
    assert irene.dead and irene.vitality == 0
    assert InvestigatorDied(IRENE, Track.VITALITY) in engine.opening_events
    assert drawn(engine.opening_events) == [(first[0].id, True), (poison.id, False)]
    # Ruling dead-leave-the-table: her own cards leave the game with her and
    # the POISON card goes back to the supply.
    assert irene.all_cards() == []
    assert sorted(c.id for c in irene.set_aside) == sorted(c.id for c in irene.sheet.deck)
    assert poison in table.supply.status_cards[StatusCardKind.POISON]
