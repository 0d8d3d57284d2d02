"""Playtest 7, defect 5: the numbers typed in a skill test (tales/ui/keys.py).

README.md: "each card, helper's card, Companion marker and die keeps its
number until the test ends". The rulebook's assistance is why options come
and go in a test: "A player can only assist if their Investigator standee is
in the same location as the one initiating the test" and "The amount of
assistance (played cards and Companion markers combined) cannot exceed the
number of cards played by the acting player." So the helpers' cards leave
the menu each time the assistance catches up with the cards played, and come
back with the acting player's next card."""

from __future__ import annotations

from pathlib import Path

from tales.rules.decisions import DecisionKind, Engine
from tales.rules.skilltest import TestSpec, skill_test
from tales.rules.table import Table
from tales.rules.terms import Attribute
from tales.story.core import Core
from tales.ui.keys import Keys
from tests.conftest import deal, load_dice, red, run, table_for, white

STR = Attribute.STRENGTH
ARTHUR, ELIZABETH, MARGARET = "arthur-blackwood", "elizabeth-hawthorne", "margaret-sinclair"
LASZLO = "laszlo-varga"  # a Companion whose markers show STRENGTH


def _strength_test_with_two_helpers(core: Core) -> tuple[Table, Engine[object]]:
    """Arthur's STRENGTH test, Elizabeth and Margaret beside him with cards
    that help, and Laszlo the Companion with a STRENGTH marker."""
    table = table_for(core, [ARTHUR, ELIZABETH, MARGARET], [LASZLO])
    for slug in (ARTHUR, ELIZABETH, MARGARET):
        table.investigator(slug).location = "harbour"
        deal(table.investigator(slug), lambda card: card.helps(STR), 3)
    return table, run(table, skill_test(table, table.investigator(ARTHUR), STR_TEST))


STR_TEST = TestSpec(STR, 6)


def _first_key(keys: Keys, prefix: str) -> str:
    return next(k for k, oid in keys.shown.items() if oid.startswith(prefix))


def test_every_option_keeps_its_number_while_two_investigators_assist(core: Core) -> None:
    table, engine = _strength_test_with_two_helpers(core)
    keys = Keys()
    first: dict[str, str] = {}  # option id -> the key it was first shown with
    owner: dict[str, str] = {}  # key -> the one option it ever named
    helpers_hidden = 0

    def check() -> None:
        assert engine.pending is not None and engine.pending.kind is DecisionKind.PREPARE
        keys.assign(engine.pending)
        for key, oid in keys.shown.items():
            assert first.setdefault(oid, key) == key, f"{oid} moved from {first[oid]} to {key}"
            assert owner.setdefault(key, oid) == oid, f"{key} named {owner[key]}, now {oid}"

    check()
    # Arthur, Elizabeth, Arthur, Margaret, Arthur, then Laszlo's marker.
    for prefix in ("play:", "assist:elizabeth", "play:", "assist:margaret", "play:", "marker:"):
        assert engine.pending is not None
        engine.apply(keys.shown[_first_key(keys, prefix)])
        check()
        helpers_hidden += not any(oid.startswith("assist:") for oid in keys.shown.values())
    assert helpers_hidden == 3, "the helpers' cards left the menu and came back, three times"
    assert keys.shown["r"] == "roll"
    assert table.investigator(ELIZABETH).hand, "Elizabeth had cards left to come back"


def test_the_menu_after_the_roll_reads_1_to_n(core: Core) -> None:
    table, engine = _strength_test_with_two_helpers(core)
    load_dice(table, [*white("blank", "success"), *red("blank")])
    keys = Keys()
    for _ in range(3):  # the preparation gives out numbers 1 to 10 or so
        assert engine.pending is not None
        keys.assign(engine.pending)
        engine.apply(keys.shown[_first_key(keys, "play:")])
    engine.apply("roll")
    assert engine.pending is not None and engine.pending.kind is DecisionKind.AFTER_ROLL
    keys.assign(engine.pending)
    numbers = [int(k) for k in keys.shown]
    assert numbers == list(range(1, len(engine.pending.options) + 1))
    assert keys.shown[str(len(numbers))] == "accept", "the options in the rules' order"


def test_a_die_is_numbered_as_the_roll_numbers_it_and_the_pick_list_holds(core: Core) -> None:
    table = table_for(core, [ARTHUR])
    arthur = table.investigator(ARTHUR)
    deal(arthur, lambda card: card.dice_for(STR), 3)
    engine = run(table, skill_test(table, arthur, STR_TEST))
    load_dice(table, [*white("blank", "success", "blank"), *red("blank")])
    keys = Keys()
    for _ in range(3):
        assert engine.pending is not None
        keys.assign(engine.pending)
        engine.apply(keys.shown[_first_key(keys, "play:")])
    engine.apply("roll")
    engine.apply(f"reroll:{ARTHUR}")
    assert engine.pending is not None and engine.pending.kind is DecisionKind.REROLL
    keys.assign(engine.pending)
    dice = len(engine.pending.context.white) if engine.pending.context else 0
    assert dice >= 3
    picks = {k: oid for k, oid in keys.shown.items() if oid.startswith("die:")}
    assert picks == {str(i + 1): f"die:{i}" for i in range(dice)}, "white die 3 is 3"
    back = _first_key(keys, "back")
    assert back == str(dice + 1), "the first pick list reads 1 to n"
    engine.apply(keys.shown["2"])
    assert engine.pending is not None
    keys.assign(engine.pending)
    assert keys.shown["2"] == "die:1" and keys.shown[back] == "back", "the list holds"
    assert keys.shown[str(dice + 2)] == "confirm", "the new option comes after the rest"
    assert keys.span() == f"1 to {dice + 2}"


def test_the_span_names_the_numbers_there_are() -> None:
    keys = Keys()
    keys.shown = {"1": "a", "2": "b", "3": "c", "4": "d", "7": "e", "r": "roll"}
    assert keys.span() == "1 to 4, 7 or r"
    keys.shown = {"2": "a", "3": "b"}
    assert keys.span() == "2 to 3"
    keys.shown = {"1": "accept"}
    assert keys.span() == "1", "not '1 to 1'"


def test_the_readme_states_the_rule_these_tests_hold() -> None:
    readme = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text().split())
    assert (
        "each card, helper's card, Companion marker and die keeps its number until the test "
        "ends, whoever plays what" in readme
    )
    assert "Any other menu reads 1 to n." in readme
