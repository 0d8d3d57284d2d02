"""The rules' own activities are kept between activity decisions
(``Table.kept_activities``, tales.rules.own_activities) while what they read
is unchanged, and a listing kept is exactly the fresh one.

Rulebook, 4. Investigator Activity: "If a location has already been revealed
and is adjacent to your current position, you may move your Investigator's
standee into it by discarding 1 card showing the Action icon to the Discard
Pile." Who may move, Run, Rest, use, give or equip an item is asked at every
activity decision for every investigator: these seeded random games of the
bundled tale check, at every one, that the listing the decision offered is
what a table that kept nothing lists (the same ids, labels and order), and
that a game keeping its listings is the game that keeps none, input for
input and event for event.
"""

from __future__ import annotations

import random

import pytest

from tales.api import load_tale, new_game
from tales.rules.activities import item_use_cost
from tales.rules.decisions import DecisionKind
from tales.rules.encounters import start_encounter
from tales.rules.investigators import Investigator
from tales.rules.options import (
    Combat,
    Equip,
    GiveItem,
    Move,
    Option,
    Recover,
    Rest,
    Run,
    Stratagem,
    UseItem,
)
from tales.rules.own_activities import fresh_activities, own_activities
from tales.rules.paths import change_barriers
from tales.rules.round import NoStory, activity_options
from tales.rules.table import Table
from tales.story.core import Core
from tales.story.game import Game
from tests.conftest import deal, game_for

TEAMS = (
    ("arthur-blackwood", "ezra-marsh", "irene-dubois", "laszlo-varga"),
    ("elizabeth-hawthorne", "margaret-sinclair", "sarah-elington", "philip-harris"),
)
OWN = (Rest, Move, Run, Recover, UseItem, GiveItem, Equip, Combat, Stratagem)


def _listed(options: tuple[Option, ...] | list[Option]) -> list[tuple[str, str]]:
    return [(o.id, o.label) for o in options]


def _fresh(table: Table) -> list[tuple[str, str]]:
    """What a table that kept nothing lists: each player's activities worked out anew."""
    players, cost = table.players(), item_use_cost(table)
    options: list[Option] = []
    for inv in players:
        options += fresh_activities(table, inv, players, cost)
    return _listed(options)


def _play(game: Game, rng: random.Random, steps: int, *, keep: bool = True) -> list[str]:
    """Random inputs, checking every activity decision; returns the ids played.
    Without ``keep`` the table forgets its listings before every decision."""
    played: list[str] = []
    for _ in range(steps):
        pending = game.pending
        if pending is None:
            break
        if pending.kind is DecisionKind.ACTIVITY:
            offered = [o for o in pending.options if isinstance(o, OWN)]
            assert _listed(offered) == _fresh(game.table)
        choice = rng.choice(pending.options)
        played.append(choice.id)
        if not keep:
            game.table.kept_activities = None
        game.push(choice)
    return played


def _game(team: tuple[str, ...], seed: int) -> Game:
    return new_game(load_tale(), players=team[:3], companions=team[3:], seed=seed)


@pytest.mark.parametrize("team", TEAMS)
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_kept_activities_are_the_fresh_ones(team, seed):
    game = _game(team, seed)
    _play(game, random.Random(seed), 600)
    kept = game.table.kept_activities
    assert kept is not None and kept.on_foot and kept.with_items  # kept, so compared


@pytest.mark.parametrize("seed", [5, 6])
def test_a_game_that_keeps_its_listings_is_the_game_that_keeps_none(seed):
    """Same seed, same inputs, same game: the listings kept change nothing but time."""
    kept, forgotten = _game(TEAMS[0], seed), _game(TEAMS[0], seed)
    kept_ids = _play(kept, random.Random(seed), 500)
    forgotten_ids = _play(forgotten, random.Random(seed), 500, keep=False)
    assert kept_ids == forgotten_ids
    assert kept.table.snapshot() == forgotten.table.snapshot()
    again = _game(TEAMS[0], seed)
    assert _play(again, random.Random(seed), 500) == kept_ids


def _ids(table: Table) -> set[str]:
    return {o.id for o in activity_options(table, NoStory())}


def _ready(core: Core) -> tuple[Table, Investigator]:
    """Ezra and Arthur on the pier (Sarah and Irene Companions), Ezra with
    three Action cards."""
    table = game_for(core, ["ezra-marsh", "arthur-blackwood"], ["sarah-elington", "irene-dubois"])
    ezra = table.investigator("ezra-marsh")
    deal(ezra, lambda c: c.action, 3)
    return table, ezra


def test_a_kept_listing_follows_the_map(core):
    """A barrier laid across a connection closes it ("a location [that] has
    already been revealed and is adjacent"), and a location revealed opens one."""
    table, ezra = _ready(core)
    assert "move:ezra-marsh:boathouse" in _ids(table)
    change_barriers(table, "pier", "boathouse", 1)
    assert "move:ezra-marsh:boathouse" not in _ids(table)
    change_barriers(table, "pier", "boathouse", -1)
    assert "move:ezra-marsh:boathouse" in _ids(table)
    ezra.location = "slipway"
    assert "move:ezra-marsh:sea-cave" not in _ids(table)
    table.revealed.add("sea-cave")
    assert "move:ezra-marsh:sea-cave" in _ids(table)
    assert _listed(own_activities(table, table.players())) == _fresh(table)


def test_a_kept_listing_follows_the_hand_and_an_encounter(core):
    table, ezra = _ready(core)
    assert f"rest:{ezra.slug}" not in _ids(table)  # ENERGY is full
    ezra.energy -= 1
    assert f"rest:{ezra.slug}" in _ids(table)
    ezra.discard += ezra.hand
    ezra.hand.clear()
    assert not any(i.startswith(("rest:", "move:")) for i in _ids(table))
    deal(ezra, lambda c: c.action, 1)
    assert core.items and table.scenario is not None
    start_encounter(table, table.scenario.encounters["wrecker"], "pier")
    assert f"stratagem:{ezra.slug}" in _ids(table)
    table.encounters["pier"].outwitted[ezra.slug] = table.round
    assert f"stratagem:{ezra.slug}" not in _ids(table)
    assert _listed(own_activities(table, table.players())) == _fresh(table)
