"""``tales saves``: list, show, export and remove saved games."""

from __future__ import annotations

from pathlib import Path

import click

from tales.cli_common import SAVES_HELP, TalesGroup, complete_saves, echo
from tales.errors import TalesError


@click.group(cls=TalesGroup)
def saves() -> None:
    """List, show, export and remove saved games."""


_saves_option = click.option(
    "--saves", "folder", type=click.Path(file_okay=False, path_type=Path), help=SAVES_HELP
)


@saves.command("list")
@_saves_option
def saves_list(folder: Path | None) -> None:
    """Every save in the folder: name, scenario, round and players."""
    from tales.saves.catalog import list_lines

    for line in list_lines(folder):
        echo(line)


@saves.command("show")
@click.argument("name", shell_complete=complete_saves)
@_saves_option
def saves_show(name: str, folder: Path | None) -> None:
    """Print a save's sheet as text, laid out like the paper Save sheet."""
    from tales.saves.catalog import read_named
    from tales.saves.export import export

    echo(export(read_named(folder, name), "md"), nl=False)


@saves.command("export")
@click.argument("name", shell_complete=complete_saves)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["md", "html"]),
    default="md",
    show_default=True,
    help="Markdown, or a self-contained HTML page to print.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write here instead of printing.",
)
@click.option("--html", "as_html", is_flag=True, help="The HTML page (as --format html).")
@click.option(
    "--page",
    type=click.Choice(["A4", "Letter"]),
    default="A4",
    show_default=True,
    help="The paper the HTML page prints on, one page a sheet.",
)
@_saves_option
def saves_export(
    name: str, fmt: str, output: Path | None, folder: Path | None, as_html: bool, page: str
) -> None:
    """A printable sheet (Markdown or HTML) to carry a game back to the table."""
    from tales.saves.catalog import read_named
    from tales.saves.export import export

    text = export(read_named(folder, name), "html" if as_html else fmt, page)
    if output is None:
        echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8")
        echo(f"wrote {output}")


@saves.command("rm")
@click.argument("name", shell_complete=complete_saves)
@click.option("--yes", is_flag=True, help="Do not ask before removing.")
@_saves_option
def saves_rm(name: str, yes: bool, folder: Path | None) -> None:
    """Remove a save: its sheet, the sheet before it and its journal."""
    from tales.saves.lock import SaveLock
    from tales.saves.store import SaveFiles, remove, saves_dir

    files = SaveFiles.named(saves_dir(folder), name)
    if not files.exists() and not files.journal.exists():
        raise TalesError(f"there is no save named {files.name!r} in {files.folder}")
    if not yes and not click.confirm(f"Remove the save {files.name!r}? This cannot be undone"):
        echo("Nothing removed.")
        return
    lock = SaveLock.take(files)  # never from under a tales playing it
    try:
        removed = remove(files)
    finally:
        lock.release()
    for path in removed:
        echo(f"removed {path}")


@saves.command("new")
@click.argument("name")
@click.option(
    "--tale", "tale_name", default="the-drowned-bell", show_default=True, help="The tale."
)
@click.option(
    "--script",
    type=click.Path(exists=True, path_type=Path, allow_dash=True),
    help="Read the answers from a file, one a line.",
)
@_saves_option
def saves_new(name: str, tale_name: str, script: Path | None, folder: Path | None) -> None:
    """Type in a paper Save sheet field by field, with completion, as save NAME."""
    from tales.saves.typing_in import type_in

    echo(type_in(name, tale_name, script, folder))
