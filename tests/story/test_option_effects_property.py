"""Property: no option's effects apply twice (tales.story.menu).

Random games on the bundled tales, by every bot: an option whose taking applies
effects, with no ``repeat: true``, leads to its effects at most once -- a plain
option to its paragraph, a test to its success."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings

from tales.rules.events import Event
from tales.story.core import Core
from tales.story.game import Game, start_game
from tales.story.interpreter import StoryRead
from tales.story.menu import lasting
from tales.story.model import OptionDef, Tale
from tales.story.options import StoryOption
from tests.story.random_games import RANDOM_GAMES, RandomGame

MAX_INPUTS = 500


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
@given(drawn=RANDOM_GAMES)
def test_no_options_effects_apply_twice(
    core: Core,
    tales: dict[str, Tale],
    drawn: RandomGame,
) -> None:
    tale = tales[drawn.tale]
    setup = drawn.setup(tale)
    game = start_game(core, tale, setup)
    bot, rng = drawn.bot()
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
