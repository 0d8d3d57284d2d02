"""The prompt at a physical table: Tab completes faces and card names, the
``dice``/``cards`` commands switch the source mid-game (an input in the log),
``codes`` and ``help table`` explain them, and a wrong entry is refused."""

from __future__ import annotations

from dataclasses import replace

from tales.rules.automation import Source
from tales.rules.decisions import DecisionKind
from tales.story.core import Core
from tales.story.game import Game, start_game
from tales.story.model import Tale
from tales.ui.play import PlayLoop
from tales.ui.setup import Choices, complete
from tests.ui.conftest import FakeConsole


def _physical(core: Core, tale: Tale) -> Game:
    setup = complete(core, tale, Choices(players=1, investigators=("ezra",), seed=5))
    return start_game(core, tale, replace(setup, dice=Source.PHYSICAL, cards=Source.PHYSICAL))


def test_tab_completes_the_cards_a_deck_can_still_give(core: Core, tale: Tale) -> None:
    game = _physical(core, tale)
    assert game.pending is not None and game.pending.kind is DecisionKind.ENTER_CARD
    loop = PlayLoop(game, FakeConsole())
    words = loop.completions()
    assert "heroism" in words or "strength" in words
    assert any(w.startswith("ezra-marsh-") for w in words)


def test_the_cards_command_switches_the_source_and_the_program_draws(
    core: Core, tale: Tale
) -> None:
    game = _physical(core, tale)
    console = FakeConsole(["cards sometimes", "cards digital", "codes", "help table"])
    loop = PlayLoop(game, console)
    loop.run()
    text = console.text
    assert "'cards' takes 'physical'" in text
    assert "From now on the program draws the cards." in text
    assert "cards-by:digital" in game.inputs
    assert game.table.automation.cards is Source.DIGITAL
    assert "s = success" in text and "dice physical|digital" in text


def test_a_wrong_entry_at_the_prompt_is_refused_and_the_game_goes_on(
    core: Core, tale: Tale
) -> None:
    game = _physical(core, tale)
    pending = game.pending
    console = FakeConsole(["stress"])
    PlayLoop(game, console).run()
    assert "is no card of Ezra Marsh's deck; it holds" in console.text
    assert game.pending is pending
