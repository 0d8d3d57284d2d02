"""The keys a player types for the options of a decision.

Inside a test the options change as cards are played; a number that meant
one card must not come to mean another, so there every option keeps its
number while the test goes on, and rolling the dice is always ``r``.
"""

from __future__ import annotations

from tales.rules.decisions import Decision

ROLL = "roll"


class Keys:
    def __init__(self) -> None:
        self.decision: Decision | None = None
        self.shown: dict[str, str] = {}  # key -> option id, in the order shown

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
        """Whether the numbers shown last still stand: the same test goes on."""
        last = self.decision
        return (
            last is not None
            and last.kind.in_test
            and decision.kind.in_test
            and last.actor == decision.actor
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
