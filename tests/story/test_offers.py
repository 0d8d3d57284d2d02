"""A scene's options, asked for the whole team at once (tales.story.offers),
against the same options asked one at a time (what ``perform`` and the
bots' look-ahead ask): the menu's shortcuts must never change what is open."""

from __future__ import annotations

import random

import pytest

from tales.rules.decisions import DecisionKind
from tales.rules.options import Option
from tales.story.core import Core, tale_path
from tales.story.game import Game, GameSetup, start_game
from tales.story.loader import load_tale
from tales.story.menu import menu_of
from tales.story.model import Tale
from tales.story.options import StoryOption


@pytest.fixture(scope="module")
def reef() -> Tale:
    tale, problems = load_tale(tale_path("the-reef-ledger"))
    assert tale is not None, problems
    return tale


def one_at_a_time(game: Game) -> list[Option]:
    """Every option of every player's scene that ``Offers.open`` says is open."""
    offers, table, found = game.book.offers, game.table, []
    for inv in table.players():
        scene = game.book.state.scenes.get(inv.location or "")
        if scene is None:
            continue
        for index, option in enumerate(game.book.book.paragraphs[scene].options):
            if offers.open(table, inv, scene, index):
                found.append(StoryOption(inv.slug, scene, index, label=option.label))
    return found


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_the_team_is_offered_what_each_investigator_may_take(core: Core, reef: Tale, seed: int):
    players = ("arthur-blackwood", "ezra-marsh", "irene-dubois")
    setup = GameSetup(next(iter(reef.scenarios)), players, ("laszlo-varga",), "standard", seed)
    game, rng, asked = start_game(core, reef, setup), random.Random(seed), 0
    while game.pending is not None and len(game.inputs) < 600:
        if game.pending.kind is DecisionKind.ACTIVITY:
            offered = game.book.offers.options(game.table)
            assert offered == one_at_a_time(game)  # equal by value, in the same order
            again = game.book.offers.options(game.table)
            assert all(a is b for a, b in zip(offered, again, strict=True))  # made once
            asked += 1
        game.push(rng.choice(game.pending.options))
    assert asked > 20, "the game must reach enough activity decisions to compare"


def test_a_menu_knows_its_costs_conditions_and_encounters(reef: Tale):
    book = next(iter(reef.scenarios.values()))
    for number, paragraph in book.paragraphs.items():
        if not paragraph.options:
            continue
        menu = menu_of(book.paragraphs, number)
        assert [e.option for e in menu.entries] == list(paragraph.options)
        assert menu.costly == any(o.cost for o in paragraph.options)
        assert menu.conditional == any(o.condition is not None for o in paragraph.options)
        for entry in menu.entries:
            effects = [e for t in entry.option.targets() for e in book.paragraphs[t].effects]
            assert entry.begins_encounter == any(e.kind == "encounter" for e in effects)
