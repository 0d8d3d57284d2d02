"""The authoring tools read a gate as Jinja parses it, as the engine runs it.

Each condition here was read wrong by the regular expressions that once
stood in gates.py and campaign_aims.py: a ``not`` in front of parentheses
or with no space after it, a ``not`` undone by another, a fact asked by
keyword argument, a string with an escape in it, a log call whose section
is not a literal pairing its entry with the next call's section.
"""

from __future__ import annotations

import pytest

from tales.authoring.campaign_aims import asked_entries
from tales.authoring.gates import requirements

TITHE = ("the-reef", "tithe-freed")


@pytest.mark.parametrize(
    ("gate", "asked"),
    [
        ('not (keyword("PASSWORD") or item("sledge"))', set()),
        ('not(keyword("PASSWORD")) and item("sledge")', {("item", "sledge")}),
        ('not not keyword("PASSWORD")', {("keyword", "PASSWORD")}),
        ('keyword("PASSWORD") == false and visited(126)', {("visited", "126")}),
        ('keyword(word="PASSWORD") and not item(slug="sledge")', {("keyword", "PASSWORD")}),
        ('visited(126) and not keyword("SAY \\"NO\\"")', {("visited", "126")}),
        ('not keyword("MARK\\x45D") and keyword("MARKED") or visited(3)', {("visited", "3")}),
    ],
)
def test_a_gate_asks_for_what_jinja_reads_in_it(gate: str, asked: set[tuple[str, str]]) -> None:
    assert requirements(gate) == asked


@pytest.mark.parametrize(
    ("condition", "asked"),
    [
        ('not (log("the-reef", "tithe-freed") or log("the-town", "pike-ruined"))', set()),
        ('not not log("the-reef", "tithe-freed")', {TITHE}),
        ('log(section="the-reef", entry="tithe-freed")', {TITHE}),
        ('log("the-reef", entry="tithe-freed")', {TITHE}),
        ('log(here, "sunk") and log("the-reef", "tithe-freed")', {TITHE}),
        ("visited(3) and not log('the-reef', 'tithe-\\x66reed')", set()),
        ('not log("the-reef","tithe-freed") == false', {TITHE}),
    ],
)
def test_a_gate_asks_for_the_log_entries_jinja_reads_in_it(
    condition: str, asked: set[tuple[str, str]]
) -> None:
    assert asked_entries(condition) == asked
