"""The story language's sandbox: Jinja's immutable sandbox, bounded.

Conditions and texts come from someone else's storybook, so besides
Jinja's own refusals (no ``__class__``, no mutation) every way to print a
Python object or to spend unbounded time or memory is closed here, in one
place: only words and numbers are ever turned into text (``~``, ``%``,
``format``, ``join``...); every string or list an expression builds is at
most :data:`MAX_SIZE` long; all the loops of one evaluation share
:data:`MAX_STEPS` iterations; a text renders at most :data:`MAX_OUTPUT`
characters; macros, recursive loops and the filters that print objects or
call back into Python are not part of the language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from jinja2 import nodes
from jinja2.exceptions import SecurityError
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.visitor import NodeTransformer

MAX_POWER = 64  # 2**64 is plenty for a board game; 9**9**9 would hang the checker
MAX_SIZE = 10_000  # the longest string or list an expression may build
MAX_STEPS = 10_000  # loop iterations, all loops of one evaluation together
MAX_OUTPUT = 100_000  # characters one text may render
WORDS = (str, int, float, bool)  # what may be turned into text

# Filters a story may use: none prints an object or calls back into Python.
SAFE_FILTERS = (
    *("abs", "capitalize", "default", "d", "first", "last", "length", "count"),
    *("lower", "upper", "title", "trim", "round", "int", "float", "max", "min"),
    *("wordcount", "truncate", "replace"),
)
# Statements that are not part of the language: each could recurse without a bound.
REFUSED_STATEMENTS: tuple[type[nodes.Node], ...] = (nodes.Macro, nodes.CallBlock, nodes.Import)
REFUSED_STATEMENTS += (nodes.FromImport, nodes.Include, nodes.Extends, nodes.Block)

_BIG_NUMBER = re.compile(r"\d{4,}")


class Budget:
    """The loop iterations left to the evaluation under way (one at a time:
    conditions and texts are evaluated in the game's one thread)."""

    steps = MAX_STEPS

    @classmethod
    def start(cls) -> None:
        cls.steps = MAX_STEPS


def words_only(value: Any, what: str) -> Any:
    if isinstance(value, WORDS):
        return value
    raise SecurityError(f"{what} words and numbers only")


def bounded(value: Any) -> Any:
    if isinstance(value, str | list | tuple) and len(value) > MAX_SIZE:
        raise SecurityError(f"results longer than {MAX_SIZE:,} are not allowed")
    return value


def _loop(iterable: Iterable[Any]) -> Iterator[Any]:
    """Every ``{% for %}``'s iterable, counted against the shared budget."""
    for item in iterable:
        Budget.steps -= 1
        if Budget.steps < 0:
            raise SecurityError(f"loops may run at most {MAX_STEPS:,} times in one text")
        yield item


def concat(values: list[Any]) -> str:
    """``a ~ b``: words and numbers joined, never an object's repr."""
    return str(bounded("".join(str(words_only(v, "~ joins")) for v in values)))


def _join(values: Iterable[Any], separator: str = "", attribute: Any = None) -> str:
    if attribute is not None:
        raise SecurityError("join takes no attribute in a story")
    items = [str(words_only(v, "join joins")) for v in _loop(values)]
    return str(bounded(str(words_only(separator, "join joins")).join(items)))


def _sum(values: Iterable[Any], attribute: Any = None, start: Any = 0) -> Any:
    if attribute is not None:
        raise SecurityError("sum takes no attribute in a story")
    total = start
    for value in _loop(values):  # numbers only: adding lists is quadratic
        if not isinstance(value, int | float) or not isinstance(total, int | float):
            raise SecurityError("sum adds numbers only")
        total += value
    return total


def _replace(text: Any, old: Any, new: Any, count: Any = None) -> Any:
    _check_replace(str(text), str(new))
    return str(text).replace(str(old), str(new), -1 if count is None else int(count))


def _check_replace(text: str, new: str) -> None:
    if len(text) + (len(text) + 1) * len(new) > MAX_SIZE:  # the most it could build
        raise SecurityError(f"results longer than {MAX_SIZE:,} are not allowed")


class _Bounds(NodeTransformer):
    """Rewrites a parsed text so its loops and ``~`` go through the checks."""

    def visit_For(self, node: nodes.For) -> nodes.Node:
        if node.recursive:
            raise SecurityError("recursive loops are not part of the story language")
        self.generic_visit(node)
        node.iter = nodes.Filter(node.iter, "story_loop", [], [], None, None, lineno=node.lineno)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:
        self.generic_visit(node)
        items = nodes.List(node.nodes, lineno=node.lineno)
        return nodes.Filter(items, "story_concat", [], [], None, None, lineno=node.lineno)

    def generic_visit(self, node: nodes.Node, *args: Any, **kwargs: Any) -> nodes.Node:
        if isinstance(node, REFUSED_STATEMENTS):
            raise SecurityError(f"{type(node).__name__.lower()} is not part of the story language")
        return super().generic_visit(node, *args, **kwargs)


class StoryEnvironment(ImmutableSandboxedEnvironment):
    """Jinja's immutable sandbox, with nothing in reach but the vocabulary:
    no globals (range, dict, lipsum, cycler...), no printing of Python
    objects, and nothing that could hang or exhaust memory."""

    intercepted_binops = frozenset({"**", "*", "+", "%"})

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.globals.clear()
        kept = {name: self.filters[name] for name in SAFE_FILTERS}
        self.filters = {**kept, "replace": _replace, "join": _join, "sum": _sum}
        self.filters.update(story_loop=_loop, story_concat=concat)

    def _generate(self, source: nodes.Template, *args: Any, **kwargs: Any) -> str:
        return super()._generate(_Bounds().visit(source), *args, **kwargs)

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "**" and isinstance(right, int) and abs(right) > MAX_POWER:
            raise SecurityError(f"powers above {MAX_POWER} are not allowed")
        if operator == "%" and isinstance(left, str):
            raise SecurityError("'%' does not format text in a story; join words with ~")
        if operator == "*":
            for sized, times in ((left, right), (right, left)):
                repeats = isinstance(sized, str | list | tuple) and isinstance(times, int)
                if repeats and len(sized) * times > MAX_SIZE:
                    raise SecurityError(f"results longer than {MAX_SIZE:,} are not allowed")
        sizes = isinstance(left, str | list | tuple) and isinstance(right, str | list | tuple)
        if operator == "+" and sizes and len(left) + len(right) > MAX_SIZE:
            raise SecurityError(f"results longer than {MAX_SIZE:,} are not allowed")
        return super().call_binop(context, operator, left, right)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        method = getattr(__obj, "__wrapped__", __obj)  # the sandbox wraps str.format
        owner = getattr(method, "__self__", None)
        if isinstance(owner, str | list | tuple | dict):
            _check_method(owner, getattr(method, "__name__", ""), args, kwargs)
        return bounded(super().call(__context, __obj, *args, **kwargs))


def _check_method(owner: Any, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """A method of a value (``'{0}'.format(x)``, ``'a'.ljust(n)``) is checked
    before it runs: it formats words and numbers only, and builds nothing
    past MAX_SIZE."""
    values = [*args, *kwargs.values()]
    if name == "format_map" and values and isinstance(values[0], dict):
        values = list(values[0].values())
    if name in ("format", "format_map"):
        for value in values:
            words_only(value, "format shows")
        if isinstance(owner, str) and _BIG_NUMBER.search(owner):
            raise SecurityError("format widths above 999 are not allowed")
    if name == "join":
        for value in _loop(values[0] if values else ()):
            words_only(value, "join joins")
    if name == "replace" and isinstance(owner, str) and len(values) > 1:
        _check_replace(owner, str(values[1]))
    for value in values:
        if isinstance(value, int) and abs(value) > MAX_SIZE:
            raise SecurityError(f"numbers above {MAX_SIZE:,} are not allowed here")


def sandbox_problems(parsed: nodes.Template, filters: Iterable[str]) -> list[tuple[int, str]]:
    """What the sandbox would refuse in play, found when the content is checked."""
    problems = []
    known = [f for f in filters if not f.startswith("story_")]
    looked_at: tuple[type[nodes.Node], ...] = (nodes.Filter, nodes.For, nodes.Mod)
    node: nodes.Node
    for node in parsed.find_all((*looked_at, *REFUSED_STATEMENTS)):
        if isinstance(node, nodes.Filter) and node.name not in known:
            listed = ", ".join(sorted(known))
            problems.append(
                (node.lineno, f"{node.name!r} is not a filter of the story language ({listed})")
            )
        elif isinstance(node, REFUSED_STATEMENTS):
            problems.append(
                (node.lineno, f"{type(node).__name__.lower()} is not part of the story language")
            )
        elif isinstance(node, nodes.For) and node.recursive:
            problems.append((node.lineno, "recursive loops are not part of the story language"))
        elif (
            isinstance(node, nodes.Mod)
            and isinstance(node.left, nodes.Const)
            and isinstance(node.left.value, str)
        ):
            problems.append((node.lineno, "'%' does not format text in a story; join words with ~"))
    return problems


def render_bounded(template: Any, context: Mapping[str, Any]) -> str:
    """A text rendered chunk by chunk, refused once past MAX_OUTPUT (Jinja's
    own render, with a count: its root function yields the chunks)."""
    chunks, size = [], 0
    for chunk in template.root_render_func(template.new_context(dict(context))):
        size += len(chunk)
        if size > MAX_OUTPUT:
            raise SecurityError(f"a text may be at most {MAX_OUTPUT:,} characters long")
        chunks.append(chunk)
    return "".join(chunks)
