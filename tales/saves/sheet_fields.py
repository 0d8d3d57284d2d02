"""Fields every kind of sheet has: the difficulty, the house rules, and the
campaign part (the log, entries recorded or crossed out, and the counters,
checked against the tale's declared sections and counters)."""

from __future__ import annotations

from typing import Any

from tales.rules.automation import Automation, Source, Tool
from tales.rules.items import ItemCard
from tales.rules.rulings import Rulings
from tales.rules.scenario import Scenario
from tales.saves.fields import Fields
from tales.story.campaign import item_cards, played_before
from tales.story.core import Core
from tales.story.model import Tale
from tales.story.yamlio import describe, is_whole

CROSSED_OUT = ("crossed out", "crossed-out", "x")


def read_campaign(
    campaign: dict[Any, Any], fields: Fields, tale: Tale
) -> tuple[dict[str, dict[str, bool]], dict[str, int]]:
    """The log (entry -> crossed out) and the counters a sheet records."""
    log: dict[str, dict[str, bool]] = {}
    raw_log = campaign.get("log") or {}
    for section, entries in raw_log.items() if isinstance(raw_log, dict) else ():
        name = fields.word(
            str(section),
            fields.at(raw_log, section),
            f"campaign.log.{section}",
            tale.log_sections,
            "campaign log section",
        )
        if name is not None and isinstance(entries, dict):
            log[name] = {
                str(entry): str(mark).lower() in CROSSED_OUT for entry, mark in entries.items()
            }
    # In the campaign's own order, as the tale declares its sections: a sheet
    # may list them in any order (a dump sorts them; a hand copy may not).
    place = {section: i for i, section in enumerate(tale.log_sections)}
    log = dict(sorted(log.items(), key=lambda item: place.get(item[0], len(place))))
    counters: dict[str, int] = {}
    raw_counters = campaign.get("counters") or {}
    for counter, value in raw_counters.items() if isinstance(raw_counters, dict) else ():
        name = fields.word(
            str(counter),
            fields.at(raw_counters, counter),
            f"campaign.counters.{counter}",
            tale.counters,
            "campaign counter",
        )
        if name is not None and is_whole(value):
            counters[name] = value
    return log, counters


def read_difficulty(data: dict[Any, Any], fields: Fields, scenario: Scenario) -> str | None:
    """One of the scenario's difficulties; standard when the sheet says none."""
    return fields.word(
        data.get("difficulty", "standard"),
        fields.at(data, "difficulty"),
        "difficulty",
        list(scenario.board.start),
        "difficulty",
    )


def read_rulings(data: dict[Any, Any], fields: Fields, rulings: Rulings) -> dict[str, bool]:
    """The house rules a sheet records under ``rulings``: switch id -> true or
    false. A sheet without them (every sheet before house rules) plays by
    the defaults."""
    raw = data.get("rulings") or {}
    if not isinstance(raw, dict):
        found = describe(raw)
        fields.problem(
            fields.at(data, "rulings"), "rulings", f"expected switch: true or false, found {found}"
        )
        return {}
    switches = [r.id for r in rulings.switches()]
    house: dict[str, bool] = {}
    for key, value in raw.items():
        where, path = fields.at(raw, key), f"rulings.{key}"
        name = fields.word(str(key), where, path, switches, "a ruling a group may switch")
        if name is None:
            continue
        if not isinstance(value, bool):
            fields.problem(where, path, f"expected true or false, found {describe(value)}")
            continue
        house[name] = value
    return house


def fallen_of(data: dict[Any, Any], core: Core) -> tuple[str, ...]:
    """The investigators a sheet says died in the campaign's earlier scenarios
    (``campaign.fallen``, by name or slug); names it does not know are not kept."""
    raw = data.get("campaign")
    listed = raw.get("fallen") if isinstance(raw, dict) else None
    by_name = {s.name.lower(): s.slug for s in core.investigators.values()}
    by_name.update({s.slug: s.slug for s in core.investigators.values()})
    if not isinstance(listed, list):
        return ()
    return tuple(by_name[str(n).lower()] for n in listed if str(n).lower() in by_name)


def carried_in(data: dict[Any, Any], core: Core, tale: Tale) -> dict[str, ItemCard]:
    """The cards of the items a round-end sheet says were carried in
    (``campaign.carried``): each is the card of the scenarios played before,
    not the one this scenario prints under the same slug."""
    raw = data.get("campaign")
    listed = raw.get("carried") if isinstance(raw, dict) else None
    scenario = str(data.get("scenario"))
    if not isinstance(listed, list) or scenario not in tale.scenarios:
        return {}
    before = played_before(tale, scenario)
    cards = item_cards(core.items, tale, before) if before is not None else dict(core.items)
    origins = origins_of(data)
    return {
        str(s): origin_card(tale, str(s), origins.get(str(s))) or cards[str(s)]
        for s in listed
        if str(s) in cards
    }


def origins_of(data: dict[Any, Any]) -> dict[str, str]:
    """``campaign.carried_from``: each carried item's scenario, the one whose
    card it is (a later scenario may print another under the same slug)."""
    raw = data.get("campaign")
    given = raw.get("carried_from") if isinstance(raw, dict) else None
    return {str(k): str(v) for k, v in given.items()} if isinstance(given, dict) else {}


def origin_card(tale: Tale, slug: str, origin: str | None) -> ItemCard | None:
    """The card ``origin`` prints under ``slug``, if it does."""
    book = tale.scenarios.get(origin or "")
    return book.scenario.items.get(slug) if book is not None else None


def shuffles_of(data: dict[Any, Any]) -> dict[str, tuple[str, ...]]:
    """``campaign.shuffles``: each shuffled set in the order the game drew."""
    raw = data.get("campaign")
    given = raw.get("shuffles") if isinstance(raw, dict) else None
    if not isinstance(given, dict):
        return {}
    return {str(k): tuple(map(str, v)) for k, v in given.items() if isinstance(v, list)}


def campaign_extras(shuffles: dict[str, tuple[str, ...]], cards: list[ItemCard]) -> dict[str, Any]:
    """What a sheet's campaign part adds when there is any: the shuffled
    sets, and the scenario each carried card came from."""
    origins = {card.slug: card.origin for card in cards if card.origin}
    return {
        **({"shuffles": {k: list(v) for k, v in sorted(shuffles.items())}} if shuffles else {}),
        **({"carried_from": dict(sorted(origins.items()))} if origins else {}),
    }


AT_THE_TABLE = "at_the_table"  # who rolls and who draws: only a table not all digital


def write_table(automation: Automation) -> dict[str, Any]:
    """The sheet's field for a table where the players roll or draw; none
    for an all-digital table, so its sheets stay as they always were."""
    if automation.all_digital:
        return {}
    return {AT_THE_TABLE: {tool.value: automation.of(tool).value for tool in Tool}}


def read_table(data: dict[Any, Any], fields: Fields) -> Automation:
    """``at_the_table: {dice: physical, cards: digital}``; digital when absent."""
    raw = data.get(AT_THE_TABLE) or {}
    automation = Automation()
    if not isinstance(raw, dict):
        found = describe(raw)
        fields.problem(
            fields.at(data, AT_THE_TABLE),
            AT_THE_TABLE,
            f"expected dice: and cards:, each digital or physical, found {found}",
        )
        return automation
    tools, sources = [t.value for t in Tool], [s.value for s in Source]
    for key, value in raw.items():
        where, path = fields.at(raw, key), f"{AT_THE_TABLE}.{key}"
        tool = fields.word(str(key), where, path, tools, "a tool of the table")
        source = fields.word(str(value), where, path, sources, "source")
        if tool is not None and source is not None:
            automation.set(Tool(tool), Source(source))
    return automation
