"""Items that add a white die to a test (tales.rules.skilltest).

"Using an Item can support you during tests ... To use an Item, your Investigator
must have it in their Backpack or Hand. After using an Item, remove 1 Item use
marker from its card." Elizabeth's Field Journal: "Spend a use: +1 white die on
an EDUCATION test."
"""

from __future__ import annotations

from tales.rules.events import DiceRolled, ItemUsed
from tales.rules.skilltest import TestSpec, skill_test
from tales.rules.terms import Attribute
from tales.story.core import Core
from tests.conftest import game_for, load_dice, red, run, white

ELIZABETH = "elizabeth-hawthorne"
JOURNAL = f"use:{ELIZABETH}:field-journal"


def test_items_that_add_a_white_die_are_offered_in_the_tests_they_help(core: Core) -> None:
    table = game_for(core, [ELIZABETH, "ezra-marsh", "arthur-blackwood", "sarah-elington"], [])
    elizabeth = table.investigator(ELIZABETH)
    journal = elizabeth.item("field-journal")
    assert journal is not None and journal.uses > 0
    uses, markers = journal.uses, table.supply.use_markers

    strength = run(table, skill_test(table, elizabeth, TestSpec(Attribute.STRENGTH, 1)))
    assert JOURNAL not in strength.legal_ids(), "it helps EDUCATION tests only"

    load_dice(table, [*white("success"), *red("blank")])
    engine = run(table, skill_test(table, elizabeth, TestSpec(Attribute.EDUCATION, 1)))
    assert JOURNAL in engine.legal_ids()
    events = engine.apply(JOURNAL)
    assert ItemUsed(ELIZABETH, "field-journal", uses - 1) in events
    assert (journal.uses, table.supply.use_markers) == (uses - 1, markers + 1)
    events = engine.apply("roll")
    rolled = next(e for e in events if isinstance(e, DiceRolled))
    assert len(rolled.white) == 1, "the use marker bought a white die"
    engine.apply("accept")
    assert engine.result is not None and engine.result.passed

    journal.uses = 0
    spent = run(table, skill_test(table, elizabeth, TestSpec(Attribute.EDUCATION, 1)))
    assert JOURNAL not in spent.legal_ids(), "no use marker left"
