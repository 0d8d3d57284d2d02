"""A scene's options, asked for the whole team at once (tales.story.offers),
against the same options asked one at a time (what ``perform`` and the
bots' look-ahead ask): the menu's shortcuts must never change what is open."""

from __future__ import annotations

import random

import pytest

from tales.rules.decisions import DecisionKind
from tales.rules.options import Option
from tales.rules.terms import Attribute
from tales.story.core import Core, tale_path
from tales.story.game import Game, GameSetup, start_game
from tales.story.loader import load_tale
from tales.story.menu import ending_of, menu_of
from tales.story.model import (
    Branch,
    ChoiceDef,
    Effect,
    OptionDef,
    Outcome,
    Paragraph,
    Tale,
    TestDef,
)
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


def test_an_option_that_ends_the_scenario_for_everyone_says_so(reef: Tale):
    """A newcomer's play-through: one player swung aboard the fish truck and
    the scenario ended for the whole team, unannounced. The menu says it."""
    low_water = reef.scenarios["low-water"]
    square = next(
        n
        for n, p in low_water.paragraphs.items()
        if any(o.label.startswith("Swing aboard the fish truck") for o in p.options)
    )
    entry = next(
        e
        for e in menu_of(low_water.paragraphs, square).entries
        if e.option.label.startswith("Swing aboard the fish truck")
    )
    assert entry.described.endswith(
        "(1 Action; AGILITY test, 1 needed; a success ends the scenario)"
    )


def test_only_an_option_that_surely_ends_the_scenario_says_so():
    """Through plain gotos only: a choice, a branch or a condition on the way
    means it may not end, and a cycle of gotos is followed no further."""
    paragraphs = {
        1: Paragraph(1, goto=2),
        2: Paragraph(2, goto=3),
        3: Paragraph(3, end=True),
        4: Paragraph(4, choices=(ChoiceDef("Stay", outcome=Outcome(goto=3)),)),
        5: Paragraph(5, effects=(Effect("end", True, condition="time > 5"),)),
        6: Paragraph(6, effects=(Effect("end", True),)),
        7: Paragraph(7, goto=8),
        8: Paragraph(8, goto=7),
    }

    def said(**fields: object) -> str:
        return ending_of(paragraphs, OptionDef("Go", **fields))  # type: ignore[arg-type]

    assert said(goto=1) == "ends the scenario"
    assert said(goto=6) == "ends the scenario"
    assert said(goto=4) == said(goto=5) == said(goto=7) == ""
    test = TestDef(Attribute.AGILITY, 1)
    assert said(test=test, success=Outcome(goto=3), failure=Outcome()) == (
        "a success ends the scenario"
    )
    assert said(test=test, success=Outcome(), failure=Outcome(goto=1)) == (
        "a failure ends the scenario"
    )
    assert said(test=test, success=Outcome(goto=3), failure=Outcome(goto=6)) == "ends the scenario"
    assert said(test=test, success=Outcome(goto=4), failure=Outcome()) == ""


def test_an_option_that_names_its_taker_does_not_name_them_twice(core: Core, reef: Tale):
    """Gannet Light's breakwater head offered "Arthur Blackwood: Arthur
    Blackwood watches the whaleboat the way he watched the German lines": an
    option written for one investigator names them itself. Anyone else's
    options still say who takes them."""
    team = ("arthur-blackwood", "elizabeth-hawthorne")
    setup = GameSetup("gannet-light", team, ("ezra-marsh", "irene-dubois"), "standard", 11)
    game = start_game(core, reef, setup)
    for slug in team:
        game.table.investigator(slug).location = "breakwater-head"
    game.book.state.scenes["breakwater-head"] = 40  # the breakwater head's scene
    labels = [o.label for o in game.book.offers.options(game.table)]
    assert "Arthur Blackwood watches the whaleboat the way he watched the German lines" in labels
    assert "Arthur Blackwood: Watch the whaleboat go out past the light" in labels
    assert "Elizabeth Hawthorne: Watch the whaleboat go out past the light" in labels
    assert not any(label.startswith("Arthur Blackwood: Arthur Blackwood") for label in labels)


def test_a_branch_every_way_of_which_ends_the_scenario_says_so():
    """The Settling's bus out read 232, whose conditional goto chooses the
    ending by the objectives (200, 201, else 203): a newcomer took it in
    round 1 and the scenario ended unannounced. Every way, the fallback
    too, must end it: a way that may not, or no fallback, or a cycle of
    branches, and the menu says nothing."""
    ending = Paragraph(9, end=True)
    paragraphs = {
        1: Paragraph(1, branches=(Branch("time > 5", 9), Branch("time > 2", 3)), goto=9),
        3: Paragraph(3, goto=9),
        9: ending,
        4: Paragraph(4, branches=(Branch("time > 5", 9),), goto=5),
        5: Paragraph(5, text="the story goes on"),
        6: Paragraph(6, branches=(Branch("time > 5", 9),)),  # nothing holds: reading stops
        7: Paragraph(7, branches=(Branch("time > 5", 8),), goto=9),
        8: Paragraph(8, branches=(Branch("time > 5", 7),), goto=9),
    }

    def said(goto: int) -> str:
        return ending_of(paragraphs, OptionDef("Go", goto=goto))

    assert said(1) == "ends the scenario"
    assert said(4) == said(6) == ""
    assert said(7) == "", "a cycle of branches is followed no further"


def test_the_settling_s_ways_out_say_they_end_the_scenario(reef: Tale):
    settling = reef.scenarios["the-settling"]
    labels = [e.described for e in menu_of(settling.paragraphs, 52).entries]
    assert (
        "Get into the bus with Abel at the wheel and drive out of Innsmouth (ends the scenario)"
        in labels
    )
