"""The curated public API: load a tale, start a game, decide, read, save.

Everything a program needs to play Miskatonic Tales goes through here (and
is re-exported by :mod:`tales`): the prompt, the playtest bots, ``tales
simulate`` and scripts all drive the same :class:`~tales.story.game.Game`,
the way python-chess's users drive one ``Board``. See docs/api.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from tales.errors import ContentError
from tales.story.core import Core, load_core, tale_path
from tales.story.game import Game, start_game
from tales.story.model import Tale

if TYPE_CHECKING:  # the saves layer is loaded only by a program that saves
    from tales.saves.session import SavedGame


@dataclass(frozen=True, slots=True)
class Storybook:
    """A tale loaded and checked, with the core components it is played with."""

    root: Path
    tale: Tale
    core: Core

    @property
    def title(self) -> str:
        return self.tale.title

    @property
    def scenarios(self) -> tuple[str, ...]:
        """The scenario ids, in the tale's order (the first is the default)."""
        return tuple(self.tale.scenarios)


def load_tale(source: str | Path | None = None, *, cached: bool = True) -> Storybook:
    """A tale from its folder, or a bundled one by name ("the-drowned-bell");
    None: the default tale. Raises :class:`~tales.errors.ContentError` listing
    every problem when the tale has errors. ``cached``: reuse the pickled tale
    of an earlier load of the same files (``$TALES_CACHE``)."""
    folder = Path(source) if source is not None else None
    root = folder if folder is not None and folder.is_dir() else tale_path(_name(source))
    if cached:
        from tales.story.cache import load_tale_cached

        tale, problems = load_tale_cached(root)
    else:
        from tales.story.loader import load_tale as read_tale

        tale, problems = read_tale(root, fast=True)
    if tale is None:
        raise ContentError.in_tale(root, problems)
    return Storybook(root, tale, load_core())


def _name(source: str | Path | None) -> str | None:
    return None if source is None else str(source)


def new_game(
    storybook: Storybook,
    scenario: str | None = None,
    *,
    difficulty: str = "standard",
    players: Sequence[str] = (),
    companions: Sequence[str] = (),
    seed: int | None = None,
    house_rules: Mapping[str, bool] | None = None,
) -> Game:
    """A scenario set up and its introduction read, waiting for the first input.

    ``players``: the players' investigators (slugs or names; default: one, the
    box's first); the team is filled up to four with ``companions`` and then
    with the box's next investigators, as "tales play" does. ``seed``: None
    for a fresh one. ``house_rules``: rulings switched away from their
    defaults, by id (see docs/rulings.md)."""
    from tales.ui.setup import Choices, complete

    choices = Choices(
        scenario=scenario,
        difficulty=difficulty,
        players=len(players) or None,
        investigators=tuple(players),
        companions=tuple(companions),
        seed=seed,
    )
    setup = complete(storybook.core, storybook.tale, choices)
    if house_rules:
        flipped = storybook.core.rulings.overriding(dict(house_rules)).house_rules()
        setup = replace(setup, rulings=tuple(flipped.items()))
    return start_game(storybook.core, storybook.tale, setup)


def save_game(storybook: Storybook, game: Game, name: str, folder: Path | None = None) -> SavedGame:
    """Start saving ``game`` (begun with :func:`new_game` from ``storybook``)
    as ``name`` in ``folder`` (default: ``$TALES_SAVES``, else ./saves). The
    returned session plays on like the game and keeps its sheet and journal
    on disk after every input; its ``game`` is the game now in play."""
    from tales.errors import TalesError
    from tales.saves.session import new_context, start_saved
    from tales.saves.store import SaveFiles, saves_dir

    files = SaveFiles.named(folder or saves_dir(), name)
    if files.exists():
        raise TalesError(f"there is already a save named {files.name!r}; choose another name")
    context = new_context(
        files.name, storybook.root, game.setup.scenario, storybook.tale.content_hash
    )
    core, tale, setup = storybook.core, storybook.tale, game.setup
    saved = start_saved(lambda: start_game(core, tale, setup), files, context, core)
    for option_id in game.inputs:  # the inputs so far, journalled as if played here
        saved.apply(option_id)
    return saved


def load_game(name: str, folder: Path | None = None) -> tuple[SavedGame, list[str]]:
    """A saved game by name, its journal replayed, with the warnings of loading
    it (a sheet typed in by hand, content changed since...)."""
    from tales.saves.session import load_saved
    from tales.saves.store import SaveFiles, saves_dir

    return load_saved(SaveFiles.named(folder or saves_dir(), name), load_core())
