"""Shell completion of save names and tale paths (click's own mechanism:
``eval "$(_TALES_COMPLETE=bash_source tales)"``)."""

from __future__ import annotations

from pathlib import Path

import click
from click.shell_completion import CompletionItem


def save_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The saves in --saves (or $TALES_SAVES, or ./saves) whose name starts so."""
    from tales.saves.store import list_saves, saves_dir

    folder = saves_dir(ctx.params.get("saves") or ctx.params.get("folder"))
    return [CompletionItem(s.name) for s in list_saves(folder) if s.name.startswith(incomplete)]


def tale_paths(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The bundled tales by name, and folders for a tale given by path."""
    from tales.story.core import storybooks_dir

    root = storybooks_dir()
    bundled = sorted(p.name for p in root.iterdir() if (p / "tale.yaml").is_file())
    items = [CompletionItem(name) for name in bundled if name.startswith(incomplete)]
    if incomplete and (Path(incomplete).anchor or "/" in incomplete or incomplete.startswith(".")):
        items.append(CompletionItem(incomplete, type="dir"))  # the shell completes the path
    elif not items:
        items.append(CompletionItem(incomplete, type="dir"))
    return items
