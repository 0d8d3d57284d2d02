"""``tales guide``: the Innsmouth Travel Guide at the prompt, its playtests
and its printable export."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from tales.cli_common import SAVES_HELP, TalesGroup, echo, read_script


@click.group(cls=TalesGroup, invoke_without_command=True)
@click.option(
    "--players", type=click.IntRange(1, 4), default=1, show_default=True, help="1 plays solo."
)
@click.option("--advanced", is_flag=True, help="Each player gets their own character card.")
@click.option("--seed", type=int, help="Seed for the dice and the setup, to replay a game.")
@click.option(
    "--challenge",
    default="beginner:16",
    show_default=True,
    metavar="LEVEL:GOAL",
    help="Solo: the challenge card's cell to beat, such as experienced:32.",
)
@click.option(
    "--script",
    type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
    help="Read commands from a file, one a line (- for standard input).",
)
@click.option("--plain", is_flag=True, help="Words only: no board drawing, no colour.")
@click.option("--load", metavar="NAME", help="Resume the saved game NAME.")
@click.option("--save", "save_name", metavar="NAME", help="Save this game as NAME.")
@click.option("--no-save", is_flag=True, help="Play without saving.")
@click.option("--saves", "saves", type=click.Path(file_okay=False, path_type=Path), help=SAVES_HELP)
@click.pass_context
def guide(
    ctx: click.Context,
    players: int,
    advanced: bool,
    seed: int | None,
    challenge: str,
    script: Path | None,
    plain: bool,
    load: str | None,
    save_name: str | None,
    no_save: bool,
    saves: Path | None,
) -> None:
    """Play the Innsmouth Travel Guide, solo or hot-seat (2 to 4 players).

    At a terminal the board is drawn and each player's turn is private. From
    a script or a pipe, commands are read one a line and echoed; the end of
    input ends the game. The game saves itself after every input.
    """
    if ctx.invoked_subcommand is not None:
        return
    from tales.guide_ui.run import GuideSaving, new_setup, run_guide
    from tales.saves.store import saves_dir

    if no_save and (load or save_name):
        raise click.UsageError("--no-save cannot go with --load or --save")
    given = [
        f"--{name}"
        for name in ("players", "advanced", "seed", "challenge")
        if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE
    ]
    if load and given:
        raise click.UsageError(f"--load takes the setup from the save; leave out {given[0]}")
    if players > 1 and "--challenge" in given:  # it would be taken and never looked at
        raise click.UsageError("--challenge is the solo game's: leave it out with --players 2 to 4")
    setup = None if load else new_setup(players, advanced, seed, challenge)
    saving = GuideSaving(saves_dir(saves), load, save_name, not no_save)
    commands = read_script(script) if script is not None else None
    sys.exit(run_guide(setup, script=commands, plain=plain, saving=saving))


@guide.command("simulate")
@click.option("--runs", type=click.IntRange(1), default=100, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="Master seed of the runs.")
@click.option(
    "--jobs",
    type=click.IntRange(1),
    default=1,
    show_default=True,
    help="Processes to play the games in; the report is the same for any number.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def guide_simulate(runs: int, seed: int, jobs: int, as_json: bool) -> None:
    """Playtest: solo games by a sensible bot, scores and challenge win rates."""
    from tales.guide.data import load_components
    from tales.guide.playtest import playtest
    from tales.guide_ui.report import report_json, report_text

    report = playtest(load_components(), runs, seed, jobs)
    if as_json:
        echo(json.dumps(report_json(report), indent=2))
        return
    echo("\n".join(report_text(report)))


@guide.command("export")
@click.argument("name")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="The HTML file to write.",
)
@click.option(
    "--saves", "folder", type=click.Path(file_okay=False, path_type=Path), help=SAVES_HELP
)
def guide_export(name: str, output: Path, folder: Path | None) -> None:
    """Write a saved Travel Guide game's boards and score sheets as printable HTML."""
    from tales.guide.data import load_components
    from tales.guide_ui.export import export_html
    from tales.guide_ui.saving import load_session
    from tales.saves.store import saves_dir, write_atomic

    session = load_session(load_components(), saves_dir(folder), name)
    write_atomic(output, export_html(session))
    echo(f"Wrote {output}.")
