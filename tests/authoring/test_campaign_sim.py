"""``tales simulate --campaign``: whole campaigns from the prologue through
every scenario and interlude to the epilogue, with interlude coverage and
dead ends (issue 14's Done-means: the fixture walks with no dead end); the
options of a plain simulation (--jobs, --policy per scenario, --json,
--html, --crashes), and nothing that counts on two scenarios (the fixture
has three)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tales.authoring import campaign_sim
from tales.authoring.campaign_aims import aims_for
from tales.authoring.campaign_report import CampaignReport, simulate_campaign
from tales.authoring.campaign_sim import (
    CampaignRun,
    parse_policy,
    policies_for,
    unread_by,
)
from tales.cli import cli
from tests.story.campaign_tale import CAMPAIGN, campaign_tale


def _without_timing(data: dict[str, object]) -> dict[str, object]:
    return {key: value for key, value in data.items() if key != "timing"}


def test_the_fixture_campaign_walks_from_prologue_to_epilogue_with_no_dead_end() -> None:
    report = simulate_campaign(CAMPAIGN, runs=24, seed=3, policy="both")
    data = report.as_json()
    assert data["crashes"] == 0 and data["dead_ends"] == []
    assert data["scenarios_reached"]["harbour"] == 24, "every campaign starts at the first"
    assert data["epilogue_reached"] > 0 and data["scenarios_reached"]["reef"] > 0
    assert data["endings"].get("the campaign is complete", 0) == data["epilogue_reached"]
    # The prologue's and the interludes' paragraphs are counted apart from the scenarios'.
    assert data["interlude_paragraphs_total"] == 10
    assert data["interlude_paragraphs_visited"] >= 8
    assert "prologue:1" not in data["interludes_unreached"]
    assert all(run.played[0] == "harbour" for run in report.runs)


def test_a_dead_end_in_an_interlude_is_named_with_its_interlude() -> None:
    tale = campaign_tale()
    stuck = CampaignRun(0, 1, ("random",), dead_ends=[("after-harbour", 1)])
    data = CampaignReport(tale, [stuck]).as_json()
    assert data["dead_ends"] == [{"where": "after-harbour", "paragraph": 1, "runs": 1}]
    assert data["epilogue_reached"] == 0 and "epilogue:900" in data["interludes_unreached"]


def test_the_same_seed_gives_the_same_report_with_one_process_or_two() -> None:
    """30 runs: two waves, the second's goal bots aimed by what the first left."""
    one = simulate_campaign(CAMPAIGN, runs=30, seed=5, policy="mixed", jobs=1).as_json()
    two = simulate_campaign(CAMPAIGN, runs=30, seed=5, policy="mixed", jobs=2).as_json()
    assert _without_timing(one) == _without_timing(two)
    assert one["scenarios"]["harbour"]["aimed"] > 0, "the second wave aims its goal bots"


def test_the_json_report_has_every_scenario_and_interlude_of_the_tale() -> None:
    data = simulate_campaign(CAMPAIGN, runs=12, seed=2, policy="mixed").as_json()
    assert list(data["scenarios"]) == ["harbour", "archive", "reef"]
    assert set(data["interludes"]) == {"prologue", "after-harbour", "after-archive", "epilogue"}
    reef = data["scenarios"]["reef"]
    assert reef["runs"] == data["scenarios_reached"]["reef"] > 0
    assert set(reef) >= {
        "policies", "aimed", "aims_read", "paragraphs_total", "paragraphs_visited", "coverage",
        "unreached", "endings", "deaths", "exploration_rate", "exploration_carried",
        "log_entries", "decisions_per_game",
    }  # fmt: skip
    assert sum(reef["policies"].values()) == reef["runs"]
    assert all(u["where"].startswith("reef/") for u in reef["unreached"])
    # The prologue's choice is written by every campaign, in the prologue.
    prologue = data["interludes"]["prologue"]["log_entries"]
    assert sum(prologue.get(f"letters/{e}", 0) for e in ("answered", "burnt")) == 12
    assert data["log_entries"]["letters/answered"] == prologue.get("letters/answered")
    assert set(data["timing"]) == {"wall_seconds", "cpu_seconds"}


def test_each_scenario_takes_its_own_bot_and_both_and_mixed_are_drawn() -> None:
    assert policies_for(("goal", "random"), 3, 0, 7) == ("goal", "random", "random")
    assert policies_for(("both",), 2, 1, 7) == ("sensible", "sensible")
    drawn = {policies_for(("mixed",), 3, i, seed) for i, seed in enumerate(range(40))}
    assert {p for chosen in drawn for p in chosen} == {"random", "sensible", "goal"}
    with pytest.raises(Exception, match="each scenario's bot is one of"):
        parse_policy("goal,nonsense")


def test_goal_bots_are_aimed_only_at_paragraphs_no_earlier_game_read() -> None:
    tale = campaign_tale()
    runs = simulate_campaign(CAMPAIGN, runs=20, seed=4, policy="sensible").runs
    unread = unread_by(tale, runs)
    assert unread["harbour"], "the fixture keeps paragraphs no sensible bot reads"
    aims = aims_for(("goal", "random", "goal"), tale, unread, 11)
    assert [scenario for scenario, _ in aims] == [s for s in ("harbour", "reef") if unread[s]], (
        "only the goal bots are aimed"
    )
    assert all(number in unread[scenario] for scenario, number in aims)
    assert aims_for(("goal",) * 3, tale, {}, 11) == (), "nothing to aim at: none"


def test_the_command_prints_the_campaign_report_as_json_and_html(tmp_path: Path) -> None:
    page = tmp_path / "campaign.html"
    result = CliRunner().invoke(
        cli,
        ["simulate", str(CAMPAIGN), "--campaign", "--runs", "3", "--jobs", "1", "--json",
         "--html", str(page), "--policy", "goal,sensible"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["campaign"] is True and data["runs"] == 3 and data["crashes"] == 0
    assert data["scenarios"]["harbour"]["policies"] == {"goal": 3}
    shown = page.read_text(encoding="utf-8")
    assert "<svg" in shown and "<script" not in shown and "scenario archive" in shown
    text = CliRunner().invoke(
        cli, ["simulate", str(CAMPAIGN), "--campaign", "--runs", "2", "--jobs", "1"]
    )
    assert "whole campaigns" in text.output and "Dead ends: none" in text.output
    assert "Scenario reef:" in text.output or "Scenario archive:" in text.output


def test_a_bad_campaign_policy_is_one_line_of_error() -> None:
    result = CliRunner().invoke(
        cli, ["simulate", str(CAMPAIGN), "--campaign", "--runs", "1", "--policy", "goal,nope"]
    )
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "each scenario's bot is one of" in result.output


def test_a_crash_is_reported_with_its_seed_and_scenario(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A scenario that crashes on being set up (the second, the archive) is
    reported with the run's seed, the scenario, its inputs saved and the
    command that plays the same run again."""
    real = campaign_sim.start_game

    def breaking(core, tale, setup, campaign=None):  # type: ignore[no-untyped-def]
        if setup.scenario == "archive":
            raise RuntimeError("the archive's floor gives way")
        return real(core, tale, setup, campaign)

    monkeypatch.setattr(campaign_sim, "start_game", breaking)
    crashes = tmp_path / "crashes"
    result = CliRunner().invoke(
        cli,
        ["simulate", str(CAMPAIGN), "--campaign", "--runs", "2", "--jobs", "1", "--seed", "9",
         "--policy", "sensible", "--json", "--crashes", str(crashes)],
    )  # fmt: skip
    assert result.exit_code == 1
    data = json.loads(result.output)
    reached = data["scenarios_reached"]["harbour"]
    assert data["crashes"] == 2 - reached and data["crashes"] > 0
    crash = data["crash_reports"][0]
    assert crash["scenario"] == "archive" and "floor gives way" in crash["error"]
    assert f"--seed 9 --runs {crash['run'] + 1} --policy sensible" in crash["rerun"]
    assert Path(crash["script"]) == crashes / f"crash-{crash['seed']}.txt"
    traceback = crashes / f"crash-{crash['seed']}.traceback.txt"
    assert "RuntimeError" in traceback.read_text()
    assert "replay" not in crash, "a later scenario is not replayed from its setup alone"


def test_a_local_dask_cluster_gives_the_campaign_report_of_one_process() -> None:
    distributed = pytest.importorskip("distributed", reason="pip install 'tales[cluster]'")
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        on_cluster = simulate_campaign(CAMPAIGN, runs=22, seed=6, scheduler=address).as_json()
    alone = simulate_campaign(CAMPAIGN, runs=22, seed=6, jobs=1).as_json()
    assert _without_timing(on_cluster) == _without_timing(alone)


def test_a_run_is_played_the_same_by_any_simulation_that_reaches_it() -> None:
    """What a crash's ``rerun`` counts on: run i of 25 is run i of i + 1 (its
    wave's aims come from the waves before it alone)."""
    many = simulate_campaign(CAMPAIGN, runs=25, seed=8, jobs=1).runs
    few = simulate_campaign(CAMPAIGN, runs=23, seed=8, jobs=1).runs
    assert few[22].inputs == many[22].inputs and few[22].read == many[22].read
    assert any(part.aim is not None for part in many[22].scenarios), "a second-wave run"
