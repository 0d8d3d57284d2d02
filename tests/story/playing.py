"""Moves the story tests make in a game, written once: drawing on to the
activity decision, taking a scene's option, listing the story's options."""

from __future__ import annotations

from collections.abc import Callable

from tales.rules.decisions import Engine
from tales.story.game import Game
from tales.story.options import StoryOption


def to_activity(game: Game, apply: Callable[[str], object] | None = None) -> None:
    """Draw and take the first answer to everything up to the first activity
    decision (through ``apply``: a save's, which writes its sheet as it goes)."""
    apply = apply or game.apply
    while game.pending is not None and game.pending.kind != "activity":
        apply("draw" if "draw" in game.pending.ids else game.pending.ids[0])


def take_option(game: Game, who: str, scene: int, index: int) -> None:
    """Take a scene's option as ``who``, answering what its cost asks with the first choice."""
    engine = Engine(game.book.perform(game.table, StoryOption(who, scene, index)), game.table.sink)
    while not engine.finished:
        engine.apply(engine.legal_ids()[0])


def story_ids(game: Game) -> list[str]:
    """The ids of the story's options open now."""
    return [o.id for o in game.book.options(game.table)]
