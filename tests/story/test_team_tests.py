"""Team tests: "Investigators can initiate tests one by one, following all the
regular test's rules, including the assistance, and their Successes are
carried over to the next test." A Team test belongs to the whole team, and
so does its once-a-round try (ruling ``test-once-a-round``)."""

from __future__ import annotations

from tales.rules.decisions import Engine
from tales.story.game import Game, GameSetup, start_game
from tales.story.model import Tale
from tales.story.options import StoryOption
from tests.conftest import load_dice, red, ruling

EZRA, PHILIP = "ezra-marsh", "philip-harris"
HAUL = (3, 3)  # the Pier's "Haul the line together", a Team STRENGTH test


def _team_on_the_pier(core, tale: Tale, once: bool) -> Game:
    setup = GameSetup(
        "shallows",
        (EZRA, PHILIP),
        ("irene-dubois", "arthur-blackwood"),
        seed=1,
        rulings=(("test-once-a-round", once),),
    )
    game = start_game(core, tale, setup)
    while game.engine.pending is not None and game.engine.pending.kind != "activity":
        pending = game.engine.pending
        game.apply("draw" if "draw" in pending.ids else pending.ids[0])
    for who in (EZRA, PHILIP):
        game.table.investigator(who).location = "pier"
    return game


def _fail_the_haul(game: Game) -> None:
    """Ezra starts the Team test, rolls a bare red blank, and the team gives up."""
    table = game.table
    load_dice(table, red("blank"))
    engine = Engine(game.book.perform(table, StoryOption(EZRA, *HAUL)), table.sink)
    engine.apply_all([f"attempt:{EZRA}", "roll", "accept", "give-up"])
    assert engine.finished


@ruling("test-once-a-round", value=True)
def test_a_team_test_cannot_be_started_again_in_the_same_round_by_another_member(
    core, deadly_tale: Tale
) -> None:
    game = _team_on_the_pier(core, deadly_tale, once=True)
    _fail_the_haul(game)
    ids = [o.id for o in game.book.options(game.table)]
    assert f"story:{PHILIP}:3:3" not in ids, "the team has had its try this round"
    assert f"story:{EZRA}:3:3" not in ids
    assert f"story:{PHILIP}:3:2" in ids, "Philip's own test is still his to try"
    game.table.round += 1
    assert f"story:{PHILIP}:3:3" in [o.id for o in game.book.options(game.table)]


@ruling("test-once-a-round", value=False)
def test_a_team_test_may_be_started_again_at_once_when_switched_off(
    core, deadly_tale: Tale
) -> None:
    game = _team_on_the_pier(core, deadly_tale, once=False)
    _fail_the_haul(game)
    ids = [o.id for o in game.book.options(game.table)]
    assert f"story:{PHILIP}:3:3" in ids and f"story:{EZRA}:3:3" in ids
