"""The Stratagem's once-a-round limit said where a player looks (playtest 7,
defect 9: "After one Stratagem try, `outwits The Loungers` disappears from
the menu for the rest of the round with 2 cards still in hand and no word
why"): on the line that tells the try's tokens, in ``encounter`` and in
``help stratagem``. Ruling ``stratagem-once-a-round``: "each investigator
may try the Stratagem once a round against a given enemy; the others may
still try"; switched off, nothing is said."""

from __future__ import annotations

from tales.rules.encounters import stratagem
from tales.rules.table import Table
from tales.story.core import Core
from tales.story.view import TableView
from tales.ui import render
from tales.ui.helps import help_lines
from tales.ui.views import encounter_lines
from tests.conftest import load_dice, red, ruling, run
from tests.rules.test_encounters import MARGARET, harbour, strike, wrecker_at

NOTE = "Margaret Sinclair may try the Stratagem again next round"


def tried_once(table: Table) -> list[str]:
    """Margaret's bare Stratagem try against the Wrecker, as the prompt tells it."""
    wrecker_at(table, "pier")
    load_dice(table, red("blank"))
    events = strike(run(table, stratagem(table, table.investigator(MARGARET))), [])
    return [line.text for line in render.render_events(events, TableView(table), 200)]


@ruling("stratagem-once-a-round", value=True)
def test_the_try_says_the_stratagem_waits_for_next_round(core: Core) -> None:
    said = tried_once(harbour(core))
    (line,) = [text for text in said if text.startswith("Stratagem: ")]
    assert line == (
        f"Stratagem: 0 Encounter tokens placed (0 of 4 spots covered). {NOTE} "
        "(once a round each: 'help stratagem')."
    )


@ruling("stratagem-once-a-round", value=True)
def test_encounter_names_who_has_had_this_rounds_try(core: Core) -> None:
    table = harbour(core)
    wrecker_at(table, "pier")
    shown = [line.text for line in encounter_lines(TableView(table))]
    assert "  Each investigator may try the Stratagem once a round." in shown
    table.encounters.clear()
    tried_once(table)
    shown = [line.text for line in encounter_lines(TableView(table))]
    assert (
        "  Each investigator may try the Stratagem once a round; tried this round: "
        "Margaret Sinclair (again next round)."
    ) in shown
    table.round += 1
    assert "  Each investigator may try the Stratagem once a round." in [
        line.text for line in encounter_lines(TableView(table))
    ]


@ruling("stratagem-once-a-round", value=False)
def test_switched_off_the_limit_is_never_said(core: Core) -> None:
    table = harbour(core)
    table.rulings = table.rulings.with_overrides(stratagem_once_a_round=False)
    said = " ".join(tried_once(table))
    assert "again next round" not in said and "once a round" not in said
    assert not any("once a round" in line.text for line in encounter_lines(TableView(table)))


def test_help_stratagem_says_once_a_round() -> None:
    (line,) = help_lines("stratagem")
    assert "each Investigator tries it once a round against an enemy" in line.text
    assert "ruling stratagem-once-a-round" in line.text
