"""Conditions asked of a game that is only supposed: the facts a condition
names, and a vocabulary in which they are true or false as supposed and
every number nobody can know yet is a :class:`Wild`.

``tales check`` (:mod:`tales.authoring.grants`) and the goal bot's planner
(:mod:`tales.authoring.gates`, :mod:`tales.authoring.appointments`) both ask
"could this gate hold if these facts held?"; this is the one place that
says what a fact is and how such a question is put to the sandbox.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tales.story.condition_calls import PARAMETERS
from tales.story.conditions import FUNCTIONS, VALUES, asked_in

# What a storybook can make true and a condition can ask by name, by the function that asks.
FACTS = ("keyword", "item", "clue", "objective", "information", "visited", "revealed")
Fact = tuple[str, str]  # ("keyword", "PASSWORD"), ("item", "sledge"), ("visited", "126")


class Wild:
    """A number nobody can know before play (the time, the tokens, a
    counter): it compares as ``verdict``, and so does all it is part of."""

    def __init__(self, verdict: bool) -> None:
        self.verdict = verdict

    def _compare(self, other: object) -> bool:
        return self.verdict

    __lt__ = __le__ = __gt__ = __ge__ = __eq__ = __ne__ = _compare

    def __getattr__(self, name: str) -> Wild:
        return self

    def __getitem__(self, key: object) -> Wild:
        return self

    def __add__(self, other: object) -> Wild:
        return self

    __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __add__

    def __bool__(self) -> bool:
        return self.verdict

    def __hash__(self) -> int:
        return 0


HOPED = Wild(True)
"""A number nobody can foresee (the time, the tokens, a counter), hoped for:
what a planner supposes when it asks whether a gate may open."""


def named_facts(condition: str | None) -> tuple[Fact, ...]:
    """Every fact ``condition`` names with a literal, wanted true or false,
    in the order of :data:`FACTS`."""
    if not condition:
        return ()
    calls = asked_in(condition)
    return tuple(
        dict.fromkeys(
            (function, argument)
            for function in FACTS
            for call in calls
            if call.function == function and (argument := call.argument(0)) is not None
        )
    )


def supposed_vocabulary(truth: Callable[[Fact], bool], wild: Wild) -> dict[str, Any]:
    """The story vocabulary of a supposed game: each fact as ``truth`` says,
    every value and every other function's answer ``wild``."""
    context: dict[str, Any] = dict.fromkeys(VALUES, wild)
    for function in FUNCTIONS:
        context[function] = _fact(function, truth) if function in FACTS else _unknown(wild)
    return context


def _unknown(wild: Wild) -> Callable[..., Wild]:
    return lambda *args, **kwargs: wild


def _fact(function: str, truth: Callable[[Fact], bool]) -> Callable[..., bool]:
    """A fact function taking its one argument as the engine's does, by
    place or by name (``item(slug="sledge")``)."""
    (parameter,) = PARAMETERS[function]

    def ask(*args: Any, **kwargs: Any) -> bool:
        if len(args) + len(kwargs) != 1 or set(kwargs) - {parameter}:
            raise TypeError(f"{function}() takes one argument, {parameter}")
        return truth((function, str(args[0] if args else kwargs[parameter])))

    return ask
