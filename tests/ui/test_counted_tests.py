"""A weapon's blow and a Stratagem told by what their successes do, at the
prompt (tales/ui/render.py, screens.py, views.py): never "needed", "Passed",
"Failed" or a "chance to pass" (playtest 6: a Trench Shotgun's blow read
"Chance to pass if you roll now: 0%." and "Failed: 1 success, 3 needed",
then dealt 3 wounds).

Rulebook: "Every weapon deals base Damage, but can also inflict additional
Damage for each Success achieved in a Skill test related to the weapon's
specified attribute ... Each Success in this test adds 1 extra Damage."
And the Stratagem: "For each Success achieved, place 1 Encounter token."
"""

from __future__ import annotations

from tales.rules import events as ev
from tales.rules.decisions import Decision
from tales.rules.encounters import combat, stratagem
from tales.rules.table import Table
from tales.rules.tallies import Tally
from tales.rules.terms import Attribute
from tales.story.core import Core
from tales.story.view import TableView
from tales.ui import render
from tales.ui.views import odds_lines
from tests.conftest import load_dice, red, run
from tests.rules.test_encounters import EZRA, MARGARET, harbour, wrecker_at

PASS_FAIL = ("needed", "Passed", "Failed", "to pass")
SHOTGUN = Tally("combat", base=2, left=5)


def words(event: ev.Event, table: Table) -> str:
    return " ".join(line.text for line in render.render_event(event, TableView(table)))


def test_a_blow_begins_with_what_its_successes_do(core: Core) -> None:
    table = harbour(core)
    said = words(ev.TestStarted(EZRA, Attribute.STRENGTH, 3, 0, SHOTGUN), table)
    assert said == (
        "Ezra Marsh takes a STRENGTH test: each success adds 1 wound; "
        "5 wounds finish it; the blow alone deals 2."
    )


def test_a_blow_ends_with_the_wounds_it_deals_not_a_verdict(core: Core) -> None:
    table = harbour(core)
    resolved = ev.TestResolved(EZRA, Attribute.STRENGTH, 3, 1, 0, 1, 0, False, SHOTGUN)
    said = words(resolved, table)
    assert said == (
        "1 success (0 sure, 1 on dice, 0 cancelled): "
        "the blow deals 3 wounds, 2 wounds short of finishing it."
    )
    assert not any(word in said for word in PASS_FAIL)


def test_a_test_with_a_need_still_passes_or_fails(core: Core) -> None:
    table = harbour(core)
    said = words(ev.TestResolved(EZRA, Attribute.STRENGTH, 3, 1, 0, 1, 0, False), table)
    assert said == "Failed: 1 success, 3 needed (0 sure, 1 on dice, 0 cancelled)."


def prepared(table: Table, who: str) -> Decision:
    load_dice(table, red("blank"))
    wrecker_at(table, "pier")
    inv = table.investigator(who)
    engine = run(table, combat(table, inv, "hatchet") if who == EZRA else stratagem(table, inv))
    assert engine.pending is not None and engine.pending.kind == "prepare"
    return engine.pending


def test_the_odds_of_a_blow_are_of_finishing_the_encounter(core: Core) -> None:
    table = harbour(core)
    pending = prepared(table, EZRA)
    view = TableView(table)
    shown = [line.text for line in render.decision_lines(pending, view)]
    assert shown[1].startswith("Chance that this test finishes the encounter if you roll now: ")
    odds = " ".join(line.text for line in odds_lines(pending, view))
    assert "to finish the encounter" in odds and "each success adds 1 wound" in odds
    assert not any(word in " ".join([*shown[:2], odds]) for word in PASS_FAIL)


def test_the_odds_of_a_stratagem_are_of_finishing_the_encounter(core: Core) -> None:
    table = harbour(core)
    pending = prepared(table, MARGARET)
    view = TableView(table)
    shown = [line.text for line in render.decision_lines(pending, view)]
    assert shown[1].startswith("Chance that this test finishes the encounter")
    odds = " ".join(line.text for line in odds_lines(pending, view))
    assert "each success places 1 Encounter token; 4 successes finish it" in odds
    assert not any(word in " ".join([*shown[:2], odds]) for word in PASS_FAIL)
