"""``tales play``: the options of a game at the prompt, handed to :mod:`tales.ui.session`.

A module of its own, imported only when ``play`` is run or listed
(:class:`tales.cli_common.TalesGroup`), so ``tales --version`` and the
authoring commands do not build its options.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from tales.cli_common import SAVES_HELP, complete_saves, complete_tales, read_script


@click.command()
@click.argument("tale", required=False, shell_complete=complete_tales)
@click.option("--scenario", help="Scenario to play (default: the tale's first).")
@click.option(
    "--difficulty",
    type=click.Choice(["easy", "standard", "hard"]),
    help="Where the time marker starts (default: standard).",
)
@click.option("--players", type=click.IntRange(1, 4), help="Players at the table (default: 1).")
@click.option(
    "--investigator",
    "investigators",
    multiple=True,
    help="A player's investigator (repeat for each player).",
)
@click.option(
    "--companion",
    "companions",
    multiple=True,
    help="An investigator who comes along as a Companion (repeat).",
)
@click.option("--seed", type=int, help="Seed for the dice and the decks, to replay a game.")
@click.option(
    "--ruling",
    "rulings",
    multiple=True,
    metavar="ID=VALUE",
    help="A house rule: set a switch ruling true or false (repeat; see docs/rulings.md).",
)
@click.option(
    "--script",
    type=click.Path(exists=True, path_type=Path, allow_dash=True),
    help="Read commands from a file, one a line.",
)
@click.option("--plain", is_flag=True, help="No colour and no status bar (also: NO_COLOR=1).")
@click.option(
    "--load",
    "load",
    metavar="SAVE",
    help="Go on with a saved game (see: tales saves list).",
    shell_complete=complete_saves,
)
@click.option("--save", "save_name", metavar="NAME", help="Save this new game as NAME.")
@click.option("--no-save", is_flag=True, help="Play without saving.")
@click.option("--saves", "saves", type=click.Path(file_okay=False, path_type=Path), help=SAVES_HELP)
@click.option(
    "--dice",
    type=click.Choice(["digital", "physical"]),
    help="Who rolls: the program, or the players, who type the faces (default: digital).",
)
@click.option(
    "--cards",
    type=click.Choice(["digital", "physical"]),
    help="Who draws: the program, or the players, who name each card (default: digital).",
)
@click.option("--voice", is_flag=True, help="Read each paragraph aloud (espeak-ng or pyttsx3).")
@click.option("--voice-name", metavar="NAME", help="The voice to read with (espeak-ng: en-gb...).")
@click.option(
    "--voice-rate", type=click.IntRange(60, 500), metavar="WPM", help="Words a minute read aloud."
)
@click.option("--timer", is_flag=True, help="Show the time spent per round and in all.")
def play(
    tale: str | None,
    scenario: str | None,
    difficulty: str | None,
    players: int | None,
    investigators: tuple[str, ...],
    companions: tuple[str, ...],
    seed: int | None,
    rulings: tuple[str, ...],
    script: Path | None,
    plain: bool,
    load: str | None,
    save_name: str | None,
    no_save: bool,
    saves: Path | None,
    dice: str | None,
    cards: str | None,
    voice: bool,
    voice_name: str | None,
    voice_rate: int | None,
    timer: bool,
) -> None:
    """Play a tale at the prompt (default: the bundled starter tale).

    On a terminal with no options, a short setup asks for each choice (Enter
    accepts the default). From a script or a pipe, commands are read one a
    line and echoed; the end of input ends the game.
    """
    from tales.saves.store import saves_dir
    from tales.ui.session import SaveChoices, TableChoices, run_play
    from tales.ui.setup import Choices

    if no_save and (load or save_name):
        raise click.UsageError("--no-save cannot go with --load or --save")
    choices = Choices(tale, scenario, difficulty, players, investigators, companions, seed, rulings)
    saving = SaveChoices(saves_dir(saves), load, save_name, not no_save)
    commands = read_script(script) if script is not None else None
    if (voice_name or voice_rate) and not voice:
        raise click.UsageError("--voice-name and --voice-rate go with --voice")
    at_table = TableChoices(dice, cards, voice, voice_name, voice_rate, timer)
    sys.exit(run_play(choices, script=commands, plain=plain, saving=saving, at_table=at_table))
