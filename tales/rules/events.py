"""Frozen records of what happened, returned by every applied input.

The engine never prints; the prompt, the transcript writer and the tests all
read these records. Investigators are named by slug, cards by id.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from tales.records import record
from tales.rules.dice import Face
from tales.rules.tallies import Tally
from tales.rules.terms import Attribute, EventSymbol, StatusCardKind, StatusToken, Track

# Who put an Event board token down: a test's red die, or the storybook.
TokenSource = Literal["red die", "story"]


@record
class Event:
    """Base of every event record."""


@record
class CardDrawn(Event):
    investigator: str
    card: str
    to_hand: bool  # False: a status card, laid straight into the play area


@record
class DrawingEnded(Event):
    investigator: str
    reason: str  # "hand full", "stopped", "deck empty", FORTIFIED_DRAW


FORTIFIED_DRAW = "FORTIFIED"  # the extra card FORTIFIED draws, after the hand is full


@record
class TrackChanged(Event):
    investigator: str
    track: Track
    before: int
    after: int
    reason: str


@record
class StatusCardsResolved(Event):
    """Status cards whose effect cost a track point and went back to the supply."""

    investigator: str
    kind: StatusCardKind
    cards: tuple[str, ...]


@record
class StatusCardGained(Event):
    investigator: str
    card: str | None  # None unless the outcome is "gained"
    kind: StatusCardKind
    zone: str  # "discard" or "deck"
    outcome: str  # "gained", "supply empty", "companion", "dead"


@record
class TokenGained(Event):
    investigator: str
    token: StatusToken
    outcome: str  # "gained", "cancelled", "supply empty", "companion"


@record
class TokenResolved(Event):
    investigator: str
    token: StatusToken


@record
class CardDiscarded(Event):
    investigator: str
    card: str
    reason: str


@record
class CardReturned(Event):
    """A card left in hand shuffled back into the deck at the end of a round
    (the player's own choice, so the prompt says nothing of it)."""

    investigator: str
    card: str


@record
class InvestigatorDied(Event):
    investigator: str
    track: Track


@record
class InvestigatorRemoved(Event):
    """A dead investigator's board cleared (ruling ``dead-leave-the-table``):
    no one acts, so the dead one is named ``departed``."""

    departed: str
    cards_set_aside: int  # their own Attribute cards, out of the game
    cards_returned: int  # status and HEROISM cards, back to the supply
    tokens_returned: int
    items: tuple[str, ...]  # out of the game; their use markers back in the box


# How a test is eased under ruling ease-who-counts, in the order it is looked for.
EaseHow = Literal["item", "sheet", "board"]


@record
class EaseFound:
    """What eased a test as it started: an item and who carries it ("item"),
    a keyword on the Keyword sheet ("sheet", no one), or a keyword printed on
    a participant's board and whose ("board")."""

    how: EaseHow
    what: str  # the item's slug, or the keyword
    holder: str | None = None  # an investigator's slug


@record
class TestStarted(Event):
    __test__: ClassVar[bool] = False  # not a pytest test class
    investigator: str
    attribute: Attribute
    need: int
    eased_by: int
    tally: Tally | None = None  # a weapon's blow or a Stratagem: every success counts
    # Kept on the event so that the words say why whenever they are shown
    # (a test of an earlier sitting, or two in one batch), not only while
    # the test is under way.
    eased_with: EaseFound | None = None


@record
class CardPlayed(Event):
    investigator: str  # whose card it is
    card: str
    successes: int
    dice: int


@record
class MarkerUsed(Event):
    companion: str
    marker: str  # an attribute name or "action"
    successes: int


@record
class FocusUsed(Event):
    investigator: str
    attribute: Attribute


@record
class DiceRolled(Event):
    white: tuple[Face, ...]
    red: tuple[Face, ...]


@record
class DieExploded(Event):
    source: int  # index of the die whose Exploding Success was used
    face: Face  # what the extra die shows


@record
class DiceRerolled(Event):
    payer: str
    magic: int
    dice: tuple[int, ...]
    faces: tuple[Face, ...]


@record
class RedDieKept(Event):
    face: Face
    discarded: Face
    reason: str


@record
class TestResolved(Event):
    __test__: ClassVar[bool] = False  # not a pytest test class
    investigator: str
    attribute: Attribute
    need: int
    successes: int
    card_successes: int
    dice_successes: int
    shatters: int
    passed: bool
    tally: Tally | None = None  # a counted test: ``passed`` means it finished the enemy


@record
class EventSymbolRolled(Event):
    """An Event board token placed: by the red die of a test (the rulebook's
    "check the red die") or by a storybook effect, where no die was rolled."""

    symbol: EventSymbol
    placed: bool  # False when the supply had none left
    on_board: int
    by: TokenSource = "red die"


@record
class AbilityUsed(Event):
    user: str
    target: str
    effect: str


@record
class CardTaken(Event):
    """A card taken into the hand by an ability."""

    investigator: str
    card: str
    source: str  # "discard pile", "play area", "deck"


@record
class DieCancelled(Event):
    index: int
    face: Face


@record
class ReadParagraph(Event):
    """The engine's word to the storybook: "read 172"."""

    paragraph: int
    why: str


@record
class RoundStarted(Event):
    round: int
    time: int  # the space the time marker stands on


@record
class TimeAdvanced(Event):
    space: int
    narrative: int | None  # read at the start of the next round


@record
class DeckShuffled(Event):
    investigator: str
    cards: int
    kept_in_hand: int


@record
class ActionsPaid(Event):
    investigator: str
    cards: tuple[str, ...]
    markers: tuple[str, ...]  # "companion:marker"
    why: str


@record
class Moved(Event):
    investigator: str
    origin: str | None
    destination: str
    how: str  # "move", "run", "narrative", "setup"


@record
class LocationRevealed(Event):
    location: str


@record
class ItemGained(Event):
    investigator: str
    item: str
    uses: int
    place: str


@record
class ItemUsed(Event):
    investigator: str
    item: str
    uses_left: int


@record
class ItemMoved(Event):
    """Given to another investigator, equipped, or put in the backpack."""

    investigator: str
    item: str
    place: str
    giver: str | None = None


@record
class EncounterStarted(Event):
    encounter: str
    location: str


@record
class EncounterProgress(Event):
    encounter: str
    path: str  # "combat" or "stratagem"
    placed: int  # Damage or Successes counted by this blow or test
    tokens: int  # counted on the card in all
    target: int
    missing: int = 0  # of ``placed``, counted with no token left in the box
    by: str = ""  # who struck the blow or made the Stratagem test


@record
class EncounterEnded(Event):
    encounter: str
    how: str  # "combat", "stratagem" or "storybook"


@record
class ScenarioEnded(Event):
    why: str


@record
class KeywordMarked(Event):
    """A keyword marked on the Keyword sheet; ``carried``: for what the
    campaign log holds (``carry_keyword``), not uncovered in this scenario."""

    keyword: str
    carried: bool = False


@record
class KeywordErased(Event):
    keyword: str


@record
class ElementFound(Event):
    """An exploration element found: it counts for the exploration rate."""

    kind: str  # "item", "clue", "objective" or "information"
    element: str


@record
class TimeMoved(Event):
    """The time marker moved by the storybook (not the round's own step)."""

    before: int
    after: int


@record
class EventTokenRemoved(Event):
    """An Event board token taken back to the supply."""

    symbol: EventSymbol
    on_board: int


@record
class LocationTokensChanged(Event):
    """Tokens on a Location card (a flood level...) changed."""

    location: str
    token: str
    before: int
    after: int


@record
class BarrierChanged(Event):
    """Barriers on the connection of two locations laid or taken away; with
    none left the connection is open."""

    between: tuple[str, str]
    before: int
    after: int


@record
class MarkChanged(Event):
    """A per-investigator mark or counter (a diving suit, trauma) changed."""

    investigator: str
    mark: str
    before: int
    after: int


@record
class VehicleBoarded(Event):
    """An investigator took a seat in a vehicle (``driver``: at the wheel)."""

    vehicle: str
    investigator: str
    driver: bool


@record
class VehicleLeft(Event):
    vehicle: str
    investigator: str


@record
class WheelPassed(Event):
    """The one at a vehicle's wheel got out or left the game, and the next
    seated in boarding order took it (ruling ``vehicle-driver``). An empty
    vehicle has no one at the wheel, and nothing to tell."""

    vehicle: str
    before: str
    driver: str


@record
class VehicleMoved(Event):
    """A vehicle went from one location to another, everyone aboard with it."""

    vehicle: str
    origin: str
    destination: str
    aboard: tuple[str, ...]


@record
class PrisonerChanged(Event):
    """A prisoner freed, taken in charge, left, rescued or lost."""

    prisoner: str
    fate: str  # held, freed, rescued or lost
    at: str
    escort: str | None


@record
class GroupMoved(Event):
    """The Group token moved, and the investigators with it."""

    origin: str
    destination: str
    members: tuple[str, ...]


@record
class GroupHidden(Event):
    hidden: bool  # True: the group hides; False: it shows itself


@record
class ItemLost(Event):
    """An item that left the team (a key spent, a card given up)."""

    investigator: str
    item: str


@record
class NothingToCarry(Event):
    """Between two scenarios of a campaign: a living player is not asked to
    carry an item over, holding none but their own Starting Item (``item``),
    which every setup deals again, or no item at all (``item`` None)."""

    investigator: str
    item: str | None


@record
class RoundEnded(Event):
    """The rulebook's save point: the round is over, decks are shuffled and
    the next round's start effects have not begun."""

    round: int  # the round just played
