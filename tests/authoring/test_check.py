"""The story-graph checks (W301, W302, E211, E212) and the ``tales check``
command, on small edits of the tiny tale in ``tests/data/tiny-tale``."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from ruamel.yaml import YAML

from tales.authoring.check import check_tale
from tales.cli import cli
from tales.problems import Problem
from tales.rules.events import ElementFound
from tales.story.core import load_core
from tales.story.game import GameSetup, start_game
from tales.ui.render import render_events
from tests.story.test_loader import (
    ENCOUNTERS,
    LOCATIONS,
    PARAGRAPHS,
    SCENARIO,
    TINY,
    Edit,
    Loaded,
    append,
    load_edited,
    replace,
)

CARDS = "cove/cards.yaml"
EXTRA = "cove/paragraphs/extra.yaml"

# A dive off the cliff (paragraph 8) to a paragraph 16 of its own, behind a condition.
NEVER_ON_THE_SHEET = replace(SCENARIO, "keywords: [LAMP]", "keywords: [LAMP, NEVER]")
THE_DEEP = append(EXTRA, "# The deep.\n16: You sink.\n")


def dive_if(condition: str) -> Edit:
    return replace(
        PARAGRAPHS,
        "    - label: Leap into the sea\n      goto: 12\n",
        "    - label: Leap into the sea\n      goto: 12\n"
        f"    - label: Dive\n      if: {condition}\n      goto: 16\n",
    )


def checked(tmp_path: Path, *edits: Edit) -> tuple[Loaded, list[Problem]]:
    loaded = load_edited(tmp_path, *edits)
    assert loaded.tale is not None, "\n".join(map(str, loaded.problems))
    assert loaded.problems == []
    return loaded, check_tale(loaded.tale, set(), set())


def only(problems: list[Problem], code: str) -> list[tuple[str, int, int, str]]:
    return [(p.path, p.line, p.col, p.severity) for p in problems if p.code == code]


def test_the_tiny_tale_checks_clean(tmp_path: Path) -> None:
    _, problems = checked(tmp_path)
    assert problems == []


# W301 ------------------------------------------------------------------------------------


def test_w301_an_unreachable_paragraph_is_reported_at_its_own_place(tmp_path: Path) -> None:
    loaded, problems = checked(tmp_path, THE_DEEP)
    assert only(problems, "W301") == [(*loaded.at(EXTRA, "16: You sink."), "warning")]
    assert [p.code for p in problems] == ["W301"]
    assert "paragraph 16 can never be read" in problems[0].message


def test_w301_knows_a_keyword_never_granted_keeps_an_option_shut(tmp_path: Path) -> None:
    loaded, problems = checked(tmp_path, NEVER_ON_THE_SHEET, THE_DEEP, dive_if('keyword("NEVER")'))
    assert only(problems, "W301") == [(*loaded.at(EXTRA, "16: You sink."), "warning")]
    # NEVER is asked for, so it is not unused.
    assert only(problems, "W302") == []


@pytest.mark.parametrize(
    "condition",
    [
        'not keyword("NEVER")',
        'keyword("LAMP")',
        'keyword("NEVER") or item("rope")',
        "tokens.skull > 2",
        'counter("trust") >= 3',
    ],
)
def test_w301_an_option_that_may_open_reaches_its_paragraph(tmp_path: Path, condition: str) -> None:
    _, problems = checked(tmp_path, NEVER_ON_THE_SHEET, THE_DEEP, dive_if(condition))
    assert only(problems, "W301") == []


@pytest.mark.parametrize(
    "condition",
    [
        'keyword("NEVER") and item("rope")',
        "visited(16)",
        'not keyword("LAMP") and keyword("NEVER")',
    ],
)
def test_w301_an_option_that_never_opens_leaves_its_paragraph_unread(
    tmp_path: Path, condition: str
) -> None:
    loaded, problems = checked(tmp_path, NEVER_ON_THE_SHEET, THE_DEEP, dive_if(condition))
    assert only(problems, "W301") == [(*loaded.at(EXTRA, "16: You sink."), "warning")]


def test_w301_follows_what_a_paragraph_grants(tmp_path: Path) -> None:
    # Without the lamp lit in paragraph 3 the cliff's test is never open, so
    # paragraphs 5 and 6, the cliff and its scene can never be reached.
    loaded, problems = checked(tmp_path, replace(PARAGRAPHS, "  effects: [{keyword: LAMP}]\n", ""))
    unread = [(p.path, p.line, p.col) for p in problems if p.code == "W301"]
    assert unread == [loaded.at(PARAGRAPHS, marker, 1) for marker in ("\n5:\n", "\n6: ", "\n8:\n")]
    assert "location 'cliff' is never revealed" in {p.message for p in problems}


def test_w301_a_condition_on_an_odd_digit_does_not_crash_the_checker(tmp_path: Path) -> None:
    _, problems = checked(tmp_path, THE_DEEP, dive_if("visited('\u00b2')"))
    assert only(problems, "W301") != []


# W302 ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("edit", "rel", "marker", "words"),
    [
        (
            replace(CARDS, "clues:", "  net: {name: Net, kind: item, uses: 1}\nclues:"),
            CARDS,
            "net:",
            "item 'net' is never found in the story",
        ),
        (
            replace(PARAGRAPHS, "{item: rope}, {clue: note}", "{item: rope}"),
            CARDS,
            "note:",
            "clue 'note' is never found in the story",
        ),
        (
            replace(PARAGRAPHS, "{objective: find-the-pearl}", "{information: pearl}"),
            CARDS,
            "find-the-pearl:",
            "objective 'find-the-pearl' is never found in the story",
        ),
        (
            append(LOCATIONS, "grotto:\n  name: The Grotto\n  area: shore\n"),
            LOCATIONS,
            "grotto:",
            "location 'grotto' is never revealed",
        ),
        (
            append(ENCOUNTERS, "  the-eel:\n    name: The Eel\n    enemy: crab\n"),
            ENCOUNTERS,
            "the-eel:",
            "encounter 'the-eel' never begins",
        ),
    ],
)
def test_w302_something_unused(
    tmp_path: Path, edit: Edit, rel: str, marker: str, words: str
) -> None:
    loaded, problems = checked(tmp_path, edit)
    assert only(problems, "W302") == [(*loaded.at(rel, marker), "warning")]
    assert [p.message for p in problems if p.code == "W302"] == [words]


def test_w302_an_unused_keyword(tmp_path: Path) -> None:
    _, problems = checked(
        tmp_path, replace(SCENARIO, "keywords: [LAMP]", "keywords: [LAMP, SPARE]")
    )
    assert [(p.code, p.message) for p in problems] == [
        ("W302", "keyword 'SPARE' is on the Keyword sheet but nothing marks or asks for it")
    ]


def test_w302_an_unused_keyword_is_reported_where_the_sheet_is(tmp_path: Path) -> None:
    loaded, problems = checked(
        tmp_path, replace(SCENARIO, "keywords: [LAMP]", "keywords: [LAMP, SPARE]")
    )
    assert only(problems, "W302")[0][:2] == loaded.at(SCENARIO, "SPARE]")[:2]


def test_w302_a_keyword_only_asked_for_is_used(tmp_path: Path) -> None:
    _, problems = checked(
        tmp_path,
        replace(SCENARIO, "keywords: [LAMP]", "keywords: [LAMP, SPARE]"),
        replace(
            PARAGRAPHS, "text: Gulls wheel.", 'text: Gulls{% if keyword("SPARE") %}!{% endif %}'
        ),
    )
    assert problems == []


# W305 ------------------------------------------------------------------------------------

# The gulls' cliff (8) offers a way straight to the crab's defeat narrative (11).
FISH_FOR_THE_CRAB = replace(
    PARAGRAPHS,
    "    - label: Leap into the sea\n      goto: 12\n",
    "    - label: Leap into the sea\n      goto: 12\n"
    "    - label: Throw the crab a fish\n      goto: 11\n",
)


def test_w305_a_way_to_a_defeat_narrative_that_leaves_the_card(tmp_path: Path) -> None:
    """Gannet Light's countersign led to the watch's defeat narrative while
    the watch could be in play: the words told it beaten, its card stayed."""
    loaded, problems = checked(tmp_path, FISH_FOR_THE_CRAB)
    (problem,) = [p for p in problems if p.code == "W305"]
    assert (problem.path, problem.line, problem.col) == loaded.at(
        PARAGRAPHS, "- label: Throw the crab a fish", 2
    )
    assert "'the-crab' is overcome" in problem.message
    assert "give 11 the effect {end_encounter: true}" in problem.message


def test_w305_not_when_the_narrative_ends_the_encounter(tmp_path: Path) -> None:
    """Read after a defeat, its ``end_encounter`` does nothing; read mid-fight, it ends it."""
    ends = replace(
        PARAGRAPHS,
        "  text: The crab flees.\n  effects:\n",
        "  text: The crab flees.\n  effects:\n    - {end_encounter: true}\n",
    )
    _, problems = checked(tmp_path, FISH_FOR_THE_CRAB, ends)
    assert only(problems, "W305") == []


def test_w305_not_when_the_choice_itself_ends_the_encounter(tmp_path: Path) -> None:
    """The Settling's Gedneys: a choice of the fight ends it, then reads on."""
    _, problems = checked(
        tmp_path,
        append(
            EXTRA,
            "16:\n  text: The crab waves.\n  choices:\n    - label: Wave back\n"
            "      effects: [{end_encounter: true}]\n      goto: 11\n",
        ),
    )
    assert only(problems, "W305") == []


# E211 and E212 ----------------------------------------------------------------------------


def test_e211_a_goto_loop(tmp_path: Path) -> None:
    loaded, problems = checked(
        tmp_path,
        replace(
            PARAGRAPHS,
            "  text: The tide turns.\n  goto: 12\n",
            "  text: The tide turns.\n  goto: 16\n",
        ),
        append(EXTRA, "16:\n  text: Round again.\n  goto: 13\n"),
    )
    assert only(problems, "E211") == [(*loaded.at(PARAGRAPHS, "\n13:\n", 1), "error")]
    (loop,) = [p for p in problems if p.code == "E211"]
    assert loop.message.endswith("13 -> 16 -> 13")


def test_e211_a_paragraph_that_goes_to_itself(tmp_path: Path) -> None:
    loaded, problems = checked(
        tmp_path,
        replace(
            PARAGRAPHS,
            "  text: The tide turns.\n  goto: 12\n",
            "  text: The tide turns.\n  goto: 13\n",
        ),
    )
    assert only(problems, "E211") == [(*loaded.at(PARAGRAPHS, "\n13:\n", 1), "error")]


def test_e211_a_loop_broken_by_a_choice_is_fine(tmp_path: Path) -> None:
    _, problems = checked(
        tmp_path,
        replace(
            PARAGRAPHS,
            "  text: The tide turns.\n  goto: 12\n",
            "  text: The tide turns.\n  goto: 16\n",
        ),
        append(
            EXTRA,
            "16:\n  text: Round again.\n  choices:\n"
            "    - {label: Again, goto: 13}\n    - {label: Stop, goto: 12}\n",
        ),
    )
    assert only(problems, "E211") == []


def test_e211_a_loop_of_read_effects(tmp_path: Path) -> None:
    _, problems = checked(
        tmp_path,
        replace(
            PARAGRAPHS,
            "  text: The tide turns.\n  goto: 12\n",
            "  text: The tide turns.\n  effects: [{read: 16}]\n",
        ),
        append(EXTRA, "16:\n  text: Round again.\n  effects: [{read: 13}]\n"),
    )
    assert only(problems, "E211") != []


def test_e212_options_read_from_the_event_board(tmp_path: Path) -> None:
    loaded, problems = checked(
        tmp_path,
        replace(
            PARAGRAPHS,
            "  text: The tide turns.\n  goto: 12\n",
            "  text: The tide turns.\n  options:\n    - label: Run\n      goto: 12\n",
        ),
    )
    assert only(problems, "E212") == [(*loaded.at(PARAGRAPHS, "\n13:\n", 1), "error")]
    (problem,) = [p for p in problems if p.code == "E212"]
    assert "paragraph 13 is read with no acting investigator" in problem.message
    assert "'at: <location>'" in problem.message


def test_e212_options_read_on_a_death_after_a_goto(tmp_path: Path) -> None:
    loaded, problems = checked(
        tmp_path,
        replace(PARAGRAPHS, "  effects: [{card: STRESS, who: all}]\n", "  goto: 16\n"),
        append(EXTRA, "16:\n  text: Mourn.\n  options:\n    - {label: Bury them, goto: 12}\n"),
    )
    assert only(problems, "E212") == [(*loaded.at(EXTRA, "16:"), "error")]


def test_e212_options_with_at_are_fine(tmp_path: Path) -> None:
    _, problems = checked(
        tmp_path,
        replace(
            PARAGRAPHS,
            "  text: The tide turns.\n  goto: 12\n",
            "  text: The tide turns.\n  at: beach\n  options:\n    - label: Run\n      goto: 12\n",
        ),
    )
    assert problems == []


# The command line --------------------------------------------------------------------------

LINE = re.compile(
    r"^(?P<path>.+):(?P<line>\d+):(?P<col>\d+): (?P<severity>error|warning)"
    r"\[(?P<code>[EW]\d{3})\]: (?P<message>.+)$"
)


def tales_check(*args: str) -> Result:
    return CliRunner().invoke(cli, ["check", *args], catch_exceptions=False)


def test_cli_check_passes_the_tiny_tale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(TINY.parents[2])
    result = tales_check("tests/data/tiny-tale")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1].startswith("0 errors, 0 warnings; checked tiny-tale/cove")


def test_cli_check_lists_every_error_as_path_line_col(tmp_path: Path) -> None:
    loaded = load_edited(
        tmp_path,
        replace(PARAGRAPHS, "goto: 9", "goto: 99"),
        replace(PARAGRAPHS, "{keyword: LAMP}", "{keyword: LAMPS}"),
    )
    result = tales_check(str(loaded.root))
    assert result.exit_code == 1
    lines = [m.groupdict() for m in map(LINE.match, result.output.splitlines()) if m]
    found = {(d["path"], int(d["line"]), int(d["col"]), d["severity"], d["code"]) for d in lines}
    assert found == {
        (*loaded.at(PARAGRAPHS, "goto: 99"), "error", "E202"),
        (*loaded.at(PARAGRAPHS, "{keyword: LAMPS}"), "error", "E205"),
    }
    assert "there is no paragraph 99" in result.output
    assert result.output.splitlines()[-1].startswith("2 errors, 0 warnings")


def test_cli_check_names_the_tale_it_could_not_read_not_the_core(tmp_path: Path) -> None:
    """Issue 15: "its summary names what was checked (not 'checked the core
    components' when the errors were in the tale)"."""
    tale = tmp_path / "broken-tale"
    shutil.copytree(TINY, tale)
    (tale / "tale.yaml").write_text('title: "An unclosed quote\n', encoding="utf-8")
    result = tales_check(str(tale))
    assert result.exit_code == 1
    last = result.output.splitlines()[-1]
    assert last.endswith("checked broken-tale (no scenario of it could be read).")
    assert "core components" not in last


def test_cli_check_reports_warnings_without_failing(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, THE_DEEP)
    result = tales_check(str(loaded.root))
    assert result.exit_code == 0
    path, line, col = loaded.at(EXTRA, "16: You sink.")
    assert f"{path}:{line}:{col}: warning[W301]: paragraph 16 can never be read" in result.output


def _words(root: Path) -> int:
    yaml = YAML(typ="safe")
    words = 0
    for path in sorted((root / "cove" / "paragraphs").glob("*.yaml")):
        for body in yaml.load(path.read_text(encoding="utf-8")).values():
            text = body if isinstance(body, str) else body.get("text", "")
            words += len(text.split())
    return words


def test_cli_check_json() -> None:
    result = tales_check(str(TINY), "--json")
    assert result.exit_code == 0
    report = json.loads(result.output)
    assert set(report) == {"errors", "warnings", "stats"}
    assert report["errors"] == report["warnings"] == []
    assert report["stats"] == {
        "tiny-tale/cove": {
            "paragraphs": 15,
            "locations": 3,
            "enemies": 1,
            "encounters": 1,
            "clues": 1,
            "objectives": 1,
            "items": 1,
            "words": _words(TINY),
        }
    }


def test_cli_check_json_of_a_broken_tale(tmp_path: Path) -> None:
    loaded = load_edited(tmp_path, replace(PARAGRAPHS, "goto: 9", "goto: 99"), THE_DEEP)
    result = tales_check(str(loaded.root), "--json")
    assert result.exit_code == 1
    report = json.loads(result.output)
    path, line, col = loaded.at(PARAGRAPHS, "goto: 99")
    assert report["errors"] == [
        {
            "path": path,
            "line": line,
            "col": col,
            "code": "E202",
            "message": "there is no paragraph 99; did you mean '9'?",
        }
    ]
    # A tale that fails to load is not checked further, so it has no stats.
    assert report["warnings"] == []
    assert report["stats"] == {}


def test_information_is_shown_by_the_name_cards_yaml_gives_it(tmp_path: Path) -> None:
    """docs/storybook.md, cards.yaml: an information named there reads as its
    name ("Information is found: the rock pool's secret"); one named that no
    paragraph finds is a W302 at its line, as an unused clue is."""
    names = 'information:\n  pool: {name: "the rock pool\'s secret"}\n  nowhere: {name: nothing}\n'
    loaded, problems = checked(tmp_path, append(CARDS, names))
    assert loaded.tale is not None
    cove = loaded.tale.scenarios["cove"]
    assert cove.information == {"pool": "the rock pool's secret", "nowhere": "nothing"}
    unused = [p for p in problems if p.code == "W302" and "information" in p.message]
    assert [(p.message, p.line) for p in unused] == [
        ("information 'nowhere' is never found in the story", 9)
    ]
    game = start_game(
        load_core(),
        loaded.tale,
        GameSetup("cove", ("ezra-marsh", "philip-harris"), ("irene-dubois", "arthur-blackwood")),
    )
    shown = [line.text for line in render_events([ElementFound("information", "pool")], game.view)]
    assert shown == ["Information is found: the rock pool's secret."]
