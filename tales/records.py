"""``@record``: a frozen, slotted dataclass that is cheaper to build.

The engine's events and options, the storybook model and the table's small
values are some hundred and seventy ``@dataclass(frozen=True, slots=True)``
classes, all built when tales starts. The standard decorator writes six
methods as Python source for each class and compiles them (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, and the frozen ``__setattr__`` and
``__delattr__``): the largest single cost of ``tales play`` reaching its first
screen (issue 16). ``@record`` lets ``dataclasses`` collect the fields and
make the slots, compiles ``__init__`` alone, and gives every other method as
one function shared by all records, compiled once.

A record is a dataclass (``fields``, ``replace``, ``asdict`` and ``match``
work) and behaves as the standard frozen one: equal when of the same class
with equal compared fields; the hash of the tuple of those fields;
``Name(field=value, ...)`` of the fields shown in the repr; assigning or
deleting an attribute raises ``FrozenInstanceError``; pickled and copied by
its fields. A method the class defines itself is kept. ``dataclasses`` itself
sees a record as not frozen, since the record freezes itself: so a record's
subclass is a ``@record`` too (``dataclasses`` refuses a frozen dataclass on
a base it was told is not). A class with no docstring gets ``Name(field,
...)`` as its doc, not the whole signature the standard decorator writes with
``inspect.signature``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import MISSING, Field, FrozenInstanceError
from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")

Key = Callable[[Any], tuple[Any, ...]]


def _key_of(names: tuple[str, ...]) -> Key:
    """The tuple of the named fields of an object, as the standard ``__eq__``
    and ``__hash__`` build it (always a tuple, so the hashes are the
    standard ones, whatever the number of fields)."""
    if len(names) >= 2:
        return attrgetter(*names)  # a tuple already
    if len(names) == 1:
        only = attrgetter(names[0])
        return lambda obj: (only(obj),)
    return lambda obj: ()


# Closures over each class's key, not methods compiled for it: a function
# object costs nothing to make, and reads its key without a lookup.
def _eq_of(key: Key) -> Callable[[Any, Any], Any]:
    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    return __eq__


def _hash_of(key: Key) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(key(self))

    return __hash__


@recursive_repr()  # as the standard repr: "..." for a record inside itself
def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__record_shown__)
    return f"{self.__class__.__qualname__}({shown})"


def _setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _getstate(self: Any) -> list[Any]:
    """The standard frozen dataclass's state: the fields' values in order."""
    return [getattr(self, name) for name in self.__record_fields__]


def _setstate(self: Any, state: list[Any]) -> None:
    for name, value in zip(self.__record_fields__, state, strict=True):
        object.__setattr__(self, name, value)


def _reduce(self: Any) -> tuple[type, tuple[Any, ...]]:
    """Rebuilt by its constructor: one call, where restoring state sets each
    field by name (a tale's cached model is tens of thousands of records)."""
    return self.__class__, tuple([getattr(self, name) for name in self.__record_fields__])


def _reduce_by_state(self: Any) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    """Rebuilt from its state, for a record whose constructor does more than
    set every field (a field it does not take, a ``__post_init__``)."""
    return _restored, (self.__class__, _getstate(self))


def _restored(cls: type[T], state: list[Any]) -> T:
    made = cls.__new__(cls)
    _setstate(made, state)
    return made


def _own_hash(cls: type) -> bool:
    """Whether the class body defines ``__hash__`` itself (not the None that
    defining ``__eq__`` alone leaves): the standard decorator's rule."""
    body_hash = cls.__dict__.get("__hash__", MISSING)
    return not (body_hash is MISSING or (body_hash is None and "__eq__" in cls.__dict__))


def _init_source(fields: tuple[Field[Any], ...], post_init: bool) -> tuple[str, dict[str, Any]]:
    """The source of the standard frozen ``__init__`` for ``fields``, and the
    globals it reads (defaults and factories by name)."""
    names: dict[str, Any] = {"_set": object.__setattr__, "_FACTORY": _FACTORY}
    params: list[str] = ["self"]
    keywords: list[str] = []
    body: list[str] = []
    for i, f in enumerate(fields):
        if f.default is not MISSING:
            names[f"_default{i}"] = f.default
        if f.default_factory is not MISSING:
            names[f"_factory{i}"] = f.default_factory
        if not f.init:
            if f.default_factory is not MISSING:
                body.append(f"_set(self, {f.name!r}, _factory{i}())")
            elif f.default is not MISSING:
                body.append(f"_set(self, {f.name!r}, _default{i})")
            continue
        if f.default_factory is not MISSING:
            param = f"{f.name}=_FACTORY"
            body.append(
                f"_set(self, {f.name!r}, _factory{i}() if {f.name} is _FACTORY else {f.name})"
            )
        else:
            param = f"{f.name}=_default{i}" if f.default is not MISSING else f.name
            body.append(f"_set(self, {f.name!r}, {f.name})")
        (keywords if f.kw_only else params).append(param)
    if post_init:
        body.append("self.__post_init__()")
    signature = ", ".join(params + (["*", *keywords] if keywords else []))
    lines = "\n".join(f"    {line}" for line in body or ["pass"])
    return f"def __init__({signature}):\n{lines}\n", names


class _Factory:
    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()  # a default_factory's parameter default, as the standard decorator's


def _make_init(cls: type, fields: tuple[Field[Any], ...]) -> Callable[..., None]:
    source, names = _init_source(fields, hasattr(cls, "__post_init__"))
    exec(source, names)  # as dataclasses does: our own source, of the class's field names
    init: Callable[..., None] = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    return init


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, Field))
def record(cls: type[T]) -> type[T]:
    """``@dataclass(frozen=True, slots=True)``, built at a fraction of its cost."""
    own = {name for name in ("__eq__", "__repr__", "__init__") if name in cls.__dict__}
    for guarded in ("__setattr__", "__delattr__"):  # as the standard frozen decorator refuses
        if guarded in cls.__dict__:
            raise TypeError(f"Cannot overwrite attribute {guarded} in class {cls.__name__}")
    own_hash = _own_hash(cls)
    undocumented = not cls.__doc__
    if undocumented:  # else the standard decorator writes one with inspect.signature
        cls.__doc__ = cls.__name__
    # Any: the methods and the field names are set on the class the decorator built.
    built: Any = dataclasses.dataclass(
        cls, init=False, repr=False, eq=False, frozen=False, slots=True
    )
    fields = dataclasses.fields(built)
    pseudo = [f for name, f in built.__dataclass_fields__.items() if f not in fields]
    if any("InitVar" in str(f.type) for f in pseudo):  # __init__ here passes none on
        raise TypeError(f"{cls.__name__}: a record takes no InitVar")
    if undocumented:
        built.__doc__ = f"{cls.__name__}({', '.join(f.name for f in fields if f.init)})"
    # Class attributes, not slots: read by the shared methods through the instance's class.
    built.__record_fields__ = tuple(f.name for f in fields)
    compared = tuple(f.name for f in fields if f.compare)
    hashed = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
    built.__record_shown__ = tuple(f.name for f in fields if f.repr)
    if "__init__" not in own:
        built.__init__ = _make_init(built, fields)
    if "__eq__" not in own:
        built.__eq__ = _eq_of(_key_of(compared))
    if not own_hash:  # the standard decorator hashes even beside a class's own __eq__
        built.__hash__ = _hash_of(_key_of(hashed))
    if "__repr__" not in own:
        built.__repr__ = _repr
    built.__setattr__, built.__delattr__ = _setattr, _delattr
    built.__getstate__, built.__setstate__ = _getstate, _setstate
    # Always set: a subclass must not rebuild itself by its base's way.
    by_init = all(f.init for f in fields) and not hasattr(built, "__post_init__")
    built.__reduce__ = _reduce if by_init and "__init__" not in own else _reduce_by_state
    return built  # type: ignore[no-any-return]
