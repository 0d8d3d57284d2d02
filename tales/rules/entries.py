"""What the players type at a physical table: the faces their dice show and
the card their deck gave, read and verified before anything changes.

As pokerkit's ``verify_*`` methods do, each reader raises with a full
sentence that says why an entry is refused (a face no die of that kind has,
the wrong number of dice, a card that is in play rather than in the deck),
and otherwise returns the typed option whose id the journal records.
"""

from __future__ import annotations

import re
from typing import Annotated

from tales.errors import FaceError, IllegalInput
from tales.records import record
from tales.rules.cards import Card
from tales.rules.dice import DiceSet, Face
from tales.rules.investigators import Investigator
from tales.rules.options import Option, Spelling, option

RED_MARK = "/"
_ID = re.compile(r"[a-z]+(?:-[a-z]+)*-\d+")  # a card's id, as a script may type it
# One letter for each face word, for quick typing: "s s b / k".
FACE_CODES = {
    "b": "blank",
    "s": "success",
    "e": "explode",
    "h": "shatter",
    "k": "skull",
    "t": "tentacle",
    "r": "star",
}
_WORDS = tuple(FACE_CODES.values())


def face_key(word: str) -> str | None:
    """The face a typed word names, in its written form ("s+k" is
    "success+skull"; a word's unambiguous start will do), or None."""
    parts = []
    for part in word.lower().split("+"):
        full = FACE_CODES.get(part)
        if full is None:
            starting = [w for w in _WORDS if w.startswith(part)] if part else []
            full = starting[0] if len(starting) == 1 or part in _WORDS else None
            full = part if part in _WORDS else full
        if full is None:
            return None
        parts.append(full)
    try:
        return str(Face.parse("+".join(parts)))
    except FaceError:
        return None


def _read_faces(text: str) -> tuple[Face, ...]:
    if not text:
        return ()
    try:
        return tuple(Face.parse(word) for word in text.split(","))
    except FaceError as error:
        raise ValueError(str(error)) from None


def _write_faces(faces: tuple[Face, ...]) -> str:
    return ",".join(str(f) for f in faces)


FacesField = Annotated[tuple[Face, ...], Spelling(_read_faces, _write_faces)]


@option("faces")
@record
class Faces(Option):
    """The faces the real dice showed (``faces:success,blank:skull``)."""

    white: FacesField
    red: FacesField


@option("drew")
@record
class Drew(Option):
    """The card the real deck gave, by the id of one such card in the deck."""

    card: str


@record
class DiceEntry:
    """The faces of ``white`` white and ``red`` red dice, as typed."""

    dice: DiceSet
    white: int
    red: int

    def ask(self) -> str:
        wanted = [
            f"{self.white} white" if self.white else "",
            f"{self.red} red" if self.red else "",
        ]
        what = " and ".join(w for w in wanted if w)
        red = f", then '{RED_MARK}' and the red" if self.red and self.white else ""
        return f"roll {what} and type the faces (the white{red}; 'codes' lists short codes)"

    def words(self) -> list[str]:
        """What Tab completes: every face name of the box, and the red mark."""
        names = {str(f) for f in (*self.dice.white, *self.dice.red)}
        return sorted(names) + ([RED_MARK] if self.red and self.white else [])

    def codes(self) -> str:
        """The short codes, for help: ``s`` success, ``b`` blank..."""
        return ", ".join(f"{code} {word}" for code, word in FACE_CODES.items())

    def read(self, text: str) -> Option:
        """The entry as a :class:`Faces` option; IllegalInput says why not."""
        if text.startswith("faces:"):
            try:
                entered = Faces.from_id(text)
            except ValueError as error:
                raise IllegalInput(str(error)) from None
            return self._checked(entered.white, entered.red)
        white_text, red_text = self._split(text)
        white = self._parse(white_text, "white", self.dice.white)
        red = self._parse(red_text, "red", self.dice.red)
        return self._checked(white, red)

    def _split(self, text: str) -> tuple[str, str]:
        if RED_MARK in text:
            white, _, red = text.partition(RED_MARK)
            if RED_MARK in red:
                raise IllegalInput(f"type '{RED_MARK}' once, before the red dice")
            return white, red
        if not self.white:
            return "", text
        if self.red:
            raise IllegalInput(
                f"type the white faces, then '{RED_MARK}' and the "
                f"{'red face' if self.red == 1 else 'red faces'}"
            )
        return text, ""

    def _parse(self, text: str, kind: str, faces: tuple[Face, ...]) -> tuple[Face, ...]:
        known = {str(f): f for f in faces}
        read: list[Face] = []
        for word in re.split(r"[\s,]+", text.strip()):
            if not word:
                continue
            key = face_key(word)
            if key is None:
                names = ", ".join(known)
                raise IllegalInput(
                    f"{word!r} is not a die face; a {kind} die shows {names} ('codes' lists codes)"
                )
            if key not in known:
                names = ", ".join(known)
                raise IllegalInput(f"a {kind} die has no {key} face; its faces are {names}")
            read.append(known[key])
        return tuple(read)

    def _checked(self, white: tuple[Face, ...], red: tuple[Face, ...]) -> Faces:
        for kind, faces, wanted in (("white", white, self.white), ("red", red, self.red)):
            if len(faces) != wanted:
                dice = f"{wanted} {kind} {'die was' if wanted == 1 else 'dice were'} rolled"
                typed = f"{len(faces)} {kind} {'face' if len(faces) == 1 else 'faces'}"
                raise IllegalInput(f"{dice}, and {typed} typed: one for each die")
            allowed = set(self.dice.white if kind == "white" else self.dice.red)
            wrong = [f for f in faces if f not in allowed]
            if wrong:
                raise IllegalInput(f"a {kind} die has no {wrong[0]} face")
        return Faces(white, red, label="the faces typed")


@record
class CardEntry:
    """The card a player drew from ``inv``'s real deck: its id, or its name
    as the game prints it ("STRESS card", "STRENGTH card (die for AGILITY)")."""

    inv: Investigator

    def options(self) -> tuple[Drew, ...]:
        """One option per kind of card the deck can still give: identical
        cards are one choice, answered by the top-most of them."""
        tops: dict[str, Card] = {}
        counts: dict[str, int] = {}
        for card in reversed(self.inv.deck):  # the top card is the last
            tops.setdefault(str(card), card)
            counts[str(card)] = counts.get(str(card), 0) + 1
        return tuple(
            Drew(card.id, label=f"{name} ({counts[name]} in the deck)")
            for name, card in sorted(tops.items())
        )

    def words(self) -> list[str]:
        return sorted({_short(c) for c in self.inv.deck} | {c.id for c in self.inv.deck})

    def read(self, text: str) -> Option:
        wanted = " ".join(text.strip().lower().split())
        if wanted.startswith("drew:"):  # the id the journal records
            wanted = wanted.removeprefix("drew:")
        deck = self.inv.deck
        for card in deck:
            if card.id == wanted:
                return Drew(card.id)
        elsewhere = self._elsewhere(wanted)
        if elsewhere:  # named by its printed name: players never read an id
            card = next(c for c in self._not_in_deck() if c.id == wanted)
            raise IllegalInput(f"that {card} is {elsewhere}, not in the deck")
        matches = [c for c in reversed(deck) if _matches(c, wanted)]
        looks = sorted({str(c) for c in matches})
        if len(looks) == 1:
            return Drew(matches[0].id)
        if len(looks) > 1:
            raise IllegalInput(f"{text.strip()!r} could be any of: {'; '.join(looks)}: say which")
        left = _summary(deck)
        held = [c for c in self._not_in_deck() if _matches(c, wanted)]
        if held:
            where = self._elsewhere(held[0].id)
            raise IllegalInput(
                f"no {held[0]!s} is left in {self.inv.name}'s deck (one is {where}); "
                f"the deck holds: {left}"
            )
        named = "that" if _ID.fullmatch(wanted) else repr(text.strip())
        raise IllegalInput(f"{named} is no card of {self.inv.name}'s deck; it holds: {left}")

    def _not_in_deck(self) -> list[Card]:
        inv = self.inv
        return [*inv.hand, *inv.play_area, *inv.discard]

    def _elsewhere(self, card_id: str) -> str:
        inv = self.inv
        zones = (("hand", inv.hand), ("play area", inv.play_area), ("discard pile", inv.discard))
        for zone, cards in zones:
            if any(c.id == card_id for c in cards):
                return f"in {inv.name}'s {zone}"
        return ""


def _summary(deck: list[Card]) -> str:
    """What a deck holds, briefly: "5 STRENGTH cards, 1 Heroism card"."""
    counts: dict[str, int] = {}
    for card in deck:
        name = str(card).split(" (")[0]
        counts[name] = counts.get(name, 0) + 1
    return (
        ", ".join(f"{n} {name}{'s' if n > 1 else ''}" for name, n in sorted(counts.items()))
        or "nothing"
    )


def _short(card: Card) -> str:
    """A card's name without its details: "stress", "strength"."""
    return str(card).split(" card")[0].lower()


def _matches(card: Card, wanted: str) -> bool:
    """Whether ``wanted`` names ``card`` as printed: whole, without "card", or
    by its first word (the attribute or status)."""
    name = str(card).lower()
    return wanted in (name, _short(card), name.replace(" card", "", 1))
