"""Compiled conditions (tales/story/compiled.py) against the sandbox.

A condition is compiled once to a closure and evaluated by it; the sandbox
remains the reference. On generated conditions over the story vocabulary
the closure and the sandbox must agree: the same truth, or both an error
(and :func:`evaluate`, which falls back to the sandbox on an error, then
gives the sandbox's very message)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tales.api import load_tale, new_game
from tales.errors import StoryExpressionError
from tales.rules.decisions import Engine
from tales.story.compiled import NotCompiled, compile_condition, compile_text
from tales.story.conditions import (
    environment,
    evaluate,
    evaluate_in_sandbox,
    problems_in,
    render,
    render_in_sandbox,
)
from tests.story.test_conditions import story_context

REEF = Path(__file__).resolve().parents[2] / "storybooks" / "the-reef-ledger"

_ATOMS = st.sampled_from(
    [
        *("0", "1", "2", "-3", "64", "65", "1.5", "'a'", "'beach'", '"LAMP"', "''"),
        *("true", "false", "none", "True", "[1, 2]", "(1, 'a')", "[]"),
        *("here", "actor", "round", "time", "difficulty", "players", "tokens"),
        *("vitality", "sanity", "energy", "magic"),
        *('keyword("LAMP")', 'keyword("DIARY")', "visited(3)", "visited(40)"),
        *('counter("trust")', 'item("rope")', 'revealed("beach")', 'log("a", "b")'),
        *("tokens.skull", "tokens.star", "tokens['star']", "tokens.missing", "tokens[0]"),
        *("'ab'.upper", "tokens.items", "keyword('LAMP', 2)", "visited()"),
    ]
)
_BINARY = st.sampled_from(
    [
        *(" and ", " or ", " == ", " != ", " < ", " <= ", " > ", " >= ", " in ", " not in "),
        *(" + ", " - ", " * ", " / ", " // ", " % ", " ** ", " ~ "),
    ]
)


def _combine(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.tuples(children, _BINARY, children).map(lambda t: f"({t[0]}){t[1]}({t[2]})"),
        children.map(lambda c: f"not ({c})"),
        children.map(lambda c: f"-({c})"),
        st.tuples(children, children, children).map(lambda t: f"({t[0]}) < ({t[1]}) <= ({t[2]})"),
        st.tuples(children, children, children).map(
            lambda t: f"({t[0]}) if ({t[1]}) else ({t[2]})"
        ),
    )


CONDITIONS = st.recursive(_ATOMS, _combine, max_leaves=8)


_PROSE = st.sampled_from(["", "The tide. ", "\n", "a\r\nb ", "  {{ '{{' }} ", "{#- note -#}"])


def _text(conditions: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    printed = conditions.map(lambda c: "{{ " + c + " }}")
    branch = st.tuples(conditions, _PROSE, conditions, printed, _PROSE).map(
        lambda t: f"{{% if {t[0]} %}}{t[1]}{{% elif {t[2]} %}}{t[3]}{{% else %}}{t[4]}{{% endif %}}"
    )
    return st.lists(st.one_of(_PROSE, printed, branch), min_size=1, max_size=4).map("".join)


TEXTS = _text(st.recursive(_ATOMS, _combine, max_leaves=4))


def outcome(run: Any, shown: Any = bool) -> tuple[str, Any]:
    """("value", what it gave), ("error", why), or ("deferred", why): a
    closure may hand a case it does not judge back to the sandbox as it runs
    (a vocabulary word the table rebinds, a method's identity)."""
    try:
        return ("value", shown(run()))
    except NotCompiled as deferred:
        return ("deferred", str(deferred))
    except Exception as error:
        return (
            "error",
            type(error).__name__ if not isinstance(error, StoryExpressionError) else str(error),
        )


def _agree(source: str, context: Any) -> None:
    if problems_in(source, template=False):
        return  # refused before either would run, by the same check
    closure = compile_condition(source, environment())
    assert closure is not None, f"{source!r} is in the whitelist and compiles"
    by_closure = outcome(lambda: closure(context))
    by_sandbox = outcome(lambda: evaluate_in_sandbox(source, context))
    if by_closure[0] != "deferred":
        assert by_closure[0] == by_sandbox[0], (source, by_closure, by_sandbox)
    if by_closure[0] == "value":
        assert by_closure == by_sandbox, source
    assert outcome(lambda: evaluate(source, context)) == by_sandbox, source


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(CONDITIONS)
def test_a_compiled_condition_agrees_with_the_sandbox(source: str) -> None:
    _agree(source, story_context())


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS)
def test_a_compiled_text_prints_what_the_sandbox_prints(source: str) -> None:
    if problems_in(source, template=True):
        return
    closure = compile_text(source, environment())
    assert closure is not None, f"{source!r} is in the whitelist and compiles"
    context = story_context()
    by_closure = outcome(lambda: closure(context), str)
    by_sandbox = outcome(lambda: render_in_sandbox(source, context), str)
    if by_closure[0] != "deferred":
        assert by_closure[0] == by_sandbox[0], (source, by_closure, by_sandbox)
    if by_closure[0] == "value":
        assert by_closure == by_sandbox, source
    assert outcome(lambda: render(source, context), str) == by_sandbox, source


@pytest.mark.parametrize(
    "source", ["", "Plain.\n", "Two\r\nlines\rand\n\n", "No {jinja} here } {", "\x1b[2J"]
)
def test_plain_prose_reads_as_jinja_would_print_it(source: str) -> None:
    assert render(source, story_context()) == render_in_sandbox(source, story_context())


@pytest.fixture(scope="module")
def reef_game() -> Any:
    return new_game(load_tale(REEF), seed=3, players=("ezra-marsh",))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(CONDITIONS)
def test_it_agrees_on_the_live_vocabulary_of_a_game(reef_game: Any, source: str) -> None:
    table = reef_game.table
    _agree(source, reef_game.book.context(table, table.players()[0]))


def test_a_method_compared_with_itself_agrees_with_the_sandbox(reef_game: Any) -> None:
    """Found by Hypothesis: ``(tokens.items) == (tokens.items)`` was false
    compiled (each use read ``tokens`` anew, and two bound methods of two
    dicts differ) and true in the sandbox (which reads ``tokens`` once)."""
    table = reef_game.table
    context = reef_game.book.context(table, table.players()[0])
    _agree("(tokens.items) == (tokens.items)", context)
    assert evaluate("(tokens.items) == (tokens.items)", context) is True
    assert evaluate("tokens.skull >= 0", context) is True  # a key read as an attribute


@pytest.mark.parametrize(
    "source",
    [
        "tokens|length > 0",  # a filter
        "'{0}'.format(actor) == 'x'",  # a method call
        "actor is defined",  # a test
        "tokens[1:2]",  # a slice
        "keyword('LAMP') if true",  # an if without else: undefined in Jinja
        "(1) ) or ( (2)",  # parses only when wrapped: Jinja's compile_expression refuses it
    ],
)
def test_what_is_outside_the_whitelist_stays_with_the_sandbox(source: str) -> None:
    assert compile_condition(source, environment()) is None
    assert outcome(lambda: evaluate(source, story_context())) == outcome(
        lambda: evaluate_in_sandbox(source, story_context())
    )


def test_a_refused_condition_is_refused_with_the_same_message() -> None:
    for source in ("self.__class__", "keyword.__globals__", "lipsum()", "range(10)"):
        with pytest.raises(StoryExpressionError) as compiled:
            evaluate(source, story_context())
        with pytest.raises(StoryExpressionError) as sandboxed:
            evaluate_in_sandbox(source, story_context())
        assert str(compiled.value) == str(sandboxed.value)


def test_the_kept_vocabulary_sees_what_the_previous_effect_changed(reef_game: Any) -> None:
    """The interpreter keeps one vocabulary per actor across questions; it
    reads the table live, so a keyword an effect just marked is seen."""
    from tales.story.effects import parse_effect
    from tales.story.model import Where

    table, book = reef_game.table, reef_game.book
    actor = table.players()[0]
    context = book.context(table, actor)
    assert evaluate('not keyword("ZEBRA") and round == ' + str(table.round), context)
    mark, problem = parse_effect({"keyword": "ZEBRA"}, Where("t"))
    assert problem is None and mark is not None
    Engine(book.apply(table, (mark,), actor), table.sink)
    assert book.context(table, actor) is context, "bound once, not rebuilt"
    assert evaluate('keyword("ZEBRA")', context)
    table.round += 1
    assert evaluate("round == " + str(table.round), context)
