"""Collecting every name a story mentions, then checking each one exists.

Builders note references as they read (a ``goto``, a keyword in a
condition, what an effect's kind says it names); once every file of the
scenario is read, :func:`check_refs` reports each one that names nothing,
with a "did you mean".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tales.problems import did_you_mean
from tales.rules.items import ItemCard
from tales.rules.scenario import Encounter, Location, Prisoner, Vehicle
from tales.story.effects import kind_of
from tales.story.loader.campaign_log import unknown_entry
from tales.story.loader.codes import (
    NO_CARD,
    NO_CONNECTION,
    NO_KEYWORD,
    NO_LOCATION,
    NO_LOG,
    NO_PARAGRAPH,
)
from tales.story.model import Effect, Paragraph, Where

if TYPE_CHECKING:
    from tales.story.loader.context import Context


@dataclass
class Refs:
    """Every name a scenario's story mentions, with where, for checking."""

    paragraphs: list[tuple[int, Where]] = field(default_factory=list)
    locations: list[tuple[str, Where]] = field(default_factory=list)
    keywords: list[tuple[str, Where]] = field(default_factory=list)
    cards: list[tuple[str, str, Where]] = field(default_factory=list)  # (kind, slug, where)
    logs: list[tuple[str, Where]] = field(default_factory=list)  # "section" or "section/entry"
    counters: list[tuple[str, Where]] = field(default_factory=list)
    # Two locations a barrier lies between: the map must connect them.
    connections: list[tuple[str, str, Where]] = field(default_factory=list)
    # (piece, effect kind, where): a rule for the Group token or Investigation tokens.
    pieces: list[tuple[str, str, Where]] = field(default_factory=list)

    def note_effect(self, effect: Effect) -> None:
        """Note every name the effect's kind says it references."""
        where = effect.where
        for what, name in kind_of(effect.kind).refs(effect):
            if what == "paragraph" and isinstance(name, int):
                self.paragraphs.append((name, where))
            elif what == "location":
                self.locations.append((str(name), where))
            elif what == "keyword":
                self.keywords.append((str(name), where))
            elif what == "log":
                self.logs.append((str(name), where))
            elif what == "counter":
                self.counters.append((str(name), where))
            elif what == "connection":
                a, _, b = str(name).partition(" ")
                self.connections.append((a, b, where))
            elif what == "piece":
                self.pieces.append((str(name), effect.kind, where))
            else:  # an item, clue, objective or encounter
                self.cards.append((what, str(name), where))


@dataclass(frozen=True)
class Known:
    """What a scenario has, for its references to name."""

    keywords: Iterable[str]
    locations: Mapping[str, Location]
    encounters: Mapping[str, Encounter]
    items: Mapping[str, ItemCard]
    clues: Mapping[str, str]
    objectives: Mapping[str, str]
    paragraphs: Mapping[int, Paragraph]


def check_refs(
    context: Context,
    known: Known,
    vehicles: Mapping[str, Vehicle] | None = None,
    prisoners: Mapping[str, Prisoner] | None = None,
) -> None:
    refs = context.refs
    for number, where in refs.paragraphs:
        if number not in known.paragraphs:
            close = did_you_mean(str(number), map(str, known.paragraphs))
            context.error(where, NO_PARAGRAPH, f"there is no paragraph {number}{close}")
    for slug, where in refs.locations:
        if slug not in known.locations:
            close = did_you_mean(slug, known.locations)
            context.error(where, NO_LOCATION, f"there is no location {slug!r}{close}")
    sheet = set(known.keywords)
    for word, where in refs.keywords:
        if word not in sheet:
            context.error(
                where,
                NO_KEYWORD,
                f"keyword {word!r} is not on the scenario's Keyword sheet"
                f"{did_you_mean(word, sheet)}",
            )
    cards: dict[str, Mapping[str, object]] = {
        "item": known.items,
        "clue": known.clues,
        "objective": known.objectives,
        "encounter": known.encounters,
        "vehicle": vehicles or {},
        "prisoner": prisoners or {},
    }
    for kind, slug, where in refs.cards:
        if slug not in cards[kind]:
            close = did_you_mean(slug, cards[kind])
            context.error(where, NO_CARD, f"there is no {kind} {slug!r}{close}")
    _check_connections(context, known.locations)
    check_log_refs(context)


def _check_connections(context: Context, locations: Mapping[str, Location]) -> None:
    """A barrier lies across a connection the map prints: walked, driven or told."""
    for a, b, where in context.refs.connections:
        if a not in locations or b not in locations:
            continue  # E203 has said so
        card = locations[a]
        if b not in card.adjacent | card.by_vehicle | card.by_story:
            context.error(
                where, NO_CONNECTION, f"the map has no connection between {a!r} and {b!r}"
            )


def check_log_refs(context: Context) -> None:
    """Campaign log sections and counters: the tale declares them."""
    for named, where in context.refs.logs:  # "section", or "section/entry"
        section, _, entry = named.partition("/")
        if section not in context.sections:
            context.error(
                where,
                NO_LOG,
                f"the campaign log has no section {section!r}"
                f"{did_you_mean(section, context.sections)}",
            )
        elif entry and (problem := unknown_entry(context.sections, section, entry)):
            context.error(where, NO_LOG, problem)
    for name, where in context.refs.counters:
        if name not in context.counters:
            context.error(
                where,
                NO_LOG,
                f"the tale has no counter {name!r}{did_you_mean(name, context.counters)}",
            )


def check_paragraph_refs(context: Context, paragraphs: Mapping[int, Paragraph], owner: str) -> None:
    """The paragraph references of an interlude, which has only its own."""
    for number, where in context.refs.paragraphs:
        if number not in paragraphs:
            context.error(where, NO_PARAGRAPH, f"{owner} has no paragraph {number}")
