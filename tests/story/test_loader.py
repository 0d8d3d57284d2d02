"""The tale loader: one test per problem code, each pinned to the line and
column where the mistake was written, on small edits of the tiny tale in
``tests/data/tiny-tale``."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from tales.problems import Problem
from tales.story.loader import load_tale
from tales.story.model import Tale

TINY = Path(__file__).resolve().parents[1] / "data" / "tiny-tale"
TALE = "tale.yaml"
SCENARIO = "cove/scenario.yaml"
LOCATIONS = "cove/locations.yaml"
ENCOUNTERS = "cove/encounters.yaml"
CARDS = "cove/cards.yaml"
PARAGRAPHS = "cove/paragraphs/cove.yaml"

Edit = Callable[[Path], None]


def copy_tale(tmp_path: Path) -> Path:
    """A fresh copy of the tiny tale, named as the original (the tale's id)."""
    root = tmp_path / "tiny-tale"
    shutil.copytree(TINY, root)
    return root


def replace(rel: str, old: str, new: str) -> Edit:
    """Replace the one occurrence of ``old`` in the file ``rel``."""

    def apply(root: Path) -> None:
        path = root / rel
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{old!r} should occur once in {rel}"
        path.write_text(text.replace(old, new), encoding="utf-8")

    return apply


def append(rel: str, extra: str) -> Edit:
    """Add ``extra`` at the end of the file ``rel`` (creating it if need be)."""

    def apply(root: Path) -> None:
        path = root / rel
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        path.write_text(text + extra, encoding="utf-8")

    return apply


def write_bytes(rel: str, data: bytes) -> Edit:
    def apply(root: Path) -> None:
        (root / rel).write_bytes(data)

    return apply


def position(text: str, marker: str, offset: int = 0) -> tuple[int, int]:
    """1-based (line, col) of the one occurrence of ``marker`` in ``text``,
    moved ``offset`` characters to the right."""
    assert text.count(marker) == 1, f"{marker!r} should occur once"
    index = text.index(marker) + offset
    line = text.count("\n", 0, index) + 1
    col = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, col


@dataclass
class Loaded:
    """A tale loaded after edits, with what is needed to check the problems."""

    root: Path
    tale: Tale | None
    problems: list[Problem]

    def path(self, rel: str) -> str:
        return str(self.root / rel)

    def text(self, rel: str) -> str:
        return (self.root / rel).read_text(encoding="utf-8")

    def at(self, rel: str, marker: str, offset: int = 0) -> tuple[str, int, int]:
        """Where ``marker`` was written in the edited file ``rel``."""
        return (self.path(rel), *position(self.text(rel), marker, offset))

    def coded(self, code: str) -> list[Problem]:
        return [p for p in self.problems if p.code == code]

    def expect(
        self, code: str, rel: str, marker: str, words: Iterable[str] = (), *, offset: int = 0
    ) -> Problem:
        """The problem ``code`` reported exactly where ``marker`` was written,
        its message holding every one of ``words``."""
        where = self.at(rel, marker, offset)
        found = [p for p in self.coded(code) if (p.path, p.line, p.col) == where]
        listing = "\n".join(map(str, self.problems))
        assert found, f"no {code} at {where}; the problems were:\n{listing}"
        problem = found[0]
        for word in words:
            assert word in problem.message, f"{word!r} not in {problem}"
        assert problem.severity == "error"
        return problem


def load_edited(tmp_path: Path, *edits: Edit, fast: bool = False) -> Loaded:
    root = copy_tale(tmp_path)
    for edit in edits:
        edit(root)
    tale, problems = load_tale(root, fast=fast)
    return Loaded(root, tale, problems)


# The tiny tale itself ---------------------------------------------------------------


def test_the_tiny_tale_loads_without_a_problem(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path)
    assert loaded.problems == []
    assert loaded.tale is not None
    book = loaded.tale.scenarios["cove"]
    assert sorted(book.paragraphs) == list(range(1, 16))
    assert set(book.scenario.locations) == {"beach", "cave", "cliff"}
    assert book.endings == (12,)
    assert loaded.tale.id == "tiny-tale"


def test_fast_loading_builds_an_equal_model() -> None:
    checked, problems = load_tale(TINY)
    fast, fast_problems = load_tale(TINY, fast=True)
    assert problems == fast_problems == []
    assert checked is not None and fast is not None
    slow_book, fast_book = checked.scenarios["cove"], fast.scenarios["cove"]
    assert fast_book.paragraphs == slow_book.paragraphs
    assert fast_book.scenario == slow_book.scenario
    assert fast == checked


# E001-E003: reading the YAML --------------------------------------------------------


def test_e001_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, write_bytes(PARAGRAPHS, b"1:\n  text: caf\xe9 noir\n"))
    problem = loaded.coded("E001")
    assert [(p.path, p.line, p.col) for p in problem] == [(loaded.path(PARAGRAPHS), 1, 1)]
    assert "cannot read the file" in problem[0].message
    assert "utf-8" in problem[0].message
    assert loaded.tale is None


def test_e002_a_colon_inside_plain_text(tmp_path: Path) -> None:
    loaded = load_edited(
        tmp_path, replace(PARAGRAPHS, "text: Into the dark.", "text: Into: the dark.")
    )
    # The parser stops on the second colon of the line.
    loaded.expect(
        "E002",
        PARAGRAPHS,
        "Into: the dark",
        ["YAML syntax", "mapping values are not allowed"],
        offset=len("Into"),
    )
    assert loaded.tale is None


def test_e002_a_paragraph_written_twice_in_one_file(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, append(PARAGRAPHS, "3: The lamp again.\n"))
    loaded.expect("E002", PARAGRAPHS, "3: The lamp again.", ["duplicate key", '"3"'])


@pytest.mark.parametrize(
    ("old", "new", "marker", "tag"),
    [
        ("text: Into the dark.", "text: !secret Into the dark.", "text: !secret", "'!secret'"),
        (
            "effects: [{reveal: cave}",
            "effects: [!!python/object/apply:os.system [echo]",
            "!!python",
            "python/object/apply:os.system",
        ),
        # A tagged value of a mapping is reported at its key.
        ("{reveal: cave}", "{reveal: !!binary aGk=}", "reveal: !!binary", "!!binary"),
    ],
)
def test_e003_a_yaml_tag(tmp_path: Path, old: str, new: str, marker: str, tag: str) -> None:
    loaded = load_edited(tmp_path, replace(PARAGRAPHS, old, new))
    loaded.expect("E003", PARAGRAPHS, marker, [tag, "not allowed"])
    assert loaded.tale is None


def test_an_unreadable_file_is_reported_once(tmp_path: Path) -> None:
    loaded = load_edited(
        tmp_path, replace(PARAGRAPHS, "text: Into the dark.", "text: Into: the dark.")
    )
    in_file = [p for p in loaded.problems if p.path == loaded.path(PARAGRAPHS)]
    assert [p.code for p in in_file] == ["E002"], in_file


# E101-E104: the reader ----------------------------------------------------------------


def test_e101_an_option_without_a_label(tmp_path: Path) -> None:
    loaded = load_edited(
        tmp_path,
        replace(PARAGRAPHS, "    - label: Enter the cave\n      cost: 1\n", "    - cost: 1\n"),
    )
    # A missing key is reported where its mapping starts.
    loaded.expect(
        "E101", PARAGRAPHS, "- cost: 1", ["an option of paragraph 2", "'label'"], offset=2
    )
    assert loaded.tale is None


def test_e101_a_scenario_without_a_title(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, replace(SCENARIO, "title: The Cove\n", ""))
    loaded.expect("E101", SCENARIO, "introduction: 1", ["the scenario lacks 'title'"])


def test_e102_a_cost_that_is_not_a_number(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, replace(PARAGRAPHS, "cost: 1", "cost: one"))
    loaded.expect("E102", PARAGRAPHS, "cost: one", ["'cost' should be a whole number", "'one'"])
    assert loaded.tale is None


def test_e102_a_list_where_a_mapping_belongs(tmp_path: Path) -> None:
    loaded = load_edited(
        tmp_path,
        replace(ENCOUNTERS, "{attribute: AGILITY, successes: 2}", "[AGILITY, 2]"),
    )
    loaded.expect("E102", ENCOUNTERS, "stratagem: [", ["'stratagem' should be a mapping", "a list"])


def test_e103_an_unknown_field_with_its_did_you_mean(tmp_path: Path) -> None:
    loaded = load_edited(
        tmp_path, replace(PARAGRAPHS, "  effects: [{keyword: LAMP}]", "  efects: [{keyword: LAMP}]")
    )
    loaded.expect(
        "E103",
        PARAGRAPHS,
        "efects:",
        ["paragraph 3 has no field 'efects'", "did you mean 'effects'?"],
    )
    assert loaded.tale is None


def test_e103_in_an_option(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, replace(PARAGRAPHS, "goto: 9", "gotto: 9"))
    loaded.expect("E103", PARAGRAPHS, "gotto: 9", ["has no field 'gotto'", "did you mean 'goto'?"])


def test_e104_a_keyword_not_in_capitals(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, replace(SCENARIO, "keywords: [LAMP]", "keywords: [LAMP, lamp]"))
    loaded.expect("E104", SCENARIO, "lamp]", ["'lamp'", "capitals"])
    assert loaded.tale is None


def test_e104_a_negative_cost(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, replace(PARAGRAPHS, "cost: 1", "cost: -1"))
    loaded.expect("E104", PARAGRAPHS, "cost: -1", ["a cost is 0 or more Actions"])


def test_e104_a_misspelt_attribute_in_a_flow_mapping(tmp_path: Path) -> None:
    """Reported at the attribute itself, inside `test: {...}` on one line."""
    loaded = load_edited(
        tmp_path, replace(PARAGRAPHS, "attribute: STRENGTH", "attribute: STRENGHT")
    )
    problem = loaded.expect(
        "E104",
        PARAGRAPHS,
        "attribute: STRENGHT",
        ["'STRENGHT' is not an attribute", "did you mean 'STRENGTH'?"],
    )
    assert problem.line == position(loaded.text(PARAGRAPHS), "STRENGHT")[0]


def test_e104_a_misspelt_attribute_points_at_the_attribute(tmp_path: Path) -> None:
    loaded = load_edited(
        tmp_path,
        replace(
            PARAGRAPHS,
            "test: {attribute: STRENGTH, need: 2, eased_by: {item: rope, by: 1}}",
            "test:\n        attribute: STRENGHT\n        need: 2",
        ),
    )
    loaded.expect("E104", PARAGRAPHS, "attribute: STRENGHT", ["'STRENGHT' is not an attribute"])


# E201-E210: the story's structure and references -----------------------------------


def test_e201_a_paragraph_written_in_two_files(tmp_path: Path) -> None:
    extra = "cove/paragraphs/extra.yaml"
    loaded = load_edited(tmp_path, append(extra, "# more\n2: The beach again.\n"))
    first = loaded.at(PARAGRAPHS, "\n2:\n", offset=1)
    loaded.expect(
        "E201",
        extra,
        "2: The beach again.",
        ["paragraph 2 is written twice", f"first at {first[0]}:{first[1]}:{first[2]}"],
    )
    assert loaded.tale is None


def test_e202_a_goto_to_a_missing_paragraph(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, replace(PARAGRAPHS, "goto: 9", "goto: 99"))
    loaded.expect("E202", PARAGRAPHS, "goto: 99", ["there is no paragraph 99"])
    assert loaded.tale is None


@pytest.mark.parametrize(
    ("rel", "old", "new", "marker", "number"),
    [
        (SCENARIO, "introduction: 1", "introduction: 100", "introduction: 100", 100),
        (SCENARIO, "spaces: {4: 13}", "spaces: {4: 31}", "4: 31", 31),
        (SCENARIO, "read: 13}", "read: 130}", "{symbol: skull", 130),
        (SCENARIO, "death: 14", "death: 140", "death: 140", 140),
        (SCENARIO, "read: 15}", "read: 150}", "{from: 0", 150),
        (SCENARIO, "endings: [12]", "endings: [120]", "120]", 120),
        (LOCATIONS, "scene: 7", "scene: 70", "scene: 70", 70),
        (ENCOUNTERS, "defeated: 11", "defeated: 110", "defeated: 110", 110),
        (PARAGRAPHS, "success: 5", "success: 50", "success: 50", 50),
        (PARAGRAPHS, "{goto: 6,", "{goto: 60,", "goto: 60", 60),
        (PARAGRAPHS, "goto: 3", "goto: 30", "goto: 30", 30),
        (PARAGRAPHS, "[{time: 1}]", "[{read: 16}]", "{read: 16}", 16),
        (PARAGRAPHS, 'if: keyword("LAMP")', "if: visited(17)", "if: visited", 17),
    ],
)
def test_e202_every_kind_of_paragraph_reference(
    tmp_path: Path, rel: str, old: str, new: str, marker: str, number: int
) -> None:
    loaded = load_edited(tmp_path, replace(rel, old, new))
    loaded.expect("E202", rel, marker, [f"there is no paragraph {number}"])


def test_e203_an_unknown_location_with_its_did_you_mean(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, replace(PARAGRAPHS, "{reveal: cave}", "{reveal: caev}"))
    loaded.expect(
        "E203",
        PARAGRAPHS,
        "{reveal: caev}",
        ["there is no location 'caev'", "did you mean 'cave'?"],
    )
    assert loaded.tale is None


def test_e203_an_unknown_neighbour(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, replace(LOCATIONS, "[cave, cliff]", "[cave, clif]"))
    loaded.expect("E203", LOCATIONS, "clif]", ["there is no location 'clif'", "'cliff'"])


@pytest.mark.parametrize(
    ("old", "new", "kind", "wrong", "right"),
    [
        ("{item: rope}", "{item: ropes}", "item", "ropes", "rope"),
        ("{clue: note}", "{clue: notes}", "clue", "notes", "note"),
        (
            "{objective: find-the-pearl}",
            "{objective: find-a-pearl}",
            "objective",
            "find-a-pearl",
            "find-the-pearl",
        ),
        ("{encounter: the-crab}", "{encounter: the-crabs}", "encounter", "the-crabs", "the-crab"),
    ],
)
def test_e204_an_unknown_card(
    tmp_path: Path, old: str, new: str, kind: str, wrong: str, right: str
) -> None:
    loaded = load_edited(tmp_path, replace(PARAGRAPHS, old, new))
    loaded.expect(
        "E204", PARAGRAPHS, new, [f"there is no {kind} {wrong!r}", f"did you mean {right!r}?"]
    )
    assert loaded.tale is None


def test_e204_an_unknown_item_in_a_condition(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, replace(PARAGRAPHS, 'if: keyword("LAMP")', 'if: item("rop")'))
    loaded.expect("E204", PARAGRAPHS, 'if: item("rop")', ["there is no item 'rop'", "'rope'"])


def test_e204_an_encounter_with_an_unknown_enemy(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, replace(ENCOUNTERS, "enemy: crab", "enemy: crabs"))
    loaded.expect(
        "E204",
        ENCOUNTERS,
        "enemy: crabs",
        ["encounter 'the-crab'", "no enemy 'crabs'", "did you mean 'crab'?"],
    )
    assert loaded.tale is None


@pytest.mark.parametrize(
    ("old", "new", "marker"),
    [
        ("{keyword: LAMP}", "{keyword: LAMPS}", "{keyword: LAMPS}"),
        ('if: keyword("LAMP")', 'if: keyword("LAMPS")', "if: keyword"),
        ('{% if keyword("LAMP") %}', '{% if keyword("LAMPS") %}', "text: Wet sand"),
        (
            "eased_by: {item: rope, by: 1}",
            "eased_by: {keyword: LAMPS, by: 1}",
            "eased_by: {keyword",
        ),
    ],
)
def test_e205_a_keyword_not_on_the_sheet(tmp_path: Path, old: str, new: str, marker: str) -> None:
    loaded = load_edited(tmp_path, replace(PARAGRAPHS, old, new))
    loaded.expect(
        "E205",
        PARAGRAPHS,
        marker,
        ["keyword 'LAMPS' is not on the scenario's Keyword sheet", "did you mean 'LAMP'?"],
    )
    assert loaded.tale is None


@pytest.mark.parametrize(
    ("old", "new", "marker", "words"),
    [
        ('if: keyword("LAMP")', 'if: keyword("LAMP"', "if: keyword", ["Jinja syntax"]),
        ('if: keyword("LAMP")', "if: keyword('LAMP') and", "if: keyword", ["Jinja syntax"]),
        (
            'if: keyword("LAMP")',
            'if: kyeword("LAMP")',
            "if: kyeword",
            ["'kyeword' is not in the story vocabulary", "did you mean 'keyword'?"],
        ),
        (
            '{% if keyword("LAMP") %}, lit{% endif %}',
            '{% if keyword("LAMP") %}, lit',
            "text: Wet sand",
            ["Jinja syntax", "endif"],
        ),
        (
            '{% if keyword("LAMP") %}',
            '{% if keywords("LAMP") %}',
            "text: Wet sand",
            ["'keywords' is not in the story vocabulary", "did you mean 'keyword'?"],
        ),
    ],
)
def test_e206_a_bad_condition_or_text(
    tmp_path: Path, old: str, new: str, marker: str, words: list[str]
) -> None:
    loaded = load_edited(tmp_path, replace(PARAGRAPHS, old, new))
    loaded.expect("E206", PARAGRAPHS, marker, words)
    assert loaded.tale is None


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        (
            "{time: 1}",
            "{tiem: 1}",
            ["a choice of paragraph 1", "'tiem' is not an effect", "'time'?"],
        ),
        (
            "{status: BLEEDING}",
            "{status: BLEEDIN}",
            ["an option of paragraph 2", "'BLEEDIN' is not one", "did you mean 'BLEEDING'?"],
        ),
        ("{reveal: cave}", "{reveal: cave, who: all}", ["paragraph 4", "'reveal' takes no 'who'"]),
        ("{move: cave, who: here}", "{move: cave, who: everyone}", ["who is one of actor"]),
        ("{card: STRESS, who: all}", "{card: STRESS, who: all, count: 0}", ["count is a whole"]),
        ("{time: 1}", "{time: soon}", ["'time' takes a whole number", "'soon'"]),
        ("{time: 1}", "{time: 1, energy: 1}", ["exactly one of"]),
        ("{counter: {trust: 1}}", "{counter: {trust: many}}", ["'counter' takes"]),
    ],
)
def test_e207_a_bad_effect(tmp_path: Path, old: str, new: str, words: list[str]) -> None:
    loaded = load_edited(tmp_path, replace(PARAGRAPHS, old, new))
    loaded.expect("E207", PARAGRAPHS, new, words)
    assert loaded.tale is None


def test_e208_a_test_without_success(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, replace(PARAGRAPHS, "      success: 5\n", ""))
    loaded.expect(
        "E208",
        PARAGRAPHS,
        "label: Climb the cliff",
        ["an option of paragraph 2 has a test but no 'success' outcome"],
    )
    assert loaded.tale is None


def test_e208_an_option_leading_nowhere(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, replace(PARAGRAPHS, "      goto: 9\n", ""))
    loaded.expect(
        "E208", PARAGRAPHS, "label: Search the pool", ["leads nowhere", "'goto' or a 'test'"]
    )
    assert loaded.tale is None


def test_e208_outcomes_without_a_test(tmp_path: Path) -> None:
    loaded = load_edited(
        tmp_path,
        replace(
            PARAGRAPHS,
            "      test: {attribute: STRENGTH, need: 2, eased_by: {item: rope, by: 1}}\n",
            "",
        ),
    )
    loaded.expect("E208", PARAGRAPHS, "label: Climb the cliff", ["has outcomes but no 'test'"])


def test_e209_an_unknown_log_section(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, replace(PARAGRAPHS, "section: fates", "section: fate"))
    loaded.expect(
        "E209",
        PARAGRAPHS,
        "{log: {section: fate,",
        ["the campaign log has no section 'fate'", "did you mean 'fates'?"],
    )
    assert loaded.tale is None


def test_e209_an_unknown_counter(tmp_path: Path) -> None:
    loaded = load_edited(
        tmp_path, replace(PARAGRAPHS, "{counter: {trust: 1}}", "{counter: {trusts: 1}}")
    )
    loaded.expect(
        "E209",
        PARAGRAPHS,
        "{counter: {trusts: 1}}",
        ["the tale has no counter 'trusts'", "did you mean 'trust'?"],
    )
    assert loaded.tale is None


def test_e210_a_scenario_without_a_folder(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, replace(TALE, "scenarios: [cove]", "scenarios: [cove, grotto]"))
    loaded.expect("E210", TALE, "grotto]", ["scenario 'grotto' has no folder with a scenario.yaml"])
    assert loaded.tale is None


def test_e210_a_standalone_preset_for_no_scenario(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, append(TALE, "  cvoe: {log: {}, counters: {}}\n"))
    loaded.expect("E210", TALE, "cvoe:", ["'cvoe'", "not a scenario", "did you mean 'cove'?"])


def test_e210_a_scenario_without_paragraphs(tmp_path: Path) -> None:
    def remove_paragraphs(root: Path) -> None:
        shutil.rmtree(root / "cove" / "paragraphs")

    loaded = load_edited(tmp_path, remove_paragraphs)
    problems = loaded.coded("E210")
    assert [(p.path, p.line, p.col) for p in problems] == [(loaded.path("cove/paragraphs"), 1, 1)]
    assert "no paragraphs/*.yaml" in problems[0].message
    assert loaded.tale is None


# All at once -------------------------------------------------------------------------


def test_every_problem_is_listed_at_once(tmp_path: Path) -> None:
    loaded = load_edited(
        tmp_path,
        replace(PARAGRAPHS, "goto: 9", "goto: 99"),
        replace(LOCATIONS, "area: heights", "area: [heights]"),
        replace(TALE, "counters: [trust]", "counters: [trust]\nauthor: me"),
    )
    loaded.expect("E202", PARAGRAPHS, "goto: 99", ["no paragraph 99"])
    loaded.expect("E102", LOCATIONS, "area: [heights]", ["'area' should be text"])
    loaded.expect("E103", TALE, "author: me", ["the tale has no field 'author'"])
    assert loaded.problems == sorted(loaded.problems)
    assert loaded.tale is None


@pytest.mark.parametrize(
    "edit",
    [
        replace(PARAGRAPHS, "goto: 9", "goto: 99"),
        replace(SCENARIO, "start: beach", "start: beech"),
        replace(CARDS, "uses: 2", "uses: two"),
        write_bytes(TALE, b"title: [\n"),
    ],
)
def test_the_tale_is_none_when_any_problem_is_an_error(tmp_path: Path, edit: Edit) -> None:
    loaded = load_edited(tmp_path, edit)
    assert any(p.severity == "error" for p in loaded.problems)
    assert loaded.tale is None


# Never a crash -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rel", "old", "new"),
    [
        pytest.param(
            SCENARIO,
            "read: 13}",
            "read: 13, spaces: 4}",
            id="threshold-spaces-not-a-list",
        ),
        pytest.param(
            TALE,
            "sections: [fates]",
            "sections: 5",
            id="log-sections-not-a-list",
        ),
        pytest.param(
            TALE,
            "cove: {log: {}, counters: {}}",
            "cove: 5",
            id="standalone-preset-not-a-mapping",
        ),
        pytest.param(
            ENCOUNTERS,
            "attacks: {INJURY: 1}",
            "attacks: {INJURY: many}",
            id="enemy-attack-count-not-a-number",
        ),
        pytest.param(
            PARAGRAPHS,
            "The tide is out.",
            "The tide\x07 is out.",
            id="control-character",
        ),
        pytest.param(
            PARAGRAPHS,
            "15: Little was found.",
            "15: " + "[" * 400 + "]" * 400,
            id="deeply-nested-yaml",
        ),
        pytest.param(
            PARAGRAPHS,
            "15: Little was found.",
            '15: "{{ ' + "(" * 100 + "1" + ")" * 100 + ' }}"',
            id="deeply-nested-jinja",
        ),
        (SCENARIO, "spaces: {4: 13}", "spaces: {seven: 13}"),
        (SCENARIO, "hard: 2}", "hard: late}"),
        (PARAGRAPHS, "15: Little was found.", "? [1, 2]\n: x"),
        (PARAGRAPHS, "15: Little was found.", "1.5: x"),
        (PARAGRAPHS, "[{time: 1}]", "[{time: 1, count: [1]}]"),
        (PARAGRAPHS, "{item: rope, by: 1}", "{item: [1], by: 1}"),
        (PARAGRAPHS, 'if: keyword("LAMP")', "if: visited(-1) or keyword(1) or log(1)"),
        (LOCATIONS, "[cave, cliff]", "[{a: 1}]"),
        (TALE, "[cove]", '[cove, "a\\0b", {a: 1}]'),
    ],
)
def test_odd_input_gives_problems_not_exceptions(
    tmp_path: Path, rel: str, old: str, new: str
) -> None:
    loaded = load_edited(tmp_path, replace(rel, old, new))
    assert loaded.problems
    assert loaded.tale is None


@pytest.mark.parametrize("digit", ["\u00b2", "\u0663", "\u2460"])
def test_a_visited_argument_in_other_digits_does_not_crash(tmp_path: Path, digit: str) -> None:
    # '²' and '①' are digits to str.isdigit but not to int(); '٣' is a decimal 3.
    loaded = load_edited(
        tmp_path,
        replace(PARAGRAPHS, "text: The lamp burns.", f"text: \"{{{{ visited('{digit}') }}}}\""),
    )
    assert loaded.tale is not None or loaded.problems


_FUZZ = settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


def test_random_bytes_in_a_paragraphs_file_never_raise(tmp_path: Path) -> None:
    root = copy_tale(tmp_path)

    # Hypothesis runs inside the test so that the expected failure above is
    # not also saved as a patch under .hypothesis/.
    @settings(_FUZZ, max_examples=30, phases=[Phase.explicit, Phase.generate])
    @given(data=st.binary(max_size=200))
    def load_random_bytes(data: bytes) -> None:
        (root / PARAGRAPHS).write_bytes(data)
        tale, problems = load_tale(root)
        assert tale is None and problems

    load_random_bytes()


# YAML-ish text: the words of the storybook language, shuffled. Printable
# characters only: control characters crash today (see the test above).
_WORDS = st.sampled_from(
    [
        *("text", "effects", "first_time", "options", "choices", "goto", "at", "once", "end"),
        *("label", "if", "cost", "test", "success", "failure", "attribute", "need", "eased_by"),
        *("keyword", "item", "reveal", "move", "read", "log", "counter", "who", "count", "by"),
        *("LAMP", "STRENGTH", "BLEEDING", "STRESS", "beach", "cave", "rope", "true", "null"),
        *("1", "2", "0", "-3", "99", "1.5", "'x'", '"y"', "~", "&a", "*a", "<<", "!x"),
        *("{", "}", "[", "]", ",", ":", ": ", "- ", "\n", "\n  ", "\n    ", "#", "|", ">"),
        *('keyword("LAMP")', "visited(3)", "{{", "}}", "{%", "%}", " if ", " not ", "(", ")"),
    ]
)
_YAMLISH = st.lists(
    _WORDS | st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=5)
)


@_FUZZ
@given(pieces=st.lists(_YAMLISH, max_size=8))
def test_yamlish_text_in_a_paragraphs_file_gives_problems_not_exceptions(
    tmp_path: Path, pieces: list[list[str]]
) -> None:
    root = tmp_path / "tiny-tale"
    if not root.exists():
        shutil.copytree(TINY, root)
    source = (TINY / PARAGRAPHS).read_text(encoding="utf-8")
    extra = "".join(f"\n{16 + i}:\n  " + "".join(words) for i, words in enumerate(pieces))
    (root / PARAGRAPHS).write_text(source + extra + "\n", encoding="utf-8")
    tale, problems = load_tale(root)  # must not raise
    if tale is None:
        assert any(p.severity == "error" for p in problems)


# Well-formed YAML of the wrong shapes: paragraphs built from the language's
# own keys with values of any kind, to reach past the parser into the loader.
_KEYS = st.sampled_from(
    [
        *("text", "effects", "first_time", "options", "choices", "goto", "at", "once", "end"),
        *("label", "if", "cost", "test", "success", "failure", "attribute", "need", "eased_by"),
        *("keyword", "item", "clue", "reveal", "move", "status", "damage", "read", "log"),
        *("counter", "section", "entry", "who", "count", "by", "team", "VITALITY", "trust"),
    ]
)
_SCALARS = (
    st.integers(-2, 20)
    | st.booleans()
    | st.none()
    | st.sampled_from(["LAMP", "STRENGTH", "BLEEDING", "beach", "rope", "fates", "all", "here"])
    | st.sampled_from(['keyword("LAMP")', "visited(3)", "{{ round }}", "{% if", "tokens.skull"])
    | st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=6)
)
_NODES = st.recursive(
    _SCALARS,
    lambda children: st.lists(children, max_size=3) | st.dictionaries(_KEYS, children, max_size=3),
    max_leaves=12,
)


@_FUZZ
@given(bodies=st.lists(st.dictionaries(_KEYS, _NODES, max_size=4), min_size=1, max_size=4))
def test_paragraphs_of_any_shape_give_problems_not_exceptions(
    tmp_path: Path, bodies: list[dict[str, object]]
) -> None:
    root = tmp_path / "tiny-tale"
    if not root.exists():
        shutil.copytree(TINY, root)
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = True
    yaml.width = 10_000
    extra = "extra.yaml"
    with (root / "cove" / "paragraphs" / extra).open("w", encoding="utf-8") as out:
        yaml.dump({16 + i: body for i, body in enumerate(bodies)}, out)
    tale, problems = load_tale(root)  # must not raise
    if tale is None:
        assert any(p.severity == "error" for p in problems)
