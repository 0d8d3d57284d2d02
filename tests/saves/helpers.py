"""Pieces shared by the save tests and the player process they kill: a
seeded game of The Drowned Bell, a random bot, and ways to compare games."""

from __future__ import annotations

import copy
import random
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tales.authoring.bots import POLICIES
from tales.rules.events import Event
from tales.rules.scenario import DIFFICULTIES
from tales.saves.session import SavedGame, new_context, start_saved
from tales.saves.store import SaveFiles
from tales.story.cache import load_tale_cached
from tales.story.core import Core, tale_path
from tales.story.game import Game, GameSetup, start_game
from tales.story.interpreter import StoryRead
from tales.story.model import Tale

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "saves"
BELL = "the-drowned-bell"
SCENARIO = "bell-house"
INVESTIGATORS = (
    "arthur-blackwood",
    "elizabeth-hawthorne",
    "ezra-marsh",
    "irene-dubois",
    "laszlo-varga",
    "margaret-sinclair",
    "philip-harris",
    "sarah-elington",
)
# A deadly two-scenario campaign: deaths mid-round, two encounters at once.
DEADLY = ROOT / "tests" / "data" / "deadly-tale"


@dataclass(frozen=True)
class Bell:
    """The starter tale, loaded once: where it lives and what it holds."""

    root: Path
    tale: Tale


def load_bell(name: str = BELL) -> Bell:
    root = tale_path(name)
    tale, problems = load_tale_cached(root)
    assert tale is not None, problems
    return Bell(root, tale)


def load_deadly() -> Bell:
    tale, problems = load_tale_cached(DEADLY)
    assert tale is not None, problems
    return Bell(DEADLY, tale)


def setup_for(seed: int, scenario: str = SCENARIO) -> GameSetup:
    """A team of 1 to 4 players (the rest Companions), a difficulty and a
    game seed, all drawn from ``seed``."""
    rng = random.Random(seed)
    team = rng.sample(INVESTIGATORS, 4)
    players = rng.randint(1, 4)
    return GameSetup(
        scenario,
        tuple(team[:players]),
        tuple(team[players:]),
        rng.choice(DIFFICULTIES),
        rng.randrange(1_000_000),
    )


def random_input(game: Game, rng: random.Random) -> str:
    """The random bot's choice for the decision the game waits on."""
    assert game.pending is not None
    return POLICIES["random"](game.pending, game.view, rng).id


def play_randomly(saved: SavedGame, rng: random.Random, count: int) -> None:
    """Up to ``count`` inputs of the random bot, saved as they are played;
    fewer if the game ends first."""
    for _ in range(count):
        if saved.game.pending is None:
            return
        saved.apply(random_input(saved.game, rng))


def new_saved(core: Core, bell: Bell, setup: GameSetup, files: SaveFiles | None) -> SavedGame:
    name = files.name if files is not None else "unsaved"
    context = new_context(name, bell.root, setup.scenario, bell.tale.content_hash)
    return start_saved(lambda: start_game(core, bell.tale, setup), files, context, core)


def signature(events: tuple[Event, ...] | list[Event]) -> list[tuple[str, int | None]]:
    """What a player would notice of a stretch of play: each event's kind,
    and the paragraph of each one read."""
    return [(type(e).__name__, e.paragraph if isinstance(e, StoryRead) else None) for e in events]


def pending_ids(game: Game) -> tuple[str, ...] | None:
    pending = game.pending
    return None if pending is None else tuple(pending.ids)


def picture(game: Game) -> dict[str, Any]:
    """Everything compared between two games said to be the same, as it
    stands now (later play does not change it)."""
    return {
        "table": game.table.snapshot(),
        "story": copy.deepcopy(game.book.state),
        "pending": pending_ids(game),
    }


def copy_sheet(source: Path, folder: Path, name: str) -> SaveFiles:
    """A sheet kept under tests/data/saves, copied into ``folder`` as the
    save ``name``: loading may rewrite a sheet, and the kept one must not change."""
    files = SaveFiles.named(folder, name)
    shutil.copyfile(source, files.sheet)
    return files
