"""The keys a player types for the options of a decision.

Inside a test the options change as cards are played; a number that meant
one card must not come to mean another, so there every option keeps its
number while the test goes on, and rolling the dice is always ``r``. The
questions about the dice rolled (which red die ADVANTAGE keeps, which dice
to reroll or cancel) are numbered on their own, from 1, and keep theirs. The
same holds when an Ability is used at the team's activity question: the
question is asked again with that one option gone, and the rest keep theirs.
"""

from __future__ import annotations

from tales.errors import OptionIdError
from tales.rules.decisions import Decision, DecisionKind
from tales.rules.options import UseAbility, parse_option

ROLL = "roll"
DICE_QUESTIONS = frozenset({DecisionKind.KEEP_RED, DecisionKind.REROLL, DecisionKind.CANCEL_DIE})


class Keys:
    def __init__(self) -> None:
        self.decision: Decision | None = None
        self.shown: dict[str, str] = {}  # key -> option id, in the order shown
        self.chosen: str | None = None  # the option last taken, if it was through these keys

    def chose(self, option_id: str) -> None:
        """Note the option the player has just taken."""
        self.chosen = option_id

    def assign(self, decision: Decision) -> None:
        if decision is self.decision:
            return
        keep = self._stays(decision)
        ids = decision.ids
        numbers = {oid: key for key, oid in self.shown.items() if keep and oid in ids}
        # A number once shown in this test is never given to another option.
        used = {int(k) for k in self.shown if k.isdecimal()} if keep else set()
        shown: dict[str, str] = {}
        for option in decision.options:
            if decision.kind.in_test and option.id == ROLL:
                shown["r"] = option.id
                continue
            key = numbers.get(option.id)
            if key is None:
                n = 1
                while n in used:
                    n += 1
                used.add(n)
                key = str(n)
            shown[key] = option.id
        order = sorted(shown, key=lambda k: (not k.isdecimal(), int(k) if k.isdecimal() else 0))
        self.decision, self.shown = decision, {k: shown[k] for k in order}

    def _stays(self, decision: Decision) -> bool:
        """Whether the numbers shown last still stand: the same test goes on,
        or the same question is asked again after an Ability."""
        last = self.decision
        if last is None or last.actor != decision.actor:
            return False
        if last.kind.in_test and decision.kind.in_test:
            # The dice questions (keep which red die, which to reroll or
            # cancel) are numbered on their own, from 1, not among the cards.
            return (last.kind in DICE_QUESTIONS) == (decision.kind in DICE_QUESTIONS)
        return (
            last.kind is decision.kind
            and last.prompt == decision.prompt
            and _is_ability(self.chosen)
        )

    def option(self, key: str, decision: Decision) -> str | None:
        self.assign(decision)
        return self.shown.get(key.lower())

    def span(self) -> str:
        numbers = sorted(int(k) for k in self.shown if k.isdecimal())
        text = f"1 to {numbers[-1]}" if numbers else ""
        if "r" in self.shown:
            text = f"{text} or r" if text else "r"
        return text or "nothing"


def _is_ability(option_id: str | None) -> bool:
    if option_id is None:
        return False
    try:
        return isinstance(parse_option(option_id), UseAbility)
    except OptionIdError:  # a storybook's own option
        return False
