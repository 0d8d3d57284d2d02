"""Counted tests (tales.rules.tallies): a weapon's blow and a Stratagem have
no pass or fail (playtest 6: a Trench Shotgun's blow was told "Failed: 1
success, 3 needed" and then dealt 3 wounds).

Rulebook, Combat: "Every weapon deals base Damage, but can also inflict
additional Damage for each Success achieved in a Skill test related to the
weapon's specified attribute ... Each Success in this test adds 1 extra
Damage." Stratagem: "For each Success achieved, place 1 Encounter token
with a Success side on the Enemy card."
"""

from __future__ import annotations

from fractions import Fraction

from tales.rules.encounters import combat, stratagem
from tales.rules.events import TestResolved
from tales.rules.tallies import Tally
from tales.rules.teststate import TestState
from tales.story.core import Core
from tests.conftest import load_dice, red, run
from tests.rules.test_encounters import EZRA, MARGARET, harbour, of, wrecker_at


def test_a_blow_says_what_each_success_adds_and_what_finishes_the_enemy() -> None:
    shotgun = Tally("combat", base=2, left=5)
    assert shotgun.finishing == 3
    assert shotgun.what_successes_do() == (
        "each success adds 1 wound; 5 wounds finish it; the blow alone deals 2"
    )
    assert shotgun.standing(1) == "the blow deals 3 wounds, 2 wounds short of finishing it"
    assert shotgun.standing(3) == "the blow deals 5 wounds, enough to finish it"


def test_a_blow_whose_base_damage_finishes_the_enemy_needs_no_success() -> None:
    """Playtest 6: a second blow said "1 success needed" with 2 spots left
    and a base Damage of 2: the base alone finishes it."""
    last = Tally("combat", base=2, left=2)
    assert last.finishing == 0
    assert last.what_successes_do().endswith("the blow alone deals 2, enough to finish it")
    assert last.standing(0) == "the blow deals 2 wounds, enough to finish it"


def test_one_wound_left_finishes_it_in_the_singular() -> None:
    """A newcomer read "1 wound finish it"."""
    assert "1 wound finishes it;" in Tally("combat", base=0, left=1).what_successes_do()
    assert "1 success finishes it" in Tally("stratagem", base=0, left=1).what_successes_do()


def test_a_stratagem_places_a_token_for_each_success() -> None:
    outwit = Tally("stratagem", base=0, left=4)
    assert outwit.what_successes_do() == (
        "each success places 1 Encounter token; 4 successes finish it"
    )
    assert outwit.standing(2) == "2 Encounter tokens to place, 2 successes short of finishing it"
    # "place 1 Encounter token with a Success side on the Enemy card": on a spot, so no
    # more than the spots left, however many successes.
    assert outwit.standing(6) == "4 Encounter tokens to place, enough to finish it"


def test_the_chance_of_a_blow_is_that_it_finishes_the_encounter(core: Core) -> None:
    """With one wound left and the Hatchet's base Damage of 1 ("Hatchet deals
    1 damage by default"), the blow finishes the Wrecker whatever the dice:
    the chance shown is certain, and the blow is no failure at 0 successes."""
    table = harbour(core)
    wrecker_at(table, "pier")
    state = table.encounters["pier"]
    state.path, state.tokens = "combat", 4
    load_dice(table, red("blank"))
    engine = run(table, combat(table, table.investigator(EZRA), "hatchet"))
    pending = engine.pending
    assert pending is not None and isinstance(pending.context, TestState)
    assert pending.context.chance(table) == Fraction(1)
    assert "1 needed" not in pending.prompt and "enough to finish it" in pending.prompt
    (resolved,) = of(engine.apply_all(["roll", "accept"]), TestResolved)
    assert resolved.successes == 0 and resolved.passed, "the base Damage finished it"
    assert "pier" not in table.encounters


def test_a_stratagem_test_is_told_by_its_tally(core: Core) -> None:
    table = harbour(core)
    wrecker_at(table, "pier")
    load_dice(table, red("blank"))
    engine = run(table, stratagem(table, table.investigator(MARGARET)))
    pending = engine.pending
    assert pending is not None and isinstance(pending.context, TestState)
    assert pending.context.spec.tally == Tally("stratagem", 0, 4)
    assert "needed" not in pending.prompt
    assert "each success places 1 Encounter token" in pending.prompt
