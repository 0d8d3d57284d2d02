"""Golden playthroughs of the starter tale: recorded inputs replayed through
the interpreter must read the same paragraphs, end the same way and rate the
same exploration. Re-record with tools/record_golden.py after changing the
story on purpose."""

from __future__ import annotations

from pathlib import Path

import pytest
from ruamel.yaml import YAML

from tales.story.game import GameSetup, replay
from tales.story.loader import load_tale

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = sorted((ROOT / "tests" / "data" / "golden").glob("*.yaml"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_a_recorded_playthrough_replays_to_the_same_ending(core, path: Path):
    golden = YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8"))
    tale, problems = load_tale(ROOT / golden["tale"])
    assert tale is not None, problems
    setup = golden["setup"]
    game = replay(
        core,
        tale,
        GameSetup(
            setup["scenario"],
            tuple(setup["players"]),
            tuple(setup["companions"]),
            setup["difficulty"],
            setup["seed"],
        ),
        golden["inputs"],
    )
    assert game.engine.finished, "the replay must reach the end of the scenario"
    assert game.summary() == golden["expected"]


def _read_in_scenario(golden: dict) -> list[int]:
    """The paragraphs a golden game read in its scenario: a campaign's game goes
    on into the interlude after the scenario (The Reef Ledger's 900-911), whose
    numbers are its own."""
    tale, problems = load_tale(ROOT / golden["tale"])
    assert tale is not None, problems
    after = [i for i in tale.interludes.values() if i.after == golden["setup"]["scenario"]]
    interlude = {n for i in after for n in i.paragraphs}
    read: list[int] = golden["expected"]["read"]
    cut = next((k for k, n in enumerate(read) if n in interlude and k > 0), len(read))
    return read[:cut]


def test_the_golden_games_cover_an_epilogue_of_each_kind():
    """The starter tale: one playthrough reaches the true ending (22), another the
    flight at high water (25). The Reef Ledger: the true ending (125). Every one
    is read to its exploration epilogue, the last paragraph of its scenario."""
    endings = set()
    for path in GOLDEN:
        golden = YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8"))
        endings.add(golden["expected"]["ended"])
        epilogues = (150, 151, 152, 153) if "reef" in path.name else (30, 31, 32)
        assert _read_in_scenario(golden)[-1] in epilogues, (
            "the exploration rate's epilogue comes last in the scenario"
        )
    assert endings == {f"the story ends at paragraph {n}" for n in (22, 25, 125)}


def test_the_reef_ledger_golden_game_goes_on_into_the_interlude():
    """Low Water is followed by The Gannet Light: after the epilogue the game asks
    who carries what, and reads the interlude that branches on the log."""
    path = ROOT / "tests" / "data" / "golden" / "reef-ledger-true-ending.yaml"
    golden = YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8"))
    read = golden["expected"]["read"]
    assert read[len(_read_in_scenario(golden)) :][:2] == [900, 901]  # the Sink was shut
    assert any(i.startswith("carry:") for i in golden["inputs"])


def test_the_exploration_epilogue_writes_its_campaign_log(core):
    """The scenario is over when the epilogue is read, but what it records in the
    campaign log and its counters is kept for the scenarios to come."""
    path = ROOT / "tests" / "data" / "golden" / "reef-ledger-true-ending.yaml"
    golden = YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8"))
    tale, _ = load_tale(ROOT / golden["tale"])
    assert tale is not None
    s = golden["setup"]
    setup = GameSetup(
        s["scenario"], tuple(s["players"]), tuple(s["companions"]), s["difficulty"], s["seed"]
    )
    game = replay(core, tale, setup, golden["inputs"])
    epilogue = tale.scenarios[s["scenario"]].paragraphs[_read_in_scenario(golden)[-1]]
    logged = [e.value for e in (*epilogue.effects, *epilogue.first_time) if e.kind == "log"]
    assert logged, "the epilogue chosen for this test records something"
    for entry in logged:
        assert game.book.state.log[entry["section"]][entry["entry"]] is False
