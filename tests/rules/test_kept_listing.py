"""The activity phase keeps its listing while nothing has changed
(tales.rules.round.activity_phase): every change of the table or the
story's memory emits an event, so an activity backed out of before its
payment, which emits none, is followed by the very listing it was chosen
from, and any activity that did something by a listing made anew.

Rulebook, 4. Investigator Activity: "Activities one at a time": which
activities are open is asked again before each one. These seeded games of
both bundled tales check, at every activity decision, that the listing
offered is what a fresh reading of the table lists (the same ids, labels
and order), whether it was kept or made; and that the options to keep or
return cards at the end of a round, made once per table, name the hand as
it is.
"""

from __future__ import annotations

import random

import pytest

from tales.api import load_tale, new_game
from tales.authoring.bots import POLICIES
from tales.rules.decisions import Decision, DecisionKind
from tales.rules.options import Back, Move, Option, PayCard
from tales.rules.round import activity_options
from tales.story.game import Game
from tales.story.options import StoryOption

TEAM = ("arthur-blackwood", "ezra-marsh", "irene-dubois", "laszlo-varga")


def _listed(options: tuple[Option, ...]) -> list[tuple[str, str]]:
    return [(o.id, o.label) for o in options]


def _fresh(game: Game) -> tuple[Option, ...]:
    """The listing worked out from nothing: none of the table's kept halves,
    none of its options made before (``Table.own_offers``)."""
    table = game.table
    kept, made = table.kept_activities, table.own_offers
    table.kept_activities, table.own_offers = None, {}
    try:
        return activity_options(table, game.book)
    finally:
        table.kept_activities, table.own_offers = kept, made


def _game(tale: str, seed: int) -> Game:
    return new_game(load_tale(tale), players=TEAM[:3], companions=TEAM[3:], seed=seed)


def _activity(game: Game) -> Decision:
    pending = game.pending
    assert pending is not None and pending.kind is DecisionKind.ACTIVITY
    return pending


def _at_a_move(seed: int) -> Game:
    """A game of the bundled tale played by the random bot up to its first
    activity decision that lists a move."""
    game, rng = _game("the-reef-ledger", seed), random.Random(seed)
    while (pending := game.pending) is not None:
        moves = [o for o in pending.options if isinstance(o, Move)]
        if pending.kind is DecisionKind.ACTIVITY and moves:
            return game
        game.push(POLICIES["random"](pending, game.view, rng))
    raise AssertionError("the game ended before any move was listed")


@pytest.mark.parametrize("tale", ["the-reef-ledger", "the-drowned-bell"])
@pytest.mark.parametrize("policy", ["random", "sensible"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_listing_offered_is_the_one_made_fresh(tale, policy, seed):
    game, rng, bot = _game(tale, seed), random.Random(seed), POLICIES[policy]
    last: tuple[Option, ...] | None = None
    kept = 0
    for _ in range(1500):
        pending = game.pending
        if pending is None:
            break
        if pending.kind is DecisionKind.ACTIVITY:
            assert _listed(pending.options) == _listed(_fresh(game))
            kept += pending.options is last
            last = pending.options
        game.push(bot(pending, game.view, rng))
    if policy == "random":  # the random bot backs out of payments: listings were kept
        assert kept


def _move_and_pay(game: Game, answer: type[Option]) -> None:
    """Choose the first move listed, then answer its payment with ``answer``."""
    move = next(o for o in _activity(game).options if isinstance(o, Move))
    game.push(move)
    pay = game.pending
    assert pay is not None and pay.kind is DecisionKind.PAY
    game.push(next(o for o in pay.options if isinstance(o, answer)))


def test_a_payment_backed_out_of_lists_again_what_was_listed():
    game = _at_a_move(7)
    before = _activity(game).options
    _move_and_pay(game, Back)
    assert _activity(game).options is before  # nothing changed: nothing asked again


def test_a_move_paid_for_is_followed_by_a_listing_of_the_table_as_it_now_is():
    game = _at_a_move(7)
    before = _activity(game).options
    _move_and_pay(game, PayCard)
    after = _activity(game).options
    assert after is not before and _listed(after) != _listed(before)
    assert _listed(after) == _listed(_fresh(game))


def test_a_listing_made_anew_offers_the_options_it_made_before():
    """The rules' own options are values made once per table: the mover's
    other options, listed again after the move, are the very ones offered
    before it, not new ones with their labels written again."""
    game = _at_a_move(7)
    before = {o.id: o for o in _activity(game).options if not isinstance(o, StoryOption)}
    _move_and_pay(game, PayCard)
    again = [o for o in _activity(game).options if o.id in before]
    assert again and all(o is before[o.id] for o in again)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_options_to_keep_or_return_cards_name_the_hand_as_it_is(seed):
    """ "If, for some reason, you wish to keep a card or cards in your hand,
    you may do so": the keep option counts the cards left, and each card left
    is offered to be shuffled back under its own name, though those options
    are made once and offered again."""
    game, rng = _game("the-reef-ledger", seed), random.Random(seed)
    asked = 0
    for _ in range(1500):
        pending = game.pending
        if pending is None:
            break
        if pending.kind is DecisionKind.KEEP_CARDS:
            hand = game.table.investigator(pending.actor or "").hand
            left = f"the {len(hand)} cards" if len(hand) > 1 else "the one card"
            fresh = [("keep", f"Keep {left} left in hand")]
            fresh += [(f"return:{c.id}", f"Shuffle back {c}") for c in hand]
            assert _listed(pending.options)[: len(fresh)] == fresh
            asked += 1
        game.push(POLICIES["random"](pending, game.view, rng))
    assert asked
