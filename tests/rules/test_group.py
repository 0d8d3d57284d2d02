"""The Group token hides where it stands (ruling ``group-moves-together``):
it shows itself when it moves or runs, when the story moves it, and when an
encounter begins where it stands, and it does not hide while an encounter is
under way there. The fixture tale tests/data/map-tale's ``lantern-walk``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tales.rules.encounters import start_encounter
from tales.rules.events import ActionsPaid, GroupHidden, GroupMoved
from tales.rules.group import hide, may_hide, move_group
from tales.rules.options import Move
from tales.rules.own_activities import own_activities
from tales.rules.scenario import Encounter, Enemy
from tales.rules.terms import Attribute
from tales.story.game import Game, GameSetup, start_game
from tales.story.loader import load_tale
from tales.story.model import Tale
from tests.conftest import ruling

MAP_TALE = Path(__file__).resolve().parents[2] / "tests" / "data" / "map-tale"
EZRA, PHILIP = "ezra-marsh", "philip-harris"
WALK = GameSetup(
    "lantern-walk", (EZRA, PHILIP), ("irene-dubois", "arthur-blackwood"), "standard", 5
)
WATCH = Encounter("watch", "The Watch", Enemy("watchman", "A Watchman", 3, Attribute.POWER, 3))
HIDE = f"story:{EZRA}:10:0"  # "Put out the lantern and keep to the hedges" on the green


@pytest.fixture(scope="module")
def tale() -> Tale:
    loaded, problems = load_tale(MAP_TALE)
    assert loaded is not None and not problems, problems
    return loaded


def walk(core, tale: Tale) -> Game:
    game = start_game(core, tale, WALK)
    while game.pending is not None and game.pending.kind != "activity":
        game.apply("draw" if "draw" in game.pending.ids else game.pending.ids[0])
    return game


def hidden_on_the_green(core, tale: Tale) -> Game:
    game = walk(core, tale)
    game.apply(HIDE)
    assert game.table.group is not None and game.table.group.hidden
    return game


@ruling("group-moves-together")
def test_a_group_that_moves_on_shows_itself_before_it_goes(core, tale):
    game = hidden_on_the_green(core, tale)
    events = list(game.apply(f"move:{EZRA}:lane"))
    while game.pending is not None and game.pending.kind == "pay":
        events += game.apply(next(i for i in game.pending.ids if i.startswith("pay:")))
    shown = events.index(GroupHidden(False))
    assert events.index(GroupMoved("green", "lane", (EZRA, PHILIP))) > shown
    assert game.table.group is not None and not game.table.group.hidden
    assert game.table.group.at == "lane"


@ruling("group-moves-together")
def test_the_story_moving_a_hidden_group_brings_it_out(core, tale):
    game = hidden_on_the_green(core, tale)
    table = game.table
    assert table.group is not None
    move_group(table, "lane")
    assert table.group.at == "lane" and not table.group.hidden


@ruling("group-moves-together")
def test_an_encounter_begun_where_the_group_hides_finds_it(core, tale):
    game = hidden_on_the_green(core, tale)
    table = game.table
    start_encounter(table, WATCH, "green")
    assert table.group is not None and not table.group.hidden
    assert GroupHidden(False) in table.sink.take()


@ruling("group-moves-together")
def test_an_encounter_elsewhere_leaves_a_hidden_group_hidden(core, tale):
    game = hidden_on_the_green(core, tale)
    start_encounter(game.table, WATCH, "mill")
    assert game.table.group is not None and game.table.group.hidden


@ruling("group-moves-together")
def test_no_hide_is_offered_or_taken_while_an_encounter_is_under_way_there(core, tale):
    game = walk(core, tale)
    table = game.table
    assert HIDE in game.pending.ids  # type: ignore[union-attr]
    start_encounter(table, WATCH, "green")
    assert not may_hide(table)
    assert HIDE not in [o.id for o in game.book.options(table)]
    hide(table, True)  # a storybook that hides anyway changes nothing
    assert table.group is not None and not table.group.hidden
    table.encounters.clear()
    assert may_hide(table) and HIDE in [o.id for o in game.book.options(table)]


def _moves(game: Game) -> list[Move]:
    assert game.pending is not None
    return [o for o in game.pending.options if isinstance(o, Move)]


@ruling("group-moves-together")
def test_each_group_move_is_listed_once_saying_who_may_pay(core, tale):
    """Playtest 6: with the Group token every move was listed once per
    investigator (30 to 40 options at Fountain Square), though the group
    moves as one. Each is listed once, in the first investigator's place."""
    game = walk(core, tale)
    moves = _moves(game)
    assert [m.id for m in moves] == [f"move:{EZRA}:church", f"move:{EZRA}:lane"]
    assert [m.label for m in moves] == [
        "The group moves to The Church (1 Action; paid by Ezra Marsh or Philip Harris)",
        "The group moves to Mill Lane (1 Action; paid by Ezra Marsh or Philip Harris)",
    ]


@ruling("group-moves-together")
def test_one_who_stands_apart_from_the_token_moves_alone(core, tale):
    game = walk(core, tale)
    table = game.table
    philip = table.investigator(PHILIP)
    philip.location = "lane"  # the story left him there: the token stays on the green
    listed = [o for o in own_activities(table, table.players()) if isinstance(o, Move)]
    assert {o.investigator for o in listed} == {EZRA, PHILIP}
    assert all(not o.label.startswith("The group") for o in listed)


@ruling("group-moves-together")
def test_the_card_paid_chooses_who_pays_for_the_group(core, tale):
    """ "An investigator who moves or runs from where the token stands pays
    the Action alone": the team picks the card, from either hand."""
    game = walk(core, tale)
    table = game.table
    ezra_hand = list(table.investigator(EZRA).hand)
    game.apply(f"move:{EZRA}:lane")
    pay = game.pending
    assert pay is not None and pay.kind == "pay" and pay.prompt.endswith("who pays the 1 Action?")
    labels = [o.label for o in pay.options]
    assert any(label.startswith("Ezra Marsh discards ") for label in labels)
    assert any(label.startswith("Philip Harris discards ") for label in labels)
    card = next(c for c in table.investigator(PHILIP).hand if c.action)
    events = game.apply(f"pay:{card.id}")
    assert ActionsPaid(PHILIP, (card.id,), (), "Move to Mill Lane") in events
    assert table.investigator(EZRA).hand == ezra_hand, "Ezra paid nothing"
    assert card in table.investigator(PHILIP).discard
    assert {p.location for p in table.players()} == {"lane"}
    assert table.group is not None and table.group.at == "lane"
