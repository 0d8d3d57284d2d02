"""Going into a location: the storybook's ``on_enter`` paragraph.

A Location card's ``scene`` is read when the card is revealed, often from
somewhere else ("you can see the grocery's lit window from the bus stop");
its ``on_enter`` paragraph is what is met inside, read once, the first time
an investigator stands there (:func:`tales.rules.activities.enter` queues
it). The table remembers which locations have been entered; a save sheet
keeps it as the paragraphs read, so a restored game rebuilds it from them.
"""

from __future__ import annotations

from collections.abc import Iterable

from tales.rules.activities import enter
from tales.rules.investigators import Investigator
from tales.rules.scenario import Scenario
from tales.rules.table import Table
from tales.story.model import OptionDef


def enter_where_standing(table: Table, places: Iterable[str]) -> None:
    """Investigators already standing on ``places`` (the start location at
    setup, a card revealed under their feet) go in: their entering narrative
    is due like a move's."""
    wanted = set(places)
    for inv in table.players():
        if inv.location in wanted:
            enter(table, inv, inv.location)


def entering_actor(table: Table, place: str, paragraph: int) -> Investigator | None:
    """Who "you" is in ``place``'s entering narrative ``paragraph``: whoever
    first stood there, if still there; ``None`` when it is not that narrative."""
    location = table.scenario.locations.get(place) if table.scenario else None
    if location is None or location.on_enter != paragraph or place not in table.entered:
        return None
    here = [p for p in table.players() if p.location == place]
    first = [p for p in here if p.slug == table.entered[place]]
    return next(iter(first or here), None)


def entering_lead(table: Table, place: str) -> list[OptionDef]:
    """A location nobody has gone into yet is a lead for a playtest bot: its
    inside is still unread."""
    location = table.scenario.locations.get(place) if table.scenario else None
    if location is None or location.on_enter is None or place in table.entered:
        return []
    return [OptionDef(f"Go into {location.name}", goto=location.on_enter)]


def entered_from(scenario: Scenario, read: Iterable[int]) -> dict[str, str]:
    """The locations entered, as a save sheet's paragraphs read show them
    (who went in first is not kept: "")."""
    seen = set(read)
    return {
        slug: ""
        for slug, place in scenario.locations.items()
        if place.on_enter is not None and place.on_enter in seen
    }
