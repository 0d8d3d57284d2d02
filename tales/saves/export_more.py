"""What a printed sheet shows beyond the paper one's boxes, so that it holds
the whole game: encounters in progress, the exploration elements found, the
campaign log and counters, and whether the game or the campaign is over."""

from __future__ import annotations

from typing import Any

from tales.saves.load import LoadedSheet
from tales.story.model import ScenarioBook

# Words for the kinds of exploration elements a sheet's ``found`` lists.
KINDS = {"clue": "Clues", "objective": "Objectives", "information": "Information"}


def more_of_the_sheet(loaded: LoadedSheet, book: ScenarioBook) -> dict[str, Any]:
    data = loaded.data
    campaign = _mapping(data.get("campaign"))
    log, counters = _mapping(campaign.get("log")), _mapping(campaign.get("counters"))
    return {
        "encounters": _encounters(book, data.get("encounters")),
        "found": _found(book, data.get("found")),
        "log": [
            (_words(section), _words(entry), str(mark))
            for section, entries in log.items()
            if isinstance(entries, dict)
            for entry, mark in entries.items()
        ],
        "counters": [(_words(name), value) for name, value in counters.items()],
        "over": loaded.over or _campaign_over(campaign),
    }


def _encounters(book: ScenarioBook, raw: Any) -> list[dict[str, Any]]:
    shown = []
    for entry in raw if isinstance(raw, list) else []:
        if not isinstance(entry, dict):
            continue
        where = book.scenario.locations.get(str(entry.get("location")))
        what = book.scenario.encounters.get(str(entry.get("encounter")))
        shown.append(
            {
                "location": where.name if where else str(entry.get("location", "")),
                "encounter": what.name if what else str(entry.get("encounter", "")),
                "path": str(entry.get("path", "")),
                "tokens": entry.get("tokens", 0),
            }
        )
    return shown


def _found(book: ScenarioBook, raw: Any) -> list[tuple[str, list[str]]]:
    if not isinstance(raw, dict):
        return []
    names = {"clue": book.clues, "objective": book.objectives}
    return [
        (
            KINDS.get(str(kind), _words(kind).capitalize()),
            [names.get(str(kind), {}).get(str(i), _words(i)) for i in ids],
        )
        for kind, ids in raw.items()
        if isinstance(ids, list) and ids
    ]


def _campaign_over(campaign: dict[Any, Any]) -> str:
    return "The campaign is over." if campaign.get("over") or campaign.get("finished") else ""


def _mapping(value: Any) -> dict[Any, Any]:
    return value if isinstance(value, dict) else {}


def _words(slug: Any) -> str:
    return str(slug).replace("-", " ")
