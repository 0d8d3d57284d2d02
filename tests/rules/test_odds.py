"""Exact pass probabilities of a skill test (tales.rules.odds).

Three independent witnesses pin the dynamic programme down: sums worked out by
hand, a brute-force enumeration of every possible sequence of rolls for a small
box, and a seeded Monte Carlo that plays the explosion policy with the real
``DiceSet.roll_white`` / ``roll_red``. Hypothesis then checks the orderings a
probability of passing must respect.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tales.errors import OddsError
from tales.rules.dice import DiceSet, Face
from tales.rules.odds import OddsTable, RedMode, odds_table, pass_probability

# The core box, copied from storybooks/core/dice.yaml so the tests do not read files.
CORE_WHITE = ["blank", "blank", "success", "success", "explode", "shatter"]
CORE_RED = ["blank", "success", "success", "skull", "tentacle", "star"]
CORE = DiceSet.from_words(CORE_WHITE, CORE_RED)

MODES = list(RedMode)


@pytest.fixture(scope="module")
def core() -> OddsTable:
    return odds_table(CORE)


def p(
    dice: DiceSet = CORE,
    *,
    white: int = 0,
    cards: int = 0,
    need: int = 1,
    mode: RedMode = RedMode.NORMAL,
    shatters_count: bool = False,
) -> Fraction:
    """pass_probability with the defaults a test usually wants."""
    return pass_probability(
        dice, white=white, cards=cards, need=need, mode=mode, shatters_count=shatters_count
    )


# --- hand-computed cases ----------------------------------------------------------


def test_red_die_alone_normal() -> None:
    # No white dice: only the red die can succeed; 2 of its 6 faces are successes.
    assert p(white=0, need=1) == Fraction(1, 3)


def test_red_die_alone_advantage_keeps_the_better() -> None:
    # Fails only if both red dice miss: 1 - (4/6)^2 = 1 - 16/36 = 5/9.
    assert p(white=0, need=1, mode=RedMode.ADVANTAGE) == Fraction(5, 9)


def test_red_die_alone_disadvantage_keeps_the_worse() -> None:
    # Passes only if both red dice succeed: (2/6)^2 = 1/9.
    assert p(white=0, need=1, mode=RedMode.DISADVANTAGE) == Fraction(1, 9)


def test_red_die_alone_cannot_make_two() -> None:
    # One red die shows at most one success; red dice never explode.
    for mode in MODES:
        assert p(white=0, need=2, mode=mode) == 0


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(("white", "cards", "need"), [(0, 0, 0), (0, 3, 3), (6, 5, 2), (2, 9, 9)])
def test_need_met_by_cards_always_passes(
    white: int, cards: int, need: int, mode: RedMode, core: OddsTable
) -> None:
    # Shatters never cancel card successes, so need <= cards cannot fail.
    assert core.probability(white=white, cards=cards, need=need, mode=mode) == 1


@pytest.mark.ruling("exploding-success-counts")
def test_one_white_die_need_one() -> None:
    # Box of 6, pool of 1, so 5 dice are left for explosions.
    # Red success (2/6): white blank/success/explode all pass (explode: already
    #   passed, so no extra die); shatter cancels the red success -> 5/6.
    # Red miss (4/6): success or explode pass (explode counts 1, then stop);
    #   blank fails; shatter leaves -1 with nothing to roll -> 3/6.
    # Total: 2/6 * 5/6 + 4/6 * 3/6 = 10/36 + 12/36 = 22/36 = 11/18.
    assert p(white=1, need=1) == Fraction(11, 18)


def test_one_white_die_need_two_uses_the_explosion() -> None:
    # Red success (2/6), running total 1: white success -> 2 pass; explode -> 2
    #   pass; blank -> 1 fail; shatter -> 0 fail: 3/6.
    # Red miss (4/6), total 0: only explode helps (total 1, one extra die):
    #   extra success or explode -> 2 pass, blank -> 1, shatter -> 0: 3/6.
    #   So 1/6 * 3/6 = 1/12.
    # Total: 2/6 * 3/6 + 4/6 * 1/12 = 12/72 + 4/72 = 16/72 = 2/9.
    assert p(white=1, need=2) == Fraction(2, 9)


def test_full_pool_needs_every_die() -> None:
    # All 6 white dice in the pool leave none for explosions, so 7 successes
    # need every white die to show success or explode (3/6 each) and the red
    # die a success (2/6): (1/2)^6 * 1/3 = 1/192.
    assert p(white=6, need=7) == Fraction(1, 192)


def test_impossible_need_is_zero(core: OddsTable) -> None:
    # At most 6 white successes (the box) plus 1 red.
    assert core.max_dice_successes == 7
    for mode in MODES:
        for shatters_count in (False, True):
            assert p(white=6, need=8, mode=mode, shatters_count=shatters_count) == 0
            assert p(white=3, cards=2, need=10, mode=mode, shatters_count=shatters_count) == 0


def test_shatters_counting_raises_the_odds() -> None:
    # As test_one_white_die_need_one, but the shatter now counts +1:
    # red success (2/6): every white face passes -> 1;
    # red miss (4/6): success, explode, shatter pass, blanks fail -> 4/6.
    # Total: 2/6 + 4/6 * 4/6 = 12/36 + 16/36 = 28/36 = 7/9 (> 11/18).
    assert p(white=1, need=1, shatters_count=True) == Fraction(7, 9)


def test_shatter_cancels_a_later_explosion_success() -> None:
    # White dice that always shatter or always explode, in a box of 2.
    # A pool of 1 "explode" die: 1 success, and the extra die (the box has one
    # left) adds a second: need 2 always passes.
    exploding = DiceSet.from_words(["explode"] * 6, ["blank"] * 6)
    exploding = dataclasses.replace(exploding, white_count=2)
    assert p(exploding, white=1, need=2) == 1
    assert p(exploding, white=1, need=3) == 0
    # Half shatter, half explode: from one die, need 1.
    # explode (1/2): total 1 -> passed, stop. shatter (1/2): total -1, no
    # explosion -> fail. So 1/2; the shatter is never "used up" by a card.
    mixed = DiceSet.from_words(["explode"] * 3 + ["shatter"] * 3, ["blank"] * 6)
    assert p(mixed, white=1, need=1) == Fraction(1, 2)
    # Three dice, need 1, three left in the box; each die is E or S at 1/2.
    #   EEE (1/8) nets 3 and 2E+S (3/8) nets 1: pass.
    #   E+2S (3/8) nets -1 with one explosion: the shatter left over cancels
    #   the next success too, so it takes two exploding extra dice in a row
    #   (an S ends the chain): 1/4. SSS (1/8) fails.
    #   Total: 1/8 + 3/8 + 3/8 * 1/4 = 19/32. (Had the surplus shatter been
    #   lost, E+2S would pass on one extra E and the total would be 11/16.)
    assert p(mixed, white=3, need=1) == Fraction(19, 32)


def test_shatter_never_cancels_card_successes() -> None:
    # Every white face shatters, every red face succeeds.
    dice = DiceSet.from_words(["shatter"] * 6, ["success"] * 6)
    # Red 1 - 3 shatters = -2 -> dice total clamps to 0; the card stays.
    assert p(dice, white=3, cards=1, need=1) == 1
    assert p(dice, white=3, cards=1, need=2) == 0
    # With the ability the three stars count: 1 card + 1 red + 3 = 5.
    assert p(dice, white=3, cards=1, need=5, shatters_count=True) == 1
    assert p(dice, white=3, cards=1, need=6, shatters_count=True) == 0


def test_explosions_stop_when_the_box_is_empty() -> None:
    # White dice that always explode: each die earns the next, so the dice
    # total is exactly the box size, whatever the pool.
    dice = DiceSet.from_words(["explode"] * 6, ["blank"] * 6)
    assert p(dice, white=0, need=1) == 0  # no white die, nothing to explode
    for white in range(1, 7):
        assert p(dice, white=white, need=6) == 1
        assert p(dice, white=white, need=7) == 0
    small_box = dataclasses.replace(dice, white_count=3)
    assert p(small_box, white=1, need=3) == 1
    assert p(small_box, white=1, need=4) == 0


def test_all_blank_white_dice_leave_only_the_red_die() -> None:
    dice = DiceSet.from_words(["blank"] * 6, CORE_RED)
    for white in range(7):
        assert p(dice, white=white, need=1) == Fraction(1, 3)
        assert p(dice, white=white, need=1, mode=RedMode.ADVANTAGE) == Fraction(5, 9)
        assert p(dice, white=white, need=1, mode=RedMode.DISADVANTAGE) == Fraction(1, 9)
        assert p(dice, white=white, need=2) == 0
        assert p(dice, white=white, cards=1, need=2) == Fraction(1, 3)


@pytest.mark.ruling("red-die-ranking")
def test_red_face_with_two_symbols_is_ranked_by_successes() -> None:
    # "success+skull" is a success; ADVANTAGE keeps it over a bare star.
    dice = DiceSet.from_words(["blank"] * 6, ["success+skull", "star"] * 3)
    assert p(dice, need=1) == Fraction(1, 2)
    assert p(dice, need=1, mode=RedMode.ADVANTAGE) == Fraction(3, 4)  # 1 - (1/2)^2
    assert p(dice, need=1, mode=RedMode.DISADVANTAGE) == Fraction(1, 4)  # (1/2)^2


def test_a_box_with_one_red_die_rolls_one() -> None:
    # Components Golden Rule: with no second red die, ADVANTAGE and
    # DISADVANTAGE roll the one there is.
    dice = dataclasses.replace(CORE, red_count=1)
    for mode in MODES:
        assert p(dice, white=0, need=1, mode=mode) == Fraction(1, 3)


def test_module_function_agrees_with_the_cached_table(core: OddsTable) -> None:
    assert odds_table(DiceSet.from_words(CORE_WHITE, CORE_RED)) is core
    for white, need, mode in itertools.product(range(7), range(9), MODES):
        assert p(white=white, need=need, mode=mode) == core.probability(
            white=white, cards=0, need=need, mode=mode
        )


def test_mode_may_be_given_by_its_word(core: OddsTable) -> None:
    assert core.probability(white=2, cards=0, need=2, mode="advantage") == core.probability(  # type: ignore[arg-type]
        white=2, cards=0, need=2, mode=RedMode.ADVANTAGE
    )


# --- brute force: every sequence of rolls in a small box ------------------------


def _enumerated(dice: DiceSet, *, white: int, need: int, mode: RedMode, sc: bool) -> Fraction:
    """P(pass) by listing every face of every white die that could possibly be rolled.

    Pre-rolling the whole box in a fixed order and drawing extra dice from that
    order is the same experiment as rolling them one at a time when needed. The
    red dice are listed separately (they are independent of the white ones) and
    grouped by the successes of the die kept.
    """
    reds = 1 if mode is RedMode.NORMAL else 2
    keep = min if mode is RedMode.DISADVANTAGE else max
    kept = Counter(
        keep(face.successes for face in roll) for roll in itertools.product(dice.red, repeat=reds)
    )
    passes = 0
    for faces in itertools.product(dice.white, repeat=dice.white_count):
        pool, extra = faces[:white], faces[white:]
        passes += sum(
            ways * _plays_to_pass(pool, extra, red, need=need, sc=sc) for red, ways in kept.items()
        )
    return Fraction(passes, 6 ** (dice.white_count + reds))


def _plays_to_pass(
    pool: Sequence[Face], extra: Sequence[Face], red: int, *, need: int, sc: bool
) -> bool:
    """Best play: roll an extra die while an explosion is unused and the test fails."""
    rolled = list(pool)
    unused = sum(face.explodes for face in rolled)
    for face in extra:
        if unused == 0 or _total(rolled, red, sc) >= need:
            break
        rolled.append(face)
        unused += face.explodes - 1
    return _total(rolled, red, sc) >= need


def _total(rolled: Sequence[Face], red: int, sc: bool) -> int:
    """Dice successes after shatters (or with them, under the ability), never below 0."""
    successes = red + sum(face.successes for face in rolled)
    stars = sum(face.shatters for face in rolled)
    return successes + stars if sc else max(0, successes - stars)


@pytest.mark.parametrize("mode", MODES)
def test_agrees_with_enumeration_of_a_small_box(mode: RedMode) -> None:
    small = dataclasses.replace(CORE, white_count=3)
    table = OddsTable(small)
    for white, need, sc in itertools.product(range(4), range(1, 6), (False, True)):
        exact = _enumerated(small, white=white, need=need, mode=mode, sc=sc)
        got = table.probability(white=white, cards=0, need=need, mode=mode, shatters_count=sc)
        assert got == exact, (white, need, sc)


# --- Monte Carlo with the real dice ---------------------------------------------


def _simulate_once(
    rng: random.Random, dice: DiceSet, white: int, cards: int, need: int, mode: RedMode
) -> bool:
    """One test rolled with DiceSet.roll_white / roll_red, played by best play."""
    reds = [dice.roll_red(rng).successes for _ in range(1 if mode is RedMode.NORMAL else 2)]
    red = min(reds) if mode is RedMode.DISADVANTAGE else max(reds)
    rolled = [dice.roll_white(rng) for _ in range(white)]
    unused = sum(face.explodes for face in rolled)
    in_box = dice.white_count - white
    while unused and in_box and cards + _total(rolled, red, False) < need:
        face = dice.roll_white(rng)
        rolled.append(face)
        in_box -= 1
        unused += face.explodes - 1
    return cards + _total(rolled, red, False) >= need


@pytest.mark.parametrize(
    ("white", "cards", "need", "mode", "seed"),
    [
        (1, 0, 2, RedMode.NORMAL, 11),
        (2, 0, 3, RedMode.NORMAL, 12),
        (3, 1, 4, RedMode.ADVANTAGE, 13),
        (4, 0, 3, RedMode.DISADVANTAGE, 14),
    ],
)
def test_agrees_with_simulation(
    white: int, cards: int, need: int, mode: RedMode, seed: int, core: OddsTable
) -> None:
    trials = 20_000
    rng = random.Random(seed)
    wins = sum(_simulate_once(rng, CORE, white, cards, need, mode) for _ in range(trials))
    exact = float(core.probability(white=white, cards=cards, need=need, mode=mode))
    standard_error = math.sqrt(exact * (1 - exact) / trials)
    assert abs(wins / trials - exact) < 4 * standard_error


# --- invariants -----------------------------------------------------------------

whites = st.integers(min_value=0, max_value=6)
cards_st = st.integers(min_value=0, max_value=9)
needs = st.integers(min_value=0, max_value=14)
modes = st.sampled_from(MODES)

WHITE_WORDS = ["blank", "success", "explode", "shatter", "success+explode", "explode+shatter"]
RED_WORDS = ["blank", "success", "skull", "tentacle", "star", "success+star"]


@st.composite
def layouts(draw: st.DrawFn) -> DiceSet:
    """A legal face layout, in a box of 0 to 6 white dice and 1 or 2 red."""
    white = draw(st.lists(st.sampled_from(WHITE_WORDS), min_size=6, max_size=6))
    red = draw(st.lists(st.sampled_from(RED_WORDS), min_size=6, max_size=6))
    dice = DiceSet.from_words(white, red)
    return dataclasses.replace(
        dice,
        white_count=draw(st.integers(min_value=0, max_value=6)),
        red_count=draw(st.integers(min_value=1, max_value=2)),
    )


@settings(max_examples=50, deadline=None)
@given(dice=layouts(), data=st.data())
def test_orderings_hold_for_any_layout(dice: DiceSet, data: st.DataObject) -> None:
    table = odds_table(dice)
    white = data.draw(st.integers(min_value=0, max_value=dice.white_count), label="white")
    cards = data.draw(cards_st, label="cards")
    need = data.draw(needs, label="need")
    mode = data.draw(modes, label="mode")
    sc = data.draw(st.booleans(), label="shatters_count")

    def at(
        *, cards: int = cards, need: int = need, mode: RedMode = mode, sc: bool = sc
    ) -> Fraction:
        return table.probability(white=white, cards=cards, need=need, mode=mode, shatters_count=sc)

    here = at()
    assert 0 <= here <= 1
    assert at(cards=cards + 1) >= here
    assert at(need=need + 1) <= here
    assert at(mode=RedMode.ADVANTAGE) >= at(mode=RedMode.NORMAL) >= at(mode=RedMode.DISADVANTAGE)
    assert at(sc=True) >= at(sc=False)


@settings(max_examples=150, deadline=None)
@given(white=whites, cards=cards_st, need=needs, mode=modes, sc=st.booleans())
def test_orderings_hold_for_the_core_dice(
    white: int, cards: int, need: int, mode: RedMode, sc: bool
) -> None:
    core = odds_table(CORE)

    def at(
        white: int = white, cards: int = cards, need: int = need, mode: RedMode = mode
    ) -> Fraction:
        return core.probability(white=white, cards=cards, need=need, mode=mode, shatters_count=sc)

    here = at()
    assert 0 <= here <= 1
    if white < 6:
        assert at(white=white + 1) >= here
    assert at(cards=cards + 1) >= here
    assert at(need=need + 1) <= here
    assert at(mode=RedMode.ADVANTAGE) >= at(mode=RedMode.NORMAL) >= at(mode=RedMode.DISADVANTAGE)
    assert core.probability(
        white=white, cards=cards, need=need, mode=mode, shatters_count=True
    ) >= core.probability(white=white, cards=cards, need=need, mode=mode, shatters_count=False)


def test_more_white_dice_never_hurt_with_the_core_dice(core: OddsTable) -> None:
    # Exhaustive over every input that is not trivially 0 or 1: an extra die in
    # the pool is rolled for certain (and may shatter after the test was already
    # made), yet with the core faces it is always worth at least as much as
    # keeping it in the box for explosions.
    for mode, sc, need in itertools.product(MODES, (False, True), range(1, 9)):
        row = [
            core.probability(white=w, cards=0, need=need, mode=mode, shatters_count=sc)
            for w in range(7)
        ]
        assert row == sorted(row), (mode, sc, need, row)


def test_more_white_dice_can_hurt_with_other_faces() -> None:
    # Why monotonicity in white is checked only for the core dice: a layout of
    # mostly Shattered Stars makes every extra die a liability.
    dice = DiceSet.from_words(["shatter"] * 5 + ["success"], ["success"] * 6)
    assert p(dice, white=1, need=1) < p(dice, white=0, need=1) == 1


# --- errors ---------------------------------------------------------------------


def test_too_many_white_dice(core: OddsTable) -> None:
    with pytest.raises(OddsError, match=r"at most 6 white dice; 7 were asked"):
        core.probability(white=7, cards=0, need=1)


def test_the_box_size_bounds_the_pool() -> None:
    small = dataclasses.replace(CORE, white_count=3)
    with pytest.raises(OddsError, match=r"at most 3 white dice; 4 were asked"):
        p(small, white=4)


@pytest.mark.parametrize(
    ("name", "white", "cards", "need"),
    [("white", -2, 0, 1), ("cards", 1, -2, 1), ("need", 1, 0, -2)],
)
def test_negative_counts_are_rejected(
    name: str, white: int, cards: int, need: int, core: OddsTable
) -> None:
    with pytest.raises(OddsError, match=rf"^{name} .*cannot be negative; -2 was asked"):
        core.probability(white=white, cards=cards, need=need)


@pytest.mark.parametrize("bad", [1.5, "2", True, None])
def test_counts_must_be_whole_numbers(bad: object, core: OddsTable) -> None:
    with pytest.raises(OddsError, match=rf"whole number, not {bad!r}"):
        core.probability(white=bad, cards=0, need=1)  # type: ignore[arg-type]


def test_unknown_mode_and_shatter_flag(core: OddsTable) -> None:
    with pytest.raises(OddsError, match=r"'sideways' is not a red-die mode"):
        core.probability(white=1, cards=0, need=1, mode="sideways")  # type: ignore[arg-type]
    with pytest.raises(OddsError, match=r"True or False, not 'yes'"):
        core.probability(white=1, cards=0, need=1, shatters_count="yes")  # type: ignore[arg-type]


def test_odds_error_is_a_value_error() -> None:
    assert issubclass(OddsError, ValueError)
