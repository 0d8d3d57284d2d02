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


def problems_in(source: str, *, template: bool) -> list[str]:
    """What is wrong with a condition (``template=False``) or a text: a
    syntax error, or names outside the vocabulary."""
    env = environment()
    try:
        parsed = env.parse(source if template else "{{ (" + source + ") }}")
    except TemplateSyntaxError as error:
        return [f"Jinja syntax: {error.message}"]

    found = []
    for name in sorted(meta.find_undeclared_variables(parsed) - set(VOCABULARY)):
        close = difflib.get_close_matches(name, VOCABULARY, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        found.append(f"{name!r} is not in the story vocabulary{hint}")
    return found


def called_with(source: str, function: str, *, template: bool = False) -> list[str]:
    """The literal string arguments of every call to ``function`` in
    ``source``: ``keyword("LANTERN")`` -> ["LANTERN"]. The checker uses this to
    find keywords, items and paragraphs that do not exist."""
    env = environment()
    try:
        parsed = env.parse(source if template else "{{ (" + source + ") }}")
    except TemplateSyntaxError:
        return []
    found: list[str] = []
    for call in parsed.find_all(nodes.Call):
        if isinstance(call.node, nodes.Name) and call.node.name == function:
            found += [str(a.value) for a in call.args if isinstance(a, nodes.Const)]
    return found


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
