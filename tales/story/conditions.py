"""Conditions and texts: Jinja in its sandbox, over a small vocabulary.

Authors write ``keyword("LANTERN") and not visited(40)``; nothing else is in
reach. Jinja's SandboxedEnvironment refuses attributes such as
``__class__`` and ``StrictUndefined`` makes a misspelt name an error rather
than a silent blank. Names are also checked when a tale loads, with a "did
you mean".
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from jinja2 import StrictUndefined, TemplateSyntaxError, Undefined, nodes
from jinja2.exceptions import SecurityError
from jinja2.lexer import newline_re

from tales.errors import StoryExpressionError
from tales.problems import did_you_mean
from tales.story.compiled import Closure, compile_condition, compile_text
from tales.story.condition_calls import Asked, asked_calls, call_problem, literal_arguments
from tales.story.map_vocabulary import FUNCTIONS as MAP_FUNCTIONS
from tales.story.map_vocabulary import VALUES as MAP_VALUES
from tales.story.sandbox import (
    MAX_OUTPUT,
    Budget,
    StoryEnvironment,
    render_bounded,
    sandbox_problems,
)

FUNCTIONS = (
    "keyword",
    "item",
    "clue",
    "objective",
    "information",
    "visited",
    "revealed",
    "log",
    "crossed_out",
    "entries",
    "counter",
    "location_token",
    "playing",
    *MAP_FUNCTIONS,
    "position",
)
VALUES = (
    "here",
    "actor",
    "round",
    "time",
    "difficulty",
    "players",
    "tokens",
    "vitality",
    "sanity",
    "energy",
    "magic",
    *MAP_VALUES,
)
VOCABULARY = FUNCTIONS + VALUES


MAX_CONDITION = 2_000  # characters of a condition
MAX_TEXT = 100_000  # characters of a text: a long chapter, not a 50 MiB file
MAX_NODES = 5_000  # parts of one parsed condition or text
MAX_NESTING = 60  # how deep they nest (Jinja parses and compiles by recursion)


def _printable(value: Any) -> Any:
    """Texts print words and numbers only; a function or object printed by
    mistake is an error, not a leak of Python's internals."""
    if value is None or isinstance(value, str | int | float | bool | Undefined):
        return value  # an Undefined raises its own clear error when printed
    raise SecurityError(f"a text can print words and numbers only, not {type(value).__name__}")


@functools.cache
def environment() -> StoryEnvironment:
    return StoryEnvironment(undefined=StrictUndefined, autoescape=False, finalize=_printable)


@dataclass(frozen=True, slots=True)
class Analysis:
    """What a condition or text says, found by parsing it once."""

    problems: tuple[tuple[int, str], ...] = ()  # (line within the source, message)
    calls: tuple[tuple[str, int, str], ...] = ()  # (function, position, literal argument)
    names: frozenset[str] = frozenset()  # every vocabulary name used
    strings: frozenset[str] = frozenset()  # every string literal: "quay" in here == "quay"

    def arguments(self, function: str, position: int = 0) -> list[str]:
        """Literal arguments at ``position`` of every call to ``function``."""
        return [arg for name, at, arg in self.calls if name == function and at == position]


_NO_JINJA = Analysis()


@functools.lru_cache(maxsize=16384)
def analyse(source: str, *, template: bool) -> Analysis:
    """Syntax errors, names outside the vocabulary (with a "did you mean"),
    and the literal arguments of every vocabulary call, from one parse."""
    limit, what = (MAX_TEXT, "a text") if template else (MAX_CONDITION, "a condition")
    if len(source) > limit:
        return Analysis(((1, f"{what} is longer than the limit of {limit:,} characters"),))
    if template and not templated(source):
        return _NO_JINJA  # plain prose: nothing to check
    try:
        parsed = environment().parse(source if template else "{{ (" + source + ") }}")
    except TemplateSyntaxError as error:
        return Analysis(((error.lineno, f"Jinja syntax: {error.message}"),))
    except RecursionError:
        return Analysis(((1, "Jinja syntax: nested too deeply"),))
    shape = _shape_problem(parsed)
    if shape is not None:
        return Analysis((shape,))
    problems = sandbox_problems(parsed, environment().filters)
    assigned = {n.name for n in parsed.find_all(nodes.Name) if n.ctx in ("store", "param")}
    first_use: dict[str, int] = {}  # Jinja's own line number, kept for the report
    for node in parsed.find_all(nodes.Name):
        if node.ctx == "load":
            first_use[node.name] = min(node.lineno, first_use.get(node.name, node.lineno))
    used = set(first_use)
    for name in sorted(used - assigned - set(VOCABULARY)):
        message = f"{name!r} is not in the story vocabulary{did_you_mean(name, VOCABULARY)}"
        problems.append((first_use[name], message))
    private: dict[str, int] = {}
    for get in parsed.find_all(nodes.Getattr):
        if get.attr.startswith("_"):
            private[get.attr] = min(get.lineno, private.get(get.attr, get.lineno))
    for attribute in sorted(private):
        message = f"{attribute!r}: names starting with '_' are not allowed"
        problems.append((private[attribute], message))
    for call in parsed.find_all(nodes.Call):
        wrong = None if _is_assigned(call, assigned) else call_problem(call)
        if wrong is not None:
            problems.append((call.lineno, wrong))
    calls = tuple(
        (call.node.name, position, argument)
        for call in parsed.find_all(nodes.Call)
        if isinstance(call.node, nodes.Name)
        for position, argument in sorted(literal_arguments(call).items())
    )
    strings = frozenset(
        const.value for const in parsed.find_all(nodes.Const) if isinstance(const.value, str)
    )
    return Analysis(tuple(problems), calls, frozenset(used - assigned), strings)


def _is_assigned(call: nodes.Call, assigned: set[str]) -> bool:
    """A call of a name the text set itself (``{% set item = ... %}``), not the vocabulary's."""
    return isinstance(call.node, nodes.Name) and call.node.name in assigned


def _shape_problem(parsed: nodes.Template) -> tuple[int, str] | None:
    """Too many parts, or nested too deep, counted without recursion."""
    count = 0
    stack: list[tuple[nodes.Node, int]] = [(parsed, 0)]
    while stack:
        node, depth = stack.pop()
        count += 1
        if count > MAX_NODES:
            return (node.lineno, f"more than {MAX_NODES:,} parts in one expression or text")
        if depth > MAX_NESTING:
            return (node.lineno, f"nested deeper than {MAX_NESTING} levels")
        stack.extend((child, depth + 1) for child in node.iter_child_nodes())
    return None


def problems_in(source: str, *, template: bool) -> list[str]:
    """What is wrong with a condition (``template=False``) or a text."""
    return [message for _, message in analyse(source, template=template).problems]


def source_line(source: str, line: int) -> str:
    """Line ``line`` (1-based, as Jinja counts) of ``source``, or ``""``."""
    lines = source.splitlines()
    return lines[line - 1] if 0 < line <= len(lines) else ""


def called_with(source: str, function: str, *, template: bool = False) -> list[str]:
    """The literal arguments of every call to ``function`` in ``source``:
    ``keyword("LANTERN")`` -> ["LANTERN"]. The checker uses this to find
    keywords, items and paragraphs that do not exist."""
    calls = analyse(source, template=template).calls
    return [argument for name, _, argument in calls if name == function]


@functools.lru_cache(maxsize=16384)
def asked_in(condition: str) -> tuple[Asked, ...]:
    """The vocabulary calls of ``condition`` and what each is asked to be
    (:func:`tales.story.condition_calls.asked_calls`), from the parse the
    sandbox makes; none when the condition is refused."""
    if analyse(condition, template=False).problems:
        return ()
    parsed = environment().parse("{{ (" + condition + ") }}")
    output = parsed.body[0] if len(parsed.body) == 1 else None
    if not isinstance(output, nodes.Output) or len(output.nodes) != 1:
        return ()  # not one expression: the sandbox refuses it too
    return asked_calls(output.nodes[0])


@functools.lru_cache(maxsize=4096)
def _compiled_condition(source: str) -> Callable[..., Any]:
    return environment().compile_expression(source, undefined_to_none=False)


@functools.lru_cache(maxsize=4096)
def _compiled_text(source: str) -> Any:
    return environment().from_string(source)


@dataclass(frozen=True, slots=True)
class _Condition:
    """A condition as checked and compiled once, by its text: why it is
    refused, else its closure (``None``: the sandbox evaluates it)."""

    refusal: str | None
    closure: Closure | None


@functools.lru_cache(maxsize=16384)
def _condition(source: str) -> _Condition:
    problems = analyse(source, template=False).problems
    if problems:
        return _Condition(f"{source!r} cannot be used: {problems[0][1]}", None)
    return _Condition(None, compile_condition(source, environment()))


def condition_closure(source: str) -> Closure | None:
    """The compiled closure :func:`evaluate` would ask first, or None when
    ``source`` is refused or only the sandbox may evaluate it. A caller
    holding it asks ``bool(closure(context))`` and, should that raise,
    :func:`evaluate`, which then gives the same answer or error."""
    condition = _condition(source)
    return condition.closure if condition.refusal is None else None


def _refuse_unchecked(source: str, *, template: bool) -> None:
    """Content is checked when it loads; this refuses anything the check
    would refuse (a name outside the vocabulary such as Jinja's ``self``),
    should a source reach here some other way."""
    problems = analyse(source, template=template).problems
    if problems:
        raise StoryExpressionError(f"{source!r} cannot be used: {problems[0][1]}")


def prepare(conditions: Iterable[str], texts: Iterable[str]) -> None:
    """Compile ``conditions`` and ``texts`` now, into the caches
    :func:`evaluate` and :func:`render` read (:mod:`tales.story.prepare`)."""
    for source in conditions:
        _condition(source)
    for text in texts:
        analyse(text, template=True)  # what render's refusal check asks
        if templated(text):
            _text_closure(text)


def evaluate(source: str, context: Mapping[str, Any]) -> bool:
    """Whether condition ``source`` holds: by its compiled closure
    (:mod:`tales.story.compiled`), else, or should the closure fail, in the
    sandbox, which then says what went wrong in its own words."""
    condition = _condition(source)
    if condition.refusal is not None:
        raise StoryExpressionError(condition.refusal)
    if condition.closure is not None:
        try:
            return bool(condition.closure(context))
        except Exception:  # the sandbox below gives the error in its own words
            pass
    return evaluate_in_sandbox(source, context)


def evaluate_in_sandbox(source: str, context: Mapping[str, Any]) -> bool:
    """``source`` evaluated by Jinja's sandbox alone (what :func:`evaluate`
    falls back to, and what its compiled closures are tested against)."""
    _refuse_unchecked(source, template=False)
    Budget.start()
    try:
        return bool(_compiled_condition(source)(**context))
    except Exception as error:  # the sandbox's boundary: whatever a condition does, it is
        raise StoryExpressionError(
            f"condition {source!r} failed: {error}"
        ) from None  # an author error


def templated(text: str) -> bool:
    """Whether ``text`` has any Jinja in it; plain prose never goes through Jinja."""
    return "{{" in text or "{%" in text or "{#" in text


@functools.lru_cache(maxsize=16384)
def _as_jinja_prints(prose: str) -> str:
    """Plain prose as Jinja would print it: its line breaks made ``\n`` and
    one trailing line break dropped (Jinja's lexer, ``keep_trailing_newline``
    off), nothing else changed."""
    lines = newline_re.split(prose)[::2]
    if lines[-1] == "":
        del lines[-1]
    return "\n".join(lines)


@functools.lru_cache(maxsize=16384)
def _text_closure(source: str) -> Closure | None:
    return compile_text(source, environment())


def render(source: str, context: Mapping[str, Any]) -> str:
    """Text ``source`` as it reads now: plain prose as it is, else by its
    compiled closure, else (or should the closure fail) by the sandbox."""
    _refuse_unchecked(source, template=True)
    if not templated(source):
        return _as_jinja_prints(source)
    closure = _text_closure(source)
    if closure is not None:
        try:
            shown = str(closure(context))
            if len(shown) <= MAX_OUTPUT:
                return shown
        except Exception:  # the sandbox below gives the error in its own words
            pass
    return render_in_sandbox(source, context)


def render_in_sandbox(source: str, context: Mapping[str, Any]) -> str:
    """``source`` rendered by Jinja's sandbox alone."""
    _refuse_unchecked(source, template=True)
    Budget.start()
    try:
        return render_bounded(_compiled_text(source), context)
    except Exception as error:  # the sandbox's boundary, as in evaluate()
        raise StoryExpressionError(f"text failed to render: {error}") from None
