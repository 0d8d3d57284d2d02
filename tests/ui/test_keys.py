"""The keys of a decision (tales/ui/keys.py): a card keeps its number while a
test goes on, and the questions about the dice rolled are numbered on their
own (playtest 6: an ADVANTAGE choice numbered "1" and "7")."""

from __future__ import annotations

from typing import Any

from tales.rules.decisions import Decision, DecisionKind
from tales.rules.options import Accept, KeepRed, Option, PlayCard, Roll
from tales.ui.keys import Keys

EZRA = "ezra-marsh"
CARDS = tuple(PlayCard(f"ezra-marsh-0{n}") for n in range(1, 6))


def _asked(kind: DecisionKind, *options: Option) -> Decision:
    # The keys never read the test's state: any stands in for it.
    state: Any = object() if kind.in_test else None
    return Decision(EZRA, kind, f"{kind}?", tuple(options), context=state)


def test_a_card_keeps_its_number_while_the_test_is_prepared() -> None:
    keys = Keys()
    keys.assign(_asked(DecisionKind.PREPARE, *CARDS, Roll()))
    assert keys.shown == {**{str(n): c.id for n, c in enumerate(CARDS, 1)}, "r": "roll"}
    keys.assign(_asked(DecisionKind.PREPARE, *CARDS[2:], Roll()))
    assert list(keys.shown) == ["3", "4", "5", "r"], "the cards left keep theirs"


def test_the_red_die_to_keep_is_numbered_from_one() -> None:
    keys = Keys()
    keys.assign(_asked(DecisionKind.PREPARE, *CARDS, Roll()))
    keys.assign(_asked(DecisionKind.KEEP_RED, KeepRed(0), KeepRed(1)))
    assert keys.shown == {"1": "keep-red:0", "2": "keep-red:1"}
    assert keys.span() == "1 to 2"
    keys.assign(_asked(DecisionKind.AFTER_ROLL, Accept()))
    assert keys.shown == {"1": Accept().id}
