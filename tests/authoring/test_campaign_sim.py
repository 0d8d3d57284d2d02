"""``tales simulate --campaign``: whole campaigns from the prologue through
every scenario and interlude to the epilogue, with interlude coverage and
dead ends (issue 14's Done-means: the fixture walks with no dead end)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tales.authoring.campaign_sim import CampaignReport, CampaignRun, simulate_campaign
from tales.cli import cli
from tests.story.campaign_tale import CAMPAIGN, campaign_tale


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
    assert all(run.scenarios[0] == "harbour" for run in report.runs)


def test_a_dead_end_in_an_interlude_is_named_with_its_interlude() -> None:
    tale = campaign_tale()
    stuck = CampaignRun(1, "random", ["harbour"], dead_ends=[("after-harbour", 1)])
    data = CampaignReport(tale, [stuck], 0.1).as_json()
    assert data["dead_ends"] == [{"where": "after-harbour", "paragraph": 1, "runs": 1}]
    assert data["epilogue_reached"] == 0 and "epilogue:900" in data["interludes_unreached"]


def test_the_command_prints_the_campaign_report_as_json() -> None:
    result = CliRunner().invoke(
        cli, ["simulate", str(CAMPAIGN), "--campaign", "--runs", "3", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["campaign"] is True and data["runs"] == 3 and data["crashes"] == 0
    text = CliRunner().invoke(cli, ["simulate", str(CAMPAIGN), "--campaign", "--runs", "2"])
    assert "whole campaigns" in text.output and "Dead ends: none" in text.output
