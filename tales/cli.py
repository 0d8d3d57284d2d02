"""The ``tales`` command line: thin wrappers over library calls.

Library errors become one clear message and an exit code in one place,
:class:`tales.cli_common.TalesGroup`, for these commands and those of their
own modules (:mod:`tales.cli_play`, :mod:`tales.cli_saves`,
:mod:`tales.cli_guide`, :mod:`tales.cli_simulate`): no Python traceback
reaches a user.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from tales import __version__, signals
from tales.cli_common import TalesGroup, echo
from tales.errors import ContentError, TalesError

# The storybook file kinds (tales.authoring.schema.FILES, kept here so the
# command line does not import the schema builder to show its help).
FILE_KINDS = ("tale", "scenario", "locations", "encounters", "cards", "paragraphs", "interlude")


# The command groups of their own modules, imported when one is run or listed.
LAZY_COMMANDS = {
    "play": ("tales.cli_play", "play"),
    "guide": ("tales.cli_guide", "guide"),
    "saves": ("tales.cli_saves", "saves"),
    "simulate": ("tales.cli_simulate", "simulate"),
}


@click.group(
    cls=TalesGroup,
    lazy=LAZY_COMMANDS,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(__version__, "--version", prog_name="tales", message="%(prog)s %(version)s")
def cli() -> None:
    """Play and author Miskatonic Tales storybooks at the terminal."""


@cli.command()
@click.option("--dice", "white", type=int, required=True, help="White dice in the pool (0-6).")
@click.option(
    "--cards",
    type=int,
    default=0,
    show_default=True,
    help="Guaranteed successes from cards and Companion markers.",
)
@click.option("--need", type=int, required=True, help="Successes the test requires.")
@click.option(
    "--advantage", "mode", flag_value="advantage", help="Roll 2 red dice, keep the better."
)
@click.option(
    "--disadvantage", "mode", flag_value="disadvantage", help="Roll 2 red dice, keep the worse."
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a sentence.")
def odds(white: int, cards: int, need: int, mode: str | None, as_json: bool) -> None:
    """Exact chance of passing a skill test, for the best play.

    An Exploding Success is rolled while the test is not yet passed.
    """
    from tales.rules.odds import RedMode, pass_probability
    from tales.story.core import load_core

    dice = load_core().dice
    red_mode = RedMode(mode or "normal")
    chance = pass_probability(dice, white=white, cards=cards, need=need, mode=red_mode)
    if as_json:
        report = {
            "probability": float(chance),
            "exact": f"{chance.numerator}/{chance.denominator}",
            "dice": white,
            "cards": cards,
            "need": need,
            "mode": red_mode.value,
            "faces": {"white": [str(f) for f in dice.white], "red": [str(f) for f in dice.red]},
        }
        import json  # here, not at import: --version needs none

        echo(json.dumps(report, indent=2))
        return
    extra = {"normal": "", "advantage": " with ADVANTAGE", "disadvantage": " with DISADVANTAGE"}
    echo(
        f"{float(chance):.1%} ({chance.numerator}/{chance.denominator}) to reach "
        f"{_count(need, 'success', 'successes')} with {_count(white, 'white die', 'white dice')} "
        f"and {_count(cards, 'sure success', 'sure successes')}{extra[red_mode.value]}."
    )


def _checked(paths: list[Path]) -> str:
    """What was checked when no scenario could be read: the core, or a tale
    that could not be read whole (its problems are listed above)."""
    names = [
        "the core components"
        if p.name == "core" or (p / "dice.yaml").exists()
        else f"{p.name} (no scenario of it could be read)"
        for p in paths
    ]
    return ", ".join(names)


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the problems and stats as JSON.")
def check(paths: tuple[Path, ...], as_json: bool) -> None:
    """Check storybooks and list every problem as path:line:col.

    A PATH may be the storybooks folder (the core components and every tale
    in it), the core folder, or one tale's folder. With no PATH, checks the
    bundled storybooks. Exits 1 when there are errors.
    """
    from tales.authoring.checking import check_paths
    from tales.story.core_files import storybooks_dir  # not the core: its classes are not needed
    from tales.ui.words import count

    problems, stats = check_paths(list(paths) or [storybooks_dir()])
    errors = [p for p in problems if p.severity == "error"]
    warnings = [p for p in problems if p.severity != "error"]
    if as_json:
        keys = ("path", "line", "col", "code", "message")
        report = {
            "errors": [{k: getattr(p, k) for k in keys} for p in errors],
            "warnings": [{k: getattr(p, k) for k in keys} for p in warnings],
            "stats": stats,
        }
        import json  # here, not at import: --version needs none

        echo(json.dumps(report, indent=2))
    else:
        for problem in problems:
            echo(problem.annotated())
        summary = f"{count(len(errors), 'error')}, {count(len(warnings), 'warning')}"
        scenarios = ", ".join(f"{name} ({s['paragraphs']} paragraphs)" for name, s in stats.items())
        echo(f"{summary}; checked {scenarios or _checked(list(paths) or [storybooks_dir()])}.")
    if errors:
        sys.exit(1)


def tale_folder(path: Path) -> Path:
    """``path``, if it is a tale's folder; else one line saying it is not."""
    if not (path / "tale.yaml").is_file():
        raise TalesError(f"{str(path)!r} is not a tale's folder: it has no tale.yaml")
    return path


@cli.command()
@click.argument("path", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--scenario", help="Scenario to map (default: the tale's first).")
@click.option(
    "--format",
    "form",
    type=click.Choice(["dot", "mermaid", "html"]),
    default="dot",
    show_default=True,
    help="DOT for Graphviz, Mermaid for Markdown, or a self-contained zoomable HTML page.",
)
def graph(path: Path, scenario: str | None, form: str) -> None:
    """Draw the story map of a tale's scenario: paragraphs and what leads where."""
    from tales.authoring.graph import to_dot, to_mermaid
    from tales.authoring.graph_html import to_html
    from tales.story.loader import load_tale

    tale, problems = load_tale(tale_folder(path))
    if tale is None:
        raise ContentError.in_tale(path, problems)
    book = tale.scenarios[tale.scenario_id(scenario)]
    draw = {"dot": to_dot, "mermaid": to_mermaid, "html": to_html}[form]
    echo(draw(book, tale.interludes.values()), nl=False)


@cli.command()
@click.option(
    "--file",
    "kind",
    type=click.Choice(list(FILE_KINDS)),
    help="Only the schema of one kind of file (for an editor's modeline).",
)
def schema(kind: str | None) -> None:
    """Print the JSON Schema of the storybook files.

    With a YAML language server, point a file at it with a first line such as
    "# yaml-language-server: $schema=schema/paragraphs.json".
    """
    import json  # here, not at import: --version needs none

    from tales.authoring.schema import schema as build

    echo(json.dumps(build(kind), indent=2))


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option("--check", is_flag=True, help="Change nothing; exit 1 if a file would change.")
def fmt(paths: tuple[Path, ...], check: bool) -> None:
    """Rewrite storybook files in the canonical layout, keeping comments."""
    from tales.authoring.fmt import format_paths

    changed, problems = format_paths(list(paths), check=check)
    for problem in problems:
        echo(str(problem))
    verb = "would be reformatted" if check else "reformatted"
    for path in changed:
        echo(f"{path}: {verb}")
    if problems or (check and changed):
        sys.exit(1)


def main() -> None:
    """Console entry point (tales.__main__.main installs the signal handlers first)."""
    signals.install()
    signals.run(_main)


def _main() -> None:
    try:
        cli.main(prog_name="tales", standalone_mode=True)
    except BrokenPipeError:  # output piped into a reader that stopped (| head)
        sys.stderr.close()
        sys.exit(0)
