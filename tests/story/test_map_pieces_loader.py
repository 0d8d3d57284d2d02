"""What `tales check` says of a map piece used where the scenario has none
(E216): a crossing ``by_vehicle`` on a map with no vehicle, a Group token
rule in a scenario with no Group token, an Investigation token laid where
the box has none, or a condition reading either (the same in every game);
of a prisoner with no name, two prisoners with one name (the paper sheet
lists them by name: one would be lost), and a location connected to itself
(E215); of a condition asking after a vehicle or a prisoner the scenario
does not have (E204, as an item's name is checked), or a barrier on a
location that does not exist. Each is listed with file:line:col, beside the
other problems, and nothing raises."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tales.story.loader import load_tale

ROOT = Path(__file__).resolve().parents[2]
MAP_TALE = ROOT / "tests" / "data" / "map-tale"
QUARTER = Path("flooded-quarter")
WALK = Path("lantern-walk")
FIRST_EFFECT = "    - {location_token: {location: quay, flood: 1}}"
PARAGRAPHS = QUARTER / "paragraphs" / "quarter.yaml"
GATE = 'if: barriers("quay", "street") > 0'  # an option's condition, at line 22


def problems(tmp_path: Path, *edits: tuple[Path, str, str]) -> list[tuple[str, int, int, str]]:
    root = tmp_path / "tale"
    shutil.copytree(MAP_TALE, root)
    for file, old, new in edits:
        text = (root / file).read_text(encoding="utf-8")
        assert old in text, old
        (root / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    _, found = load_tale(root)
    return [(p.code, p.line, p.col, p.message) for p in found]


@pytest.mark.parametrize(
    ("edit", "code", "line", "says"),
    [
        (
            (WALK / "locations.yaml", "adjacent: [lane], scene: 10}",
             "adjacent: [lane], by_vehicle: [mill], scene: 10}"),
            "E216", 1, "'green' is crossed by_vehicle to 'mill', but the scenario has no vehicle",
        ),
        (
            (PARAGRAPHS, FIRST_EFFECT, "    - {move_group: street}"),
            "E216", 79, "move_group: the scenario has no Group token",
        ),
        (
            (PARAGRAPHS, FIRST_EFFECT, "    - {hide_group: true}"),
            "E216", 79, "hide_group: the scenario has no Group token",
        ),
        (
            (WALK / "paragraphs" / "walk.yaml", "effects: [{hide_group: true}]",
             "effects: [{place_investigation: true}]"),
            "E216", 29, "place_investigation: the scenario has no Investigation tokens",
        ),
        (
            (QUARTER / "scenario.yaml", "old-obed: {name: Old Obed, at: net-loft}",
             "old-obed: {name: '', at: net-loft}"),
            "E104", 25, "prisoner 'old-obed' has an empty name",
        ),
        (
            (QUARTER / "scenario.yaml", "old-obed: {name: Old Obed, at: net-loft}",
             "old-obed: {name: Old Obed, at: net-loft}\n    obed: {name: Old  obed, at: quay}"),
            "E104", 26, "prisoners 'obed' and 'old-obed' are both named Old  obed",
        ),
        (
            (QUARTER / "locations.yaml", "by_vehicle: [reef]", "by_vehicle: [reef, quay]"),
            "E215", 5, "'quay' is connected to itself",
        ),
        (
            (WALK / "locations.yaml", "adjacent: [lane], scene: 10}",
             "adjacent: [lane, green], scene: 10}"),
            "E215", 1, "'green' is connected to itself",
        ),
        (
            (PARAGRAPHS, GATE, 'if: vehicle_at("lanch") == "quay"'),
            "E204", 22, "there is no vehicle 'lanch'; did you mean 'launch'?",
        ),
        (
            (PARAGRAPHS, GATE, 'if: riding("lanch")'),
            "E204", 22, "there is no vehicle 'lanch'; did you mean 'launch'?",
        ),
        (
            (PARAGRAPHS, GATE, 'if: prisoner("old-obd") == "held"'),
            "E204", 22, "there is no prisoner 'old-obd'; did you mean 'old-obed'?",
        ),
        (
            (PARAGRAPHS, GATE, 'if: escorting("obed")'),
            "E204", 22, "there is no prisoner 'obed'",
        ),
        (
            (PARAGRAPHS, GATE, "if: group_hidden or group_at == here"),
            "E216", 22, "group_at: the scenario has no Group token",
        ),
        (
            (WALK / "paragraphs" / "walk.yaml", "if: group_hidden and group_at == here",
             "if: investigation_tokens > 0"),
            "E216", 14, "investigation_tokens: the scenario has no Investigation tokens",
        ),
        (
            (PARAGRAPHS, GATE, 'if: barriers("quay", "stret") > 0'),
            "E203", 22, "there is no location 'stret'; did you mean 'street'?",
        ),
    ],
)  # fmt: skip
def test_a_piece_the_scenario_lacks_is_one_located_problem(
    tmp_path: Path, edit: tuple[Path, str, str], code: str, line: int, says: str
) -> None:
    found = problems(tmp_path, edit)
    matching = [p for p in found if p[0] == code and says in p[3]]
    assert matching, found
    assert matching[0][1] == line and matching[0][2] >= 1, matching


def test_the_fixture_tale_has_none_of_them(tmp_path: Path) -> None:
    assert problems(tmp_path) == []


def test_every_problem_is_listed_at_once(tmp_path: Path) -> None:
    """Three mistakes in three files: three problems, none stopping the others."""
    found = problems(
        tmp_path,
        (PARAGRAPHS, FIRST_EFFECT, "    - {show_group: true}"),
        (QUARTER / "scenario.yaml", "name: Old Obed,", "name: '',"),
        (WALK / "locations.yaml", "adjacent: [church], scene: 12}", "by_vehicle: [church]}"),
    )
    assert sorted(code for code, *_ in found) == ["E104", "E216", "E216"], found


def test_a_scenario_with_its_pieces_may_read_them(tmp_path: Path) -> None:
    """The lantern walk has a Group token and reads group_hidden and
    group_may_hide; the flooded quarter has Investigation tokens."""
    found = problems(tmp_path, (PARAGRAPHS, GATE, "if: investigation_tokens > 0"))
    assert [p for p in found if p[0] == "E216"] == []
