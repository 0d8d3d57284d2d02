"""``@record`` behaves as ``@dataclass(frozen=True, slots=True)``: each class
here is declared twice, once with each, and the two must agree on equality,
hash, repr, immutability, pickling and ``replace`` (issue 16: records are
cheaper to build, never different to use)."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import FrozenInstanceError, dataclass, field

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
    # Pickled the same way (the classes here are not importable by name: the
    # engine's own records are pickled in the last test).
    assert (ours.__getstate__, ours.__setstate__) == (theirs.__getstate__, theirs.__setstate__)
    assert a.__getstate__() == b.__getstate__() or cls is Single  # nan != nan
    for name in [f.name for f in dataclasses.fields(a)] + ["other"]:
        with pytest.raises((FrozenInstanceError, AttributeError, TypeError)):
            setattr(a, name, 1)
        with pytest.raises((FrozenInstanceError, AttributeError, TypeError)):
            delattr(a, name)
    assert not hasattr(a, "__dict__")


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
    assert pickle.loads(pickle.dumps(move)) == move
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
        assert "__record_key__" in cls.__dict__ and "__slots__" in cls.__dict__, cls
        assert cls.__dataclass_params__.frozen, cls  # type: ignore[attr-defined]
