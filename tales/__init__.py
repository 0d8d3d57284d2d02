"""tales: a digital storybook runner for the board game Miskatonic Tales.

The public API is curated here (docs/api.md); everything else is internal
and may move. The names are loaded on first use, so ``import tales`` and
``tales --version`` stay as quick as the version alone.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

__version__ = "0.1.0"

# Each public name and the module it lives in.
_WHERE = {
    "Storybook": "tales.api",
    "load_tale": "tales.api",
    "new_game": "tales.api",
    "save_game": "tales.api",
    "load_game": "tales.api",
    "Game": "tales.story.game",
    "GameSetup": "tales.story.game",
    "SavedGame": "tales.saves.session",
    "Decision": "tales.rules.decisions",
    "DecisionKind": "tales.rules.decisions",
    "Option": "tales.rules.options",
    "parse_option": "tales.rules.options",
    "StoryOption": "tales.story.options",
    "StoryChoice": "tales.story.options",
    "Event": "tales.rules.events",
    "TableView": "tales.story.view",
    "InvestigatorView": "tales.story.view",
    "ItemView": "tales.story.view",
    "EncounterView": "tales.story.view",
    "TalesError": "tales.errors",
    "ContentError": "tales.errors",
    "IllegalInput": "tales.errors",
}

__all__ = [
    "ContentError",
    "Decision",
    "DecisionKind",
    "EncounterView",
    "Event",
    "Game",
    "GameSetup",
    "IllegalInput",
    "InvestigatorView",
    "ItemView",
    "Option",
    "SavedGame",
    "StoryChoice",
    "StoryOption",
    "Storybook",
    "TableView",
    "TalesError",
    "__version__",
    "load_game",
    "load_tale",
    "new_game",
    "parse_option",
    "save_game",
]

if TYPE_CHECKING:  # what the type checker sees; at run time __getattr__ loads them
    from tales.api import Storybook, load_game, load_tale, new_game, save_game
    from tales.errors import ContentError, IllegalInput, TalesError
    from tales.rules.decisions import Decision, DecisionKind
    from tales.rules.events import Event
    from tales.rules.options import Option, parse_option
    from tales.saves.session import SavedGame
    from tales.story.game import Game, GameSetup
    from tales.story.options import StoryChoice, StoryOption
    from tales.story.view import EncounterView, InvestigatorView, ItemView, TableView


def __getattr__(name: str) -> object:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'tales' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value  # once loaded, a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
