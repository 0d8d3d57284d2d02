"""Exact odds of passing a skill test, by dynamic programming over the dice.

A test rolls ``white`` white dice and one red die (two with ADVANTAGE or
DISADVANTAGE), adds ``cards`` guaranteed successes from played cards and
Companion markers, and passes when the total reaches ``need``. The rulebook's
section "2. Dice Roll" makes two faces awkward to count by hand:

* an Exploding Success earns an optional extra white die from those still in
  the box, and that die may explode in turn while the box lasts;
* a Shattered Star cancels one success rolled on dice (never a card success),
  including successes that later explosions bring in.

Because a shatter cancels later successes too, only the *signed* running total
"dice successes minus shatters" matters while exploding; the max(0, ...) clamp
is applied once, at the end. With a deficit ``d = need - cards >= 1`` the test
passes exactly when that signed total reaches ``d``, so the clamp never needs to
be modelled at all.

The explosion policy is the contract's best play: roll an extra die whenever an
explosion is unused, a die is left in the box and the test is not yet passed;
stop as soon as it is passed. It is optimal, not merely convenient: stopping
while failing fails for certain, and stopping once passed passes for certain.

Every probability is an integer count over a power of six, so the tables hold
exact :class:`~fractions.Fraction` values and a query is a dictionary lookup,
a subtraction and two tuple indexings. Nothing here samples, reads files or
keeps state besides the cached tables.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from enum import StrEnum
from fractions import Fraction

from tales.errors import OddsError
from tales.rules.dice import DiceSet, Face

__all__ = ["OddsError", "OddsTable", "RedMode", "odds_table", "pass_probability"]

_SIDES = 6  # DiceSet insists on six faces per die
_ONE = Fraction(1)
_ZERO = Fraction(0)

# One white face as it matters to the odds: (signed successes, explodes as 0/1).
_Step = tuple[int, int]
# A probability numerator over 6**box for the explosion phase, given the signed
# dice total so far, the unused explosions and the white dice left in the box.
_Continuation = Callable[[int, int, int], int]


class RedMode(StrEnum):
    """How many red dice a test rolls and which one it keeps."""

    NORMAL = "normal"  # one red die
    ADVANTAGE = "advantage"  # two red dice, keep the one the player prefers
    DISADVANTAGE = "disadvantage"  # two red dice, keep the worse


# Red dice rolled per mode, before the box's own limit (``DiceSet.red_count``).
_RED_DICE_WANTED = {RedMode.NORMAL: 1, RedMode.ADVANTAGE: 2, RedMode.DISADVANTAGE: 2}


class OddsTable:
    """Built once per (DiceSet); answers queries from precomputed tables.

    The tables hold, for every red mode and both settings of ``shatters_count``,
    P(pass | white dice in the pool, deficit) for every deficit that can still
    go either way. Deficits of zero or less always pass; deficits above the most
    successes the dice can ever show always fail, so neither needs storing.
    """

    __slots__ = ("_dice", "_max_deficit", "_tables")

    def __init__(self, dice: DiceSet) -> None:
        if dice.white_count < 0 or dice.red_count < 0:
            raise OddsError(
                f"a box cannot hold a negative number of dice; this one holds "
                f"{dice.white_count!r} white and {dice.red_count!r} red"
            )
        self._dice = dice
        self._max_deficit = _max_dice_successes(dice)
        self._tables = {
            (mode, shatters_count): _build_table(dice, mode, shatters_count, self._max_deficit)
            for mode in RedMode
            for shatters_count in (False, True)
        }

    @property
    def dice(self) -> DiceSet:
        """The dice these tables were built for."""
        return self._dice

    @property
    def max_dice_successes(self) -> int:
        """The most successes the dice alone can ever contribute to one test."""
        return self._max_deficit

    def probability(
        self,
        *,
        white: int,
        cards: int,
        need: int,
        mode: RedMode = RedMode.NORMAL,
        shatters_count: bool = False,
    ) -> Fraction:
        """The exact chance that a test with these inputs passes under best play.

        ``white`` is the white dice in the initial pool, ``cards`` the guaranteed
        successes from cards and Companion markers, ``need`` the successes the
        test requires. ``shatters_count`` is the investigator ability under which
        every Shattered Star counts as a success instead of cancelling one.
        """
        table = self._table(mode, shatters_count)
        white = self._pool_size(white)
        need = _count("need", need, "required successes")
        deficit = need - _count("cards", cards, "guaranteed successes")
        if deficit <= 0:
            return _ONE
        if deficit > self._max_deficit:
            return _ZERO
        return table[white][deficit]

    def _table(self, mode: RedMode, shatters_count: bool) -> tuple[tuple[Fraction, ...], ...]:
        """The table for one mode: a plain lookup, so valid queries stay fast;
        only a failed lookup pays for working out what was wrong."""
        try:
            return self._tables[mode, shatters_count]
        except (KeyError, TypeError):
            pass
        if not isinstance(shatters_count, bool):
            raise OddsError(f"shatters_count is either True or False, not {shatters_count!r}")
        modes = ", ".join(repr(m.value) for m in RedMode)
        raise OddsError(f"{mode!r} is not a red-die mode; use one of {modes}")

    def _pool_size(self, white: object) -> int:
        """``white`` checked against the box: the initial pool cannot outgrow it."""
        count = _count("white", white, "white dice")
        limit = self._dice.white_count
        if count > limit:
            raise OddsError(f"a pool holds at most {limit} white dice; {white!r} were asked")
        return count


@functools.lru_cache(maxsize=16)
def odds_table(dice: DiceSet) -> OddsTable:
    """The odds tables for ``dice``, built on first use and then shared.

    A game uses one box of dice, so the cache is tiny; it is keyed on the
    (frozen, hashable) DiceSet so a different face layout gets its own tables.
    """
    return OddsTable(dice)


def pass_probability(
    dice: DiceSet,
    *,
    white: int,
    cards: int,
    need: int,
    mode: RedMode = RedMode.NORMAL,
    shatters_count: bool = False,
) -> Fraction:
    """The exact chance that a test passes; see :meth:`OddsTable.probability`."""
    return odds_table(dice).probability(
        white=white, cards=cards, need=need, mode=mode, shatters_count=shatters_count
    )


def _count(name: str, value: object, what: str) -> int:
    """``value`` if it is a non-negative whole number; bools are not counts."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise OddsError(f"{name} counts {what}, so it must be a whole number, not {value!r}")
    if value < 0:
        raise OddsError(f"{name} counts {what} and cannot be negative; {value!r} was asked")
    return value


# --- building the tables ------------------------------------------------------


def _white_steps(faces: Iterable[Face], shatters_count: bool) -> tuple[_Step, ...]:
    """Each white face as (signed successes, explodes).

    A Shattered Star is -1 (it cancels one success, now or later) or, with the
    ``shatters_count`` ability, +1. An Exploding Success already counts its own
    success through :attr:`Face.successes`.
    """
    sign = 1 if shatters_count else -1
    return tuple((face.successes + sign * int(face.shatters), int(face.explodes)) for face in faces)


def _max_dice_successes(dice: DiceSet) -> int:
    """An upper bound on the dice's contribution: every white die in the box at
    its best face (shatters counting, as under the ability) plus the best red face.

    Explosions never bring in more white dice than the box holds, so this bound
    covers every pool size; deficits above it can only fail.
    """
    best_white = max(delta for delta, _ in _white_steps(dice.white, shatters_count=True))
    best_red = max(face.successes for face in dice.red) if dice.red_count else 0
    return dice.white_count * max(best_white, 0) + best_red


def _red_counts(dice: DiceSet, mode: RedMode) -> tuple[Mapping[int, int], int]:
    """Kept red successes -> number of ways, and how many red dice were rolled.

    Only successes matter for passing, and more successes is always better
    (ruling ``red-die-ranking``: event symbols only break ties), so ADVANTAGE
    keeps the most and DISADVANTAGE the fewest. If the box lacks a second red
    die, the Components Golden Rule says to carry on without it.
    """
    rolled = min(_RED_DICE_WANTED[mode], dice.red_count)
    rolls = itertools.product(dice.red, repeat=rolled)
    return Counter(_kept_successes(roll, mode) for roll in rolls), rolled


def _kept_successes(roll: tuple[Face, ...], mode: RedMode) -> int:
    """The successes of the red die kept from one roll (0 if none was rolled)."""
    successes = [face.successes for face in roll]
    if not successes:
        return 0
    return min(successes) if mode is RedMode.DISADVANTAGE else max(successes)


def _pool_counts(steps: tuple[_Step, ...], white: int) -> Mapping[_Step, int]:
    """(signed successes, explosions) of the initial white roll -> number of ways."""
    counts: Counter[_Step] = Counter({(0, 0): 1})
    for _ in range(white):
        counts = _add_die(counts, steps)
    return counts


def _add_die(counts: Mapping[_Step, int], steps: tuple[_Step, ...]) -> Counter[_Step]:
    """Convolve one more white die into a (successes, explosions) distribution."""
    out: Counter[_Step] = Counter()
    for (net, explosions), ways in counts.items():
        for delta, explodes in steps:
            out[net + delta, explosions + explodes] += ways
    return out


def _continuation(steps: tuple[_Step, ...], deficit: int) -> _Continuation:
    """Numerators over ``6**box`` of P(pass) during the explosion phase, under best play.

    With a signed dice total ``net``, ``pending`` unused explosions and ``box``
    white dice left: passed already -> stop (certain pass); no explosion or no
    die left -> the roll is final (certain fail); otherwise roll one extra die,
    which spends an explosion, may earn a new one, and takes a die from the box.
    """

    @functools.cache
    def numerator(net: int, pending: int, box: int) -> int:
        if net >= deficit:
            certain: int = _SIDES**box  # every remaining way passes
            return certain
        if pending == 0 or box == 0:
            return 0
        return sum(
            numerator(net + delta, pending - 1 + explodes, box - 1) for delta, explodes in steps
        )

    return numerator


def _pass_ways(
    pool: Mapping[_Step, int],
    red: Mapping[int, int],
    after: _Continuation,
    box: int,
) -> int:
    """Numerator over ``6**(white + red dice + box)`` of P(pass) for one pool size.

    The red die is rolled with the pool, so its successes are known before any
    explosion is spent; they simply join the signed total.
    """
    return sum(
        pool_ways * red_ways * after(net + kept, explosions, box)
        for (net, explosions), pool_ways in pool.items()
        for kept, red_ways in red.items()
    )


def _build_table(
    dice: DiceSet, mode: RedMode, shatters_count: bool, max_deficit: int
) -> tuple[tuple[Fraction, ...], ...]:
    """P(pass) indexed ``[white][deficit]`` for one red mode and shatter rule.

    Index 0 of each row (deficit 0, a certain pass) is filled in so a row can be
    indexed by the deficit directly.
    """
    steps = _white_steps(dice.white, shatters_count)
    red, red_dice = _red_counts(dice, mode)
    pools = [_pool_counts(steps, white) for white in range(dice.white_count + 1)]
    denominator = _SIDES ** (dice.white_count + red_dice)
    continuations = [_continuation(steps, deficit) for deficit in range(1, max_deficit + 1)]
    return tuple(
        (
            _ONE,
            *(
                Fraction(_pass_ways(pool, red, after, dice.white_count - white), denominator)
                for after in continuations
            ),
        )
        for white, pool in enumerate(pools)
    )
