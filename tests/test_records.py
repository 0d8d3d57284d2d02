"""``@record`` behaves as ``@dataclass(frozen=True, slots=True)``: each class
here is declared twice, once with each, and the two must agree on equality,
hash, repr, immutability, pickling and ``replace`` (issue 16: records are
cheaper to build, never different to use)."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from dataclasses import FrozenInstanceError, InitVar, dataclass, field

import pytest

from tales.records import record
from tales.rules import events, options
from tales.rules.terms import Track
from tales.story import model


class Plain:
    value: int
    name: str = "x"
    hidden: str = field(default="", compare=False, repr=False)
    label: str = field(default="", compare=False, kw_only=True)
    cached: str = field(default="", init=False, compare=False)
    items: tuple[int, ...] = field(default_factory=tuple)


class Empty:
    pass


class Single:
    only: float


class OwnEq:
    value: int

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OwnEq | OwnEqStd) and self.value % 10 == other.value % 10


OwnEqStd = dataclass(frozen=True, slots=True)(type("OwnEq", (), dict(vars(OwnEq))))


class Made:
    """Fields made by the constructor, as the standard one makes them."""

    value: int
    items: list[int] = field(default_factory=list, compare=False)
    made: list[int] = field(default_factory=list, init=False, compare=False)
    later: int = field(default=0, init=False)
    calls: list[str] = field(default_factory=list, compare=False)

    def __post_init__(self) -> None:
        self.calls.append("post-init")


def signature_of(cls: type) -> list[tuple[str, object, str]]:
    """The constructor's parameters: names, kinds and defaults (annotations aside)."""
    return [(p.name, p.kind, repr(p.default)) for p in inspect.signature(cls).parameters.values()]


def twins(cls: type) -> tuple[type, type]:
    """``cls`` built by each decorator, from copies of one class body."""
    body = {k: v for k, v in vars(cls).items() if k not in ("__dict__", "__weakref__")}
    ours = record(type(cls.__name__, (), dict(body)))
    theirs = dataclass(frozen=True, slots=True)(type(cls.__name__, (), dict(body)))
    return ours, theirs


@pytest.mark.parametrize(
    "cls, args, kwargs",
    [
        (Plain, (1, "a", "h"), {"label": "L", "items": (1, 2)}),
        (Empty, (), {}),
        (Single, (float("nan"),), {}),
        (OwnEq, (13,), {}),
        (Made, (1,), {"items": [2]}),
    ],
)
def test_a_record_agrees_with_the_standard_dataclass(
    cls: type, args: tuple[object, ...], kwargs: dict[str, object]
) -> None:
    ours, theirs = twins(cls)
    a, b, again = ours(*args, **kwargs), theirs(*args, **kwargs), ours(*args, **kwargs)
    assert repr(a) == repr(b)
    assert hash(a) == hash(b)
    assert (a == again) == (b == theirs(*args, **kwargs))
    assert a.__eq__(b) is NotImplemented or cls is OwnEq  # another class is never equal
    assert [f.name for f in dataclasses.fields(a)] == [f.name for f in dataclasses.fields(b)]
    assert a.__match_args__ == b.__match_args__
    # Copied (and pickled: the engine's own records are, in the last test) by
    # their fields; the classes here are not importable by name, so not pickled.
    assert repr(a.__getstate__()) == repr(b.__getstate__())
    for copied in (copy.copy(a), copy.deepcopy(a)):
        assert type(copied) is ours and repr(copied) == repr(a)
    assert signature_of(ours) == signature_of(theirs)
    for name in [f.name for f in dataclasses.fields(a)] + ["other"]:
        with pytest.raises((FrozenInstanceError, AttributeError, TypeError)):
            setattr(a, name, 1)
        with pytest.raises((FrozenInstanceError, AttributeError, TypeError)):
            delattr(a, name)
    assert not hasattr(a, "__dict__")


def test_a_record_makes_its_fields_as_the_standard_constructor_does() -> None:
    ours, _ = twins(Made)
    one, two = ours(1), ours(1)
    assert one.items is not two.items and one.made == [] and one.later == 0
    assert one.calls == ["post-init"]
    with pytest.raises(TypeError):
        ours(1, made=[3])  # made and later are not the constructor's
    with pytest.raises(TypeError, match="Cannot overwrite attribute __setattr__"):
        record(type("Guarded", (), {"__setattr__": lambda self, name, value: None}))
    with pytest.raises(TypeError, match="InitVar"):
        record(type("Passed", (), {"__annotations__": {"seed": InitVar[int]}}))


def test_fields_left_out_of_equality_change_neither_equality_nor_hash() -> None:
    ours, _ = twins(Plain)
    a, b = ours(1, "a", "one", label="first"), ours(1, "a", "two", label="second")
    assert a == b and hash(a) == hash(b)
    assert a != ours(2, "a") and a != ours(1, "b")
    assert dataclasses.replace(a, value=2) == ours(2, "a")


def test_a_record_inside_itself_is_shown_once() -> None:
    ours, theirs = twins(Single)
    mine: list[object] = []
    standard: list[object] = []
    a, b = ours(mine), theirs(standard)
    mine.append(a)
    standard.append(b)
    assert repr(a) == repr(b) == "Single(only=[...])"


def test_the_engines_records_are_frozen_dataclasses_with_the_standard_behaviour() -> None:
    moved = events.TrackChanged("ezra-marsh", Track.VITALITY, 5, 4, "wound")
    assert moved == events.TrackChanged("ezra-marsh", Track.VITALITY, 5, 4, "wound")
    assert hash(moved) == hash(("ezra-marsh", Track.VITALITY, 5, 4, "wound"))
    assert repr(moved) == (
        "TrackChanged(investigator='ezra-marsh', track=<Track.VITALITY: 'VITALITY'>, "
        "before=5, after=4, reason='wound')"
    )
    with pytest.raises(FrozenInstanceError):
        moved.after = 3  # type: ignore[misc]
    move = options.Move("ezra-marsh", "nave", label="Go to the nave")
    assert move == options.Move("ezra-marsh", "nave") and move.id == "move:ezra-marsh:nave"
    back = pickle.loads(pickle.dumps(move))  # with its label and its id, not taken by __init__
    assert (back, back.label, back._id) == (move, "Go to the nave", "move:ezra-marsh:nave")
    assert pickle.loads(pickle.dumps(moved)) == moved
    where = model.Where("tale.yaml", 3, 4)
    effect = model.Effect("gain", 1, where=where)
    assert effect == model.Effect("gain", 1) and str(where) == "tale.yaml:3:4"
    assert dataclasses.replace(effect, count=2).count == 2
    built = [
        cls
        for module in (events, options, model)
        for cls in vars(module).values()
        if isinstance(cls, type) and cls.__module__ == module.__name__
    ]
    records = [cls for cls in built if dataclasses.is_dataclass(cls)]
    assert len(records) > 90  # each of them built by @record: frozen, slotted
    for cls in records:
        assert {"__record_fields__", "__slots__", "__setattr__"} <= cls.__dict__.keys(), cls
