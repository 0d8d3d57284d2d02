"""The keys a player types for the options of a decision.

The rule, as README.md words it for players:

- In a skill test, ``r`` rolls the dice. The test's preparation (cards, a
  helper's cards, Companion markers, items, Abilities, FOCUS) is one held
  numbering, and the choices after the roll are another: there each option
  keeps the number it was first given until the test ends, even while it is
  gone from the menu for a time (a helper's cards, hidden while the
  assistance matches the cards played, come back under their numbers), and a
  number once given names no other option of that test. A menu asked in
  between (an Ability's card or die to pick) does not disturb them.
- A menu of dice numbers each die as the roll does (``3`` is white die 3, so a
  die keeps its number for the whole test); its other options come after the
  dice, and keep their numbers while the dice are picked one by one.
- The team's activity question asked again after an Ability keeps its
  numbers too (the Ability's option alone is gone).
- Every other menu, and the first menu of each numbering, reads 1 to n.

Why per part and not one numbering for the whole test: the menu after the
roll shares almost nothing with the preparation, and numbering it on from
where the preparation stopped read ``1, 2, 4, 9, 10, 11`` (playtest 7).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from itertools import count
from typing import TYPE_CHECKING

from tales.errors import OptionIdError, TalesError
from tales.rules.decisions import Decision, DecisionKind
from tales.rules.options import (
    CancelDie,
    KeepRed,
    Option,
    Roll,
    ToggleDie,
    UseAbility,
    parse_option,
)

if TYPE_CHECKING:
    from tales.story.game import Game

HELD_FOR_THE_TEST = frozenset({DecisionKind.PREPARE, DecisionKind.AFTER_ROLL})
"""The parts of a test whose numbering holds from the test's start to its end."""

WHITE_DICE_MENUS = frozenset({DecisionKind.REROLL, DecisionKind.CANCEL_DIE})


@dataclass
class Numbering:
    """The numbers given in one held numbering: an option keeps the number it
    was first given, and a number once given is never given to another."""

    numbers: dict[str, int] = field(default_factory=dict)  # option id -> number
    given: set[int] = field(default_factory=set)

    def number(self, option_id: str, fixed: int | None = None, after: int = 0) -> int:
        """``option_id``'s number: the one it was given, else ``fixed`` (a
        die's own number), else the lowest never given above ``after``."""
        known = self.numbers.get(option_id)
        if known is not None:
            return known
        if fixed is None:
            fixed = next(n for n in count(after + 1) if n not in self.given)
        self.numbers[option_id] = fixed
        self.given.add(fixed)
        return fixed


class Keys:
    def __init__(self) -> None:
        self.decision: Decision | None = None
        self.shown: dict[str, str] = {}  # key -> option id, in the order shown
        self.chosen: str | None = None  # the option last taken, if it was through these keys
        self._numbering = Numbering()  # the numbering of the decision shown last
        self._test: object | None = None  # the test (its TestState) whose numberings are held
        self._held: dict[DecisionKind, Numbering] = {}

    def chose(self, option_id: str) -> None:
        """Note the option the player has just taken."""
        self.chosen = option_id

    def assign(self, decision: Decision) -> None:
        if decision is self.decision:
            return
        numbering = self._numbering_for(decision)
        dice = _dice_count(decision)
        shown: dict[str, str] = {}
        for option in decision.options:
            if decision.kind.in_test and isinstance(option, Roll):
                shown["r"] = option.id
                continue
            number = numbering.number(option.id, _die_number(decision, option), dice)
            shown[str(number)] = option.id
        order = sorted(shown, key=lambda k: (not k.isdecimal(), int(k) if k.isdecimal() else 0))
        self.decision, self.shown = decision, {k: shown[k] for k in order}
        self._numbering = numbering

    def _numbering_for(self, decision: Decision) -> Numbering:
        """The numbering ``decision``'s options are numbered in: the held one
        of its part of the test, the last one if the same menu is asked
        again, or a new one."""
        if decision.kind in HELD_FOR_THE_TEST:
            if decision.context is not self._test:  # a new test: its numberings start afresh
                self._test, self._held = decision.context, {}
            return self._held.setdefault(decision.kind, Numbering())
        if self._asked_again(decision):
            return self._numbering
        return Numbering()

    def _asked_again(self, decision: Decision) -> bool:
        """Whether ``decision`` is the menu shown last asked again: a dice menu
        while its dice are picked, or the same question after an Ability."""
        last = self.decision
        if last is None or last.actor != decision.actor:
            return False
        if last.kind is not decision.kind or last.prompt != decision.prompt:
            return False
        if decision.kind.in_test:
            return last.context is decision.context
        return _is_ability(self.chosen)

    def replay(self, shown: Iterable[tuple[Decision, str]], then: Decision, now: Decision) -> None:
        """Number as the player saw it: ``shown`` is each decision of a game
        rebuilt from the same inputs (a load, an undo) with the option taken,
        ``then`` that game's pending decision and ``now`` the same decision
        of the game played on. A test's numbering is held by its state,
        which the rebuilt game made anew: ``now``'s takes its place."""
        for decision, option_id in shown:
            self.assign(decision)
            self.chose(option_id)
        if then.context is None:
            return
        if self._test is then.context:
            self._test = now.context
        if self.decision is not None and self.decision.context is then.context:
            self.decision = replace(self.decision, context=now.context)

    def option(self, key: str, decision: Decision) -> str | None:
        self.assign(decision)
        return self.shown.get(key.lower())

    def span(self) -> str:
        """The numbers shown, as a reader takes them in: ``1 to 4, 7 or r``."""
        numbers = sorted(int(k) for k in self.shown if k.isdecimal())
        text = _runs(numbers)
        if "r" in self.shown:
            text = f"{text} or r" if text else "r"
        return text or "nothing"


def _runs(numbers: list[int]) -> str:
    """``[1, 2, 3, 4, 7, 9, 10]`` as ``1 to 4, 7, 9 to 10``: a gap left by an option
    gone is not passed off as a number to type."""
    parts: list[str] = []
    start = 0
    for end in range(1, len(numbers) + 1):
        if end < len(numbers) and numbers[end] == numbers[end - 1] + 1:
            continue
        run = numbers[start:end]
        parts.append(f"{run[0]} to {run[-1]}" if len(run) > 1 else str(run[0]))
        start = end
    return ", ".join(parts)


def _die_number(decision: Decision, option: Option) -> int | None:
    """A die's own number in a menu of dice (white die 3 is ``3``), as the
    roll and the option's label number it; None for any other option."""
    if decision.kind in WHITE_DICE_MENUS and isinstance(option, ToggleDie | CancelDie):
        return option.index + 1
    if decision.kind is DecisionKind.KEEP_RED and isinstance(option, KeepRed):
        return option.index + 1
    return None


def _dice_count(decision: Decision) -> int:
    """How many numbers a menu of dice keeps for its dice (cancelled ones too,
    so that no other option takes a die's number); 0 for other menus."""
    state = decision.context
    if state is None:
        return 0
    if decision.kind in WHITE_DICE_MENUS:
        return len(state.white)
    if decision.kind is DecisionKind.KEEP_RED:
        return len(state.red)
    return 0


def _is_ability(option_id: str | None) -> bool:
    if option_id is None:
        return False
    try:
        return isinstance(parse_option(option_id), UseAbility)
    except OptionIdError:  # a storybook's own option
        return False


def keys_as_shown(origin: Callable[[], Game], game: Game) -> Keys:
    """The keys of ``game``, a game rebuilt from ``origin`` (a load, an
    undo), as the player saw them: its inputs are played again on a copy,
    whose menus are numbered as they were shown. A held number must mean
    the same card after a reload as before it."""
    keys, pending = Keys(), game.pending
    if pending is None or not pending.kind.in_test:
        return keys  # outside a test, no number is held past the question it is shown in
    copy, shown = origin(), []
    for option_id in game.inputs:
        if copy.pending is None:
            return keys
        shown.append((copy.pending, option_id))
        try:
            copy.apply(option_id)
        except TalesError:  # cannot happen to inputs played: the numbers start afresh
            return Keys()
    if copy.pending is not None and copy.pending.ids == pending.ids:
        keys.replay(shown, copy.pending, pending)
    return keys
