"""Conditions compiled once to Python closures, from Jinja's own parse.

A condition such as ``keyword("LANTERN") and not visited(40)`` is asked
thousands of times a game; through the sandbox each asking builds a Jinja
context and runs generated code (about 12 µs). Here the expression Jinja's
parser returns is turned, once, into a tree of closures over a whitelisted
set of nodes: literals, names, calls of the vocabulary's functions,
comparisons, ``and``/``or``/``not``, arithmetic, ``~`` and attribute and
item access. Everything that touches a value goes through the sandbox's own
hooks (:meth:`StoryEnvironment.getattr`, ``getitem``, ``call_binop``, the
size bound of a call's result, the ``~`` that joins words only), so a
closure refuses exactly what the sandbox refuses.

A text is compiled the same way when it is only prose, ``{{ expression }}``
and ``{% if %}``/``{% elif %}``/``{% else %}``: each printed value passes
the sandbox's ``finalize`` (words and numbers only) and ``str``, as Jinja
prints it.

Anything outside the whitelist (filters, tests, method calls, slices,
loops...) compiles to ``None`` and is evaluated by the sandbox, as is any
condition or text whose closure raises: the sandbox then gives the error in
its own words, so a compiled condition or text and the sandboxed one never
differ in result or error (``tests/story/test_compiled_conditions.py``
checks that on generated ones).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from types import FunctionType
from typing import Any

from jinja2 import nodes
from jinja2.parser import Parser

from tales.errors import NotCompiled
from tales.story.sandbox import StoryEnvironment, bounded, concat

Scope = Mapping[str, Any]
Closure = Callable[[Scope], Any]

# Jinja compiles these to the same Python operators (jinja2/compiler.py).
_COMPARE: dict[str, Callable[[Any, Any], Any]] = {
    "eq": operator.eq,
    "ne": operator.ne,
    "lt": operator.lt,
    "lteq": operator.le,
    "gt": operator.gt,
    "gteq": operator.ge,
    "in": lambda left, right: left in right,
    "notin": lambda left, right: left not in right,
}
_BINARY: dict[type[nodes.BinExpr], Callable[[Any, Any], Any]] = {
    nodes.Add: operator.add,
    nodes.Sub: operator.sub,
    nodes.Mul: operator.mul,
    nodes.Div: operator.truediv,
    nodes.FloorDiv: operator.floordiv,
    nodes.Mod: operator.mod,
    nodes.Pow: operator.pow,
}


def compile_condition(source: str, environment: StoryEnvironment) -> Closure | None:
    """``source`` as a closure over a scope of the vocabulary, or ``None``
    when only the sandbox may evaluate it. Parsed as Jinja's own
    ``compile_expression`` parses it, so what it refuses is refused."""
    try:
        parser = Parser(environment, source, state="variable")
        expression = parser.parse_expression()
        if not parser.stream.eos:
            return None  # Jinja's "chunk after expression": the sandbox says so
        return _Compiler(environment).build(expression)
    except Exception:  # outside the whitelist, or a syntax error the sandbox will word
        return None


def compile_text(source: str, environment: StoryEnvironment) -> Closure | None:
    """Text ``source`` as a closure returning what Jinja would print, or
    ``None`` when only the sandbox may render it."""
    try:
        parsed = environment.parse(source)  # the parse from_string itself makes
        return _Compiler(environment).text(parsed.body)
    except Exception:  # outside the whitelist, or a syntax error the sandbox will word
        return None


def _vocabulary_function(scope: Scope, name: str) -> Callable[..., Any]:
    function = scope[name]
    # A plain function with no attributes: nothing Jinja's call would treat
    # differently (pass_context, unsafe_callable, alters_data).
    if type(function) is not FunctionType or function.__dict__:
        raise NotCompiled(name)
    return function


def _bounded(result: Any) -> Any:
    """The sandbox bounds every call's result; a truth or a count needs no look."""
    return result if type(result) is bool or type(result) is int else bounded(result)


def _literal_call(name: str, values: tuple[Any, ...]) -> Closure:
    """A call whose arguments are all literals (``keyword("DIARY")``, the
    common case): the arguments are the parse's own values, made once."""

    def call(scope: Scope) -> Any:
        function = scope[name]
        if type(function) is not FunctionType or function.__dict__:
            raise NotCompiled(name)  # as _vocabulary_function: inlined, asked most
        result = function(*values)
        # _bounded, spelt out: a truth or a count needs no look.
        return result if type(result) is bool or type(result) is int else bounded(result)

    return call


class _Compiler:
    def __init__(self, environment: StoryEnvironment) -> None:
        self.environment = environment

    def text(self, body: Sequence[nodes.Node]) -> Closure:
        parts = [self._statement(node) for node in body]
        return lambda scope: "".join([part(scope) for part in parts])

    def _statement(self, node: nodes.Node) -> Closure:
        if isinstance(node, nodes.Output):
            return self.text(node.nodes)
        if isinstance(node, nodes.TemplateData):
            data = node.data
            return lambda scope: data
        if isinstance(node, nodes.If):
            return self._if(node)
        if isinstance(node, nodes.Stmt | nodes.Helper):
            raise NotCompiled(type(node).__name__)
        printed = self.build(node)
        finalize = self.environment.finalize
        assert finalize is not None  # conditions.environment() sets it
        return lambda scope: str(finalize(printed(scope)))

    def _if(self, node: nodes.If) -> Closure:
        branches = [(self.build(node.test), self.text(node.body))]
        branches += [(self.build(other.test), self.text(other.body)) for other in node.elif_]
        otherwise = self.text(node.else_)

        def choose(scope: Scope) -> str:
            for test, body in branches:
                if test(scope):
                    return str(body(scope))
            return str(otherwise(scope))

        return choose

    def build(self, node: nodes.Node) -> Closure:
        method = getattr(self, f"_{type(node).__name__}", None)
        if method is None:
            raise NotCompiled(type(node).__name__)
        built: Closure = method(node)
        return built

    def _Const(self, node: nodes.Const) -> Closure:
        value = node.value
        return lambda scope: value

    def _Name(self, node: nodes.Name) -> Closure:
        if node.ctx != "load":
            raise NotCompiled("assignment")
        name = node.name
        return lambda scope: scope[name]  # missing: KeyError, and the sandbox says why

    def _List(self, node: nodes.List) -> Closure:
        items = [self.build(item) for item in node.items]
        return lambda scope: [item(scope) for item in items]

    def _Tuple(self, node: nodes.Tuple) -> Closure:
        if node.ctx != "load":
            raise NotCompiled("assignment")
        items = [self.build(item) for item in node.items]
        return lambda scope: tuple(item(scope) for item in items)

    def _Call(self, node: nodes.Call) -> Closure:
        if not isinstance(node.node, nodes.Name) or node.kwargs or node.dyn_args:
            raise NotCompiled("a call of anything but a vocabulary function")
        if node.dyn_kwargs is not None:
            raise NotCompiled("keyword arguments")
        name = node.node.name
        literals = [argument for argument in node.args if isinstance(argument, nodes.Const)]
        if len(literals) == len(node.args):
            return _literal_call(name, tuple(literal.value for literal in literals))
        arguments = [self.build(argument) for argument in node.args]

        def call(scope: Scope) -> Any:
            function = _vocabulary_function(scope, name)
            return _bounded(function(*[argument(scope) for argument in arguments]))

        return call

    def _Getattr(self, node: nodes.Getattr) -> Closure:
        getattr_ = self.environment.getattr  # the sandbox's own refusals
        owner, attribute = self.build(node.node), node.attr

        def get(scope: Scope) -> Any:
            value = getattr_(owner(scope), attribute)
            if callable(value):
                # A method (``tokens.items``) is never called here, only
                # compared or printed, and a method's equality is its owner's
                # identity: Jinja reads each name once, a closure at each use.
                raise NotCompiled(f"the method {attribute!r}")
            return value

        return get

    def _Getitem(self, node: nodes.Getitem) -> Closure:
        if isinstance(node.arg, nodes.Slice):
            raise NotCompiled("slice")
        getitem = self.environment.getitem
        owner, key = self.build(node.node), self.build(node.arg)
        return lambda scope: getitem(owner(scope), key(scope))

    def _Compare(self, node: nodes.Compare) -> Closure:
        first = self.build(node.expr)
        steps = [(_COMPARE[o.op], self.build(o.expr)) for o in node.ops]
        if len(steps) == 1:
            compare, second = steps[0]
            return lambda scope: compare(first(scope), second(scope))

        def chain(scope: Scope) -> Any:  # Python's chained comparison, as Jinja emits it
            left, result = first(scope), True
            for compare, right in steps:
                value = right(scope)
                result = compare(left, value)
                if not result:
                    return result
                left = value
            return result

        return chain

    def _And(self, node: nodes.And) -> Closure:
        left, right = self.build(node.left), self.build(node.right)
        return lambda scope: left(scope) and right(scope)

    def _Or(self, node: nodes.Or) -> Closure:
        left, right = self.build(node.left), self.build(node.right)
        return lambda scope: left(scope) or right(scope)

    def _Not(self, node: nodes.Not) -> Closure:
        inner = self.build(node.node)
        return lambda scope: not inner(scope)

    def _Neg(self, node: nodes.Neg) -> Closure:
        inner = self.build(node.node)
        return lambda scope: -inner(scope)

    def _Pos(self, node: nodes.Pos) -> Closure:
        inner = self.build(node.node)
        return lambda scope: +inner(scope)

    def _CondExpr(self, node: nodes.CondExpr) -> Closure:
        if node.expr2 is None:
            raise NotCompiled("an 'if' without 'else'")  # Jinja makes it undefined
        test, yes, no = self.build(node.test), self.build(node.expr1), self.build(node.expr2)
        return lambda scope: yes(scope) if test(scope) else no(scope)

    def _Concat(self, node: nodes.Concat) -> Closure:
        parts = [self.build(part) for part in node.nodes]
        return lambda scope: concat([part(scope) for part in parts])

    def _binary(self, node: nodes.BinExpr) -> Closure:
        left, right = self.build(node.left), self.build(node.right)
        symbol = node.operator
        if symbol in self.environment.intercepted_binops:  # the sandbox's size checks
            binop = self.environment.call_binop
            return lambda scope: binop(None, symbol, left(scope), right(scope))
        plain = _BINARY[type(node)]
        return lambda scope: plain(left(scope), right(scope))

    _Add = _Sub = _Mul = _Div = _FloorDiv = _Mod = _Pow = _binary
