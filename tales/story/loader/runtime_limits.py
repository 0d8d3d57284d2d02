"""What play refuses in a condition or a text, found by ``tales check`` first.

The sandbox (:mod:`tales.story.sandbox`) refuses at run time a power above
:data:`~tales.story.sandbox.MAX_POWER` and a text or list repeated past
:data:`~tales.story.sandbox.MAX_SIZE`. ``tales check`` evaluates conditions
with numbers it cannot know (counters, the round, log entries...), which
compare both ways and never pass a limit, so it passed ``2 ** counter("x")``
that a game with the counter at 70 then refused mid-play (issue 21). Here the
parsed expression is read, never run: an exponent or a repeat count must be a
number written in the source and within the limit, so what check passes
cannot fail on these limits in play.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import nodes
from jinja2.exceptions import TemplateSyntaxError

from tales.story.conditions import environment
from tales.story.sandbox import MAX_POWER, MAX_SIZE

_UNKNOWN = object()  # a value only play knows


@cache
def runtime_limits(source: str, *, template: bool) -> tuple[tuple[int, str], ...]:
    """(Jinja line, message) for each power or repeat play could refuse."""
    if "*" not in source:  # neither a power nor a repeat: the common case
        return ()
    try:
        parsed = environment().parse(source if template else "{{ (" + source + ") }}")
    except (TemplateSyntaxError, RecursionError):
        return ()  # reported by tales.story.conditions.analyse
    found: list[tuple[int, str]] = []
    for power in parsed.find_all(nodes.Pow):
        exponent = _written(power.right)
        if not isinstance(exponent, int) or isinstance(exponent, bool):
            found.append((power.lineno, f"{_POWER}; this one is decided in play"))
        elif abs(exponent) > MAX_POWER:
            found.append((power.lineno, f"{_POWER}; this one is {exponent:,}"))
    for product in parsed.find_all(nodes.Mul):
        problem = _repeat_problem(_written(product.left), _written(product.right))
        if problem is not None:
            found.append((product.lineno, problem))
    return tuple(found)


_POWER = f"an exponent must be a whole number written in the source, at most {MAX_POWER}"


def _repeat_problem(left: Any, right: Any) -> str | None:
    for sized, times in ((left, right), (right, left)):
        if not isinstance(sized, str | list | tuple) or not sized:
            continue
        if times is _UNKNOWN:
            return (
                "a text or list repeated a number of times decided in play could pass the "
                f"limit of {MAX_SIZE:,} play allows: repeat it a number of times written here"
            )
        if isinstance(times, int) and len(sized) * times > MAX_SIZE:
            return f"a repeat builds more than the limit of {MAX_SIZE:,} play allows"
    return None


def _written(node: nodes.Expr) -> Any:
    """The value of an expression written out in the source, else :data:`_UNKNOWN`."""
    try:
        return node.as_const(nodes.EvalContext(environment()))
    except Exception:  # Jinja says "not written out" with Impossible, and others for odd nodes
        return _UNKNOWN
