"""1. Drawing Cards, and the start-of-round status tokens.

"At the beginning of each round, draw up to 5 cards from your shuffled
Character deck. If you draw any Status cards ... immediately follow the
instructions printed on them. These cards must be played in your Play Area.
After resolving any effects from drawn Status cards, you may choose to stop
drawing or continue until you have 5 cards in hand."
"""

from __future__ import annotations

from tales.rules.abilities import ask_at_any_time
from tales.rules.decisions import DecisionKind, Proc
from tales.rules.events import CardDrawn, DrawingEnded
from tales.rules.investigators import HAND_LIMIT, Investigator
from tales.rules.options import DrawOn, StopDrawing
from tales.rules.randomness import draw_card
from tales.rules.statuses import (
    fortified_draw,
    resolve_status_cards,
    resolve_token,
    surprised_discard,
)
from tales.rules.table import Table
from tales.rules.terms import StatusToken, article

DRAW_ON = DrawOn(label="Draw on")
STOP = StopDrawing(label="Stop drawing")


def draw_up_to(table: Table, inv: Investigator, limit: int = HAND_LIMIT) -> Proc[None]:
    """Draw one card at a time until the hand holds ``limit`` cards.

    Status cards go to the play area and take effect at once; after each one
    the player may stop (ruling ``stop-drawing-after-status``). An empty deck
    ends the drawing: decks are shuffled only at the end of the round (ruling
    ``empty-deck``).
    """
    while len(inv.hand) < limit:
        if not inv.deck:
            table.emit(DrawingEnded(inv.slug, "deck empty"))
            return
        card = yield from draw_card(table, inv, "draws")
        assert card is not None  # the deck is not empty
        if not card.is_status:
            inv.hand.append(card)
            table.emit(CardDrawn(inv.slug, card.id, to_hand=True))
            continue
        inv.play_area.append(card)
        table.emit(CardDrawn(inv.slug, card.id, to_hand=False))
        resolve_status_cards(table, inv)
        if inv.dead:
            return
        if inv.deck and len(inv.hand) < limit:
            prompt = (
                f"{inv.name} drew {article(str(card.status))} card: draw on to {limit} or stop?"
            )
            choice = yield from ask_at_any_time(
                table, inv.slug, DecisionKind.KEEP_DRAWING, prompt, (DRAW_ON, STOP)
            )
            if isinstance(choice, StopDrawing):
                table.emit(DrawingEnded(inv.slug, "stopped"))
                return
    table.emit(DrawingEnded(inv.slug, "hand full"))


def start_of_round_tokens(table: Table, inv: Investigator) -> Proc[None]:
    """3. Status Tokens -- Start of a Round: FORTIFIED, then SURPRISED."""
    if inv.has_token(StatusToken.FORTIFIED):
        resolve_token(table, inv, StatusToken.FORTIFIED)
        yield from fortified_draw(table, inv)
    if inv.has_token(StatusToken.SURPRISED):
        resolve_token(table, inv, StatusToken.SURPRISED)
        yield from surprised_discard(table, inv)
