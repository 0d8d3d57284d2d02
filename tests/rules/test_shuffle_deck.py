"""The setup's deck shuffle is ``random.Random.shuffle`` itself: the same
order from the same seed and the generator left in the same state, so a
seeded game deals as it always has ("shuffle the deck" in every setup)."""

from __future__ import annotations

import random

import pytest

from tales.rules.setup import shuffle_deck


@pytest.mark.parametrize("seed", range(40))
def test_the_same_order_and_state_as_random_shuffle(seed: int) -> None:
    for size in (0, 1, 2, 3, 7, 16, 21, 33, 64):
        ours, theirs = random.Random(seed * 100 + size), random.Random(seed * 100 + size)
        ours.random(), theirs.random()  # mid-stream, as after earlier draws
        cards, expected = list(range(size)), list(range(size))
        shuffle_deck(ours, cards)  # type: ignore[arg-type]
        theirs.shuffle(expected)
        assert cards == expected
        assert ours.getstate() == theirs.getstate()


def test_another_generator_shuffles_by_its_own_method() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
            x.reverse()

    cards = [1, 2, 3]
    shuffle_deck(Reversing(1), cards)  # type: ignore[arg-type]
    assert cards == [3, 2, 1]
