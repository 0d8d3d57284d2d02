"""The vocabulary calls of a condition, read from Jinja's own parse
(tales/story/condition_calls.py): what each call is asked to be, and its
literal arguments wherever the engine would take them from."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from tales.api import load_tale, new_game
from tales.story.condition_calls import PARAMETERS, wanted_true
from tales.story.conditions import FUNCTIONS, analyse, asked_in, called_with, evaluate

REEF = Path(__file__).resolve().parents[2] / "storybooks" / "the-reef-ledger"


def test_the_parameters_are_the_engines_own() -> None:
    """A keyword argument is read at the place the engine's function takes it."""
    game = new_game(load_tale(REEF), seed=3, players=("ezra-marsh",))
    vocabulary = game.book.context(game.table, game.table.players()[0])
    assert set(PARAMETERS) == set(FUNCTIONS)
    for function in FUNCTIONS:
        signature = inspect.signature(vocabulary[function])
        assert tuple(signature.parameters) == PARAMETERS[function], function
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
