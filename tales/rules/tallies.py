"""Tests that count, with no pass or fail: a weapon's blow and a Stratagem.

Rulebook, Combat: "Every weapon deals base Damage, but can also inflict
additional Damage for each Success achieved in a Skill test related to the
weapon's specified attribute ... Each Success in this test adds 1 extra
Damage." Stratagem: "For each Success achieved, place 1 Encounter token
with a Success side on the Enemy card." Every success lands; what a player
wants to know is what the successes do and whether they finish the enemy,
so these tests are told by a :class:`Tally` instead of a number "needed".
"""

from __future__ import annotations

from tales.records import record

COMBAT, STRATAGEM = "combat", "stratagem"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}es" if noun.endswith("s") else f"{n} {noun}s"


@record
class Tally:
    """What the successes of a counted test do.

    ``path``: combat or stratagem; ``base``: what lands with no success at
    all (a weapon's base Damage; 0 for a Stratagem); ``left``: the spots
    still uncovered on the Enemy card when the test begins."""

    path: str
    base: int
    left: int

    @property
    def finishing(self) -> int:
        """The successes that, with the base, cover every spot left: 0 when
        the base alone does."""
        return max(0, self.left - self.base)

    @property
    def unit(self) -> str:
        return "wound" if self.path == COMBAT else "success"

    def dealt(self, successes: int) -> int:
        """Damage or successes the test puts on the card (before the spots cap it)."""
        return self.base + successes

    def what_successes_do(self) -> str:
        """E.g. "each success adds 1 wound; 5 wounds finish it; the blow alone deals 2"."""
        finishes = "finishes" if self.left == 1 else "finish"  # "1 wound finishes it"
        finish = f"{_count(self.left, self.unit)} {finishes} it"
        if self.path == COMBAT:
            alone = f"the blow alone deals {self.base}"
            if self.finishing == 0:
                alone += ", enough to finish it"
            return f"each success adds 1 wound; {finish}; {alone}"
        return f"each success places 1 Encounter token; {finish}"

    def standing(self, successes: int) -> str:
        """Where the dice leave it: what lands, and whether it finishes."""
        dealt = self.dealt(successes)
        # A token goes on a spot: successes past the last spot place nothing
        # (a playtest read "4 Encounter tokens to place", then "3 placed").
        lands = (
            f"the blow deals {_count(dealt, 'wound')}"
            if self.path == COMBAT
            else f"{_count(min(dealt, self.left), 'Encounter token')} to place"
        )
        short = self.left - dealt
        if short <= 0:
            return f"{lands}, enough to finish it"
        return f"{lands}, {_count(short, self.unit)} short of finishing it"
