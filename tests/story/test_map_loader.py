"""What `tales check` says of the map's constructs: a barrier where the map
has no connection (E215), a vehicle that does not exist (E204), a mistake
inside a for_each (E206, E207), and the schema's new fields."""

from __future__ import annotations

import shutil
from pathlib import Path

from tales.story.loader import load_tale

ROOT = Path(__file__).resolve().parents[2]
MAP_TALE = ROOT / "tests" / "data" / "map-tale"
PARAGRAPHS = Path("flooded-quarter") / "paragraphs" / "quarter.yaml"


def edited(tmp_path: Path, file: Path, old: str, new: str) -> list[tuple[str, str]]:
    root = tmp_path / "tale"
    shutil.copytree(MAP_TALE, root)
    text = (root / file).read_text(encoding="utf-8")
    assert old in text, old
    (root / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    _, problems = load_tale(root)
    return [(p.code, p.message) for p in problems]


def test_a_barrier_where_the_map_has_no_connection_is_refused(tmp_path):
    found = edited(
        tmp_path,
        PARAGRAPHS,
        "{barrier: {between: [quay, net-loft]}}",
        "{barrier: {between: [street, net-loft]}}",
    )
    assert ("E215", "the map has no connection between 'street' and 'net-loft'") in found


def test_a_setup_barrier_is_checked_the_same_way(tmp_path):
    found = edited(
        tmp_path,
        Path("flooded-quarter") / "scenario.yaml",
        "{between: [quay, street], count: 2}",
        "{between: [quay, chapel], count: 2}",
    )
    assert [code for code, _ in found] == ["E215"]


def test_a_route_by_vehicle_is_a_connection_a_barrier_may_close(tmp_path):
    found = edited(
        tmp_path,
        PARAGRAPHS,
        "{barrier: {between: [quay, net-loft]}}",
        "{barrier: {between: [reef, quay], count: 3}}",
    )
    assert found == []


def test_an_unknown_vehicle_is_refused_with_a_did_you_mean(tmp_path):
    found = edited(tmp_path, PARAGRAPHS, "effects: [{board: launch}]", "effects: [{board: lanch}]")
    assert any(code == "E204" and "vehicle 'lanch'" in m and "launch" in m for code, m in found)


def test_a_misspelt_name_inside_a_for_each_is_reported(tmp_path):
    found = edited(
        tmp_path,
        PARAGRAPHS,
        'if: location_token(here, "flood") >= 2',
        'if: location_tokn(here, "flood") >= 2',
    )
    assert [code for code, _ in found] == ["E206"]


def test_a_for_each_with_a_bad_effect_inside_is_refused(tmp_path):
    found = edited(
        tmp_path, PARAGRAPHS, "effects: [{damage: {VITALITY: 1}}]", "effects: [{damgae: 1}]"
    )
    assert [code for code, _ in found] == ["E207"]
    assert "damgae" in found[0][1]


def test_a_location_for_few_players_needs_a_whole_number(tmp_path):
    found = edited(
        tmp_path, Path("flooded-quarter") / "locations.yaml", "only_with: 3 ", "only_with: many "
    )
    assert [code for code, _ in found] == ["E102"]
