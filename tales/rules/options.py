"""Typed options: every choice the engine offers, as a small frozen value.

In the spirit of python-chess's ``Move``: an option is an immutable value
whose text form, :attr:`Option.id`, is what journals, save sheets and
scripts store, and :func:`parse_option` reads it back, so that
``parse_option(option.id) == option``. The label is for people: it takes no
part in equality. No other code takes an id apart: procedures receive the
chosen option itself and branch on its type and fields.

An id is its kind's prefix and the option's fields joined with ``:``
(``move:ezra-marsh:nave``); an option without fields is one fixed word
(``end-round``). Each class registers its shape with :func:`option`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import field, fields
from enum import StrEnum
from typing import Annotated, Generic, Self, TypeVar, get_args, get_origin, get_type_hints

from tales.errors import OptionIdError
from tales.records import record
from tales.rules.option_writers import SEPARATOR, writer

# Read at run time: get_type_hints() resolves the fields' types to find their readers.
from tales.rules.terms import Attribute, StatusCardKind


@record
class Option:
    """A legal choice. ``id`` is stable across replays and safe to log."""

    label: str = field(default="", compare=False, kw_only=True)
    # The id, written on first use: most options offered are never chosen.
    _id: str = field(default="", init=False, compare=False, repr=False)

    @property
    def id(self) -> str:
        text = self._id
        if not text:
            text = type(self)._write(self)
            object.__setattr__(self, "_id", text)
        return text

    def id_from(self, equal: Option) -> Self:
        """This option, with the id of ``equal``, an equal option (the same
        class and fields, so the same id) whose id is already written: an
        option chosen by its id is logged without writing that id again."""
        if not self._id:
            object.__setattr__(self, "_id", equal.id)
        return self

    @classmethod
    def from_id(cls, text: str) -> Self:
        """The option of this class whose id is ``text``: ``Move.from_id("move:ezra-marsh:nave")``.

        Raises :class:`~tales.errors.OptionIdError` for any other text."""
        parsed = parse_option(text)
        if not isinstance(parsed, cls):
            raise OptionIdError(f"{text!r} is not the id of a {cls.__name__} option")
        return parsed

    @staticmethod
    def _write(option: Option) -> str:
        """Replaced by :func:`option` with the class's own writer."""
        raise TypeError(f"{type(option).__name__} is not registered with @option")


T = TypeVar("T")


@record
class Spelling(Generic[T]):
    """How a field of a type other than str, int or a StrEnum is written in an
    id: ``segments: Annotated[tuple[Segment, ...], Spelling(read, write)]``.
    ``read`` raises ValueError for text that is not the field's spelling."""

    read: Callable[[str], T]
    write: Callable[[T], str]


@record
class _Shape:
    """How one option class is read: its prefix, its fields' names and readers."""

    prefix: str
    names: tuple[str, ...]
    readers: tuple[Callable[[str], object], ...]


def _spelling(hint: object) -> Spelling[object] | None:
    if get_origin(hint) is not Annotated:
        return None
    return next((m for m in get_args(hint)[1:] if isinstance(m, Spelling)), None)


_SHAPES: dict[type[Option], _Shape] = {}
_FIXED: dict[str, type[Option]] = {}  # id -> class, for options without fields
_PREFIXED: dict[tuple[str, int], type[Option]] = {}  # (prefix, field count) -> class
# Ids read before: options are immutable values, so one parse serves every
# replay of the same id ("roll", "move:ezra-marsh:nave"...).
_PARSED: dict[str, Option] = {}
_PARSED_MAX = 50_000

OptionT = TypeVar("OptionT", bound=Option)


def _read_int(text: str) -> int:
    value = int(text)
    if str(value) != text:  # "07" or "+7" would not write back the same
        raise ValueError(f"{text!r} is not written as an integer id is")
    return value


def _reader(kind: object) -> Callable[[str], object]:
    spelling = _spelling(kind)
    if spelling is not None:
        return spelling.read
    if kind is str:
        return str
    if kind is int:
        return _read_int
    if isinstance(kind, type) and issubclass(kind, StrEnum):
        return kind
    raise TypeError(
        f"an option field must be str, int, a StrEnum or Annotated with a Spelling, not {kind!r}"
    )


def option(prefix: str) -> Callable[[type[OptionT]], type[OptionT]]:
    """Register an option class: ``prefix`` starts its ids, or is the whole
    id of a class without fields. Two classes may share a prefix only with
    different numbers of fields (``marker:<companion>`` helps a test,
    ``marker:<companion>:<marker>`` pays an Action)."""

    def register(cls: type[OptionT]) -> type[OptionT]:
        names = tuple(f.name for f in fields(cls) if f.compare)
        hints = get_type_hints(cls, include_extras=True)
        key = (prefix, len(names))
        taken = _FIXED.get(prefix) if not names else _PREFIXED.get(key)
        # The same class registered again (its module imported twice) replaces itself.
        if taken is not None and taken.__qualname__ != cls.__qualname__:
            raise ValueError(f"option id {prefix!r} is taken by {taken.__name__}")
        _SHAPES[cls] = _Shape(prefix, names, tuple(_reader(hints[n]) for n in names))
        spellings = tuple(_spelling(hints[n]) for n in names)
        setattr(cls, "_write", staticmethod(writer(prefix, names, spellings)))  # noqa: B010 - not a slot
        if names:
            _PREFIXED[key] = cls
        else:
            _FIXED[prefix] = cls
        return cls

    return register


def prefix_of(cls: type[Option]) -> str:
    """The prefix that starts the ids of a registered class (its whole id if it has no fields)."""
    return _SHAPES[cls].prefix


def written(options: Iterable[Option], text: str) -> Option | None:
    """The option among ``options`` whose id, already written (the prompt
    listed it, a bot chose it), is ``text``; None if no written id is. Nothing
    is written or parsed: the quick look before :func:`parse_option`."""
    if text:
        for offered in options:
            if offered._id == text:
                return offered
    return None


def option_classes() -> tuple[type[Option], ...]:
    """Every registered option class, in the order they were registered."""
    return tuple(_SHAPES)


def parse_option(text: str) -> Option:
    """The option whose id is ``text``, without its label.

    Raises :class:`~tales.errors.OptionIdError` for text that is no option's id."""
    known = _PARSED.get(text)
    if known is not None:
        return known
    parsed = _parse(text)
    if len(_PARSED) >= _PARSED_MAX:
        _PARSED.clear()
    _PARSED[text] = parsed
    return parsed


def _parse(text: str) -> Option:
    fixed = _FIXED.get(text)
    if fixed is not None:
        return fixed()
    prefix, *parts = text.split(SEPARATOR)
    cls = _PREFIXED.get((prefix, len(parts))) if parts else None
    if cls is None:
        raise OptionIdError(f"{text!r} is not an option id")
    shape = _SHAPES[cls]
    try:
        values = [read(part) for read, part in zip(shape.readers, parts, strict=True)]
    except ValueError as error:
        raise OptionIdError(f"{text!r} is not an option id: {error}") from None
    return cls(*values)


# 4. Investigator Activity ---------------------------------------------------------


@option("end-round")
@record
class EndRound(Option):
    pass


@option("rest")
@record
class Rest(Option):
    investigator: str


@option("move")
@record
class Move(Option):
    investigator: str
    destination: str


@option("run")
@record
class Run(Option):
    investigator: str
    destination: str


@option("recover")
@record
class Recover(Option):
    """A recovery test against a STRESS or INJURY card."""

    investigator: str
    kind: StatusCardKind


@option("use")
@record
class UseItem(Option):
    investigator: str
    item: str


@option("give")
@record
class GiveItem(Option):
    investigator: str
    receiver: str
    item: str


@option("equip")
@record
class Equip(Option):
    investigator: str
    item: str


@option("combat")
@record
class Combat(Option):
    investigator: str
    weapon: str


@option("stratagem")
@record
class Stratagem(Option):
    investigator: str


@option("ability")
@record
class UseAbility(Option):
    """An Ability, in or out of a test: ``user`` pays, ``target`` gains."""

    user: str
    target: str


# Paying for Actions ------------------------------------------------------------------


@option("pay")
@record
class PayCard(Option):
    card: str


@option("marker")
@record
class PayMarker(Option):
    """A Companion's marker paying one storybook Action."""

    companion: str
    marker: str


@option("back")
@record
class Back(Option):
    """Back out of what was begun (paying, choosing dice)."""


# Drawing, status tokens and the End of Round ----------------------------------------


@option("draw")
@record
class DrawOn(Option):
    pass


@option("stop")
@record
class StopDrawing(Option):
    pass


@option("discard")
@record
class Discard(Option):
    """The card SURPRISED discards."""

    card: str


@option("keep")
@record
class KeepCards(Option):
    """Keep the cards left in hand for the next round."""


@option("return")
@record
class ReturnCard(Option):
    """Shuffle one card of the hand back into the deck."""

    card: str


# Skill tests -----------------------------------------------------------------------


@option("focus")
@record
class Focus(Option):
    """Resolve FOCUS and test ``attribute`` instead."""

    attribute: Attribute


@option("play")
@record
class PlayCard(Option):
    card: str


@option("assist")
@record
class Assist(Option):
    """A helper at the same location plays one of their cards."""

    card: str


@option("marker")
@record
class HelpMarker(Option):
    """A Companion's marker adding 1 success to the test."""

    companion: str


@option("roll")
@record
class Roll(Option):
    pass


@option("explode")
@record
class Explode(Option):
    pass


@option("reroll")
@record
class Reroll(Option):
    """Spend 2 of ``payer``'s MAGIC to reroll white dice."""

    payer: str


@option("accept")
@record
class Accept(Option):
    pass


@option("keep-red")
@record
class KeepRed(Option):
    index: int


@option("die")
@record
class ToggleDie(Option):
    """Pick (or put back) one white die to reroll."""

    index: int


@option("confirm")
@record
class Confirm(Option):
    pass


@option("take")
@record
class TakeCard(Option):
    card: str


@option("cancel")
@record
class CancelDie(Option):
    index: int


@option("attempt")
@record
class Attempt(Option):
    """The next member to try a Team test."""

    investigator: str


@option("give-up")
@record
class GiveUp(Option):
    pass


# A storybook's pieces on the map (tales/rules/piece_activities.py) -----------------


@option("take-token")
@record
class TakeBackToken(Option):
    """Take an Investigation token back from where the investigator stands."""

    investigator: str


@option("take-on")
@record
class TakeOnPrisoner(Option):
    """Take in charge a freed prisoner whom no one escorts, where they stand."""

    investigator: str
    prisoner: str


ACTIVITIES = (
    *(Rest, Move, Run, Recover, UseItem, GiveItem, Equip, Combat, Stratagem, UseAbility),
    *(TakeBackToken, TakeOnPrisoner),
)
"""The rules' own activities; any other activity option is the storybook's."""
