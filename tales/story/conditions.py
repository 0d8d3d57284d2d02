"""Conditions and texts: Jinja in its sandbox, over a small vocabulary.

Authors write ``keyword("LANTERN") and not visited(40)``; nothing else is in
reach. Jinja's SandboxedEnvironment refuses attributes such as
``__class__`` and ``StrictUndefined`` makes a misspelt name an error rather
than a silent blank. Names are also checked when a tale loads, with a "did
you mean".
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from jinja2 import StrictUndefined, TemplateSyntaxError, meta, nodes
from jinja2.exceptions import SecurityError, UndefinedError
from jinja2.sandbox import ImmutableSandboxedEnvironment

from tales.errors import TalesError

FUNCTIONS = (
    "keyword",
    "item",
    "clue",
    "objective",
    "information",
    "visited",
    "revealed",
    "log",
    "counter",
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
)
VOCABULARY = FUNCTIONS + VALUES


class StoryExpressionError(TalesError):
    """A condition or text that cannot be evaluated."""


@functools.cache
def environment() -> ImmutableSandboxedEnvironment:
    return ImmutableSandboxedEnvironment(undefined=StrictUndefined, autoescape=False)


@dataclass(frozen=True, slots=True)
class Analysis:
    """What a condition or text says, found by parsing it once."""

    problems: tuple[str, ...] = ()
    calls: tuple[tuple[str, str], ...] = ()  # (function, literal argument)

    def arguments(self, function: str) -> list[str]:
        return [argument for name, argument in self.calls if name == function]


_NO_JINJA = Analysis()


@functools.lru_cache(maxsize=16384)
def analyse(source: str, *, template: bool) -> Analysis:
    """Syntax errors, names outside the vocabulary (with a "did you mean"),
    and the literal arguments of every vocabulary call, from one parse."""
    if template and not any(mark in source for mark in ("{{", "{%", "{#")):
        return _NO_JINJA  # plain prose: nothing to check
    try:
        parsed = environment().parse(source if template else "{{ (" + source + ") }}")
    except TemplateSyntaxError as error:
        return Analysis((f"Jinja syntax: {error.message}",))
    problems = []
    for name in sorted(meta.find_undeclared_variables(parsed) - set(VOCABULARY)):
        close = difflib.get_close_matches(name, VOCABULARY, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        problems.append(f"{name!r} is not in the story vocabulary{hint}")
    calls = tuple(
        (call.node.name, str(argument.value))
        for call in parsed.find_all(nodes.Call)
        if isinstance(call.node, nodes.Name)
        for argument in call.args
        if isinstance(argument, nodes.Const)
    )
    return Analysis(tuple(problems), calls)


def problems_in(source: str, *, template: bool) -> list[str]:
    """What is wrong with a condition (``template=False``) or a text."""
    return list(analyse(source, template=template).problems)


def called_with(source: str, function: str, *, template: bool = False) -> list[str]:
    """The literal arguments of every call to ``function`` in ``source``:
    ``keyword("LANTERN")`` -> ["LANTERN"]. The checker uses this to find
    keywords, items and paragraphs that do not exist."""
    return analyse(source, template=template).arguments(function)


@functools.lru_cache(maxsize=4096)
def _compiled_condition(source: str) -> Callable[..., Any]:
    return environment().compile_expression(source, undefined_to_none=False)


@functools.lru_cache(maxsize=4096)
def _compiled_text(source: str) -> Any:
    return environment().from_string(source)


def evaluate(source: str, context: Mapping[str, Any]) -> bool:
    try:
        return bool(_compiled_condition(source)(**context))
    except (UndefinedError, SecurityError, TemplateSyntaxError, TypeError, ValueError) as error:
        raise StoryExpressionError(f"condition {source!r} failed: {error}") from None


def render(source: str, context: Mapping[str, Any]) -> str:
    try:
        return str(_compiled_text(source).render(**context))
    except (UndefinedError, SecurityError, TemplateSyntaxError, TypeError, ValueError) as error:
        raise StoryExpressionError(f"text failed to render: {error}") from None
