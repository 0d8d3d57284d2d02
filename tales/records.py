"""``@record``: a frozen, slotted dataclass that is cheaper to build.

The engine's events, options and the storybook model are some hundred
``@dataclass(frozen=True, slots=True)`` classes, all built when tales starts.
The standard decorator writes six methods as Python source for each class and
compiles them (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, the frozen
``__setattr__`` and ``__delattr__``): the largest single cost of ``tales play``
reaching its first screen (issue 16). ``@record`` lets ``dataclasses`` build
the fields, ``__init__``, the frozen guards and pickling as it always does,
and gives ``__eq__``, ``__hash__`` and ``__repr__`` as three shared functions
that read the class's field names, compiled once for all classes.

A record is a real dataclass: ``fields``, ``replace``, ``asdict`` and
``match`` work; a ``@dataclass(frozen=True)`` may subclass it. The three
methods give what the standard ones give: equal when of the same class with
equal compared fields, the hash of the tuple of those fields, and
``Name(field=value, ...)`` of the fields shown in the repr. A method the class
defines itself is kept, as the standard decorator keeps it. A class with no
docstring gets ``Name(field, ...)`` as its doc, not the whole signature the
standard decorator writes (``inspect.signature``, a cost of its own for each class).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")

Key = Callable[[Any], tuple[Any, ...]]


def _key_of(names: tuple[str, ...]) -> Key:
    """The tuple of the compared fields of an object, as the standard
    ``__eq__`` and ``__hash__`` build it (always a tuple, so the hashes are
    the standard ones, whatever the number of fields)."""
    if len(names) >= 2:
        return attrgetter(*names)  # a tuple already
    if len(names) == 1:
        only = attrgetter(names[0])
        return lambda obj: (only(obj),)
    return lambda obj: ()


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        key = self.__record_key__
        return key(self) == key(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self.__record_hashed__(self))


@recursive_repr()  # as the standard repr: "..." for a record inside itself
def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__record_shown__)
    return f"{self.__class__.__qualname__}({shown})"


def _own_hash(cls: type) -> bool:
    """Whether the class body defines ``__hash__`` itself (not the None that
    defining ``__eq__`` alone leaves): the standard decorator's rule."""
    body_hash = cls.__dict__.get("__hash__", dataclasses.MISSING)
    return not (
        body_hash is dataclasses.MISSING or (body_hash is None and "__eq__" in cls.__dict__)
    )


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def record(cls: type[T]) -> type[T]:
    """``@dataclass(frozen=True, slots=True)``, built at a fraction of its cost."""
    own_eq, own_hash, own_repr = (
        "__eq__" in cls.__dict__,
        _own_hash(cls),
        "__repr__" in cls.__dict__,
    )
    undocumented = not cls.__doc__
    if undocumented:  # else the standard decorator writes one with inspect.signature
        cls.__doc__ = cls.__name__
    # Any: the methods and the field names are set on the class the decorator built.
    built: Any = dataclasses.dataclass(cls, frozen=True, slots=True, eq=False, repr=False)
    fields = dataclasses.fields(built)
    if undocumented:
        built.__doc__ = f"{cls.__name__}({', '.join(f.name for f in fields if f.init)})"
    # Class attributes, not slots: read by the shared methods through the instance's class.
    compared = tuple(f.name for f in fields if f.compare)
    hashed = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
    built.__record_key__ = staticmethod(_key_of(compared))
    built.__record_hashed__ = staticmethod(_key_of(hashed))
    built.__record_shown__ = tuple(f.name for f in fields if f.repr)
    if not own_eq:
        built.__eq__ = _eq
    if not own_hash:  # the standard decorator hashes even beside a class's own __eq__
        built.__hash__ = _hash
    if not own_repr:
        built.__repr__ = _repr
    return built  # type: ignore[no-any-return]
