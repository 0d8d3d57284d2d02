"""The vocabulary calls of a condition, read from Jinja's own parse
(tales/story/condition_calls.py): what each call is asked to be, and its
literal arguments wherever the engine would take them from."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from tales.api import load_tale, new_game
from tales.story.condition_calls import DEFAULTED, PARAMETERS, VARIADIC, wanted_true
from tales.story.conditions import (
    FUNCTIONS,
    analyse,
    asked_in,
    called_with,
    evaluate,
    problems_in,
)

REEF = Path(__file__).resolve().parents[2] / "storybooks" / "the-reef-ledger"


def test_the_parameters_are_the_engines_own() -> None:
    """A keyword argument is read at the place the engine's function takes it."""
    game = new_game(load_tale(REEF), seed=3, players=("ezra-marsh",))
    vocabulary = game.book.context(game.table, game.table.players()[0])
    assert set(PARAMETERS) == set(FUNCTIONS)
    for function in FUNCTIONS:
        signature = inspect.signature(vocabulary[function])
        assert tuple(signature.parameters) == PARAMETERS[function], function
        kinds = [p.kind for p in signature.parameters.values()]
        assert (inspect.Parameter.VAR_POSITIONAL in kinds) == (function in VARIADIC), function
        defaults = [p for p in signature.parameters.values() if p.default is not p.empty]
        assert len(defaults) == DEFAULTED.get(function, 0), function
    # and the engine does take them so: the tools read what it runs
    assert evaluate('not keyword(word="NOWHERE") and not item(slug="sledge")', vocabulary)


@pytest.mark.parametrize(
    ("condition", "senses"),
    [
        ('keyword("A") and not item("b")', [("keyword", True, False), ("item", False, True)]),
        ('not (keyword("A") or item("b"))', [("keyword", False, True), ("item", False, True)]),
        ('not not keyword("A")', [("keyword", True, False)]),
        (
            "visited(3) == false or visited(4) != false",
            [("visited", False, True), ("visited", True, False)],
        ),
        ('keyword("A") if item("b") else false', [("keyword", True, False), ("item", True, True)]),
        ('counter("c") >= 2', [("counter", True, True)]),
    ],
)
def test_each_call_is_asked_true_false_or_either(
    condition: str, senses: list[tuple[str, bool, bool]]
) -> None:
    assert [(c.function, c.helps_true, c.helps_false) for c in asked_in(condition)] == senses


def test_keyword_arguments_and_escapes_are_read_as_jinja_reads_them() -> None:
    condition = 'log("the-reef", entry="tithe-\\x66reed") and keyword(word="SAY \\"NO\\"")'
    assert wanted_true(asked_in(condition), "log") == {("the-reef", "tithe-freed")}
    assert wanted_true(asked_in(condition), "keyword") == {('SAY "NO"',)}
    assert called_with(condition, "keyword") == ['SAY "NO"']  # what `tales check` looks up
    assert analyse(condition, template=False).arguments("log", 1) == ["tithe-freed"]


def test_a_call_with_an_argument_not_known_before_play_names_nothing() -> None:
    calls = asked_in('log(here, "sunk") and log("the-reef", "tithe-freed")')
    assert [c.arguments for c in calls] == [(None, "sunk"), ("the-reef", "tithe-freed")]
    assert wanted_true(calls, "log") == {("the-reef", "tithe-freed")}


def test_a_refused_condition_asks_nothing() -> None:
    assert asked_in('lantern and keyword("A")') == ()  # a name outside the vocabulary
    assert asked_in('keyword("A") }} {{ keyword("B")') == ()


def test_the_places_a_condition_names_are_its_string_literals_however_quoted() -> None:
    """What the clock's plan reads for where to stand (tales/authoring/appointments.py)."""
    condition = "here == 'federal-street' or group_at == \"quay\" and visited(29)"
    assert analyse(condition, template=False).strings == {"federal-street", "quay"}


@pytest.mark.parametrize(
    ("condition", "says"),
    [
        ('keyword("LAMP", "OIL")', "keyword() takes 1 argument (word), given 2"),
        ('mark("a", "b", "c")', "mark() takes at most 2 arguments (name, slug), given 3"),
        ("item()", "item() needs its slug"),
        ('log("the-reef")', "log() needs its entry"),
        ("visited(number=3, other=4)", "visited() has no parameter 'other' (it takes number)"),
        ('log("a", section="b")', "log() is given 'section' twice"),
        ('in_area(areas="town")', "in_area() takes its areas by position only"),
        ("away_in()", "away_in() needs at least one of its areas"),
        ('"{{ keyword() }}"', "keyword() needs its word"),
    ],
)
def test_a_call_the_engine_cannot_take_is_refused_before_play(condition: str, says: str) -> None:
    """At play the sandbox's call fails and the condition never holds, with
    no word to the author: `tales check` says it at the call instead."""
    if condition.startswith('"'):
        assert says in problems_in(condition.strip('"'), template=True)
    else:
        assert says in problems_in(condition, template=False)


@pytest.mark.parametrize(
    "condition",
    [
        'mark("lamp")',
        'mark("lamp", slug="ezra-marsh")',
        'log(section="a", entry="b")',
        'in_area("town", "quay")',
        "names(elsewhere)",
        'keyword(*["A"])',  # spread: not known before play
    ],
)
def test_every_call_the_engine_takes_is_let_through(condition: str) -> None:
    assert not [m for m in problems_in(condition, template=False) if "()" in m], condition
