"""An option's effects happen once unless the storybook says it may repeat
(tales.story.menu), played on *The Reef Ledger*'s square: signing the hotel
register (15: the keyword GUEST) and asking the loungers about Kimball (12:
SURPRISED for those there, and the Loungers' encounter; ``repeat: true``, for
the team may break off and come back to them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tales.rules.encounters import end_encounter
from tales.rules.events import TokenGained
from tales.rules.terms import StatusToken
from tales.story.game import Game, GameSetup, start_game
from tales.story.loader import load_tale

ROOT = Path(__file__).resolve().parents[2]
EZRA, MARGARET = "ezra-marsh", "margaret-sinclair"
ASK_LOUNGERS, SIGN_REGISTER = f"story:{MARGARET}:10:2", f"story:{MARGARET}:14:0"


@pytest.fixture(scope="module")
def ledger():
    loaded, problems = load_tale(ROOT / "storybooks" / "the-reef-ledger")
    assert loaded is not None, problems
    return loaded


def at_activity(core, ledger) -> Game:
    setup = GameSetup("low-water", (EZRA, MARGARET), ("arthur-blackwood", "irene-dubois"), seed=5)
    game = start_game(core, ledger, setup)
    while game.engine.pending is not None and game.engine.pending.kind != "activity":
        pending = game.engine.pending
        game.apply("draw" if "draw" in pending.ids else pending.ids[0])
    return game


def menu(game: Game) -> list[str]:
    """The storybook's options open now."""
    return [o.id for o in game.book.options(game.table)]


def surprised(game: Game) -> int:
    return sum(
        1 for e in game.events if isinstance(e, TokenGained) and e.token is StatusToken.SURPRISED
    )


def finish_reading(game: Game) -> None:
    while game.engine.pending is not None and game.engine.pending.kind != "activity":
        game.apply(game.engine.pending.ids[0])


def test_a_story_option_that_starts_an_encounter_is_not_offered_during_it(core, ledger):
    game = at_activity(core, ledger)
    assert game.table.investigator(MARGARET).location == "bus-stop"
    assert ASK_LOUNGERS in menu(game)
    game.apply(ASK_LOUNGERS)
    finish_reading(game)
    assert "bus-stop" in game.table.encounters
    assert surprised(game) == 2, "one SURPRISED token for each investigator there"
    assert ASK_LOUNGERS not in menu(game), "taking it again would be a second SURPRISED"

    end_encounter(game.table, "bus-stop")  # the team broke off through the ring
    assert ASK_LOUNGERS in menu(game), "repeat: true -- the loungers may be faced again"


def test_an_options_effects_happen_once_unless_the_storybook_says_it_may_repeat(core, ledger):
    game = at_activity(core, ledger)
    game.apply(f"move:{MARGARET}:ropewalk-hotel")
    finish_reading(game)
    assert SIGN_REGISTER in menu(game)
    game.apply(SIGN_REGISTER)
    finish_reading(game)
    assert "GUEST" in game.table.keywords
    assert SIGN_REGISTER not in menu(game), "its effects have happened: it is not offered again"


def test_a_test_passed_once_closes_when_its_paragraph_gives_its_effects_the_first_time():
    """A newcomer paid a second EDUCATION test to read the harbormaster's log
    again: its clue comes by ``first_time``, so the pass closed nothing.
    Passing again would cost cards and dice to tell the same text. The
    Drowned Bell's "look for the bell" (14 to 15, whose find is first-time)
    now closes once passed; a plain option to such a paragraph stays open,
    its second reading said "(already read)" and free."""
    from dataclasses import replace

    from tales.story.menu import lasting
    from tales.story.model import Effect, OptionDef

    bell, problems = load_tale(ROOT / "storybooks" / "the-drowned-bell")
    assert bell is not None, problems
    book = bell.scenarios["bell-house"]
    look = book.paragraphs[14].options[0]
    assert look.test is not None and look.success is not None and look.success.goto == 15
    assert not book.paragraphs[15].effects and book.paragraphs[15].first_time
    assert lasting(book, look, 15)
    assert not lasting(book, replace(look, repeat=True), 15), "repeat: true keeps it open"
    walk = OptionDef("Go down to the waterline", goto=15)
    assert not lasting(book, walk, 15)
    found = replace(book.paragraphs[15], first_time=(Effect("keyword", "BELL"),))
    assert lasting(replace(book, paragraphs={**book.paragraphs, 15: found}), look, 15)
