"""Golden transcripts of seeded, scripted games (tests/data/transcripts).

From the issue: "golden transcripts of seeded scripted games are compared in
tests" and "Scripted play: when stdin is not a terminal or --script FILE is
given, one command per line, each echoed, plain output, deterministic with
--seed; end of input quits cleanly, exit 0."

Re-record with ``python tools/record_transcripts.py`` after a deliberate change.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    """tools/record_transcripts.py, so the test and the recorder play alike."""
    path = ROOT / "tools" / "record_transcripts.py"
    spec = importlib.util.spec_from_file_location("record_transcripts", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


recorder = _tool()
CASES = {case.name: case for case in recorder.cases()}


def test_there_are_golden_transcripts_for_both_ways_of_scripting() -> None:
    storybook = {"good-ending", "solo-opening", "time-runs-out", "reef-true-ending"}
    storybook.add("campaign-through-saves")  # three invocations, loading between scenarios
    storybook.add("physical-table")  # the good ending with real dice and cards
    storybook.add("reef-into-gannet")  # Scenario I, the interlude, the save, into Scenario II
    storybook.add("reef-ledger-whole-campaign")  # all three scenarios to the last page
    assert set(CASES) == storybook | {"guide-solo", "guide-duo"}
    assert {case.uses_stdin for case in CASES.values() if not case.steps} == {True, False}
    assert all(case.golden.is_file() for case in CASES.values())


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_scripted_game_matches_its_golden_transcript(name: str) -> None:
    case = CASES[name]
    played = recorder.play(case)
    assert played.exit_code == case.exit_code, played.stderr
    expected = case.golden.read_text(encoding="utf-8")
    if played.stdout != expected:
        pytest.fail(
            f"the transcript of {name} changed (python tools/record_transcripts.py "
            f"{name} rewrites it):\n{recorder.diff(expected, played.stdout, name)}",
            pytrace=False,
        )


@pytest.mark.parametrize("name", sorted(CASES))
def test_playing_twice_gives_the_same_output(name: str) -> None:
    """Deterministic with --seed: the same script and seed, the same game."""
    first, second = recorder.play(CASES[name]), recorder.play(CASES[name])
    assert first == second


def test_every_command_is_echoed_and_the_output_is_plain() -> None:
    """One command per line, each echoed as "> command"; no escape sequences."""
    for case in CASES.values():
        golden = case.golden.read_text(encoding="utf-8")
        assert "\x1b" not in golden and "\r" not in golden
        echoed = [line[2:] for line in golden.splitlines() if line.startswith("> ")]
        script = [
            line
            for line in case.script.read_text(encoding="utf-8").splitlines()
            if line != "--- next"  # between two invocations of a case of several
        ]
        assert echoed == script[: len(echoed)], "each command echoed, in order"
        assert len(echoed) >= len(script) - 1 or "The game is over" in golden


def test_a_campaign_is_played_through_the_saves_between_its_scenarios() -> None:
    """Issue 14: the fixture campaign from its prologue to its epilogue, one
    `tales play` a scenario; each load of the sheet between scenarios shows
    the scenario's introduction, and the last says the campaign is over."""
    golden = CASES["campaign-through-saves"].golden.read_text(encoding="utf-8")
    runs = golden.split("$ tales ")[1:]
    assert [run.split("\n")[0].split()[:2] for run in runs] == [
        ["play", "'{root}/tests/data/campaign-tale'"],
        ["play", "--load"],
        ["play", "--load"],
    ]
    assert "A letter in a drowned hand" in runs[0], "the prologue, before the harbour"
    for run, title in zip(runs[1:], ("The Archive", "The Reef"), strict=True):
        loaded = run.index("Loaded 'campaign' at round 1.")
        assert run.startswith(f"play --load campaign\n{title} (standard)")
        assert run.index("-- Paragraph 1 --") > loaded, "the introduction is shown"
        assert "The Harbour Silver Key" in run, "the carried key is still the harbour's"
    assert "The campaign goes on after The Harbour" in runs[0]
    assert "-- Paragraph 900 --\nThe sea is quiet." in runs[2], "the epilogue"
    assert runs[2].endswith(
        "The campaign is over: the campaign is complete. Its final state is saved "
        "(tales saves show campaign).\n"
    )


def test_end_of_input_stops_the_game_cleanly() -> None:
    golden = CASES["solo-opening"].golden.read_text(encoding="utf-8")
    assert golden.endswith("End of input: the game stops here.\n")


@pytest.mark.parametrize("name", ["good-ending", "time-runs-out"])
def test_a_game_played_to_an_ending(name: str) -> None:
    """Two endings of The Bell House: the true ending (22) and the high water (25)."""
    golden = CASES[name].golden.read_text(encoding="utf-8")
    paragraph = {"good-ending": 22, "time-runs-out": 25}[name]
    over = f"The game is over: the story ends at paragraph {paragraph}.\nLived: "
    assert over in golden, "the ending is said, then summed up"
    assert golden.index(over) > golden.rindex("> "), "the summary comes after the last input"
    script = CASES[name].script.read_text(encoding="utf-8").splitlines()
    assert f"> {script[-1]}" not in golden, "lines after the end are not read"


def test_the_script_file_and_standard_input_play_alike() -> None:
    """--script FILE and a pipe on stdin are the same game."""
    case = CASES["solo-opening"]
    piped = replace(case, args=tuple(a for a in case.args if a not in ("--script", "{script}")))
    assert piped.uses_stdin
    from_pipe, from_file = recorder.play(piped), recorder.play(case)
    # Only --script fails the run on a line it did not understand, and says which.
    assert (from_pipe.exit_code, from_file.exit_code) == (0, case.exit_code)
    report = "Line 3 was not understood: 'hnd'.\n"
    assert report in from_file.stdout and report not in from_pipe.stdout
    assert from_pipe.stdout == from_file.stdout.replace(report, "")


def test_no_color_changes_nothing_in_a_script(monkeypatch: pytest.MonkeyPatch) -> None:
    """--plain and NO_COLOR: a script's output is plain either way."""
    case = CASES["time-runs-out"]
    monkeypatch.setenv("NO_COLOR", "1")
    with_env = recorder.play(case)
    monkeypatch.delenv("NO_COLOR")
    without_plain = recorder.play(replace(case, args=tuple(a for a in case.args if a != "--plain")))
    assert with_env.stdout == without_plain.stdout == case.golden.read_text(encoding="utf-8")


def test_a_real_pipe_into_a_new_process_gives_the_golden() -> None:
    """``python -m tales play`` with stdin a pipe (not a terminal), in another
    process with another hash seed: the same transcript."""
    case = CASES["good-ending"]
    env = {**os.environ, "PYTHONHASHSEED": "12345", "TERM": "xterm"}
    env.pop("NO_COLOR", None)
    result = subprocess.run(
        [sys.executable, "-m", "tales", "play", *case.args],
        input=case.script.read_text(encoding="utf-8"),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout == case.golden.read_text(encoding="utf-8")


def test_a_changed_transcript_is_shown_as_a_unified_diff() -> None:
    shown = recorder.diff("> 1\nA line.\n", "> 1\nAnother line.\n", "solo")
    assert shown.splitlines()[:2] == ["--- solo.txt (golden)", "+++ solo (this run)"]
    assert "-A line.\n" in shown and "+Another line.\n" in shown


def test_the_reef_ledger_golden_plays_from_scenario_one_into_scenario_two() -> None:
    """Issue 17: "a golden transcript plays from Scenario I through the save
    between scenarios into Scenario II"."""
    golden = CASES["reef-into-gannet"].golden.read_text(encoding="utf-8")
    first, second = golden.split("$ tales play --load reef\n")
    assert "The scenario ends: the story ends at paragraph 125." in first
    assert "-- Paragraph 900 --" in first, "the interlude between the scenarios is read"
    assert second.startswith("The Gannet Light (easy)")
    assert "Loaded 'reef' at round 1." in second and "-- Paragraph 11 --" in second
