"""The printed sheet shows what the paper sheet holds (playtest 6): the
map's pieces of format 3 (barriers, vehicles, marks, the Group token, the
prisoners, the Investigation tokens, the tokens on Location cards) by the
names the scenario prints, and a sheet between two scenarios read as one,
with the items carried, not as "Round 0" with blank tracks."""

from __future__ import annotations

from pathlib import Path

import pytest

from tales.saves.export import export
from tales.saves.export_map import map_pieces
from tales.saves.load import read_sheet
from tales.saves.session import load_saved
from tales.saves.store import SaveFiles
from tales.story.loader import load_tale
from tales.story.model import Tale
from tests.rules.test_group import HIDE, MAP_TALE, WALK
from tests.saves.helpers import Bell, new_saved
from tests.saves.test_campaign import finished  # noqa: F401 (the fixture)


@pytest.fixture(scope="module")
def map_tale() -> Tale:
    tale, problems = load_tale(MAP_TALE)
    assert tale is not None and not problems, problems
    return tale


def test_a_sheet_between_scenarios_reads_as_one(core, finished: SaveFiles) -> None:  # noqa: F811
    loaded = read_sheet(finished, core)
    tale = loaded.tale
    first, second = (b.scenario.title for b in tale.scenarios.values())
    spade = load_saved(finished, core)[0].game.table.investigator("philip-harris")
    spade_name = next(h.card.name for h in spade.items if h.slug == "flensing-spade")
    for fmt in ("md", "html"):
        text = export(loaded, fmt)
        assert f"Between {first} and {second}: carried items: Philip Harris: {spade_name}" in text
        assert "between scenarios" in text and "| 0 |" not in text
        assert "Items by uses left" not in text, "no blank track rows at a setup"
        assert f"Carries in:{'**' if fmt == 'md' else '</b>'} {spade_name}" in text
        assert "Event board tokens" not in text


def test_the_printed_sheet_shows_the_group_token(core, map_tale: Tale, tmp_path: Path) -> None:
    files = SaveFiles.named(tmp_path, "walk")
    saved = new_saved(core, Bell(MAP_TALE, map_tale), WALK, files)
    game = saved.game
    while game.pending is not None and game.pending.kind != "activity":
        saved.apply("draw" if "draw" in game.pending.ids else game.pending.ids[0])
    saved.apply(HIDE)
    saved.apply("end-round")
    while game.table.round == 1 and game.pending is not None:
        saved.apply(game.pending.ids[0])
    text = export(read_sheet(files, core), "md")
    assert "## On the map\n\n- **Group token:** at The Green, hidden\n" in text


def test_every_map_field_is_printed_by_its_printed_names(map_tale: Tale) -> None:
    book = map_tale.scenarios["lantern-walk"]
    names = {slug: loc.name for slug, loc in book.scenario.locations.items()}
    green, lane = names["green"], names["lane"]
    data = {
        "group": {"at": "green", "hidden": False},
        "prisoners": {"Abel Wick": {"fate": "freed", "at": "lane", "with": "Ezra Marsh"}},
        "investigation": {"green": 1, "lane": 0},
        "barriers": [["green", "lane", 2]],
        "vehicles": {"cart": {"at": "lane", "aboard": ["Ezra Marsh"], "driver": "Ezra Marsh"}},
        "marks": {"Ezra Marsh": {"diving-suit": 1}},
        "location_tokens": {"lane": {"flood": 2}},
    }
    assert map_pieces(book, data) == [
        ("Group token", f"at {green}, in the open"),
        ("Prisoners", f"Abel Wick: freed at {lane}, with Ezra Marsh"),
        ("Investigation tokens", f"{green} 1"),
        ("Barriers", f"2 between {green} and {lane}"),
        ("Vehicles", f"cart: at {lane}, aboard: Ezra Marsh, Ezra Marsh driving"),
        ("Marks", "Ezra Marsh: diving suit 1"),
        ("Tokens on Location cards", f"{lane}: flood 2"),
    ]
    assert map_pieces(book, {}) == [], "a scenario without pieces prints no such lines"


def test_tokens_are_printed_only_on_the_cards_revealed(map_tale: Tale) -> None:
    """A card still in the Location deck holds no tokens on the paper table,
    and naming it would tell the players what they have not found (a
    playtest's sheet listed flood 0 on two cards not yet revealed)."""
    book = map_tale.scenarios["lantern-walk"]
    lane = book.scenario.locations["lane"].name
    data = {"location_tokens": {"lane": {"flood": 2}, "green": {"flood": 0}}, "revealed": ["lane"]}
    assert map_pieces(book, data) == [("Tokens on Location cards", f"{lane}: flood 2")]


def test_a_vehicle_is_printed_by_its_name(map_tale: Tale) -> None:
    book = map_tale.scenarios["flooded-quarter"]
    quay = book.scenario.locations["quay"].name
    pieces = map_pieces(book, {"vehicles": {"launch": {"at": "quay", "aboard": []}}})
    assert pieces == [("Vehicles", f"The Launch: at {quay}, no one aboard")]
