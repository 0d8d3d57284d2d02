"""The tale file: its title, scenarios in order, campaign log sections,
counters and standalone presets; then each scenario and interlude."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from tales.problems import Problem, did_you_mean
from tales.story.hashing import content_hash, gc_paused
from tales.story.loader.campaign_log import check_presets, declared_counters, declared_sections
from tales.story.loader.codes import BAD_VALUE, NO_PLACE
from tales.story.loader.context import listing, mapping, read_checked, text
from tales.story.loader.interludes import load_interludes
from tales.story.loader.scenario import load_scenario
from tales.story.loader.shuffles import check_positions
from tales.story.model import ScenarioBook, Sections, Tale
from tales.story.reader import Reader
from tales.story.yaml_errors import unreadable


def load_tale(root: Path, *, fast: bool = False) -> tuple[Tale | None, list[Problem]]:
    """The tale in ``root`` and every problem found; the tale is ``None``
    when any problem is an error. Every file is read by libyaml with the
    position of each value (:mod:`tales.story.yamlnodes`); ``fast`` is kept
    for the callers written when checking needed a slower reader, and reads
    the same tale."""
    with gc_paused():
        return _load_tale(root)


def _load_tale(root: Path) -> tuple[Tale | None, list[Problem]]:
    problems: list[Problem] = []
    reader = Reader(root / "tale.yaml", problems)
    data = read_checked(reader, "tale") or {}
    if unreadable(problems, root):  # tale.yaml itself: nothing else can be placed
        return None, problems
    order = [str(name) for name in listing(data, "scenarios")]
    sections = declared_sections(data)
    starts = declared_counters(data)
    counters = tuple(starts)
    books = _scenarios(reader, data, problems, sections, counters)
    standalone = _presets(reader, mapping(data, "standalone"), order)
    check_presets(reader, mapping(data, "standalone"), sections, starts)
    interludes = load_interludes(root, problems, sections, counters, order)
    if text(data, "lone_choice") == "take":
        books = {name: replace(book, lone_choice=True) for name, book in books.items()}
        interludes = {name: replace(one, lone_choice=True) for name, one in interludes.items()}
    everything = [p for book in books.values() for p in book.paragraphs.values()]
    everything += [p for one in interludes.values() for p in one.paragraphs.values()]
    if not unreadable(problems, root):  # a shuffle in a file not read is not missing
        check_positions(everything, problems)
    problems = sorted(dict.fromkeys(problems))  # a card checked by two readers says it once
    tale = Tale(
        root.name,
        text(data, "title") or root.name,
        books,
        tuple(sections),
        counters,
        standalone,
        content_hash(root),
        interludes,
        sections,
        {name: start for name, start in starts.items() if start},
    )
    if any(p.severity == "error" for p in problems) or len(books) != len(order):
        return None, problems
    return tale, problems


def _scenarios(
    reader: Reader,
    data: dict[Any, Any],
    problems: list[Problem],
    sections: Sections,
    counters: tuple[str, ...],
) -> dict[str, ScenarioBook]:
    """Each scenario the tale lists, from its folder beside the tale file."""
    books: dict[str, ScenarioBook] = {}
    listed = listing(data, "scenarios")
    for index, name in enumerate(listed):
        folder = reader.path.parent / str(name)
        if not (folder / "scenario.yaml").is_file():
            reader.error(
                reader.at_item(listed, index),
                NO_PLACE,
                f"scenario {name!r} has no folder with a scenario.yaml",
            )
            continue
        book = load_scenario(folder, problems, sections, counters)
        if book is not None:
            books[str(name)] = book
    return books


def _presets(
    reader: Reader, standalone: dict[Any, Any], order: list[str]
) -> dict[str, dict[str, object]]:
    """The log and counters each scenario starts with when played alone."""
    for name, preset in standalone.items():
        if not isinstance(preset, dict):
            reader.error(
                reader.at(standalone, name),
                BAD_VALUE,
                f"the standalone preset for {name!r} is a mapping of log and counters",
            )
        elif name not in order:
            reader.error(
                reader.at(standalone, name),
                NO_PLACE,
                f"standalone preset for {name!r}, which is not a scenario of this tale"
                f"{did_you_mean(str(name), order)}",
            )
    return {str(k): dict(v) for k, v in standalone.items() if isinstance(v, dict)}
