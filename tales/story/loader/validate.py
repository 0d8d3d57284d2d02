"""Checking a storybook file against the schema ``tales schema`` prints.

jsonschema would do it, but it is a test dependency only and stops at no
YAML position; this is a small validator for the subset of JSON Schema the
storybook schema uses (``type``, ``properties``, ``required``,
``additionalProperties``, ``patternProperties``, ``enum``, ``const``,
``minimum``, ``pattern``, ``items``, ``oneOf``/``anyOf`` and ``$ref``). A
schema is compiled once into closures; checking a value yields every error
at the line and column where it was written, with the loader's codes and
wording; vendor keywords (``x-what``, ``x-code``...) say what JSON Schema
cannot, and docs/storybook.md lists them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tales.problems import did_you_mean
from tales.story.loader.codes import BAD_VALUE, MISSING_KEY, UNKNOWN_KEY, WRONG_TYPE
from tales.story.yamlio import describe, is_kind, is_whole, item_position, position

Schema = dict[str, Any]
Out = Callable[[tuple[int, int], str, str], None]  # (line, col), code, message
# check(value, parent, key, what, label, out): ``parent[key]`` is ``value``; ``what``
# names the enclosing object; ``label`` names the value, or None for ``repr(key)``.
Check = Callable[[Any, Any, Any, str, "str | None", Out], None]

_TYPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "string": (lambda v: isinstance(v, str), "text"),
    "integer": (is_whole, "a whole number"),
    "boolean": (lambda v: isinstance(v, bool), "true or false"),
    "object": (lambda v: isinstance(v, dict), "a mapping"),
    "array": (lambda v: isinstance(v, list), "a list"),
}


class _Errors(list[tuple[tuple[int, int], str, str]]):
    """Errors kept aside while a variant of a ``oneOf`` is tried."""

    def __call__(self, at: tuple[int, int], code: str, message: str) -> None:
        self.append((at, code, message))


def where(parent: Any, key: Any) -> tuple[int, int]:
    """Where ``parent[key]`` was written: a key's or an item's position."""
    if parent is None:
        return (1, 1)
    if isinstance(parent, list):
        return item_position(parent, key)
    return position(parent, key)


def _label(parent: Any, key: Any, label: str | None) -> str:
    if isinstance(parent, list):
        return f"an item of {label}" if label else f"item {key + 1}"
    return label or repr(key)


def _say(template: str, value: Any, what: str, label: str, choices: Any = ()) -> str:
    close = did_you_mean(str(value), map(str, choices)) if "{close" in template else ""
    return template.format(what=what, label=label, value=value, shown=describe(value), close=close)


def _wrong_type(what: str, label: str, names: str, value: Any) -> str:
    return f"{what}: {label} should be {names}, not {describe(value)}"


class Compiler:
    """Compiles a schema's nodes into checks, once; ``$ref`` to ``#/$defs/x``."""

    def __init__(self, definitions: Schema) -> None:
        self.definitions = definitions
        self.compiled: dict[str, Check] = {}

    def definition(self, name: str) -> Check:
        if name not in self.compiled:
            self.compiled[name] = self._ref(name)  # a stand-in while it compiles
            self.compiled[name] = self.compile(self.definitions[name])
        return self.compiled[name]

    def _ref(self, name: str) -> Check:
        def check(
            value: Any, parent: Any, key: Any, what: str, label: str | None, out: Out
        ) -> None:
            self.compiled[name](value, parent, key, what, label, out)

        return check

    def resolve(self, node: Schema) -> Schema:
        ref = node.get("$ref")
        return self.resolve(self.definitions[ref.rsplit("/", 1)[1]]) if ref else node

    def compile(self, node: Schema) -> Check:
        if "$ref" in node:
            return self.definition(str(node["$ref"]).rsplit("/", 1)[1])
        if "oneOf" in node or "anyOf" in node:
            return self._variants(node)
        kind = node.get("type")
        if kind == "object":
            return self._object(node)
        if kind == "array":
            return self._array(node)
        return self._scalar(node)

    def _variants(self, node: Schema) -> Check:
        variants = [
            (self.resolve(v).get("type"), self.compile(v))
            for v in node.get("oneOf") or node["anyOf"]
        ]
        code, message = node.get("x-code", WRONG_TYPE), node.get("x-message")
        names = " or ".join(_TYPES[t][1] for t, _ in variants if t in _TYPES)

        def check(
            value: Any, parent: Any, key: Any, what: str, label: str | None, out: Out
        ) -> None:
            fitting = [c for t, c in variants if t is None or _TYPES[t][0](value)]
            if len(fitting) == 1:  # the type says which variant is meant: its errors are precise
                fitting[0](value, parent, key, what, label, out)
                return
            for candidate in fitting:  # several could be meant: is one met in full?
                errors = _Errors()
                candidate(value, parent, key, what, label, errors)
                if not errors:
                    return
            shown = _label(parent, key, label)
            text = (
                _say(message, value, what, shown)
                if message
                else _wrong_type(what, shown, names, value)
            )
            out(where(parent, key), code, text)

        return check

    def _object(self, node: Schema) -> Check:
        properties = {k: self.compile(v) for k, v in node.get("properties", {}).items()}
        patterns = [
            (re.compile(p), self.compile(v)) for p, v in node.get("patternProperties", {}).items()
        ]
        required = tuple(node.get("required", ()))
        closed = node.get("additionalProperties") is False
        noun = node.get("x-what")
        number_keys = bool(node.get("x-number-keys"))
        keys = node.get("x-keys")
        not_mapping = _not_mapping(node)

        def unknown(value: dict[Any, Any], key: Any, me: str, out: Out) -> None:
            if keys:
                out(
                    position(value, key),
                    keys["code"],
                    _say(keys["message"], key, me, repr(key), keys.get("choices", ())),
                )
            else:
                hint = did_you_mean(str(key), properties)
                out(position(value, key), UNKNOWN_KEY, f"{me} has no field {key!r}{hint}")

        def admits(key: Any) -> Check | None:
            if number_keys:  # a whole number from 1 is what the pattern spells
                return patterns[0][1] if is_kind(key, int) and key >= 1 else None
            text = str(key)
            return next((c for p, c in patterns if p.search(text)), None)

        def check(
            value: Any, parent: Any, key: Any, what: str, label: str | None, out: Out
        ) -> None:
            me = noun.format(key=key, what=what) if noun else what
            if not isinstance(value, dict):
                said = not_mapping(value, parent, key, what, me, label)
                out(where(parent, key), WRONG_TYPE, said)
                if parent is not None:
                    return
                value = {}  # a file that is no mapping lacks what its mapping needs
            for name in required:
                if not dict.__contains__(value, name):
                    out(position(value, None), MISSING_KEY, f"{me} lacks {name!r}")
            for name, child in dict.items(value):  # dict's own: ruamel's is slow
                sub = properties.get(name) if isinstance(name, str) else None
                if sub is None and patterns:
                    sub = admits(name)
                if sub is not None:
                    sub(child, value, name, me, None, out)
                elif closed:
                    unknown(value, name, me, out)

        return check

    def _array(self, node: Schema) -> Check:
        items = (
            None if node.get("x-registry") or "items" not in node else self.compile(node["items"])
        )

        def check(
            value: Any, parent: Any, key: Any, what: str, label: str | None, out: Out
        ) -> None:
            if not isinstance(value, list):
                out(
                    where(parent, key),
                    WRONG_TYPE,
                    _wrong_type(what, _label(parent, key, label), "a list", value),
                )
                return
            if items is not None:
                shown = _label(parent, key, label)
                for index, item in enumerate(value):
                    items(item, value, index, what, shown, out)

        return check

    def _scalar(self, node: Schema) -> Check:
        kind = node.get("type")
        fits, name = _TYPES[kind] if kind else (None, "")
        tests = _value_tests(node)
        code, message = node.get("x-code", BAD_VALUE), node.get("x-message")
        choices = node.get("enum", ())

        def check(
            value: Any, parent: Any, key: Any, what: str, label: str | None, out: Out
        ) -> None:
            if fits is not None and not fits(value):
                out(
                    where(parent, key),
                    WRONG_TYPE,
                    _wrong_type(what, _label(parent, key, label), name, value),
                )
                return
            for test, default in tests:
                if not test(value):
                    shown = _label(parent, key, label)
                    text = _say(message or default, value, what, shown, choices)
                    out(where(parent, key), code, text)
                    return

        return check


def _not_mapping(node: Schema) -> Callable[[Any, Any, Any, str, str, str | None], str]:
    """How an object that is not a mapping is reported: a file by its
    ``x-file`` name, a named object by its name, a field by its key."""
    file, noun = node.get("x-file"), node.get("x-what")

    def say(value: Any, parent: Any, key: Any, what: str, me: str, label: str | None) -> str:
        if parent is None:
            return f"{file or me} should be a mapping, not {describe(value)}"
        if noun:
            return f"{me} should be a mapping, not {describe(value)}"
        return _wrong_type(what, _label(parent, key, label), "a mapping", value)

    return say


def _value_tests(node: Schema) -> list[tuple[Callable[[Any], bool], str]]:
    """The constraints on a scalar's value, each with its default message."""
    tests: list[tuple[Callable[[Any], bool], str]] = []
    if "enum" in node:
        allowed = list(node["enum"])
        words = ", ".join(map(str, allowed))
        tests.append(
            (
                lambda v: _within(v, allowed),
                f"{{what}}: {{label}} is one of {words}, not {{value!r}}{{close}}",
            )
        )
    if "const" in node:
        const = node["const"]
        tests.append(
            (
                lambda v: v == const and type(v) is type(const),
                f"{{what}}: {{label}} can only be {const!r}",
            )
        )
    if "minimum" in node:
        least = node["minimum"]
        tests.append(
            (
                lambda v: v >= least,
                f"{{what}}: {{label}} should be at least {least}, not {{value!r}}",
            )
        )
    if "pattern" in node:
        pattern = re.compile(node["pattern"])
        tests.append(
            (
                lambda v: pattern.search(v) is not None,
                f"{{what}}: {{label}} is not written as {pattern.pattern}: {{value!r}}",
            )
        )
    return tests


def _within(value: Any, allowed: list[Any]) -> bool:
    """``value in allowed``, where true is not 1 (JSON Schema keeps them apart)."""
    return any(value == a and isinstance(value, bool) == isinstance(a, bool) for a in allowed)
