"""Rendering: events and the table as text, as pure functions.

The narrative (storybook paragraphs) is set apart from game messages. Plain
mode carries no information by symbol or colour alone: every line says in
words what it is, so a screen reader reads it whole.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from tales.rules import events as ev
from tales.rules.decisions import Decision, DecisionKind
from tales.rules.terms import Track
from tales.story.interpreter import ExplorationRated, StoryDeadEnd, StoryRead, StoryWarning
from tales.story.state import CounterChanged, LogEntryCrossedOut, LogEntryRecorded
from tales.story.view import EncounterView, InvestigatorView, TableView


@dataclass(frozen=True, slots=True)
class Line:
    """One line of output and what kind it is (for styling)."""

    text: str
    kind: str = "message"  # "narrative", "heading", "message", "dice", "warning", "option"


def wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n\n"):
        lines += textwrap.wrap(" ".join(paragraph.split()), width=width) or [""]
        lines.append("")
    return lines[:-1]


def name_of(table: TableView, slug: str) -> str:
    inv = table.investigators.get(slug)
    return inv.name if inv else slug


def _card(table: TableView, card_id: str) -> str:
    for inv in table.investigators.values():
        for card in inv.all_cards():
            if card.id == card_id:
                return str(card)
    return card_id


def _faces(faces: Iterable[object]) -> str:
    words = [str(f) for f in faces]
    return ", ".join(words) if words else "none"


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
        "gained": f"{who} gains a {e.token} token.",
        "cancelled": f"{who}'s {e.token} cancels an opposite token.",
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


_RENDERERS: dict[type, Callable[..., str]] = {
    ev.CardDrawn: _drawn,
    ev.DrawingEnded: lambda e, t: (
        f"{name_of(t, e.investigator)} stops drawing ({e.reason})."
        if e.reason != "hand full"
        else ""
    ),
    ev.TrackChanged: _track,
    ev.StatusCardsResolved: lambda e, t: (
        f"{name_of(t, e.investigator)}'s {len(e.cards)} {e.kind} cards go back to the box."
    ),
    ev.StatusCardGained: _status_card,
    ev.TokenGained: _token,
    ev.TokenResolved: lambda e, t: f"{name_of(t, e.investigator)}'s {e.token} token is used.",
    ev.CardDiscarded: lambda e, t: (
        f"{name_of(t, e.investigator)} discards a {_card(t, e.card)} ({e.reason})."
    ),
    ev.InvestigatorDied: lambda e, t: f"{name_of(t, e.investigator)} is dead: {e.track} reached 0.",
    ev.InvestigatorRemoved: lambda e, t: (
        f"{name_of(t, e.departed)} leaves the table: {e.cards_returned} cards and "
        f"{e.tokens_returned} tokens go back to the supply."
    ),
    ev.TestStarted: lambda e, t: (
        f"{name_of(t, e.investigator)} takes a {e.attribute} test: {e.need - e.eased_by} "
        f"{'success' if e.need - e.eased_by == 1 else 'successes'} needed"
        + (f" (eased by {e.eased_by})." if e.eased_by else ".")
    ),
    ev.CardPlayed: lambda e, t: (
        f"{name_of(t, e.investigator)} plays a {_card(t, e.card)}: "
        + ("+1 success." if e.successes else "+1 white die.")
    ),
    ev.MarkerUsed: lambda e, t: (
        f"{name_of(t, e.companion)} (Companion) helps: +{e.successes} success."
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
    ev.RedDieKept: lambda e, t: f"Red die kept: {e.face} ({e.reason}).",
    ev.TestResolved: lambda e, t: (
        f"{'PASSED' if e.passed else 'FAILED'}: {e.successes} of {e.need} successes "
        f"({e.card_successes} sure, {e.dice_successes} on dice, {e.shatters} cancelled)."
    ),
    ev.EventSymbolRolled: lambda e, t: (
        f"The red die shows a {e.symbol}: "
        + (
            f"token placed ({e.on_board} on the Event board)."
            if e.placed
            else "no token left in the box."
        )
    ),
    ev.AbilityUsed: lambda e, t: (
        f"{name_of(t, e.user)} uses their ability"
        + ("" if e.user == e.target else f" on {name_of(t, e.target)}")
        + " (2 ENERGY)."
    ),
    ev.CardTaken: lambda e, t: (
        f"{name_of(t, e.investigator)} takes a {_card(t, e.card)} from the {e.source}."
    ),
    ev.DieCancelled: lambda e, t: f"White die {e.index + 1} ({e.face}) is cancelled.",
    ev.ReadParagraph: lambda e, t: f"Read {e.paragraph}: {e.why}.",
    ev.RoundStarted: lambda e, t: f"=== Round {e.round} (time space {e.time}) ===",
    ev.TimeAdvanced: lambda e, t: (
        f"The time marker moves to space {e.space}"
        + (f"; paragraph {e.narrative} waits for the next round." if e.narrative else ".")
    ),
    ev.DeckShuffled: lambda e, t: "",
    ev.ActionsPaid: lambda e, t: (
        f"{name_of(t, e.investigator)} spends {len(e.cards) + len(e.markers)} "
        f"Action{'s' if len(e.cards) + len(e.markers) != 1 else ''} ({e.why})."
    ),
    ev.Moved: lambda e, t: (
        f"{name_of(t, e.investigator)} {'runs' if e.how == 'run' else 'goes'} "
        f"to {place(t, e.destination)}."
        if e.how != "setup"
        else ""
    ),
    ev.LocationRevealed: lambda e, t: f"A new location is revealed: {place(t, e.location)}.",
    ev.ItemGained: lambda e, t: (
        f"{name_of(t, e.investigator)} takes {item_name(t, e.item)} ({e.uses} uses)."
    ),
    ev.ItemUsed: lambda e, t: (
        f"{name_of(t, e.investigator)} uses {item_name(t, e.item)} ({e.uses_left} left)."
    ),
    ev.ItemMoved: lambda e, t: (
        f"{name_of(t, e.giver)} gives {item_name(t, e.item)} to {name_of(t, e.investigator)}."
        if e.giver
        else f"{name_of(t, e.investigator)} puts {item_name(t, e.item)} in their {e.place}."
    ),
    ev.EncounterStarted: lambda e, t: f"An encounter begins at {place(t, e.location)}!",
    ev.EncounterProgress: lambda e, t: (
        f"{e.path.capitalize()}: {e.placed} Encounter tokens placed ({e.tokens} of {e.target})."
        + (f" The box has run out: {e.missing} counted without a token." if e.missing else "")
    ),
    ev.EncounterEnded: lambda e, t: f"The encounter is over ({e.how}).",
    ev.ScenarioEnded: lambda e, t: f"The scenario ends: {e.why}.",
    # What a storybook effect changed, told as the rules tell their own changes.
    ev.KeywordMarked: lambda e, t: f"The keyword {e.keyword} is marked on the Keyword sheet.",
    ev.KeywordErased: lambda e, t: f"The keyword {e.keyword} is erased from the Keyword sheet.",
    ev.ElementFound: lambda e, t: (
        "" if e.kind == "item" else f"Found ({e.kind}): {_words(e.element)}."
    ),
    ev.TimeMoved: lambda e, t: f"The time marker moves from space {e.before} to space {e.after}.",
    ev.EventTokenRemoved: lambda e, t: (
        f"A {e.symbol} token leaves the Event board ({e.on_board} left)."
    ),
    ev.ItemLost: lambda e, t: f"{name_of(t, e.investigator)} gives up {item_name(t, e.item)}.",
    ev.RoundEnded: lambda e, t: "",  # the next round's heading says it
    LogEntryRecorded: lambda e, t: f"Campaign log, {_words(e.section)}: {_words(e.entry)}.",
    LogEntryCrossedOut: lambda e, t: (
        f"Campaign log, {_words(e.section)}: {_words(e.entry)} is crossed out."
    ),
    CounterChanged: lambda e, t: f"Counter {_words(e.counter)}: {e.before} -> {e.after}.",
    ev.LocationTokensChanged: lambda e, t: (
        f"{e.token.capitalize()} tokens on {place(t, e.location)}: {e.before} -> {e.after}."
    ),
}


def _words(slug: str) -> str:
    return slug.replace("-", " ")


def place(table: TableView, slug: str) -> str:
    if table.scenario and slug in table.scenario.locations:
        return table.scenario.locations[slug].name
    return slug


def item_name(table: TableView, slug: str) -> str:
    for inv in table.investigators.values():
        held = inv.item(slug)
        if held:
            return held.card.name
    if table.scenario and slug in table.scenario.items:
        return table.scenario.items[slug].name
    return slug


# Views requested by command --------------------------------------------------------------


def status_lines(table: TableView) -> list[Line]:
    lines = [
        Line(f"Round {table.round}, time space {table.time}" + _next_narrative(table), "heading")
    ]
    tokens = ", ".join(f"{s.value} {n}" for s, n in sorted(table.event_tokens.items()) if n)
    lines.append(Line(f"Event board tokens: {tokens or 'none'}."))
    for inv in table.investigators.values():
        if inv.companion:
            markers = ", ".join(inv.markers_left()) or "none"
            lines.append(
                Line(
                    f"{inv.name} (Companion): MAGIC {inv.magic}, ENERGY {inv.energy}; "
                    f"markers left: {markers}."
                )
            )
            continue
        if inv.dead:
            lines.append(Line(f"{inv.name}: dead."))
            continue
        tokens = ", ".join(
            f"{t.value}" + (f" x{n}" if n > 1 else "") for t, n in inv.tokens.items() if n
        )
        play = ", ".join(f"{c.status}" for c in inv.play_area if c.status) or "none"
        lines.append(
            Line(
                f"{inv.name} at {place(table, inv.location or '')}: "
                f"VITALITY {inv.vitality}/{inv.sheet.maxima[Track.VITALITY]}, "
                f"SANITY {inv.sanity}/{inv.sheet.maxima[Track.SANITY]}, "
                f"ENERGY {inv.energy}, MAGIC {inv.magic}; "
                f"{_count(len(inv.hand), 'card')} in hand, {len(inv.deck)} in deck; "
                f"statuses: {tokens or 'none'}; "
                f"status cards in play: {play}"
                + (" (PANIC: no help)" if inv.panicked else "")
                + "."
            )
        )
    return lines + encounter_lines(table)


def _facing(table: TableView, state: EncounterView) -> list[InvestigatorView]:
    """The investigators at the encounter's location: those it speaks to."""
    return [p for p in table.players() if p.location == state.location]


def _fight(table: TableView, slug: str) -> str:
    """An encounter on the map: fought, or waiting for someone to come back
    (ruling ``abandoned-encounter``)."""
    state = table.encounters.get(slug)
    if state is None:
        return ""
    if _facing(table, state):
        return "; an encounter is under way"
    return f"; {state.encounter.enemy.name} waits here, and no one faces it"


def encounter_lines(table: TableView) -> list[Line]:
    lines: list[Line] = []
    for slug, state in sorted(table.encounters.items()):
        enemy, path = state.encounter.enemy, state.path
        progress = f"{state.tokens} of {state.target(path)} by {path}" if path else "not yet fought"
        names = ", ".join(p.name for p in _facing(table, state))
        who = (
            f"facing it: {names}"
            if names
            else "left behind: no one faces it, and its narrative waits until someone comes back"
        )
        lines.append(Line(f"{enemy.name} at {place(table, slug)}: {progress}; {who}."))
    return lines


def _next_narrative(table: TableView) -> str:
    if table.scenario is None:
        return "."
    for space in range(table.time + 1, len(table.scenario.board.spaces) + 1):
        if table.scenario.board.narrative_at(space):
            return f"; the next timed narrative is at space {space}."
    return "."


def hand_lines(table: TableView, slug: str | None = None) -> list[Line]:
    lines: list[Line] = []
    for inv in table.players():
        if slug and inv.slug != slug:
            continue
        lines.append(Line(f"{inv.name}'s hand ({len(inv.hand)}):", "heading"))
        lines += [Line(f"  {c}") for c in inv.hand] or [Line("  (empty)")]
    return lines


def items_lines(table: TableView) -> list[Line]:
    lines = []
    for inv in table.players():
        held = [f"{i.card.name} ({i.uses} uses, {i.place})" for i in inv.items]
        lines.append(Line(f"{inv.name}: {', '.join(held) or 'nothing'}."))
    return lines


def keywords_lines(table: TableView, sheet: Iterable[str]) -> list[Line]:
    marked = sorted(table.keywords)
    open_words = [w for w in sheet if w not in table.keywords]
    return [
        Line(f"Keywords marked: {', '.join(marked) or 'none'}."),
        Line(f"Still unmarked on the sheet: {', '.join(open_words) or 'none'}."),
    ]


def map_lines(table: TableView) -> list[Line]:
    """The revealed locations by area, their neighbours and who stands where."""
    if table.scenario is None:
        return [Line("There is no map: no scenario is in play.")]
    scenario = table.scenario
    lines: list[Line] = []
    areas: dict[str, list[str]] = {}
    for slug in sorted(table.revealed):
        areas.setdefault(scenario.locations[slug].area, []).append(slug)
    for area, slugs in sorted(areas.items()):
        lines.append(Line(f"[{area.replace('-', ' ')}]", "heading"))
        for slug in slugs:
            location = scenario.locations[slug]
            here = [i.name for i in table.players() if i.location == slug]
            exits = [place(table, a) for a in sorted(location.adjacent) if a in table.revealed]
            who = f"; here: {', '.join(here)}" if here else ""
            fight = _fight(table, slug)
            lines.append(Line(f"  {location.name}{who}{fight}"))
            lines.append(Line(f"      leads to: {', '.join(exits) or 'nowhere yet'}"))
    return lines


def percent(chance: Fraction) -> str:
    """A chance in whole percent that never rounds a possibility away."""
    if 0 < chance < Fraction(1, 200):
        return "under 1%"
    if Fraction(199, 200) < chance < 1:
        return "over 99%"
    return f"{float(chance):.0%}"


def article(word: str) -> str:
    return ("an " if word[:1].upper() in "AEIOU" else "a ") + word


def decision_lines(decision: Decision, table: TableView) -> list[Line]:
    lines = [Line(decision.prompt, "heading")]
    state = decision.context
    if decision.kind is DecisionKind.PREPARE and state is not None:
        chance = table.chance(state)
        lines.append(Line(f"Chance to pass if you roll now: {percent(chance)}.", "dice"))
    lines += [Line(f"{n:>3}. {o.label}", "option") for n, o in enumerate(decision.options, 1)]
    return lines


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
