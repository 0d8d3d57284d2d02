"""Every eased test of a random whole game says what eased it.

Rulebook: "possessing the corresponding Item or keyword will make the test
easier". A newcomer read "eased by 1" and never learnt why; the reason is now
found by the rules as the test starts (ruling ease-who-counts) and carried by
its ``TestStarted``. Here, over whole games of the bundled tales, with deaths,
encounters and keywords marked along the way, each eased test must name its
item or keyword, and its words must say so.
"""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings

from tales.rules import events as ev
from tales.story.core import Core
from tales.story.game import begin_game, set_up
from tales.story.model import Tale
from tales.ui import render
from tests.story.random_games import RANDOM_GAMES, RandomGame

MAX_INPUTS = 600  # most games end sooner; a longer one is checked as far as it went


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drawn=RANDOM_GAMES)
def test_every_eased_test_of_a_whole_game_says_what_eased_it(
    core: Core, tales: dict[str, Tale], drawn: RandomGame
) -> None:
    tale = tales[drawn.tale]
    setup = drawn.setup(tale)
    game = begin_game(tale, setup, set_up(core, tale, setup))
    bot, rng = drawn.bot()
    for _ in range(MAX_INPUTS):
        if game.pending is None:
            break
        game.push(bot(game.pending, game.view, rng))
    started = [e for e in game.events if isinstance(e, ev.TestStarted) and e.tally is None]
    eased = [e for e in started if e.eased_by > 0]
    event(f"eased tests: {'some' if eased else 'none'}")
    for test in eased:
        found = test.eased_with
        assert found is not None, test
        assert (found.holder is None) == (found.how == "sheet"), found
        (line,) = render.render_event(test, game.view)
        assert f"(eased by {test.eased_by}: " in line.text, line.text
    # And the other way: a test found eased was eased, unless its need was
    # already the floor of 1 (ruling ease-floor).
    assert all(e.eased_by > 0 for e in started if e.eased_with is not None and e.need > 1)
