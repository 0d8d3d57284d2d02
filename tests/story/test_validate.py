"""The schema validator: every error of a snippet at once, each at the line
and column where it was written, with the loader's code and words; and it
agrees with jsonschema on the schema that ``tales schema`` prints."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from ruamel.yaml import YAML

from tales.authoring.schema import schema
from tales.story.loader.context import checker
from tales.story.loader.shape import definitions
from tests.authoring.test_tools import kind_of, tale_files

Found = list[tuple[int, int, str, str]]


def check(definition: str, source: str) -> Found:
    """(line, col, code, message) of every error in ``source``."""
    data = YAML(typ="rt", pure=True).load(source)
    found: Found = []
    checker(definition)(data, None, None, "", None, lambda at, c, m: found.append((*at, c, m)))
    return found


def test_the_loader_checks_against_the_schema_tales_schema_prints() -> None:
    assert schema("paragraphs")["$defs"] == definitions()


def test_every_error_of_a_paragraph_at_once_each_at_its_place() -> None:
    source = (
        "1:\n"
        "  txt: Hello\n"
        "  options:\n"
        "    - cost: -1\n"
        "      goto: two\n"
        "    - label: Go\n"
        "      test: {attribute: STRENGHT, need: 0}\n"
        "      success: [1]\n"
        "x: lost\n"
    )
    assert check("paragraphs", source) == [
        (2, 3, "E103", "paragraph 1 has no field 'txt'; did you mean 'text'?"),
        (4, 7, "E101", "an option of paragraph 1 lacks 'label'"),
        (4, 7, "E104", "an option of paragraph 1: a cost is 0 or more Actions"),
        (
            5,
            7,
            "E102",
            "an option of paragraph 1: 'goto' should be a whole number, not 'two'",
        ),
        (7, 14, "E104", "'STRENGHT' is not an attribute; did you mean 'STRENGTH'?"),
        (7, 35, "E104", "a test needs at least 1 success, not 0"),
        (
            8,
            7,
            "E104",
            "an option of paragraph 1: 'success' is a paragraph number or {goto, effects}",
        ),
        (9, 1, "E104", "paragraphs are numbered from 1, not 'x'"),
    ]


def test_a_one_of_with_no_variant_met_says_what_it_takes() -> None:
    test = "{attribute: STRENGTH, need: 1, eased_by: {by: 1}}"
    source = f"1:\n  options:\n    - {{label: a, test: {test}}}\n"
    (problem,) = check("paragraphs", source)
    assert problem[2:] == ("E104", "eased_by is {item: slug, by: N} or {keyword: WORD, by: N}")


def test_effects_are_left_to_the_effect_registry() -> None:
    assert check("paragraphs", "1: {effects: [{stauts: BLEEDING}, 3]}\n") == []
    assert check("paragraphs", "1: {effects: {status: BLEEDING}}\n") == [
        (1, 5, "E102", "paragraph 1: 'effects' should be a list, not a mapping")
    ]


def test_a_file_that_is_not_a_mapping() -> None:
    assert check("tale", "- a\n- b\n") == [
        (1, 1, "E102", "the tale file should be a mapping, not a list"),
        (1, 1, "E101", "the tale lacks 'title'"),
        (1, 1, "E101", "the tale lacks 'scenarios'"),
    ]


def test_items_of_a_list_are_named_by_the_list() -> None:
    assert check("tale", "title: T\nscenarios: [cove, Grotto, {a: 1}]\n") == [
        (
            2,
            19,
            "E104",
            "the tale: an item of 'scenarios' should be a name in lower case such as "
            "'sea-cave', not 'Grotto'",
        ),
        (2, 27, "E102", "the tale: an item of 'scenarios' should be text, not a mapping"),
    ]


def test_true_is_not_a_number_nor_one_of_the_hands() -> None:
    source = "items:\n  rope: {name: Rope, kind: item, uses: true, hands: true}\n"
    assert [p[2] for p in check("cards", source)] == ["E102", "E104"]


def _string_keys(data: Any) -> Any:
    return json.loads(json.dumps(data))  # as jsonschema sees YAML: string keys


@pytest.mark.parametrize("path", tale_files(), ids=lambda p: p.name)
def test_the_validator_and_jsonschema_agree_on_every_bundled_file(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    data = YAML(typ="safe", pure=True).load(source)
    assert list(Draft202012Validator(schema(kind_of(path))).iter_errors(_string_keys(data))) == []
    assert check(kind_of(path), source) == []


@pytest.mark.parametrize(
    ("kind", "source"),
    [
        ("paragraphs", "1: {text: x, options: [{label: go, cost: -1, goto: 2}]}\n"),
        ("locations", "quay: {name: Quay, area: docks, scene: ten}\n"),
        ("scenario", "title: T\n"),
        ("encounters", "enemies: {crab: {name: C, wounds: 0, stratagem: {attribute: STRENGTH}}}\n"),
        ("interlude", "after: cove\nstart: 1\nparagraphs: {1: {choices: [{goto: 2}]}}\n"),
    ],
)
def test_what_the_validator_refuses_jsonschema_refuses(kind: str, source: str) -> None:
    data = YAML(typ="safe", pure=True).load(source)
    assert check(kind, source)
    assert list(Draft202012Validator(schema(kind)).iter_errors(_string_keys(data)))
