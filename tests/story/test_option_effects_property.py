"""Property: no option's effects apply twice (tales.story.menu).

Random games on the bundled tales, by every bot: an option whose taking applies
effects, with no ``repeat: true``, leads to its effects at most once -- a plain
option to its paragraph, a test to its success."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tales.authoring.bots import POLICIES
from tales.rules.events import Event
from tales.story.core import Core, tale_path
from tales.story.game import Game, GameSetup, start_game
from tales.story.interpreter import StoryRead
from tales.story.loader import load_tale
from tales.story.menu import lasting
from tales.story.model import OptionDef, Tale
from tales.story.options import StoryOption

TALES = ("the-drowned-bell", "the-reef-ledger")
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
MAX_INPUTS = 500


@pytest.fixture(scope="module")
def tales() -> dict[str, Tale]:
    loaded = {}
    for name in TALES:
        tale, problems = load_tale(tale_path(name))
        assert tale is not None, problems
        loaded[name] = tale
    return loaded


def _effects_reached(option: OptionDef, events: list[Event]) -> bool | None:
    """Whether these events, after taking ``option``, reached its lasting
    effects (True), its failure (False), or nothing yet (None)."""
    targets = option.targets()
    read = next(
        (e.paragraph for e in events if isinstance(e, StoryRead) and e.paragraph in targets), None
    )
    if read is None:
        return None
    if option.test is None:
        return True
    failure = option.failure.goto if option.failure else None
    return option.success is not None and read == option.success.goto != failure


def _lasting(game: Game, chosen: StoryOption) -> OptionDef | None:
    option = game.book.book.paragraphs[chosen.scene].options[chosen.index]
    leads = (
        option.goto if option.test is None else (option.success.goto if option.success else None)
    )
    return option if lasting(game.book.book, option, leads) else None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(TALES),
    team=st.permutations(INVESTIGATORS),
    players=st.integers(1, 4),
    difficulty=st.sampled_from(("easy", "standard", "hard")),
    seed=st.integers(0, 1_000_000),
    policy=st.sampled_from(sorted(POLICIES)),
)
def test_no_options_effects_apply_twice(
    core: Core,
    tales: dict[str, Tale],
    name: str,
    team: list[str],
    players: int,
    difficulty: str,
    seed: int,
    policy: str,
) -> None:
    tale = tales[name]
    setup = GameSetup(
        next(iter(tale.scenarios)), tuple(team[:players]), tuple(team[players:4]), difficulty, seed
    )
    game = start_game(core, tale, setup)
    bot, rng = POLICIES[policy], random.Random(seed)
    applied: Counter[tuple[int, int]] = Counter()
    watching: tuple[tuple[int, int], OptionDef] | None = None
    for _ in range(MAX_INPUTS):
        if game.engine.pending is None:
            break
        chosen = bot(game.pending, game.view, rng)
        events = list(game.push(chosen))
        if isinstance(chosen, StoryOption):
            option = _lasting(game, chosen)
            watching = ((chosen.scene, chosen.index), option) if option is not None else None
        if watching is not None:
            reached = _effects_reached(watching[1], events)
            if reached is not None:
                applied[watching[0]] += reached
                watching = None
    twice = {key: n for key, n in applied.items() if n > 1}
    assert not twice, f"options whose effects applied more than once: {twice}"
