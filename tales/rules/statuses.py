"""Statuses: tokens on the board, cards in the deck, and what they do.

"Every Status token is one-use. Once resolved, return the token back to the
general supply. If you have more than one token of the same type, resolve
only one token of that type and keep the rest." Companions never receive a
status ("The Companion does not receive any Status effects").
"""

from __future__ import annotations

from tales.errors import RulesError
from tales.rules.death import remove_from_the_game
from tales.rules.decisions import Decision, DecisionKind, Proc
from tales.rules.events import (
    FORTIFIED_DRAW,
    CardDiscarded,
    CardDrawn,
    DrawingEnded,
    InvestigatorDied,
    StatusCardGained,
    StatusCardsResolved,
    TokenGained,
    TokenResolved,
    TrackChanged,
)
from tales.rules.investigators import Investigator
from tales.rules.options import Discard
from tales.rules.randomness import draw_card
from tales.rules.table import Table
from tales.rules.terms import StatusCardKind, StatusToken, Track

# "If you were to receive an ADVANTAGE token while having a DISADVANTAGE ...,
# remove the DISADVANTAGE token instead" (and the other way round).
OPPOSITE_TOKEN = {
    StatusToken.ADVANTAGE: StatusToken.DISADVANTAGE,
    StatusToken.DISADVANTAGE: StatusToken.ADVANTAGE,
}

# Which track a status card costs, and how many cards make one point.
_CARD_EFFECT: dict[StatusCardKind, tuple[Track, int]] = {
    StatusCardKind.STRESS: (Track.SANITY, 2),
    StatusCardKind.INJURY: (Track.VITALITY, 2),
    StatusCardKind.POISON: (Track.VITALITY, 1),
}


def change_track(table: Table, inv: Investigator, track: Track, delta: int, reason: str) -> None:
    """Move a track within its bounds; at 0 VITALITY or SANITY the
    investigator dies ("permanently removed from the game")."""
    before = inv.track(track)
    inv.set_track(track, before + delta)
    after = inv.track(track)
    if after != before:
        table.emit(TrackChanged(inv.slug, track, before, after, reason))
    if track in (Track.VITALITY, Track.SANITY) and after == 0 and not inv.dead:
        inv.dead = True
        table.emit(InvestigatorDied(inv.slug, track))
        remove_from_the_game(table, inv)
        # "Follow the scenario instructions for the death of an Investigator
        # shown on the Event board."
        if table.scenario is not None:
            table.read_later(table.scenario.board.death, f"the death of {inv.name}")


def gain_token(table: Table, inv: Investigator, token: StatusToken) -> None:
    """Gain a status token; ADVANTAGE and DISADVANTAGE cancel each other."""
    if inv.companion or inv.dead:
        table.emit(TokenGained(inv.slug, token, "companion" if inv.companion else "dead"))
        return
    opposite = OPPOSITE_TOKEN.get(token)
    if opposite is not None and inv.has_token(opposite):
        inv.tokens[opposite] -= 1
        table.supply.return_token(opposite)
        table.emit(TokenGained(inv.slug, token, "cancelled"))
        return
    if not table.supply.take_token(token):
        table.emit(TokenGained(inv.slug, token, "supply empty"))
        return
    inv.tokens[token] += 1
    table.emit(TokenGained(inv.slug, token, "gained"))


def resolve_token(table: Table, inv: Investigator, token: StatusToken) -> None:
    """Resolve one token of a type and return it to the supply."""
    if not inv.has_token(token):
        raise RulesError(f"{inv.name} has no {token} token to resolve")
    inv.tokens[token] -= 1
    table.supply.return_token(token)
    table.emit(TokenResolved(inv.slug, token))


def gain_status_card(
    table: Table, inv: Investigator, kind: StatusCardKind, zone: str = "discard"
) -> None:
    """Add a status card from the supply to the discard pile (end-of-round
    tokens) or the deck (``zone="deck"``, shuffled in). Aimed at a Companion
    or the dead, it is reported and dropped (ruling ``companion-no-status``)."""
    if zone not in ("discard", "deck"):
        raise ValueError(f"a status card goes to the 'discard' pile or the 'deck', not {zone!r}")
    if inv.companion or inv.dead:
        outcome = "companion" if inv.companion else "dead"
        table.emit(StatusCardGained(inv.slug, None, kind, zone, outcome))
        return
    card = table.supply.take_status_card(kind)
    if card is None:
        table.emit(StatusCardGained(inv.slug, None, kind, zone, "supply empty"))
        return
    table.emit(StatusCardGained(inv.slug, card.id, kind, zone, "gained"))
    if zone == "deck":
        inv.deck.insert(table.rng.randrange(len(inv.deck) + 1), card)
    else:
        inv.discard.append(card)


def resolve_status_cards(table: Table, inv: Investigator) -> None:
    """Apply the status cards in the play area: every 2 STRESS cost 1 SANITY,
    every 2 INJURY 1 VITALITY, each POISON 1 VITALITY; "remove all cards
    responsible for the loss and return them to the general supply". PANIC
    stays until the end of the round."""
    for kind, (track, per_point) in _CARD_EFFECT.items():
        cards = [c for c in inv.play_area if c.status is kind]
        spent = cards[: len(cards) - len(cards) % per_point]
        if not spent:
            continue
        for card in spent:
            inv.play_area.remove(card)
            table.supply.return_card(card)
        table.emit(StatusCardsResolved(inv.slug, kind, tuple(c.id for c in spent)))
        change_track(table, inv, track, -(len(spent) // per_point), f"{kind} cards")


def resolve_end_of_round_tokens(table: Table, inv: Investigator) -> None:
    """BLEEDING: 1 INJURY card to the discard pile; SCARED: 1 STRESS card;
    STUNNED: discard 1 ENERGY. One token of each type per round."""
    if inv.has_token(StatusToken.BLEEDING):
        resolve_token(table, inv, StatusToken.BLEEDING)
        gain_status_card(table, inv, StatusCardKind.INJURY)
    if inv.has_token(StatusToken.SCARED):
        resolve_token(table, inv, StatusToken.SCARED)
        gain_status_card(table, inv, StatusCardKind.STRESS)
    if inv.has_token(StatusToken.STUNNED):
        resolve_token(table, inv, StatusToken.STUNNED)
        change_track(table, inv, Track.ENERGY, -1, "STUNNED")


def fortified_draw(table: Table, inv: Investigator) -> Proc[None]:
    """FORTIFIED: "Draw 1 additional card. This additional card has to be
    positive. If a negative card is drawn, it is placed in a discard and you
    draw another card." (ruling ``fortified-negative-card``: such a status
    card has no effect.)"""
    while inv.deck:
        card = yield from draw_card(table, inv, "draws for FORTIFIED")
        assert card is not None  # the deck is not empty
        if card.is_status:
            inv.discard.append(card)
            table.emit(CardDiscarded(inv.slug, card.id, "FORTIFIED draws only a positive card"))
            continue
        inv.hand.append(card)
        table.emit(CardDrawn(inv.slug, card.id, to_hand=True))
        table.emit(DrawingEnded(inv.slug, FORTIFIED_DRAW))  # told: the hand is 6 this round
        return
    table.emit(DrawingEnded(inv.slug, "deck empty"))


def surprised_discard(table: Table, inv: Investigator) -> Proc[None]:
    """SURPRISED: "Your hand limit decreases to 4 cards this round. Discard 1
    chosen card." Nothing to choose from an empty hand."""
    if not inv.hand:
        return
    options = tuple(Discard(c.id, label=f"Discard {c}") for c in inv.hand)
    choice = yield Decision(
        inv.slug, DecisionKind.SURPRISED, f"{inv.name} is SURPRISED: discard 1 card", options
    )
    assert isinstance(choice, Discard)  # the only options offered
    card = next(c for c in inv.hand if c.id == choice.card)
    inv.hand.remove(card)
    inv.discard.append(card)
    table.emit(CardDiscarded(inv.slug, card.id, "SURPRISED"))
