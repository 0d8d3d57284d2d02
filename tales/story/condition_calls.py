"""The vocabulary calls in a parsed condition, read as the engine runs them.

Jinja's parser has already turned ``keyword("PASSWORD") and not (item(slug=
"sledge") or visited(126))`` into a tree; this walks that tree, so a tool
asking "which facts does this gate want true?" reads the same ``and``,
``or`` and ``not``, the same keyword arguments and the same string escapes
as the sandbox that evaluates it (:mod:`tales.story.conditions` parses;
nothing here evaluates anything).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from jinja2 import nodes

# The parameters of each function of the vocabulary, in order, as the engine
# defines them (tales/story/vocabulary.py, state.campaign_context,
# map_vocabulary.map_functions): a keyword argument such as ``slug="sledge"``
# is read at its parameter's place. tests/story/test_condition_calls.py
# holds this table to the engine's own signatures.
PARAMETERS: dict[str, tuple[str, ...]] = {
    "keyword": ("word",),
    "item": ("slug",),
    "clue": ("slug",),
    "objective": ("slug",),
    "information": ("slug",),
    "visited": ("number",),
    "revealed": ("slug",),
    "log": ("section", "entry"),
    "crossed_out": ("section", "entry"),
    "entries": ("section",),
    "counter": ("name",),
    "location_token": ("place", "name"),
    "playing": ("slug",),
    "mark": ("name", "slug"),
    "barriers": ("a", "b"),
    "vehicle_at": ("slug",),
    "aboard": ("slug",),
    "seats_free": ("slug",),
    "driving": ("slug",),
    "riding": ("slug",),
    "prisoner": ("slug",),
    "prisoner_at": ("slug",),
    "escorting": ("slug",),
    "escorted": ("slug",),
    "position": ("name", "item"),
    "in_area": ("areas",),  # *areas: only a positional argument names an area
    "away_in": ("areas",),
    "names": ("slugs",),
}
# How many of those parameters, counted from the end, the engine gives a
# default; and the functions that take any number of arguments by position.
DEFAULTED: dict[str, int] = {"mark": 1}
VARIADIC = frozenset({"in_area", "away_in"})


def call_problem(call: nodes.Call) -> str | None:
    """Why the engine's function could not take this call's arguments (the
    sandbox would fail the condition at play, so it would never hold), or
    None. A call spreading ``*list`` or ``**dict`` is not known before play."""
    name = call.node.name if isinstance(call.node, nodes.Name) else ""
    if name not in PARAMETERS or call.dyn_args is not None or call.dyn_kwargs is not None:
        return None
    parameters, given = PARAMETERS[name], len(call.args)
    if name in VARIADIC:
        if call.kwargs:
            return f"{name}() takes its {parameters[0]} by position only"
        return None if given else f"{name}() needs at least one of its {parameters[0]}"
    spelt = ", ".join(parameters)
    if given > len(parameters):
        most = "at most " if name in DEFAULTED else ""
        plural = "s" if len(parameters) > 1 else ""
        return f"{name}() takes {most}{len(parameters)} argument{plural} ({spelt}), given {given}"
    named = [keyword.key for keyword in call.kwargs]
    for key in named:
        if key not in parameters:
            return f"{name}() has no parameter {key!r} (it takes {spelt})"
        if parameters.index(key) < given or named.count(key) > 1:
            return f"{name}() is given {key!r} twice"
    needed = parameters[: len(parameters) - DEFAULTED.get(name, 0)]
    missing = [p for place, p in enumerate(needed) if place >= given and p not in named]
    return f"{name}() needs its {', '.join(missing)}" if missing else None


def literal_arguments(call: nodes.Call) -> dict[int, str]:
    """A call's literal arguments by the place of their parameter:
    ``log("the-reef", entry="tithe-freed")`` -> {0: "the-reef", 1: "tithe-freed"}.
    A keyword the function does not take, or any argument that is not a
    literal, is left out (the engine refuses the one, and the other is not
    known before play)."""
    found = {
        place: str(argument.value)
        for place, argument in enumerate(call.args)
        if isinstance(argument, nodes.Const)
    }
    name = call.node.name if isinstance(call.node, nodes.Name) else ""
    parameters = PARAMETERS.get(name, ())
    for keyword in call.kwargs:
        if keyword.key in parameters and isinstance(keyword.value, nodes.Const):
            found[parameters.index(keyword.key)] = str(keyword.value.value)
    return found


@dataclass(frozen=True, slots=True)
class Asked:
    """One call of a vocabulary function in a condition, and which of its
    answers may help the condition hold: in ``keyword("A") and not
    item("b")`` the keyword helps when true, the item when false; under an
    ``if`` test or inside another call's argument, either may."""

    function: str
    arguments: tuple[str | None, ...]  # literal arguments by place; None: not a literal
    helps_true: bool
    helps_false: bool

    def argument(self, place: int) -> str | None:
        return self.arguments[place] if place < len(self.arguments) else None


def wanted_true(calls: Iterable[Asked], function: str) -> set[tuple[str, ...]]:
    """The literal arguments of each call of ``function`` that the condition
    wants true and nowhere wants false: in ``log("a", "b") and not
    log("c", "d")``, ("a", "b") only. A call with an argument that is not a
    literal names nothing."""
    wanted, unwanted = set(), set()
    for call in calls:
        arguments = call.arguments
        if call.function != function or not arguments or None in arguments:
            continue
        literal = tuple(str(argument) for argument in arguments)
        if call.helps_true:
            wanted.add(literal)
        if call.helps_false:
            unwanted.add(literal)
    return wanted - unwanted


# A comparison with a literal true or false keeps or turns over what the
# compared call is asked to be: ``visited(126) == false`` asks it false.
_KEEPS = {("eq", True), ("ne", False)}
_TURNS = {("eq", False), ("ne", True)}
_Sense = tuple[bool, bool]  # (helps when true, helps when false)
_BOTH: _Sense = (True, True)


def asked_calls(expression: nodes.Node) -> tuple[Asked, ...]:
    """Every call of a named function in ``expression`` (a condition as
    Jinja parsed it), with what each is asked to be."""
    return tuple(_walk(expression, (True, False)))


def _walk(node: nodes.Node, sense: _Sense) -> Iterator[Asked]:
    if isinstance(node, nodes.Not):
        yield from _walk(node.node, (sense[1], sense[0]))
    elif isinstance(node, nodes.And | nodes.Or):
        yield from _walk(node.left, sense)
        yield from _walk(node.right, sense)
    elif isinstance(node, nodes.CondExpr):
        yield from _walk(node.expr1, sense)
        if node.expr2 is not None:
            yield from _walk(node.expr2, sense)
        yield from _walk(node.test, _BOTH)
    elif isinstance(node, nodes.Compare) and (turned := _against_truth(node)) is not None:
        yield from _walk(node.expr, (sense[1], sense[0]) if turned else sense)
    else:
        if isinstance(node, nodes.Call) and isinstance(node.node, nodes.Name):
            literals = literal_arguments(node)
            places = max([len(node.args), *(n + 1 for n in literals)])
            arguments = tuple(literals.get(place) for place in range(places))
            yield Asked(node.node.name, arguments, *sense)
        for child in node.iter_child_nodes():
            yield from _walk(child, _BOTH)


def _against_truth(node: nodes.Compare) -> bool | None:
    """For ``x == false`` and the like: whether the comparison turns ``x``
    over (None: not a single comparison with a literal true or false)."""
    if len(node.ops) != 1 or not isinstance(node.ops[0].expr, nodes.Const):
        return None
    pair = (node.ops[0].op, node.ops[0].expr.value)
    if not isinstance(pair[1], bool):
        return None
    return True if pair in _TURNS else False if pair in _KEEPS else None
