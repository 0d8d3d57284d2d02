"""Rendering: events and the table as text, as pure functions.

The narrative (storybook paragraphs) is set apart from game messages. Plain
mode carries no information by symbol or colour alone: every line says in
words what it is, so a screen reader reads it whole.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from tales.rules import events as ev
from tales.rules.decisions import DecisionKind
from tales.rules.investigators import HAND_LIMIT
from tales.rules.randomness import SourceChanged
from tales.rules.skilltest import ADVANTAGE_CHOICE
from tales.rules.statuses import OPPOSITE_TOKEN
from tales.rules.terms import StatusCardKind, and_list
from tales.story.interpreter import ExplorationRated, StoryDeadEnd, StoryRead, StoryWarning
from tales.story.state import CounterChanged, LogEntryCrossedOut, LogEntryRecorded
from tales.story.view import TableView
from tales.ui.at_table import source_changed
from tales.ui.pieces import entry_words
from tales.ui.screens import (
    NEAR_END,
    decision_lines,
    hand_lines,
    items_lines,
    keywords_lines,
    map_lines,
    percent,
    rounds_left,
    status_lines,
    time_track,
)
from tales.ui.text import Line, actions_paid, item_name, name_of, place, wrap
from tales.ui.words import article, count, sentence, words

__all__ = [
    "NEAR_END",
    "Line",
    "decision_lines",
    "hand_lines",
    "item_name",
    "items_lines",
    "keywords_lines",
    "map_lines",
    "name_of",
    "percent",
    "place",
    "render_event",
    "render_events",
    "rounds_left",
    "status_lines",
    "time_track",
    "wrap",
]


def _card(table: TableView, card_id: str) -> str:
    for inv in table.investigators.values():
        for card in inv.all_cards():
            if card.id == card_id:
                return str(card)
    # A status card already back in the box: its id still says its kind.
    kind = card_id.rsplit("-", 1)[0].upper()
    if kind in {k.value for k in StatusCardKind}:
        return f"{kind} card"
    return words(card_id)


def _event_token(e: ev.EventSymbolRolled) -> str:
    """A token the red die placed is told as the die's; one the storybook
    placed is the story's: no die was rolled for it."""
    token = f"{article(str(e.symbol))} token"
    if e.by == "story":
        if not e.placed:
            return f"The story places {token} on the Event board, but none is left in the box."
        return f"The story places {token} on the Event board ({e.on_board} there now)."
    shows = f"The red die shows {article(str(e.symbol))}"
    if not e.placed:
        return f"{shows}: no {e.symbol} token is left in the box."
    return f"{shows}: {token} is placed on the Event board ({e.on_board} there now)."


def _faces(faces: Iterable[object]) -> str:
    words = [str(f) for f in faces]
    return ", ".join(words) if words else "none"


def render_events(
    events: Iterable[ev.Event],
    table: TableView,
    width: int = 78,
    *,
    asked: DecisionKind | None = None,
) -> list[Line]:
    """Words for a batch of events, in their order. The cards drawn into a
    hand, each silent on its own, are counted and told where the drawing
    ends ("Arthur Blackwood draws 5 cards."). ``asked``: the kind of the
    decision shown next; the question after a roll names every die, so the
    roll's own line is not told before it too."""
    if asked is DecisionKind.AFTER_ROLL:
        rolls = [e for e in events if isinstance(e, ev.DiceRolled)]
        events = [e for e in events if not rolls or e is not rolls[-1]]
    lines: list[Line] = []
    drawn: Counter[str] = Counter()
    carried: list[str] = []  # keywords marked for the campaign log, told as one line
    for event in events:
        if isinstance(event, ev.KeywordMarked) and event.carried:
            carried.append(event.keyword)
            continue
        if carried:
            lines.append(Line(_keywords_carried(carried)))
            carried = []
        if isinstance(event, ev.CardDrawn) and event.to_hand:
            drawn[event.investigator] += 1
        elif isinstance(event, ev.DrawingEnded) and drawn[event.investigator]:
            lines.append(Line(_drawing_ended(event, drawn.pop(event.investigator), table)))
            continue
        lines += render_event(event, table, width)
    if carried:
        lines.append(Line(_keywords_carried(carried)))
    return lines


_LOG_HOLDS = "what the campaign log holds"


def _keywords_carried(keywords: list[str]) -> str:
    """A later scenario's setup marks a keyword for each of several campaign
    log entries: one line, not one a keyword."""
    if len(keywords) == 1:
        return f"The keyword {keywords[0]} is marked on the Keyword sheet, for {_LOG_HOLDS}."
    return f"The keywords {and_list(keywords)} are marked on the Keyword sheet, for {_LOG_HOLDS}."


def _drawing_ended(e: ev.DrawingEnded, cards: int, t: TableView) -> str:
    if e.reason == ev.FORTIFIED_DRAW:
        return (
            f"{name_of(t, e.investigator)} draws {count(cards, 'more card')} for FORTIFIED "
            f"(hand limit {HAND_LIMIT + 1} this round)."
        )
    drew = f"{name_of(t, e.investigator)} draws {count(cards, 'card')}"
    after = {"stopped": ", then stops drawing", "deck empty": ": the deck is empty"}
    return f"{drew}{after.get(e.reason, '')}."


def _red_kept(e: ev.RedDieKept) -> str:
    if e.reason == ADVANTAGE_CHOICE:  # the player's choice, which may be the worse face
        return f"Red die kept: {e.face}, chosen under ADVANTAGE over the {e.discarded}."
    return f"Red die kept: {e.face} ({e.reason})."


def _ease_reason(e: ev.TestStarted, t: TableView) -> str | None:
    """What eased the test ``e`` started, as the rules found it (ruling
    ease-who-counts): "Ezra Marsh's SEA keyword"."""
    found = e.eased_with
    if found is None:
        return None
    holder = name_of(t, found.holder) if found.holder is not None else None
    if found.how == "item" and holder is not None:
        return f"{holder}'s {item_name(t, found.what).removeprefix('The ')}"
    if found.how == "sheet":
        return f"the {found.what} keyword on the Keyword sheet"
    return f"{holder}'s {found.what} keyword" if holder is not None else None


def _test_started(e: ev.TestStarted, t: TableView) -> str:
    """A test against a need, or a counted one (a blow, a Stratagem) told by
    what its successes do: a test against an enemy never passes or fails."""
    who = f"{name_of(t, e.investigator)} takes {article(str(e.attribute))} test"
    if e.tally is not None:
        return f"{who}: {e.tally.what_successes_do()}."
    reason = _ease_reason(e, t)
    why = f": {reason}" if reason else ""
    eased = f" (eased by {e.eased_by}{why})" if e.eased_by else ""
    return f"{who}: {count(e.need - e.eased_by, 'success')} needed{eased}."


def _test_resolved(e: ev.TestResolved) -> str:
    tally = f"({e.card_successes} sure, {e.dice_successes} on dice, {e.shatters} cancelled)"
    if e.tally is not None:
        return f"{count(e.successes, 'success')} {tally}: {e.tally.standing(e.successes)}."
    verdict = "Passed" if e.passed else "Failed"
    return f"{verdict}: {count(e.successes, 'success')}, {e.need} needed {tally}."


def render_event(event: ev.Event, table: TableView, width: int = 78) -> list[Line]:
    """Words for one event; narrative paragraphs wrapped to ``width``."""
    if isinstance(event, StoryRead):
        heading = Line(f"-- Paragraph {event.paragraph} --", "heading")
        return (
            [heading, *(Line(t, "narrative") for t in wrap(event.text, width))]
            if event.text
            else [heading]
        )
    if isinstance(event, StoryWarning):
        return [
            Line(f"Storybook problem in paragraph {event.paragraph}: {event.message}", "warning")
        ]
    if isinstance(event, StoryDeadEnd):
        return [
            Line(f"Paragraph {event.paragraph} offers no choice now; the story goes on.", "warning")
        ]
    if isinstance(event, ExplorationRated):
        return [Line(f"Exploration rate: {event.rate:.0f}%.", "heading")]
    render = _RENDERERS.get(type(event))
    if render is None:
        return []
    text = render(event, table)
    return [Line(text)] if text else []


def _drawn(e: ev.CardDrawn, t: TableView) -> str:
    if e.to_hand:
        return ""  # the hand is shown on request; drawing is routine
    return (
        f"{name_of(t, e.investigator)} draws {article(_card(t, e.card))}: it goes to the play area."
    )


def _track(e: ev.TrackChanged, t: TableView) -> str:
    change = e.after - e.before
    verb = "gains" if change > 0 else "loses"
    who = name_of(t, e.investigator)
    return f"{who} {verb} {abs(change)} {e.track} ({e.before} -> {e.after}; {e.reason})."


def _token(e: ev.TokenGained, t: TableView) -> str:
    who = name_of(t, e.investigator)
    return {
        "gained": f"{who} gains {article(str(e.token))} token.",
        "cancelled": f"{who}'s {e.token} and {OPPOSITE_TOKEN.get(e.token, '')} tokens cancel "
        f"out: the {OPPOSITE_TOKEN.get(e.token, '')} goes back to the general supply.",
        "supply empty": f"No {e.token} token is left in the box for {who}.",
        "companion": f"{who} is a Companion and takes no {e.token} token.",
        "dead": "",
    }.get(e.outcome, "")


def _status_card(e: ev.StatusCardGained, t: TableView) -> str:
    who = name_of(t, e.investigator)
    if e.outcome == "gained":
        where = "discard pile" if e.zone == "discard" else "deck"
        return f"{who} takes {article(e.kind)} card into the {where}."
    if e.outcome == "supply empty":
        return f"No {e.kind} card is left in the box for {who}."
    return ""


_words = words

_FOUND = {
    "clue": "A clue is found",
    "objective": "An objective is reached",
    "information": "Information is found",
}


def _nothing_to_carry(e: ev.NothingToCarry, t: TableView) -> str:
    """Why a player is not asked to carry an item (ruling ``carried-starting-item``)."""
    who = name_of(t, e.investigator)
    if e.item is None:
        return f"{who} holds no item to carry into the next scenario."
    return (
        f"{who} carries nothing over: the one item held, {item_name(t, e.item)}, is "
        f"{who}'s own Starting Item, dealt again with all its uses at every setup."
    )


def _found(e: ev.ElementFound, t: TableView) -> str:
    if e.kind == "item":
        return ""  # the item's own event says who takes it
    what = _FOUND.get(e.kind, f"Found ({e.kind})")
    return f"{what}: {t.element_names.get(e.element, _words(e.element))}."


def _vehicle(t: TableView, slug: str) -> str:
    """A vehicle by the name its scenario prints ("the Launch"), never its slug."""
    vehicle = t.scenario.vehicles.get(slug) if t.scenario else None
    name = vehicle.name if vehicle else _words(slug)
    return f"the {name[4:] if name.lower().startswith('the ') else name}"


def _prisoner(t: TableView, slug: str) -> str:
    prisoner = t.scenario.prisoners.get(slug) if t.scenario else None
    return prisoner.name if prisoner else _words(slug).capitalize()


def _fate(t: TableView, e: ev.PrisonerChanged) -> str:
    """What became of a prisoner, in words."""
    if e.fate == "freed" and e.escort:
        return f"freed, in {name_of(t, e.escort)}'s charge"
    if e.fate == "freed":
        return f"left at {place(t, e.at)}, in no one's charge"
    return e.fate if e.fate != "held" else f"held at {place(t, e.at)}"


def _mark(e: ev.MarkChanged) -> str:
    """A mark gained, changed or gone: "marked", "1 -> 2", "gone"."""
    if e.before and e.after:
        return f"{e.before} -> {e.after}"
    return "marked" if e.after else "gone"


def _left(t: TableView, space: int) -> str:
    if t.scenario is None:
        return ""
    left = max(0, len(t.scenario.board.spaces) - space)
    return f" ({count(left, 'round')} left)"


def _enemy(t: TableView, slug: str) -> str:
    """The enemy's printed name as it stands: every one is a proper name or
    a title ("Jotham Marsh, Keeper of the Gannet Light", "What Rides the
    Swell over the Reef", "Sawyer's Dogs"), which takes no article."""
    if t.scenario and slug in t.scenario.encounters:
        return t.scenario.encounters[slug].enemy.name
    return "an enemy"


def _progress(e: ev.EncounterProgress, t: TableView) -> str:
    """Tokens placed; after a Stratagem try the enemy survives, that the one who
    tried it may not again this round, said as their option leaves the menu."""
    text = (
        f"{e.path.capitalize()}: {count(e.placed, 'Encounter token')} placed "
        f"({e.tokens} of {e.target} spots covered)."
    )
    if e.missing:
        text += f" The box has run out: {e.missing} counted without a token."
    goes_on = e.path == "stratagem" and e.by and e.tokens < e.target
    if goes_on and t.ruling("stratagem-once-a-round"):
        text += (
            f" {name_of(t, e.by)} may try the Stratagem again next round "
            "(once a round each: 'help stratagem')."
        )
    return text


_RENDERERS: dict[type, Callable[..., str]] = {
    SourceChanged: source_changed,
    ev.CardDrawn: _drawn,
    ev.DrawingEnded: lambda e, t: (
        f"{name_of(t, e.investigator)} stops drawing ({e.reason})."
        if e.reason != "hand full"
        else ""
    ),
    ev.TrackChanged: _track,
    ev.StatusCardsResolved: lambda e, t: (
        f"{name_of(t, e.investigator)}'s {count(len(e.cards), f'{e.kind} card')} "
        f"{'goes' if len(e.cards) == 1 else 'go'} back to the general supply."
    ),
    ev.StatusCardGained: _status_card,
    ev.TokenGained: _token,
    ev.TokenResolved: lambda e, t: f"{name_of(t, e.investigator)}'s {e.token} token is used.",
    ev.CardDiscarded: lambda e, t: (
        f"{name_of(t, e.investigator)} discards {article(_card(t, e.card))} ({e.reason})."
    ),
    ev.InvestigatorDied: lambda e, t: f"{name_of(t, e.investigator)} is dead: {e.track} reached 0.",
    ev.InvestigatorRemoved: lambda e, t: (
        f"{name_of(t, e.departed)} leaves the table: {e.cards_returned} cards and "
        f"{e.tokens_returned} tokens go back to the supply."
    ),
    ev.TestStarted: _test_started,
    ev.CardPlayed: lambda e, t: (
        f"{name_of(t, e.investigator)} plays {article(_card(t, e.card))}: "
        + ("+1 success." if e.successes else "+1 white die.")
    ),
    ev.MarkerUsed: lambda e, t: (
        f"{name_of(t, e.companion)} (Companion) helps: +{count(e.successes, 'success')}."
    ),
    ev.FocusUsed: lambda e, t: (
        f"{name_of(t, e.investigator)} resolves FOCUS: the test is now {e.attribute}."
    ),
    ev.DiceRolled: lambda e, t: f"Dice: white {_faces(e.white)}; red {_faces(e.red)}.",
    ev.DieExploded: lambda e, t: f"Exploding Success: the extra white die shows {e.face}.",
    ev.DiceRerolled: lambda e, t: (
        f"Rerolled ({name_of(t, e.payer)}"
        + (f", {e.magic} MAGIC" if e.magic else "")
        + f"): now {_faces(e.faces)}."
    ),
    ev.RedDieKept: lambda e, t: _red_kept(e),
    ev.TestResolved: lambda e, t: _test_resolved(e),
    ev.EventSymbolRolled: lambda e, t: _event_token(e),
    ev.AbilityUsed: lambda e, t: (
        f"{name_of(t, e.user)} uses their ability"
        + ("" if e.user == e.target else f" on {name_of(t, e.target)}")
        + " (2 ENERGY)."
    ),
    ev.CardTaken: lambda e, t: (
        f"{name_of(t, e.investigator)} takes {article(_card(t, e.card))} from the {e.source}."
    ),
    ev.DieCancelled: lambda e, t: f"White die {e.index + 1} ({e.face}) is cancelled.",
    ev.ReadParagraph: lambda e, t: f"Read {e.paragraph}: {e.why}.",
    ev.RoundStarted: lambda e, t: f"=== Round {e.round} (time space {e.time}) ===",
    ev.TimeAdvanced: lambda e, t: (
        f"The time marker moves to space {e.space}{_left(t, e.space)}"
        + (f"; paragraph {e.narrative} waits for the next round." if e.narrative else ".")
    ),
    ev.DeckShuffled: lambda e, t: "",
    ev.CardReturned: lambda e, t: "",  # the player's own choice: nothing to tell
    ev.ActionsPaid: lambda e, t: actions_paid(t, e),
    ev.Moved: lambda e, t: (
        f"{name_of(t, e.investigator)} {'runs' if e.how == 'run' else 'goes'} "
        f"to {place(t, e.destination)}."
        if e.how not in ("setup", "vehicle", "group")  # the vehicle or group says who went
        else ""
    ),
    ev.LocationRevealed: lambda e, t: f"A new location is revealed: {place(t, e.location)}.",
    ev.ItemGained: lambda e, t: (
        f"{name_of(t, e.investigator)} takes {item_name(t, e.item)} ({count(e.uses, 'use')})."
    ),
    ev.ItemUsed: lambda e, t: (
        f"{name_of(t, e.investigator)} uses {item_name(t, e.item)} ({e.uses_left} left)."
    ),
    ev.ItemMoved: lambda e, t: (
        f"{name_of(t, e.giver)} gives {item_name(t, e.item)} to {name_of(t, e.investigator)}."
        if e.giver
        else f"{name_of(t, e.investigator)} puts {item_name(t, e.item)} in their {e.place}."
    ),
    ev.EncounterStarted: lambda e, t: (
        f"An encounter begins at {place(t, e.location)}: {_enemy(t, e.encounter)} "
        "('encounter' shows it)."
    ),
    ev.EncounterProgress: _progress,
    ev.EncounterEnded: lambda e, t: f"The encounter is over ({e.how}).",
    ev.ScenarioEnded: lambda e, t: f"The scenario ends: {e.why}.",
    # What a storybook effect changed, told as the rules tell their own changes.
    ev.KeywordMarked: lambda e, t: (
        _keywords_carried([e.keyword])
        if e.carried
        else f"The keyword {e.keyword} is marked on the Keyword sheet."
    ),
    ev.KeywordErased: lambda e, t: f"The keyword {e.keyword} is erased from the Keyword sheet.",
    ev.ElementFound: _found,
    ev.TimeMoved: lambda e, t: (
        f"The time marker moves from space {e.before} to space {e.after}{_left(t, e.after)}."
    ),
    ev.EventTokenRemoved: lambda e, t: (
        f"{sentence(article(str(e.symbol)))} token is removed from the Event board "
        f"({e.on_board} left)."
    ),
    ev.ItemLost: lambda e, t: f"{name_of(t, e.investigator)} gives up {item_name(t, e.item)}.",
    ev.NothingToCarry: _nothing_to_carry,
    ev.BarrierChanged: lambda e, t: (
        f"Between {place(t, e.between[0])} and {place(t, e.between[1])}: "
        + (f"{count(e.after, 'barrier')} now" if e.after else "the way is open now")
        + f" ({'laid' if e.after > e.before else 'taken away'}: {abs(e.after - e.before)})."
    ),
    ev.MarkChanged: lambda e, t: f"{name_of(t, e.investigator)}: {_words(e.mark)} {_mark(e)}.",
    ev.VehicleBoarded: lambda e, t: (
        f"{name_of(t, e.investigator)} gets into {_vehicle(t, e.vehicle)}"
        + (" and takes the wheel." if e.driver else ".")
    ),
    ev.VehicleLeft: lambda e, t: (
        f"{name_of(t, e.investigator)} gets out of {_vehicle(t, e.vehicle)}."
    ),
    ev.WheelPassed: lambda e, t: (
        f"{name_of(t, e.driver)} takes the wheel of {_vehicle(t, e.vehicle)}."
    ),
    ev.GroupMoved: lambda e, t: (
        f"The group goes from {place(t, e.origin)} to {place(t, e.destination)}: "
        + ", ".join(name_of(t, s) for s in e.members)
        + "."
    ),
    ev.GroupHidden: lambda e, t: "The group hides." if e.hidden else "The group shows itself.",
    ev.PrisonerChanged: lambda e, t: f"{_prisoner(t, e.prisoner)}: {_fate(t, e)}.",
    ev.VehicleMoved: lambda e, t: (
        f"T{_vehicle(t, e.vehicle)[1:]} goes from {place(t, e.origin)} to "
        f"{place(t, e.destination)}"
        + (f", carrying {', '.join(name_of(t, s) for s in e.aboard)}." if e.aboard else ".")
    ),
    ev.RoundEnded: lambda e, t: "",  # the next round's heading says it
    LogEntryRecorded: lambda e, t: (
        f"Recorded in the campaign log under {_words(e.section).capitalize()}: "
        f"{entry_words(t, e.section, e.entry)}."
    ),
    LogEntryCrossedOut: lambda e, t: (
        f"Crossed out in the campaign log under {_words(e.section).capitalize()}: "
        f"{entry_words(t, e.section, e.entry)}."
    ),
    CounterChanged: lambda e, t: (
        f"The counter {_words(e.counter).capitalize()} "
        f"{'rises' if e.after > e.before else 'falls'} from {e.before} to {e.after}."
    ),
    ev.LocationTokensChanged: lambda e, t: (
        f"{count(abs(e.after - e.before), _words(e.token) + ' token')} "
        + (
            f"{'is' if e.after - e.before == 1 else 'are'} placed on"
            if e.after > e.before
            else f"{'is' if e.before - e.after == 1 else 'are'} removed from"
        )
        + f" {place(t, e.location)} ({e.after} there now)."
    ),
}
