"""The map's pieces on the paper part of a save sheet: barriers left on
connections, where each vehicle stands and who sits in it, the marks kept
against each investigator, the Group token, the Prisoner markers, the
Investigation tokens and the other tokens lying on Location cards.

The rulebook's Save sheet has a field for "Additional notes" and its
components list "Prisoner markers", the "Group token" and "Investigation
tokens": a paper game notes where they lie, so they are paper fields,
written in a form a person can type (places by slug or printed name,
people by name: ``group: {at: town-lockup, hidden: yes}``, ``prisoners:
{Abel Wick: {fate: freed, with: Arthur Blackwood}}``, ``investigation:
{deacon-ornes-house: 1}``). Each is written when the scenario has such
pieces; a field left out means the pieces stand as the setup sets them.
Every name is checked against the scenario and the table, and what does
not fit is reported at its line and column with the nearest name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tales.rules.paths import edge, lay_setup_barriers
from tales.rules.prisoners import INVESTIGATION
from tales.rules.table import Table
from tales.saves.fields import Fields
from tales.saves.people_sheet import read_people, write_people
from tales.saves.vehicle_sheet import read_vehicles
from tales.story.model import ScenarioBook
from tales.story.yamlio import describe, is_whole

MAP_FIELDS = (
    "barriers", "vehicles", "marks", "group", "prisoners", "investigation", "location_tokens",
)  # fmt: skip
Tokens = Mapping[str, Mapping[str, int]]


def write_map(table: Table, setup_tokens: Tokens) -> dict[str, Any]:
    """The paper fields of the map's pieces this scenario has (``setup_tokens``:
    the tokens its setup lays on Location cards)."""
    scenario, written = table.scenario, dict[str, Any]()
    if scenario is None:
        return {}
    if table.barriers or scenario.barriers:  # [] says the setup's barriers are gone
        written["barriers"] = [[a, b, n] for (a, b), n in sorted(table.barriers.items())]
    if table.vehicles:
        names = {slug: i.name for slug, i in table.investigators.items()}
        written["vehicles"] = {
            slug: {
                "at": v.at,
                "aboard": [names[s] for s in v.aboard],
                "driver": names.get(v.driver or ""),
            }
            for slug, v in sorted(table.vehicles.items())
        }
    marks = {
        table.investigators[slug].name: dict(sorted(m.items()))
        for slug, m in sorted(table.marks.items())
        if m
    }
    if marks:
        written["marks"] = marks
    written.update(write_people(table))
    if scenario.investigation_tokens:
        # A 0 kept where a token was taken back: the sheet reads back the same table.
        written["investigation"] = {
            place: tokens[INVESTIGATION]
            for place, tokens in sorted(table.location_tokens.items())
            if INVESTIGATION in tokens
        }
    others = {
        place: kept
        for place, tokens in sorted(table.location_tokens.items())
        if (kept := {k: n for k, n in sorted(tokens.items()) if k != INVESTIGATION})
    }
    if others or setup_tokens:  # {} says the setup's tokens are gone
        written["location_tokens"] = others
    return written


def restore_map(f: Fields, data: dict[Any, Any], table: Table, book: ScenarioBook) -> None:
    """The map as the sheet says it lies; a field left out, as the setup lays it."""
    reader = _MapReader(f, data, table, book)
    reader.barriers()
    read_vehicles(f, data, table, book.scenario)
    reader.marks()
    read_people(f, data, table, book.scenario)
    reader.tokens(book.location_tokens)


def misplaced_pieces(f: Fields, data: dict[Any, Any], digital: dict[Any, Any]) -> None:
    """A piece under ``digital`` (where format 2 kept it; the upgrade step
    leaves one there that the paper part also gives): said, never dropped."""
    for key in MAP_FIELDS:
        if key in digital:
            twice = "is written twice, here and on the paper part: keep one, above `digital:`"
            moved = "is written on the paper part since format 3: move it above `digital:`"
            f.problem(f.at(digital, key), f"digital.{key}", twice if key in data else moved)


class _MapReader:
    def __init__(self, f: Fields, data: dict[Any, Any], table: Table, book: ScenarioBook) -> None:
        self.f, self.data, self.table, self.scenario = f, data, table, book.scenario
        self.limits = book.token_limits
        scenario = book.scenario
        self.places = {slug: loc.name for slug, loc in scenario.locations.items()}
        self.people = {slug: inv.name for slug, inv in table.investigators.items()}

    def place(self, value: Any, where: tuple[int, int], field: str) -> str | None:
        return self.f.named(value, where, field, self.places, "location", by_slug=True)

    def barriers(self) -> None:
        f, table = self.f, self.table
        table.barriers = {}
        if "barriers" not in self.data:
            lay_setup_barriers(table)
            return
        listed = self.data.get("barriers") or []
        if not isinstance(listed, list):
            f.problem(f.at(self.data, "barriers"), "barriers", _bad(listed, "a list"))
            return
        for index, entry in enumerate(listed):
            where = f.at_item(listed, index)
            if not (isinstance(entry, list) and len(entry) == 3 and is_whole(entry[2])):
                f.problem(where, "barriers", _bad(entry, "[a location, another, count]"))
                continue
            a, b = (self.place(entry[i], where, "barriers") for i in (0, 1))
            if a is None or b is None:
                continue
            if not self.connected(a, b):  # a barrier lies across a connection
                f.problem(where, "barriers", f"the map has no connection between {a!r} and {b!r}")
            elif entry[2] > 0:
                table.barriers[edge(a, b)] = int(entry[2])

    def connected(self, a: str, b: str) -> bool:
        """Walked, driven or told, as the storybook's own check (E215) reads it."""
        cards = self.scenario.locations
        return any(
            there in card.adjacent | card.by_vehicle | card.by_story
            for card, there in ((cards[a], b), (cards[b], a))
        )

    def person(self, value: Any, where: tuple[int, int], field: str) -> str | None:
        return self.f.named(value, where, field, self.people, "investigator at this table")

    def marks(self) -> None:
        f, table = self.f, self.table
        table.marks = {}
        given = f.mapping(self.data, "marks")
        for key, marks in given.items():
            slug = self.person(key, f.at(given, key), f"marks.{key}")
            if slug is None:
                continue
            if not isinstance(marks, dict):
                f.problem(f.at(given, key), f"marks.{key}", _bad(marks, "a mapping of marks"))
                continue
            kept = {str(k): int(v) for k, v in marks.items() if is_whole(v) and v > 0}
            if kept:
                table.marks[slug] = kept

    def tokens(self, setup_tokens: Tokens) -> None:
        """Investigation tokens and the other Location card tokens."""
        table = self.table
        table.location_tokens = {place: {} for place in setup_tokens}
        if "location_tokens" not in self.data:
            for place, tokens in setup_tokens.items():
                table.location_tokens[place].update(
                    {k: n for k, n in tokens.items() if k != INVESTIGATION}
                )
        others = self.f.mapping(self.data, "location_tokens")
        for key, counts in others.items():
            self.counts(key, counts, f"location_tokens.{key}", self.f.at(others, key))
        supply = self.scenario.investigation_tokens
        investigation = self.f.mapping(self.data, "investigation")
        for key in investigation:
            where = self.f.at(investigation, key)
            self.counts(key, {INVESTIGATION: investigation[key]}, f"investigation.{key}", where)
        placed = sum(t.get(INVESTIGATION, 0) for t in table.location_tokens.values())
        if placed > supply:
            where = self.f.at(self.data, "investigation")
            self.f.problem(where, "investigation", f"{placed} placed; the box has {supply}")

    def counts(self, key: Any, counts: Any, field: str, where: tuple[int, int]) -> None:
        place = self.place(key, where, field)
        if place is None:
            return
        if not isinstance(counts, dict) or not all(is_whole(n) and n >= 0 for n in counts.values()):
            self.f.problem(where, field, _bad(counts, "token counts, whole numbers"))
            return
        if field.startswith("location_tokens") and INVESTIGATION in counts:
            also = " (and written twice: the sheet gives `investigation:` too)"
            again = also if "investigation" in self.data else ""
            self.f.problem(where, field, f"Investigation tokens go under `investigation:`{again}")
            return
        if self.outside_limits(place, counts, field, where):
            return
        tokens = self.table.location_tokens.setdefault(place, {})
        tokens.update({str(k): int(n) for k, n in counts.items()})

    def outside_limits(
        self, place: str, counts: dict[Any, Any], field: str, where: tuple[int, int]
    ) -> bool:
        """A count outside what the Location card allows (``limits: {flood:
        {max: 3}}``): the storybook keeps every change within them, so no
        game reaches it."""
        outside = False
        for token, count in counts.items():
            low, high = self.limits.get(place, {}).get(str(token), (0, None))
            if high is not None and count > high:
                self.f.problem(where, field, f"{count} {token} is above what {place} holds, {high}")
                outside = True
            elif count < low:
                self.f.problem(where, field, f"{count} {token} is below {place}'s floor, {low}")
                outside = True
        return outside


def _bad(value: Any, expected: str) -> str:
    return f"expected {expected}, found {describe(value)}"
