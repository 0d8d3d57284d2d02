"""tales schema, graph and fmt."""

from __future__ import annotations

import json
import re
import shutil
from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator
from ruamel.yaml import YAML

from tales.authoring.fmt import format_paths
from tales.authoring.graph import edges, to_dot, to_mermaid
from tales.authoring.schema import FILES, schema
from tales.cli import cli
from tales.story.loader import load_tale

ROOT = Path(__file__).resolve().parents[2]
TALES = [ROOT / "storybooks" / "the-drowned-bell", ROOT / "tests" / "data" / "tiny-tale"]


def kind_of(path: Path) -> str:
    folders = {"paragraphs": "paragraphs", "interludes": "interlude"}
    return folders.get(path.parent.name, path.stem)


def tale_files() -> list[Path]:
    return [p for tale in TALES for p in sorted(tale.rglob("*.yaml"))]


def validator(kind: str) -> Draft202012Validator:
    return Draft202012Validator(schema(kind))


def test_the_schema_is_a_valid_json_schema():
    Draft202012Validator.check_schema(schema())
    for kind in FILES:
        Draft202012Validator.check_schema(schema(kind))


@pytest.mark.parametrize("path", tale_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_bundled_file_validates_against_its_schema(path: Path):
    data = YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8"))
    data = json.loads(json.dumps(data))  # as an editor's language server sees it: string keys
    errors = sorted(validator(kind_of(path)).iter_errors(data), key=str)
    assert not errors, "\n".join(e.message for e in errors[:5])


@pytest.mark.parametrize(
    ("kind", "data"),
    [
        ("paragraphs", {1: {"text": "x", "effects": [{"stauts": "BLEEDING"}]}}),
        ("paragraphs", {1: {"text": "x", "options": [{"label": "go", "cost": -1, "goto": 2}]}}),
        ("locations", {"quay": {"name": "Quay", "area": "docks", "scene": "ten"}}),
        ("scenario", {"title": "T"}),
    ],
)
def test_the_schema_refuses_what_the_loader_refuses(kind: str, data: object):
    assert list(validator(kind).iter_errors(json.loads(json.dumps(data))))


def test_schema_command_prints_json():
    result = CliRunner().invoke(cli, ["schema", "--file", "paragraphs"])
    assert result.exit_code == 0
    assert json.loads(result.output)["title"] == "tales paragraphs file"


@pytest.fixture(scope="module")
def bell_book():
    tale, problems = load_tale(TALES[0])
    assert tale is not None, problems
    return tale.scenarios["bell-house"]


def test_graph_has_every_paragraph_and_marks_tests_and_endings(bell_book):
    dot = to_dot(bell_book)
    for number in bell_book.paragraphs:
        assert f"  p{number} [" in dot
    assert 'p22 [label="22", shape=doubleoctagon]' in dot, "an ending stands out"
    assert 'p1 [label="1\\nintroduction", shape=house]' in dot
    kinds = {edge.kind for edge in edges(bell_book)}
    assert {"goto", "option", "success", "failure", "read"} <= kinds
    for edge in edges(bell_book):
        assert f"p{edge.source} -> p{edge.target}" in dot
    assert "p21 -> p22;" in dot, "a plain goto is a plain arrow"


def test_choices_that_lead_somewhere_are_edges():
    tale, _ = load_tale(TALES[1])
    assert tale is not None
    book = next(iter(tale.scenarios.values()))
    choices = [
        (n, c.outcome.goto)
        for n, p in book.paragraphs.items()
        for c in p.choices
        if c.outcome.goto is not None
    ]
    assert choices, "the tiny tale has a choice with a goto"
    found = {(e.source, e.target) for e in edges(book) if e.kind == "choice"}
    assert set(choices) <= found


def test_mermaid_is_a_flowchart_with_the_same_edges(bell_book):
    mermaid = to_mermaid(bell_book)
    assert mermaid.startswith("flowchart LR\n")
    assert mermaid.count(" p") >= len(list(edges(bell_book)))


def test_graph_command_and_an_unknown_scenario():
    runner = CliRunner()
    result = runner.invoke(cli, ["graph", str(TALES[0]), "--format", "mermaid"])
    assert result.exit_code == 0 and result.output.startswith("flowchart")
    result = runner.invoke(cli, ["graph", str(TALES[0]), "--scenario", "bell-hous"])
    assert result.exit_code == 1
    assert "has no scenario 'bell-hous'" in result.output and "Traceback" not in result.output


def test_the_bundled_storybooks_are_in_canonical_form():
    changed, problems = format_paths([ROOT / "storybooks", TALES[1]], check=True)
    assert problems == [] and changed == []


def test_fmt_keeps_comments_and_data_and_is_idempotent(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text(
        "# the cellar\n10:\n    text: Brine.   # tide-lines\n    options:\n"
        "    -   label: Go\n        goto: 11\n    effects: [{status: BLEEDING}]\n"
    )
    before = YAML(typ="safe", pure=True).load(path.read_text())
    changed, problems = format_paths([path], check=False)
    assert changed == [path] and problems == []
    text = path.read_text()
    assert "# the cellar" in text and "# tide-lines" in text
    assert "[{status: BLEEDING}]" in text
    assert YAML(typ="safe", pure=True).load(text) == before
    assert format_paths([path], check=False) == ([], []), "formatting twice changes nothing more"


def test_fmt_check_changes_nothing_and_exits_1(tmp_path):
    shutil.copytree(TALES[1], tmp_path / "tale")
    scene = tmp_path / "tale" / "cove" / "locations.yaml"
    scene.write_text(scene.read_text().replace("\n  ", "\n      "))
    text = scene.read_text()
    result = CliRunner().invoke(cli, ["fmt", "--check", str(tmp_path / "tale")])
    assert result.exit_code == 1 and "would be reformatted" in result.output
    assert scene.read_text() == text


def test_fmt_reports_a_broken_file_without_touching_it(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("a: [1,\n")
    result = CliRunner().invoke(cli, ["fmt", str(path)])
    assert result.exit_code == 1 and "error[E002]" in result.output
    assert path.read_text() == "a: [1,\n"


def test_an_enemy_in_no_encounter_is_unused(tmp_path):
    from tales.authoring.check import check_tale

    shutil.copytree(TALES[1], tmp_path / "tale")
    path = tmp_path / "tale" / "cove" / "encounters.yaml"
    text = path.read_text()
    path.write_text(
        text.replace(
            "enemies:\n",
            "enemies:\n  gull:\n    name: A Gull\n    wounds: 1\n"
            "    stratagem: {attribute: AGILITY, successes: 1}\n",
            1,
        )
    )
    tale, problems = load_tale(tmp_path / "tale")
    assert tale is not None, problems
    unused = [
        p for p in check_tale(tale, set(), set()) if p.code == "W302" and "'gull'" in p.message
    ]
    assert len(unused) == 1 and unused[0].path.endswith("encounters.yaml") and unused[0].line == 2


def test_graph_draws_encounters_the_time_track_and_epilogues(bell_book):
    found = {(e.source, e.target, e.kind) for e in edges(bell_book)}
    choir = bell_book.scenario.encounters
    card = next(iter(choir.values()))
    starts = [
        n
        for n, p in bell_book.paragraphs.items()
        if any(fx.kind == "encounter" and fx.value == card.slug for fx in p.effects)
    ]
    assert starts and all((s, card.defeated, "encounter") in found for s in starts)
    assert all((s, card.round_end, "encounter") in found for s in starts)
    timed = [n for n in bell_book.scenario.board.spaces if n is not None]
    assert {(a, b, "time") for a, b in pairwise(timed)} <= found
    for ending in bell_book.endings:
        assert {(ending, r.read, "epilogue") for r in bell_book.rates} <= found


def test_graph_draws_gates_on_edges_and_areas_as_clusters():
    tale, _ = load_tale(TALES[1])
    assert tale is not None
    book = next(iter(tale.scenarios.values()))
    gated = [e for e in edges(book) if e.gate]
    assert gated, "the tale has options behind a condition"
    dot = to_dot(book)
    assert f"[if {gated[0].gate}" in dot.replace('\\"', '"')
    assert "subgraph cluster_0 {" in dot and "style=rounded" in dot


def test_labels_are_cut_between_words():
    from tales.authoring.graph import _short

    text = "Wade down into the basement for the fire-claim files"
    cut = _short(text, 30)
    assert cut.endswith("…") and len(cut) <= 30
    assert text.startswith(cut[:-1]) and text[len(cut) - 1] == " "


def test_graph_html_is_one_self_contained_page_with_every_paragraph():
    result = CliRunner().invoke(cli, ["graph", str(TALES[0]), "--format", "html"])
    assert result.exit_code == 0, result.output
    page = result.output
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page and "wheel" in page
    tale, _ = load_tale(TALES[0])
    assert tale is not None
    for number in tale.scenarios["bell-house"].paragraphs:
        assert f'id="p{number}"' in page or f">p{number}<" in page
    # nothing fetched: no external script, style sheet or image
    assert not re.search(r'(src|href)="(https?:)?//', page)


def test_graph_draws_thresholds_and_interludes_and_names_them_in_the_legend():
    """The Event board's thresholds send to paragraphs, and an interlude
    follows the scenario's endings: both are edges of their own kind, drawn
    and named in the legend in DOT, Mermaid and the HTML page (issue 15)."""
    from tales.authoring.graph import BOARD, interlude_node
    from tales.authoring.graph_html import COLOURS, to_html

    tale, problems = load_tale(TALES[0])
    assert tale is not None, problems
    book = tale.scenarios["bell-house"]
    interludes = list(tale.interludes.values())
    after = [i for i in interludes if i.after == "bell-house"]
    assert after, "the bell's interlude follows its one scenario"
    found = {(e.source, e.target, e.kind) for e in edges(book, interludes)}
    for threshold in book.scenario.board.thresholds:
        assert (BOARD, threshold.paragraph, "threshold") in found
    node = interlude_node(after[0])
    assert {(ending, node, "interlude") for ending in book.endings} <= found
    dot = to_dot(book, interludes)
    assert f"pboard -> p{book.scenario.board.thresholds[0].paragraph} [" in dot
    assert f"p{book.endings[0]} -> p{node} [" in dot
    assert 'label="threshold", color=darkcyan' in dot and 'label="interlude"' in dot
    mermaid = to_mermaid(book, interludes)
    assert f"p{book.endings[0]} -.->" in mermaid and "|threshold|" in mermaid
    page = to_html(book, interludes)
    assert {"threshold", "interlude"} <= set(COLOURS)
    assert "&#9632; threshold" in page and "&#9632; interlude" in page
    result = CliRunner().invoke(cli, ["graph", str(TALES[0])])
    assert result.exit_code == 0 and f"-> p{node}" in result.output
