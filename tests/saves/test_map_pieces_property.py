"""Any damage to a real format-3 sheet's map pieces is refused with every
problem at a line and column and the file left byte for byte as it was, or
it loads into a table the rules could have made, whose own sheet then loads
back to the same sheet.

The damage is typed where a person types: a field of the boat, the group,
a prisoner, the Investigation tokens, a flood level, a barrier or a player's
place replaced by another name, a number (huge ones too), a truth value,
nothing, a list or a mapping; a field dropped or added; a key written
twice; a YAML anchor and alias.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from tales.errors import SheetError
from tales.rules.prisoners import INVESTIGATION
from tales.rules.table import Table
from tales.saves.session import load_saved
from tales.saves.sheet import dump
from tales.saves.store import SaveFiles
from tales.story.core import Core
from tales.story.model import Tale
from tests.saves.reef_sheets import gannet_aboard, settling_pieces

MAP_KEYS = ("vehicles", "barriers", "group", "prisoners", "investigation", "location_tokens")
NAMES = (
    "Arthur Blackwood", "Elizabeth Hawthorne", "Ezra Marsh", "Irene Dubois", "Nobody",
    "boatyard", "chandlery", "north-ledge", "picket-boat", "nowhere", "wicks-garage",
    "old-depot", "town-lockup", "hall-cellar", "boat", "cg-2317", "Abel Wick", "Dan Hollis",
    "freed", "held", "rescued", "lost", "flood", "water", "investigation", "hidden", "at",
    "aboard", "driver", "with", "fate",
)  # fmt: skip
SCALARS = st.one_of(
    st.sampled_from(NAMES),
    st.integers(-3, 12),
    st.sampled_from([10**6, 10**20, -(10**20), 2**63]),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False, allow_infinity=False, width=16),
)
VALUES = st.one_of(
    SCALARS,
    st.lists(SCALARS, max_size=5),
    st.dictionaries(st.sampled_from(NAMES), SCALARS, max_size=3),
)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module")
def sheets(core: Core, reef_ledger: Tale, tmp_path_factory: pytest.TempPathFactory) -> dict:
    folder = tmp_path_factory.mktemp("reef")
    texts = {
        "gannet": gannet_aboard(core, reef_ledger, folder).sheet.read_text(encoding="utf-8"),
        "settle": settling_pieces(core, reef_ledger, folder).sheet.read_text(encoding="utf-8"),
    }
    for name, text in list(texts.items()):
        texts[f"{name}-paper"] = text.split("\ndigital:")[0] + "\n"
    return texts


def places(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every field and item under the map's pieces and the players' places."""
    found = [path] if path else []
    if isinstance(data, dict):
        for key, value in data.items():
            if path or key in MAP_KEYS or key == "players":
                found += places(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += places(value, (*path, index))
    return found


@st.composite
def damage(draw: st.DrawFn, data: dict[Any, Any]) -> str:
    """One change a person might type into the sheet, as the sheet's text."""
    targets = [p for p in places(data) if p[0] != "players" or p[-1] in ("location", "dead")]
    path = draw(st.sampled_from(targets + [(k,) for k in MAP_KEYS if k not in data]))
    *parents, last = path
    holder = data
    for key in parents:
        holder = holder[key]
    how = draw(st.sampled_from(["replace", "drop", "add"]))
    if how == "drop" and isinstance(holder, dict) and last in holder:
        del holder[last]
    elif how == "drop" and isinstance(holder, list):
        holder.pop(last)
    elif how == "add" and isinstance(holder.get(last) if isinstance(holder, dict) else None, dict):
        holder[last][draw(st.sampled_from(NAMES))] = draw(VALUES)
    elif isinstance(holder, list):
        holder[last] = draw(VALUES)
    else:
        holder[last] = draw(VALUES)
    text = io.StringIO()
    YAML(typ="safe", pure=True).dump(data, text)  # any shape, as a person may type it
    return text.getvalue()


def in_text(text: str, how: str) -> str:
    """Damage only text can carry: a key twice, an anchor and its alias."""
    lines = text.splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if line.startswith(MAP_KEYS))
    if how == "twice":
        return "".join([*lines[: index + 1], lines[index], *lines[index + 1 :]])
    key, _, value = lines[index].partition(":")
    anchored = f"{key}: &piece{value}"
    return "".join([*lines[:index], anchored, *lines[index + 1 :], "notes_copy: *piece\n"])


@SETTINGS
@given(st.data(), st.sampled_from(["gannet", "settle", "gannet-paper", "settle-paper"]))
@example(data=None, sheet="gannet-paper")  # the sheet as written loads
def test_a_damaged_map_piece_is_refused_in_place_or_loads_consistently(
    sheets: dict, core: Core, reef_ledger: Tale, tmp_path_factory: pytest.TempPathFactory,
    data: st.DataObject | None, sheet: str,
) -> None:  # fmt: skip
    text = sheets[sheet]
    if data is not None:
        raw = YAML(typ="safe").load(text)
        how = data.draw(st.sampled_from(["field"] * 8 + ["twice", "anchor"]))
        text = data.draw(damage(raw)) if how == "field" else in_text(text, how)
    folder = tmp_path_factory.mktemp("typed")
    files = SaveFiles.named(folder, "typed")
    files.sheet.write_text(text, encoding="utf-8")
    before = files.sheet.read_bytes()
    try:
        saved, _ = load_saved(files, core)
    except SheetError as refused:
        assert files.sheet.read_bytes() == before
        assert refused.problems
        assert all(p.line >= 1 and p.col >= 1 for p in refused.problems), refused.problems
        return
    consistent(saved.table, reef_ledger)
    written = _without_time(saved.sheet.data)
    again = SaveFiles.named(folder, "again")
    again.sheet.write_text(dump(saved.sheet.data), encoding="utf-8")
    reloaded, _ = load_saved(again, core)
    assert _without_time(reloaded.sheet.data) == written


def _without_time(sheet: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in sheet.items() if k not in ("saved", "session")}


def consistent(table: Table, tale: Tale) -> None:
    """The pieces stand as the rules leave them (tales/rules/vehicles.py,
    group.py, prisoners.py, and the Location cards' limits)."""
    assert table.scenario is not None
    book = next(b for b in tale.scenarios.values() if b.title == table.scenario.title)
    seated: list[str] = []
    for slug, state in table.vehicles.items():
        card = table.scenario.vehicles[slug]
        assert len(state.aboard) <= card.seats and len(set(state.aboard)) == len(state.aboard)
        assert state.driver is None or state.driver in state.aboard
        assert state.at in table.revealed or state.at == card.start
        for rider in state.aboard:
            inv = table.investigator(rider)
            assert not inv.companion
            assert not inv.active or inv.location == state.at, (rider, inv.location, state.at)
        seated += state.aboard
    assert len(seated) == len(set(seated))
    if table.group is not None:
        assert table.group.at in table.revealed or table.group.at == table.scenario.group
    for state in table.prisoners.values():
        if state.escort is not None:
            assert table.investigator(state.escort).active and state.fate == "freed"
    laid = sum(t.get(INVESTIGATION, 0) for t in table.location_tokens.values())
    assert laid <= table.scenario.investigation_tokens
    for place, tokens in table.location_tokens.items():
        for token, count in tokens.items():
            low, high = book.token_limits.get(place, {}).get(token, (0, None))
            assert low <= count and (high is None or count <= high), (place, token, count)


def test_the_damage_reaches_every_piece(sheets: dict) -> None:
    """The places damaged include each piece of both maps (a strategy that
    missed the boat would prove nothing about it)."""
    found = {
        path[:2]
        for name in ("gannet", "settle")
        for path in places(YAML(typ="safe").load(sheets[name]))
    }
    for piece in [("vehicles", "boat"), ("group", "at"), ("prisoners", "Abel Wick")]:
        assert piece in found, piece
    assert ("location_tokens", "north-ledge") in found
    assert ("investigation", "wicks-garage") in found
    assert any(p[0] == "players" for p in found)


def test_a_sheet_written_with_the_pieces_loads_unchanged(
    sheets: dict, core: Core, reef_ledger: Tale, tmp_path: Path
) -> None:
    for name, text in sheets.items():
        files = SaveFiles.named(tmp_path, name)
        files.sheet.write_text(text, encoding="utf-8")
        consistent(load_saved(files, core)[0].table, reef_ledger)
