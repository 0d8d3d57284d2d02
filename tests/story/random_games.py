"""Random whole games of the bundled tales, for the property tests that
play them: what Hypothesis draws, and the setup and bot it makes."""

from __future__ import annotations

import random
from dataclasses import dataclass

from hypothesis import strategies as st

from tales.authoring.bots import POLICIES, Policy
from tales.story.core import tale_path
from tales.story.game import GameSetup
from tales.story.loader import load_tale
from tales.story.model import Tale
from tests.saves.helpers import INVESTIGATORS

TALES = ("the-drowned-bell", "the-reef-ledger")


def load_bundled() -> dict[str, Tale]:
    """The bundled tales, loaded afresh: not the shared cache, which may
    hold a tale pickled by another checkout's model."""
    loaded = {}
    for name in TALES:
        tale, problems = load_tale(tale_path(name))
        assert tale is not None, problems
        loaded[name] = tale
    return loaded


@dataclass(frozen=True)
class RandomGame:
    """One drawn game: which tale, who plays (1 to 4, the rest of four as
    Companions), the difficulty, the seed, and the bot's policy."""

    tale: str
    team: tuple[str, ...]
    players: int
    difficulty: str
    seed: int
    policy: str

    def setup(self, tale: Tale) -> GameSetup:
        return GameSetup(
            next(iter(tale.scenarios)),
            self.team[: self.players],
            self.team[self.players : 4],
            self.difficulty,
            self.seed,
        )

    def bot(self) -> tuple[Policy, random.Random]:
        return POLICIES[self.policy], random.Random(self.seed)


RANDOM_GAMES = st.builds(
    RandomGame,
    tale=st.sampled_from(TALES),
    team=st.permutations(INVESTIGATORS).map(tuple),
    players=st.integers(1, 4),
    difficulty=st.sampled_from(("easy", "standard", "hard")),
    seed=st.integers(0, 1_000_000),
    policy=st.sampled_from(sorted(POLICIES)),
)
