"""The state of a skill test in progress, and the dice moves every stage shares.

:class:`TestState` is public: the prompt reads it from the pending decision's
``context`` to show the dice, the tally and the live odds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import chain
from typing import ClassVar

from tales.records import record
from tales.rules.cards import Card
from tales.rules.decisions import Decision, DecisionKind, Proc
from tales.rules.dice import Face
from tales.rules.events import DieExploded, EaseFound
from tales.rules.investigators import Investigator
from tales.rules.odds import RedMode, pass_probability
from tales.rules.options import Back, Confirm, Option, ToggleDie
from tales.rules.randomness import roll_white
from tales.rules.table import Table
from tales.rules.tallies import Tally
from tales.rules.terms import Attribute, EventSymbol, StatusToken

MIN_NEED = 1  # ruling ease-floor
NO_REROLL = Back(label="Do not reroll")  # offered at every pick of dice: made once
# The same way back once dice are chosen, saying what it gives up: a player
# who typed its number for the confirmation's lost the reroll unawares.
CANCEL_REROLL = Back(label="Cancel: reroll nothing, the dice stand as rolled")


@record
class Ease:
    """Rulebook: "possessing the corresponding Item or keyword will make the test easier"."""

    by: int
    item: str | None = None
    keyword: str | None = None


@record
class TestSpec:
    __test__: ClassVar[bool] = False  # not a pytest test class
    attribute: Attribute
    need: int
    ease: Ease | None = None
    # A weapon's blow or a Stratagem: no pass or fail, every success counts
    # (``need`` is then the successes that finish the enemy, at least 1).
    tally: Tally | None = None


@dataclass
class Die:
    face: Face
    exploded: bool = False  # its Exploding Success has been used
    cancelled: bool = False


@dataclass
class TestState:
    __test__: ClassVar[bool] = False  # not a pytest test class
    actor: Investigator
    spec: TestSpec
    attribute: Attribute
    played: list[tuple[Investigator, Card]] = field(default_factory=list)
    markers: list[Investigator] = field(default_factory=list)  # companions whose marker helped
    white: list[Die] = field(default_factory=list)
    red: list[Face] = field(default_factory=list)
    red_mode: RedMode = RedMode.NORMAL
    kept_red: Face | None = None
    focus_used: bool = False
    rerolls: int = 0  # paid for in this test
    item_dice: int = 0  # white dice added by items' use markers ("+1 white die")

    @property
    def own_cards(self) -> int:
        return sum(1 for owner, _ in self.played if owner is self.actor)

    @property
    def assistance(self) -> int:
        """Played cards of others and Companion markers combined."""
        return len(self.played) - self.own_cards + len(self.markers)

    @property
    def card_successes(self) -> int:
        """Successes from cards and Companion markers: Shattered Stars never
        cancel these."""
        cards = sum(card.successes_for(self.attribute) for _, card in self.played)
        return cards + len(self.markers)

    def white_pool(self, box: int) -> int:
        """White dice for the roll, capped by the box (ruling ``white-dice-cap``)."""
        icons = sum(card.dice_for(self.attribute) for _, card in self.played)
        return min(box, icons + self.actor.bonus_white_dice + self.item_dice)

    def participants(self) -> list[Investigator]:
        people = [self.actor, *(owner for owner, _ in self.played), *self.markers]
        return list({p.slug: p for p in people}.values())

    def need(self, table: Table) -> int:
        ease = self.spec.ease
        if ease is None or not eased(table, self.participants(), ease):
            return self.spec.need
        return max(MIN_NEED, self.spec.need - ease.by)

    def dice_tally(self) -> tuple[int, int]:
        """(successes on dice, Shattered Stars). Until a red die is kept, count
        the one the mode would keep: the better under ADVANTAGE, the worse under
        DISADVANTAGE (by successes first: ruling ``red-die-ranking``)."""
        live = [d.face for d in self.white if not d.cancelled]
        pick = min if self.red_mode is RedMode.DISADVANTAGE else max
        red = self.kept_red or pick(self.red, key=lambda f: f.successes, default=None)
        successes = sum(f.successes for f in live) + (red.successes if red else 0)
        shatters = sum(f.shatters for f in live)
        if self.actor.shatters_count_next_test:
            return successes + shatters, 0
        return successes, shatters

    def successes(self) -> int:
        dice, shatters = self.dice_tally()
        return self.card_successes + max(0, dice - shatters)

    def chance(self, table: Table) -> Fraction:
        """The exact chance of passing if the dice were rolled now, for the
        best play: what the prompt shows while cards are committed. For a
        counted test, the chance that it finishes the enemy: certain when the
        blow's base Damage alone does."""
        if self.spec.tally is not None and self.spec.tally.finishing == 0:
            return Fraction(1)
        actor = self.actor
        mode, _ = red_mode_for(actor)
        return pass_probability(
            table.dice,
            white=self.white_pool(table.dice.white_count),
            cards=self.card_successes,
            need=self.need(table),
            mode=mode,
            shatters_count=actor.shatters_count_next_test,
        )


def red_mode_for(actor: Investigator) -> tuple[RedMode, StatusToken | None]:
    """The red dice a test by ``actor`` rolls, and the token that decides it.
    An investigator never holds both tokens: they cancel on gain."""
    if actor.has_token(StatusToken.ADVANTAGE):
        return RedMode.ADVANTAGE, StatusToken.ADVANTAGE
    if actor.has_token(StatusToken.DISADVANTAGE):
        return RedMode.DISADVANTAGE, StatusToken.DISADVANTAGE
    return RedMode.NORMAL, None


@record
class TestOutcome:
    __test__: ClassVar[bool] = False  # not a pytest test class
    passed: bool
    successes: int
    need: int
    symbol: EventSymbol | None


def eased(table: Table, people: list[Investigator], ease: Ease) -> bool:
    """Ruling ``ease-who-counts``: anyone taking part who holds the item, or a
    keyword that is validated or printed on a participant's board."""
    return ease_source(table, people, ease) is not None


def ease_source(table: Table, people: list[Investigator], ease: Ease) -> EaseFound | None:
    """What eases a test under ruling ``ease-who-counts``, in the order it is
    looked for; None when nothing does."""
    if ease.item:
        holder = next((p for p in people if p.item(ease.item)), None)
        if holder is not None:
            return EaseFound("item", ease.item, holder.slug)
    keyword = ease.keyword
    if keyword:
        if keyword in table.keywords:
            return EaseFound("sheet", keyword)
        # Printed on a participant's board, or on a Companion's, which "is also
        # counted as validated" (Table.keyword_validated) whether they help or not.
        companions = (i for i in table.investigators.values() if i.companion)
        holder = next((p for p in chain(people, companions) if p.sheet.keyword == keyword), None)
        if holder is not None:
            return EaseFound("board", keyword, holder.slug)
    return None


def explosion_ready(table: Table, state: TestState) -> int | None:
    """Index of a die with an unused Exploding Success, if the box has a die."""
    if len(state.white) >= table.dice.white_count:
        return None
    for index, die in enumerate(state.white):
        if die.face.explodes and not die.exploded and not die.cancelled:
            return index
    return None


def explode(table: Table, state: TestState, index: int) -> Proc[None]:
    state.white[index].exploded = True
    (face,) = yield from roll_white(table, state, 1, "The Exploding Success")
    state.white.append(Die(face))
    table.emit(DieExploded(index, face))


def choose_white_dice(state: TestState, prompt: str, confirm: str) -> Proc[list[int]]:
    """Pick white dice one at a time (toggling), then confirm; an empty list
    means the player went back."""
    chosen: list[int] = []
    while True:
        options: list[Option] = [
            ToggleDie(i, label=_toggle_label(i, d.face, i in chosen))
            for i, d in enumerate(state.white)
            if not d.cancelled
        ]
        if chosen:
            dice = "1 white die" if len(chosen) == 1 else f"{len(chosen)} white dice"
            options.append(Confirm(label=confirm.format(dice=dice)))
        options.append(CANCEL_REROLL if chosen else NO_REROLL)
        # The prompt stays as it is, so that the prompt's keys keep their numbers
        # while dice are picked (tales.ui.keys); the labels say which are chosen.
        choice = yield Decision(
            state.actor.slug, DecisionKind.REROLL, prompt, tuple(options), state
        )
        if isinstance(choice, Confirm):
            return sorted(chosen)
        if not isinstance(choice, ToggleDie):
            return []
        index = choice.index
        if index in chosen:
            chosen.remove(index)
        else:
            chosen.append(index)


def _toggle_label(index: int, face: Face, chosen: bool) -> str:
    """A die to add to the reroll, or one chosen to take back out of it."""
    if chosen:
        return f"Take white die {index + 1} ({face}) back out of the reroll"
    return f"Reroll white die {index + 1} ({face})"


def reroll_dice(table: Table, state: TestState, indexes: list[int]) -> Proc[tuple[Face, ...]]:
    """Reroll the chosen white dice. A rerolled die may explode anew; dice
    already added by its old face stay (ruling ``reroll-explosions``). Red dice
    are never rerolled."""
    spent = not table.rulings.flag("reroll-explosions")  # a rerolled explosion counts only
    faces = yield from roll_white(table, state, len(indexes), "The reroll")
    for i, face in zip(indexes, faces, strict=True):
        state.white[i] = Die(face, exploded=spent)
    return tuple(state.white[i].face for i in indexes)
