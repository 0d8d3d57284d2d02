"""YAML read by libyaml (the C parser), keeping where every value was written.

ruamel's round-trip loader knows every key's line and column but parses in
pure Python, several times slower than libyaml; the C safe loader is fast but
throws positions away. Here libyaml composes the file into nodes, which carry
their start marks, and :func:`build` turns the nodes into plain dicts and
lists that keep those marks in an ``lc`` attribute shaped like ruamel's
(``lc.line``, ``lc.col``, ``lc.key(k)``, ``lc.value(k)``, ``lc.item(i)``), so
:func:`tales.story.yamlio.position` reads either. Scalars are resolved as the
safe loader resolves them; a literal block (``|``) stays a
``LiteralScalarString`` so a problem inside one names its line.

Only content that :func:`tales.story.yamllimits.scan` has passed is built:
no tags, anchors or aliases, and a bounded depth. The build is a loop over an
explicit stack, never recursion.
"""

from __future__ import annotations

from typing import Any

from ruamel.yaml.composer import ComposerError
from ruamel.yaml.constructor import ConstructorError
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

_STR = "tag:yaml.org,2002:str"
_MERGE = "tag:yaml.org,2002:merge"
# What a plain scalar may resolve to; nothing else is ever constructed.
_IMPLICIT = frozenset(
    f"tag:yaml.org,2002:{name}" for name in ("null", "bool", "int", "float", "timestamp")
)


class Lines:
    """Where a mapping or a list and its keys or items were written (0-based)."""

    __slots__ = ("line", "col", "data")

    def __init__(self, line: int, col: int) -> None:
        self.line = line
        self.col = col
        self.data: dict[Any, tuple[int, int, int, int]] | list[tuple[int, int]] = {}

    def key(self, key: Any) -> tuple[int, int]:
        found = self.data[key]  # a KeyError for a key not written: the caller falls back
        return (found[0], found[1])

    def value(self, key: Any) -> tuple[int, int]:
        found = self.data[key]
        return (found[2], found[3])

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


def compose(text: str) -> Any:
    """The single document of ``text`` as libyaml's nodes (None when empty)."""
    from ruamel.yaml.cyaml import CSafeLoader

    loader = CSafeLoader(text)
    try:
        return loader.get_single_node(), loader
    finally:
        loader.dispose()


def load(text: str) -> Any:
    """``text`` parsed by libyaml into :class:`PlacedMap`, :class:`PlacedList`
    and scalars; raises ruamel's ``MarkedYAMLError`` on bad YAML."""
    node, loader = compose(text)
    if node is None:
        return None
    return build(node, loader)


def build(root: Any, loader: Any) -> Any:
    """The data of ``root``, built without recursion."""
    result = _container(root) if not isinstance(root, ScalarNode) else None
    if result is None:
        return _scalar(root, loader)
    pending: list[tuple[Any, Any]] = [(root, result)]
    while pending:
        node, into = pending.pop()
        if isinstance(node, MappingNode):
            _fill_mapping(node, into, loader, pending)
        else:
            _fill_list(node, into, loader, pending)
    return result


def _container(node: Any) -> PlacedMap | PlacedList:
    made: PlacedMap | PlacedList = PlacedMap() if isinstance(node, MappingNode) else PlacedList()
    lines = Lines(node.start_mark.line, node.start_mark.column)
    if isinstance(made, PlacedList):
        lines.data = []
    made.lc = lines
    return made


def _child(node: Any, loader: Any, pending: list[tuple[Any, Any]]) -> Any:
    if isinstance(node, ScalarNode):
        return _scalar(node, loader)
    made = _container(node)
    pending.append((node, made))
    return made


def _fill_list(
    node: SequenceNode, into: PlacedList, loader: Any, pending: list[tuple[Any, Any]]
) -> None:
    where = into.lc.data
    assert isinstance(where, list)
    for item in node.value:
        into.append(_child(item, loader, pending))
        where.append((item.start_mark.line, item.start_mark.column))


def _fill_mapping(
    node: MappingNode, into: PlacedMap, loader: Any, pending: list[tuple[Any, Any]]
) -> None:
    where = into.lc.data
    assert isinstance(where, dict)
    merged: list[Any] = []
    for key_node, value_node in node.value:
        if key_node.tag == _MERGE:  # "<<: {...}": its keys, unless written here
            merged.append(value_node)
            continue
        if not isinstance(key_node, ScalarNode):
            raise ComposerError(
                "while reading a mapping", node.start_mark, "a key must be a plain value",
                key_node.start_mark,
            )  # fmt: skip
        key = _scalar(key_node, loader)
        value = _child(value_node, loader, pending)
        if key in into:
            loader.check_mapping_key(node, key_node, into, key, value)  # raises, naming both
        into[key] = value
        start, at = key_node.start_mark, value_node.start_mark
        where[key] = (start.line, start.column, at.line, at.column)
    for value_node in merged:
        _merge(node, value_node, into, loader, pending)


def _merge(
    node: MappingNode, value: Any, into: PlacedMap, loader: Any, pending: list[tuple[Any, Any]]
) -> None:
    sources = value.value if isinstance(value, SequenceNode) else [value]
    for source in sources:
        if not isinstance(source, MappingNode):
            raise ComposerError(
                "while reading a mapping", node.start_mark, "a merge key takes a mapping",
                source.start_mark,
            )  # fmt: skip
        extra = PlacedMap()
        extra.lc = Lines(source.start_mark.line, source.start_mark.column)
        _fill_mapping(source, extra, loader, pending)
        for key, item in extra.items():
            if key not in into:
                into[key] = item
                assert isinstance(into.lc.data, dict) and isinstance(extra.lc.data, dict)
                into.lc.data[key] = extra.lc.data[key]


def _scalar(node: ScalarNode, loader: Any) -> Any:
    if node.tag == _STR:
        if node.style == "|":
            from ruamel.yaml.scalarstring import LiteralScalarString

            return LiteralScalarString(node.value)
        return node.value
    if node.tag not in _IMPLICIT:  # scan() refuses every tag written; never build one
        raise ConstructorError(None, None, f"YAML tag {node.tag!r}", node.start_mark)
    return loader.construct_object(node)
