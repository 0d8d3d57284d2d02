"""One scenario folder: its scenario.yaml (introduction, setup, Keyword
sheet, Event board, exploration table, endings), then its components and
paragraphs, then every reference checked."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tales.problems import Problem
from tales.rules.items import ItemCard
from tales.rules.scenario import (
    Barrier,
    Encounter,
    EventBoard,
    ExplorationTable,
    Location,
    Scenario,
)
from tales.safefile import printable
from tales.story.loader.board import load_board
from tales.story.loader.codes import STRAY_FILE
from tales.story.loader.components import (
    Pieces,
    load_barriers,
    load_cards,
    load_encounters,
    load_locations,
    load_pieces,
)
from tales.story.loader.context import Context, listing, mapping, text, whole, words
from tales.story.loader.paragraphs import load_paragraphs
from tales.story.loader.pieces import check_pieces
from tales.story.loader.references import Known, check_refs
from tales.story.model import Rate, ScenarioBook, Sections
from tales.story.reader import Reader
from tales.story.yaml_errors import unreadable
from tales.story.yamlio import is_whole


@dataclass(frozen=True)
class Setup:
    start: str | None
    revealed: tuple[str, ...]
    keywords: tuple[str, ...]
    items: tuple[str, ...]
    barriers: tuple[Barrier, ...] = ()  # laid across connections at the start


def load_scenario(
    folder: Path,
    problems: list[Problem],
    sections: Sections,
    counters: tuple[str, ...],
) -> ScenarioBook | None:
    """The scenario in ``folder``, or None when it cannot be built."""
    context = Context(folder, problems, sections, counters)
    reader, data = context.read("scenario.yaml", "scenario")
    introduction = whole(data, "introduction")
    if introduction is not None:
        context.refs.paragraphs.append((introduction, context.at(reader, data, "introduction")))
    keywords = tuple(words(data, "keywords"))
    context.where["keywords"] = context.at(reader, data, "keywords")
    setup = _setup(context, reader, mapping(data, "setup"))
    pieces = load_pieces(context, reader, data)
    board = load_board(context, reader, mapping(data, "event_board"))
    exploration, rates = _exploration(context, reader, mapping(data, "exploration"))
    endings, on_defeat = _endings(context, reader, data), _on_defeat(context, reader, data)
    locations = load_locations(context)
    encounters = load_encounters(context)
    items, clues, objectives, information = load_cards(context)
    paragraphs = load_paragraphs(context)
    known = Known(keywords, locations, encounters, items, clues, objectives, paragraphs)
    if not unreadable(problems, folder):  # else every reference into that file would fail
        check_refs(context, known, pieces.vehicles, pieces.prisoners)
        check_pieces(context, pieces, locations)
    _strays(context)
    start = setup.start
    if introduction is None or start is None or board is None or start not in locations:
        return None
    placed = (pieces, locations, encounters, items)
    scenario = _scenario(folder, data, setup, board, exploration, *placed)
    ending_set = sorted({*endings, *(n for n, p in paragraphs.items() if p.end)})
    return ScenarioBook(
        folder.name,
        scenario,
        introduction,
        paragraphs,
        keywords,
        setup.keywords,
        clues,
        objectives,
        rates,
        tuple(ending_set),
        dict(context.where),
        setup.items,
        dict(context.location_tokens),
        token_limits=dict(context.token_limits),
        on_defeat=on_defeat,
        information=information,
    )


def _scenario(
    folder: Path,
    data: dict[Any, Any],
    setup: Setup,
    board: EventBoard,
    exploration: ExplorationTable,
    pieces: Pieces,
    locations: dict[str, Location],
    encounters: dict[str, Encounter],
    items: dict[str, ItemCard],
) -> Scenario:
    """What the rules read of the scenario: its map, board, pieces and setup."""
    assert setup.start is not None  # the caller has made sure
    return Scenario(
        folder.name,
        text(data, "title") or folder.name,
        locations,
        setup.start,
        setup.revealed,
        board,
        encounters,
        items,
        exploration,
        setup.barriers,
        pieces.vehicles,
        pieces.prisoners,
        pieces.investigation_tokens,
        pieces.group,
    )


# What a scenario folder holds; anything else at its top is not read.
SCENARIO_ENTRIES = frozenset(
    ("scenario.yaml", "locations.yaml", "encounters.yaml", "cards.yaml", "paragraphs", "README.md")
)


def _strays(context: Context) -> None:
    """A warning (W304) for each file or folder at the scenario's top that the
    loader does not read: a misnamed ``card.yaml`` must not pass unseen."""
    shown = ", ".join(sorted(SCENARIO_ENTRIES - {"README.md"}))
    linked = _link_targets(context.folder)  # read through a symlink the scenario holds
    for entry in sorted(context.folder.iterdir()):
        if entry.name in SCENARIO_ENTRIES or entry.name.startswith("."):
            continue
        if entry.resolve() not in linked:
            context.problems.append(
                Problem(
                    str(entry),
                    1,
                    1,
                    STRAY_FILE,
                    f"the scenario loader does not read {printable(entry.name)!r}; "
                    f"a scenario holds {shown}",
                    "warning",
                )
            )


def _link_targets(folder: Path) -> set[Path]:
    """Where the symlinks inside ``folder`` lead (a loop or a dangling one: nowhere)."""
    targets = set()
    for path in folder.rglob("*"):
        if path.is_symlink():
            try:
                targets.add(path.resolve(strict=True))
            except (OSError, RuntimeError):
                continue
    return targets


def _setup(context: Context, reader: Reader, setup: dict[Any, Any]) -> Setup:
    """Where the team starts, what is revealed, marked and carried."""
    refs = context.refs
    noted: dict[str, list[str]] = {"items": [], "revealed": [], "keywords": []}
    for key, values in noted.items():
        for index, value in enumerate(listing(setup, key)):
            if isinstance(value, str):
                values.append(value)
                where = context.at_item(reader, setup[key], index)
                if key == "items":
                    refs.cards.append(("item", value, where))
                elif key == "revealed":
                    refs.locations.append((value, where))
                else:
                    refs.keywords.append((value, where))
    start = text(setup, "start")
    if start is not None:
        refs.locations.append((start, context.at(reader, setup, "start")))
    return Setup(
        start,
        tuple(noted["revealed"]),
        tuple(noted["keywords"]),
        tuple(noted["items"]),
        load_barriers(context, reader, setup),
    )


def _exploration(
    context: Context, reader: Reader, table: dict[Any, Any]
) -> tuple[ExplorationTable, tuple[Rate, ...]]:
    points = mapping(table, "points")
    rates: list[Rate] = []
    listed = listing(table, "rates")
    for index, entry in enumerate(listed):
        start, read = whole(entry, "from"), whole(entry, "read")
        if start is not None and read is not None:
            rates.append(Rate(start, read))
            context.refs.paragraphs.append((read, context.at_item(reader, listed, index)))
    full = whole(table, "full") or 100
    scored = {str(k): int(v) for k, v in points.items() if is_whole(v)}
    return ExplorationTable(scored, full), tuple(sorted(rates, key=lambda r: r.start))


def _on_defeat(context: Context, reader: Reader, data: dict[Any, Any]) -> int | None:
    """``on_defeat: {goto: N}``: read when every investigator is defeated."""
    number = whole(mapping(data, "on_defeat"), "goto")
    if number is not None:
        context.refs.paragraphs.append((number, context.at(reader, data, "on_defeat")))
    return number


def _endings(context: Context, reader: Reader, data: dict[Any, Any]) -> list[int]:
    endings = []
    listed = listing(data, "endings")
    for index, number in enumerate(listed):
        if is_whole(number):
            endings.append(int(number))
            context.refs.paragraphs.append((int(number), context.at_item(reader, listed, index)))
    return endings
