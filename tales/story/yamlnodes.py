"""YAML read by libyaml (the C parser), keeping where every value was written.

ruamel's round-trip loader knows every key's line and column but parses in
pure Python, several times slower than libyaml; the C safe loader is fast but
throws positions away. Here libyaml's events, which carry their start marks,
are built in one pass into plain dicts and lists that keep those marks in an
``lc`` attribute shaped like ruamel's (``lc.line``, ``lc.col``,
``lc.key(k)``, ``lc.value(k)``, ``lc.item(i)``), so
:func:`tales.story.yamlio.position` reads either. Plain scalars are resolved
as the safe loader resolves them, into plain ``str``, ``int``... (a cached
tale unpickles without ruamel); ``lc.literal(k)`` tells a literal block
(``|``), whose lines a problem inside it can name.

Each event passes the limits of :mod:`tales.story.yamllimits` (no tag,
anchor or alias, bounded depth, number size and count) before anything is
built from it, so a hostile file is refused as soon as it passes one. The
build is a loop over an explicit stack, never recursion.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

from ruamel.yaml.composer import ComposerError
from ruamel.yaml.constructor import DuplicateKeyError
from ruamel.yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)
from ruamel.yaml.representer import RoundTripRepresenter, SafeRepresenter

from tales.errors import YamlFileError
from tales.story.yamllimits import LIMIT, MAX_DEPTH, MAX_DIGITS, MAX_NODES, Limits, at, refused

_MERGE = "tag:yaml.org,2002:merge"
_NODES = (ScalarEvent, MappingStartEvent, SequenceStartEvent, AliasEvent)
_MERGED = object()  # the key "<<" stands for, until its mapping is complete
_UNSEEN = object()  # a plain scalar not resolved yet in this file
_DIGITS = "+-0123456789"
# The commonest plain scalars, resolved as YAML 1.2 resolves them without the
# resolver's regular expressions; anything else goes through them.
_DECIMAL = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_WORDS: dict[str, Any] = {
    **dict.fromkeys(("", "~", "null", "Null", "NULL")),
    **dict.fromkeys(("true", "True", "TRUE"), True),
    **dict.fromkeys(("false", "False", "FALSE"), False),
}


class Lines:
    """Where a mapping or a list and its keys or items were written (0-based)."""

    __slots__ = ("col", "data", "line", "literals")

    def __init__(self, line: int, col: int, data: Any) -> None:
        self.line = line
        self.col = col
        self.data: Any = data  # key: (line, col, value line, value col); or [(line, col)]
        self.literals: set[Any] = set()  # keys whose value is a literal block

    def key(self, key: Any) -> tuple[int, int]:
        found = self.data[key]  # a KeyError for a key not written: the caller falls back
        return (found[0], found[1])

    def value(self, key: Any) -> tuple[int, int]:
        found = self.data[key]
        return (found[2], found[3])

    def literal(self, key: Any) -> bool:
        return key in self.literals

    def item(self, index: int) -> tuple[int, int]:
        found = self.data[index]
        return (found[0], found[1])


class PlacedMap(dict[Any, Any]):
    """A mapping read with its positions."""

    __slots__ = ("lc",)
    lc: Lines


class PlacedList(list[Any]):
    """A list read with its positions."""

    __slots__ = ("lc",)
    lc: Lines


# What was read can be written again (a sheet's values copied into another),
# as the plain mapping and list they are.
for _representer in (SafeRepresenter, RoundTripRepresenter):
    _representer.add_representer(PlacedMap, _representer.represent_dict)
    _representer.add_representer(PlacedList, _representer.represent_list)


class _Open:
    """A mapping or list being read: its keys wait for their values."""

    __slots__ = ("into", "is_list", "key", "key_mark", "lines", "mark", "merges", "waiting")

    def __init__(self, into: PlacedMap | PlacedList, mark: Any) -> None:
        self.into: Any = into
        self.is_list = isinstance(into, PlacedList)
        self.lines = into.lc
        self.mark = mark
        self.key: Any = None
        self.key_mark: Any = None
        self.waiting = False  # a mapping's key read, its value not yet
        self.merges: list[Any] = []


def load(path: str, text: str, limits: Limits) -> Any:
    """``text`` parsed by libyaml into :class:`PlacedMap`, :class:`PlacedList`
    and scalars. Raises :class:`YamlFileError` on a passed limit and ruamel's
    ``YAMLError`` on bad YAML."""
    stack: list[_Open] = []
    root: list[Any] = []
    nodes = documents = 0
    plain: dict[str, Any] = {}  # each plain scalar resolved once per file (keys repeat)
    for event in _events(text):
        kind = type(event)
        if kind is ScalarEvent:  # most events: the checks they cannot fail are not called
            nodes += 1
            style = event.style
            raw: str = event.value
            if (
                event.anchor is not None
                or event.tag is not None
                or nodes > MAX_NODES
                or (not style and raw[:1] in _DIGITS and _number_like(event, limits))
            ):
                _check(path, event, stack, limits, nodes)
            if style:  # quoted, folded or literal: text
                value: Any = raw
            elif (value := plain.get(raw, _UNSEEN)) is _UNSEEN:
                value = plain[raw] = _scalar(event)
            if stack:
                _attach_scalar(stack[-1], value, event.start_mark, style == "|")
            else:
                root.append(value)
        elif kind is MappingEndEvent or kind is SequenceEndEvent:
            done = stack.pop()
            if done.merges:
                _close(done)
        elif kind in _NODES:
            nodes += 1
            if (
                event.anchor is not None
                or event.tag is not None
                or kind is AliasEvent
                or nodes > MAX_NODES
                or len(stack) >= MAX_DEPTH
            ):  # only then can it pass a limit
                _check(path, event, stack, limits, nodes)
            _place(event, stack, root)
        elif kind is DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise ComposerError(
                    "expected a single document in the stream", None,
                    "but found another document", event.start_mark,
                )  # fmt: skip
        elif kind is StreamEndEvent:
            break
    return root[0] if root else None


def _events(text: str) -> Iterator[Any]:
    """libyaml's events; the pure parser's where the C extension is missing (PyPy)."""
    try:
        from ruamel.yaml.cyaml import CParser  # type: ignore[attr-defined]
    except ImportError:
        from ruamel.yaml import YAML

        return iter(YAML(typ="safe", pure=True).parse(text))
    return iter(CParser(text).get_event, None)


def _check(path: str, event: Any, stack: list[_Open], limits: Limits, nodes: int) -> None:
    where = event.start_mark
    top = stack[-1] if stack else None
    if top is not None and top.waiting:  # a value is reported where its key is
        where = top.key_mark
    problem = None
    if event.anchor is not None or event.tag is not None or _number_like(event, limits):
        problem = refused(path, event, where, limits)
    if problem is None and nodes > MAX_NODES:
        problem = at(path, where, LIMIT, f"more than {MAX_NODES:,} values in a file")
    if problem is None and type(event) is not ScalarEvent and len(stack) >= MAX_DEPTH:
        problem = at(path, where, LIMIT, f"nested deeper than {MAX_DEPTH} levels")
    if problem is not None:
        raise YamlFileError(problem)


def _number_like(event: Any, limits: Limits) -> bool:
    """Whether a number's limits must be checked: a plain scalar that may be
    one, unless it is too short to pass any (the ids and numbers of every file)
    or a short decimal within the bound (a paragraph's number, a ``goto``)."""
    if type(event) is not ScalarEvent or event.style or event.value[:1] not in _DIGITS:
        return False
    value: str = event.value
    if limits.largest is None:
        return len(value) > MAX_DIGITS
    if len(value) <= 9 and value.isascii() and value.isdigit():  # short: its bound, here
        return int(value) > limits.largest
    return True


def _place(event: Any, stack: list[_Open], root: list[Any]) -> None:
    mark = event.start_mark
    kind = type(event)
    value: Any
    if kind is ScalarEvent:
        value = _scalar(event)
    else:
        value = PlacedMap() if kind is MappingStartEvent else PlacedList()
        value.lc = Lines(mark.line, mark.column, {} if kind is MappingStartEvent else [])
    if not stack:
        root.append(value)
    else:
        _attach(stack[-1], value, mark, kind is ScalarEvent and event.style == "|")
    if kind is not ScalarEvent:
        stack.append(_Open(value, mark))


def _attach_scalar(top: _Open, value: Any, mark: Any, literal: bool) -> None:
    """:func:`_attach` for a scalar (never a container, so never a bad key),
    its common cases written out: a scalar is most of what a file holds."""
    if top.is_list:
        top.into.append(value)
        top.lines.data.append((mark.line, mark.column))
    elif not top.waiting:
        top.key, top.key_mark, top.waiting = value, mark, True
    elif top.key is not _MERGED and top.key not in top.into:
        top.waiting = False
        top.into[top.key] = value
        key_mark = top.key_mark
        top.lines.data[top.key] = (key_mark.line, key_mark.column, mark.line, mark.column)
        if literal:
            top.lines.literals.add(top.key)
    else:  # a merge or a duplicate key
        _attach(top, value, mark, literal)


def _attach(top: _Open, value: Any, mark: Any, literal: bool) -> None:
    into = top.into
    if isinstance(into, PlacedList):
        into.append(value)
        top.lines.data.append((mark.line, mark.column))
    elif not top.waiting:
        if isinstance(value, dict | list):
            raise ComposerError(
                "while reading a mapping", top.mark, "a key must be a plain value", mark
            )
        top.key, top.key_mark, top.waiting = value, mark, True
    else:
        key, top.waiting = top.key, False
        if key is _MERGED:
            top.merges.append(value)
            return
        if key in into:
            message = (
                f'found duplicate key "{key}" with value "{value}" (original value: "{into[key]}")'
            )
            raise DuplicateKeyError("while constructing a mapping", top.mark, message, top.key_mark)
        into[key] = value
        top.lines.data[key] = (top.key_mark.line, top.key_mark.column, mark.line, mark.column)
        if literal:
            top.lines.literals.add(key)


def _close(done: _Open) -> None:
    """``<<: {...}`` (or a list of mappings): their keys, unless written here."""
    for merged in done.merges:
        for source in merged if isinstance(merged, PlacedList) else [merged]:
            if not isinstance(source, PlacedMap):
                raise ComposerError(
                    "while reading a mapping", done.mark, "a merge key takes a mapping", None
                )
            for key, item in source.items():
                if key not in done.into:
                    done.into[key] = item
                    done.lines.data[key] = source.lc.data[key]
                    if source.lc.literal(key):
                        done.lines.literals.add(key)


def _scalar(event: Any) -> Any:
    value: str = event.value
    style = event.style
    if style:  # quoted, folded or literal: text
        return value
    if value in _WORDS:
        return _WORDS[value]
    if _DECIMAL.fullmatch(value):
        return int(value)
    for tag, pattern in _resolvers().get(value[:1], ()):
        if pattern.match(value):
            return _construct(tag, value, event.start_mark)
    return value


@cache
def _resolvers() -> dict[str, list[tuple[str, re.Pattern[str]]]]:
    """The safe loader's implicit resolvers (YAML 1.2), by first character."""
    from ruamel.yaml.resolver import VersionedResolver

    table = VersionedResolver().versioned_resolver
    return {
        first: [(tag, re.compile(regexp.pattern, regexp.flags)) for tag, regexp in pairs]
        for first, pairs in table.items()
    }


def _construct(tag: str, value: str, mark: Any) -> Any:
    if tag == _MERGE:
        return _MERGED
    from ruamel.yaml.nodes import ScalarNode

    return _constructor().construct_object(ScalarNode(tag, value, start_mark=mark))


@cache
def _constructor() -> Any:
    from ruamel.yaml.cyaml import CSafeLoader

    return CSafeLoader("")
