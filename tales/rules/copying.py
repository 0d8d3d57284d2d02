"""Copies of one value, planned once: what a game template is copied by.

:func:`planned_copy` looks at a value once (a table laid out for a game,
:mod:`tales.rules.setup`) and returns a function that copies it, and any
value of the very same shape, sharing nothing that a game may change: every
list, dict, set and Counter is a new one, every mutable object (a plain
dataclass such as an investigator, or any object with a ``__dict__``) is
made again with its attributes copied the same way. What cannot change is
shared, as the games already share it: numbers, strings, enums, records
and other frozen dataclasses, and tuples and frozensets of such.

The plan follows the value's own attributes, not a list written by hand,
so an attribute added to a class is copied like the rest. What it cannot
copy faithfully it refuses (:class:`NotPlanned`): an object of a kind it
does not know, a dict keyed by a mutable value, or one mutable object
reached twice (two copies would no longer be one object).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from enum import Enum
from keyword import iskeyword
from typing import Any

Copy = Callable[[Any], Any]

_ATOMS = (type(None), bool, int, float, complex, str, bytes, range, Enum)


class NotPlanned(Exception):
    """The value holds something a planned copy could not copy faithfully."""


def planned_copy(value: Any, shared: Iterable[object] = ()) -> Copy:
    """A function copying ``value`` (and values of its very shape) so that
    the copy shares no mutable object with it; ``shared``: objects the copy
    keeps as they are (a part replaced after copying). Raises NotPlanned."""
    planned = _Planner({id(each) for each in shared}).plan(value)
    return planned if planned is not None else _same


def _same(value: Any) -> Any:
    return value


class _Planner:
    def __init__(self, shared: set[int]) -> None:
        self.shared = shared
        self.seen: set[int] = set()  # the mutable objects planned: each once

    def plan(self, value: Any) -> Copy | None:
        """How to copy ``value``; None: it is shared as it is."""
        if id(value) in self.shared or _frozen(value):
            return None
        if isinstance(value, tuple | frozenset):
            parts = [self.plan(item) for item in value]
            if all(part is None for part in parts):
                return None
            if type(value) is not tuple:
                raise NotPlanned(f"a {type(value).__name__} holding mutable values")
            return _items(tuple, parts)
        if id(value) in self.seen:
            raise NotPlanned(f"a {type(value).__name__} reached twice")
        self.seen.add(id(value))
        kind = type(value)
        if kind is list:
            parts = [self.plan(item) for item in value]
            return list.copy if all(part is None for part in parts) else _items(list, parts)
        if kind is set:
            if any(self.plan(item) is not None for item in value):
                raise NotPlanned("a set of mutable values")
            return set.copy
        if kind is dict or kind is Counter:
            return self._dict(value)
        return self._object(value)

    def _dict(self, value: dict[Any, Any]) -> Copy:
        if any(self.plan(key) is not None for key in value):
            raise NotPlanned("a dict keyed by mutable values")
        if getattr(value, "__dict__", None):
            raise NotPlanned("a Counter with attributes of its own")
        parts = {key: self.plan(item) for key, item in value.items()}
        changing = tuple((key, part) for key, part in parts.items() if part is not None)
        if type(value) is Counter:
            if changing:
                raise NotPlanned("a Counter of mutable values")
            return _counter
        if not changing:
            return dict.copy
        return _dict_of(changing)

    def _object(self, value: Any) -> Copy:
        kind = type(value)
        attributes = getattr(value, "__dict__", None)
        if type(attributes) is not dict or hasattr(kind, "__slots__") or not _plain(kind):
            raise NotPlanned(f"a {kind.__name__}, which a planned copy does not know")
        for name in attributes:
            if not name.isidentifier() or iskeyword(name) or _descriptor(kind, name):
                raise NotPlanned(f"{kind.__name__}.{name}, which a plain assignment would not set")
        return _object_of(kind, [(name, self.plan(item)) for name, item in attributes.items()])


def _frozen(value: Any) -> bool:
    """A value no game changes: an atom, a record or a frozen dataclass."""
    if isinstance(value, _ATOMS):
        return True
    kind = type(value)
    if hasattr(kind, "__record_fields__"):  # tales.records.record
        return True
    params = getattr(kind, "__dataclass_params__", None)
    return params is not None and bool(params.frozen)


def _descriptor(kind: type, name: str) -> bool:
    """Whether the class has a data descriptor (a property...) by ``name``."""
    found = getattr(kind, name, None)
    return hasattr(type(found), "__set__") or hasattr(type(found), "__delete__")


def _plain(kind: type) -> bool:
    """A class whose instances are their ``__dict__`` alone: made again by
    ``object.__new__`` and given a copy of it."""
    own: Any = kind  # what the class looks up, compared with object's own
    return (
        own.__new__ is object.__new__
        and own.__reduce_ex__ is object.__reduce_ex__
        and own.__setattr__ is object.__setattr__
        and not hasattr(kind, "__copy__")
        and not hasattr(kind, "__deepcopy__")
    )


def _items(kind: type, parts: list[Copy | None]) -> Copy:
    def copy(value: Any) -> Any:
        pairs = zip(parts, value, strict=True)  # the template's shape: as many items
        return kind([item if part is None else part(item) for part, item in pairs])

    return copy


def _counter(value: Counter[Any]) -> Counter[Any]:
    made: Counter[Any] = Counter.__new__(Counter)
    dict.update(made, value)  # Counter(value) counts again, in Python
    return made


def _dict_of(changing: tuple[tuple[Any, Copy], ...]) -> Copy:
    def copy(value: dict[Any, Any]) -> dict[Any, Any]:
        made: dict[Any, Any] = value.copy()
        for key, part in changing:
            made[key] = part(made[key])
        return made

    return copy


def _object_of(kind: type, parts: list[tuple[str, Copy | None]]) -> Copy:
    """A copy of an object of ``kind``: a new one given each attribute in the
    order it has them (the order its ``__init__`` set them, so the copy keeps
    the compact layout CPython gives instances of one class: one given a
    ``__dict__`` wholesale reads every attribute more slowly). Written out as
    source, as ``dataclasses`` writes an ``__init__``: a line per attribute,
    where a loop would make a call per attribute."""
    names: dict[str, Any] = {"_new": object.__new__, "_kind": kind}
    lines = ["def copy(value):", "    made = _new(_kind)"]
    for index, (name, part) in enumerate(parts):
        if part is None:
            lines.append(f"    made.{name} = value.{name}")
        else:
            names[f"_part{index}"] = part
            lines.append(f"    made.{name} = _part{index}(value.{name})")
    lines.append("    return made")
    exec("\n".join(lines), names)  # our own source, of the object's attribute names
    copy: Copy = names["copy"]
    copy.__qualname__ = f"planned_copy.<{kind.__qualname__}>"
    return copy
