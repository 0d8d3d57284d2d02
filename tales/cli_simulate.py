"""``tales simulate``: playtests by bots, one scenario's runs or a balance
sweep over every team and difficulty, on this machine or a Dask cluster."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from tales.cli_common import echo

if TYPE_CHECKING:
    from tales.authoring.cluster import Progress
    from tales.authoring.simulate import Report


PLAIN_POLICIES = ("both", "random", "sensible", "goal")  # one scenario's runs and sweeps


def _names(text: str | None) -> list[str] | None:
    return [part.strip() for part in text.split(",") if part.strip()] if text else None


@click.command()
@click.argument(
    "path", required=False, type=click.Path(exists=True, file_okay=False, path_type=Path)
)
@click.option("--scenario", help="Scenario to play (default: the tale's first).")
@click.option("--runs", type=click.IntRange(1), default=200, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="Master seed of the runs.")
@click.option("--jobs", type=click.IntRange(1), help="Processes (default: all cores).")
@click.option(
    "--policy",
    help="The bots: random, sensible, both (the two alternating: the default), or goal "
    "(goal-directed: the default of --sweep). With --campaign, one a scenario, "
    "comma-separated (the last for the rest), and also mixed (drawn for each scenario "
    "of each run, the goal bot aimed at what earlier runs left unread: the default).",
)
@click.option(
    "--campaign",
    is_flag=True,
    help="Play whole campaigns: the prologue, every scenario and interlude, the epilogue.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write a self-contained HTML report here.",
)
@click.option(
    "--crashes",
    "crash_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("simulate-crashes"),
    show_default=True,
    help="Where each crash's input log is saved.",
)
@click.option("--sweep", is_flag=True, help="Play every team at every difficulty.")
@click.option(
    "--games",
    type=click.IntRange(1),
    default=200,
    show_default=True,
    help="With --sweep: games per team and difficulty.",
)
@click.option(
    "--investigators",
    help="With --sweep: the investigators to build teams from "
    "(slugs, comma-separated; default: all eight).",
)
@click.option(
    "--team-size",
    type=click.IntRange(1),
    default=4,
    show_default=True,
    help="With --sweep: investigators in a team (the rules play four).",
)
@click.option(
    "--difficulties",
    help="With --sweep: the difficulties, comma-separated (default: all three).",
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="Play on the Dask cluster at this address (pip install 'tales[cluster]').",
)
def simulate(
    path: Path | None,
    scenario: str | None,
    runs: int,
    seed: int,
    jobs: int | None,
    policy: str | None,
    campaign: bool,
    as_json: bool,
    html_path: Path | None,
    crash_dir: Path,
    sweep: bool,
    games: int,
    investigators: str | None,
    team_size: int,
    difficulties: str | None,
    scheduler: str | None,
) -> None:
    """Playtest a tale: many seeded playthroughs by bots, and what they found.

    Reports coverage with file:line of everything never reached, story dead
    ends, endings, deaths, the exploration-rate spread, and every crash with
    the command that replays it at the prompt. Exits 1 if anything crashed.

    With --sweep, plays every team at each difficulty and flags an investigator
    who moves an ending 20+ points or a difficulty no harder than the one below.
    """
    from tales.authoring.simulate import run_simulation
    from tales.cli import tale_folder
    from tales.story.core import tale_path

    tale = tale_folder(path) if path else tale_path(None)
    progress = _progress(sys.stderr.isatty() and not as_json)
    processes = jobs or os.cpu_count() or 1
    if campaign:  # whole campaigns: tales.authoring.campaign_sim
        played = (runs, seed, policy or "mixed", processes, scheduler)
        _campaign(tale, played, progress, as_json, html_path, crash_dir)
    if policy not in (None, *PLAIN_POLICIES):
        raise click.BadParameter(
            f"{policy!r} is not one of {', '.join(PLAIN_POLICIES)}", param_hint="--policy"
        )
    if sweep:
        from tales.rules.scenario import DIFFICULTIES  # not at start-up: --version stays light

        cells = (_names(investigators), team_size, _names(difficulties) or list(DIFFICULTIES))
        data = _sweep(tale, scenario, cells, games, seed, policy, processes, scheduler, progress)
        _sweep_report(data, as_json, html_path)
    report = run_simulation(
        tale,
        scenario,
        runs=runs,
        seed=seed,
        policy=policy or "both",
        jobs=processes,
        scheduler=scheduler,
        progress=progress,
    )
    _report(report, as_json, html_path, crash_dir)


def _sweep(
    tale: Path,
    scenario: str | None,
    cells: tuple[list[str] | None, int, list[str]],
    games: int,
    seed: int,
    policy: str | None,
    jobs: int,
    scheduler: str | None,
    progress: Progress,
) -> dict[str, Any]:
    from tales.authoring.sweep import sweep_tale

    investigators, team_size, difficulties = cells
    return sweep_tale(
        tale,
        scenario,
        investigators=investigators,
        team_size=team_size,
        difficulties=difficulties,
        games=games,
        seed=seed,
        policy=policy or "goal",
        jobs=jobs,
        scheduler=scheduler,
        progress=progress,
    )


def _campaign(
    tale: Path,
    played: tuple[int, int, str, int, str | None],
    progress: Progress,
    as_json: bool,
    html_path: Path | None,
    crash_dir: Path,
) -> None:
    from tales.authoring.campaign_pages import as_html, as_text
    from tales.authoring.campaign_report import save_crashes, simulate_campaign

    runs, seed, policy, jobs, scheduler = played
    report = simulate_campaign(
        tale, runs=runs, seed=seed, policy=policy, jobs=jobs, scheduler=scheduler,
        progress=progress,
    )  # fmt: skip
    save_crashes(report, crash_dir)
    data = report.as_json()
    if html_path is not None:
        html_path.write_text(as_html(data, report.tale.title), encoding="utf-8")
    echo(json.dumps(data, indent=2) if as_json else as_text(data, report.tale.title), nl=False)
    sys.exit(1 if data["crashes"] else 0)


def _progress(show: bool) -> Progress:
    def progress(done: int, total: int) -> None:
        if show:
            bar = "#" * (30 * done // total)
            click.echo(f"\r[{bar:<30}] {done}/{total}", nl=done == total, err=True)

    return progress


def _sweep_report(data: dict[str, Any], as_json: bool, html_path: Path | None) -> None:
    from tales.authoring.sweep_report import as_html, as_text

    if html_path is not None:
        html_path.write_text(as_html(data), encoding="utf-8")
    echo(json.dumps(data, indent=2) if as_json else as_text(data), nl=False)
    sys.exit(1 if data["crashes"] else 0)


def _report(report: Report, as_json: bool, html_path: Path | None, crash_dir: Path) -> None:
    from tales.authoring.simulate import save_crashes
    from tales.authoring.simulate_report import as_html, as_text

    save_crashes(report, crash_dir)
    data = report.as_json()
    if html_path is not None:
        html_path.write_text(as_html(data, report.book.title), encoding="utf-8")
    echo(json.dumps(data, indent=2) if as_json else as_text(data, report.book.title), nl=False)
    if data["crashes"]:
        sys.exit(1)
