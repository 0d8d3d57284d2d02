"""End of Scenario (tales.rules.scoring): the exploration rate, and the items a
campaign carries over.

"Throughout the game, regardless of the choices you make, you will accumulate
various elements that determine your level of exploration in the adventure.
These include discovered information, completed Objectives, acquired Items and
Clues, uncovered keywords, and, of course, the survival of your team members."
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from tales.errors import RulesError
from tales.rules.activities import spend_use
from tales.rules.exploration import erase_keyword, mark_keyword
from tales.rules.scenario import ExplorationTable
from tales.rules.scoring import carry_over, exploration_elements, exploration_rate
from tales.rules.statuses import change_track
from tales.rules.table import Table
from tales.rules.terms import Track
from tales.story.core import Core
from tests.conftest import game_for, ruling, table_for

EZRA, MARGARET = "ezra-marsh", "margaret-sinclair"
ARTHUR, SARAH = "arthur-blackwood", "sarah-elington"
# harbour_scenario(): information 5, objective 10, item 5, clue 5, keyword 2, survivor 5; 100 = 100%


def harbour(core: Core) -> Table:
    """Ezra and Margaret play; Arthur and Sarah are Companions."""
    return game_for(core, [EZRA, MARGARET], [ARTHUR, SARAH])


def discover(table: Table) -> None:
    table.found = {
        "information": {"the-wreck", "the-lamp", "the-ledger"},
        "objective": {"find-the-captain"},
        "item": {"boathook", "lantern"},
        "clue": {"torn-chart"},
    }
    table.keywords |= {"DROWNED", "LEDGER"}


@ruling("survivors")
def test_the_elements_count_every_living_team_member(core: Core) -> None:
    """ "... and, of course, the survival of your team members." Companions count:
    they take no harm."""
    table = harbour(core)
    discover(table)
    assert exploration_elements(table) == {
        "information": 3,
        "objective": 1,
        "item": 2,
        "clue": 1,
        "keyword": 2,
        "survivor": 4,
    }
    change_track(table, table.investigator(MARGARET), Track.SANITY, -99, "the deep")
    assert exploration_elements(table)["survivor"] == 3


@ruling("survivors")
def test_a_solo_game_is_not_marked_down_for_its_companions(core: Core) -> None:
    solo = game_for(core, [EZRA], [MARGARET, ARTHUR, SARAH])
    full = game_for(core, [EZRA, MARGARET, ARTHUR, SARAH], [])
    assert exploration_elements(solo)["survivor"] == exploration_elements(full)["survivor"] == 4
    assert exploration_rate(solo) == exploration_rate(full) == Fraction(20)


def test_the_rate_is_an_exact_percentage(core: Core) -> None:
    """ "The sum of these elements translates into a percentage that reflects how
    much of the story you have uncovered." """
    table = harbour(core)
    discover(table)
    # 3*5 + 1*10 + 2*5 + 1*5 + 2*2 + 4*5 = 64 points of 100
    assert exploration_rate(table) == Fraction(64)
    assert table.scenario is not None
    table.scenario = replace(
        table.scenario, exploration=replace(table.scenario.exploration, full=120)
    )
    assert exploration_rate(table) == Fraction(160, 3)


def test_the_rate_stops_at_100_outside_a_campaign(core: Core) -> None:
    """ "The most dedicated players can even exceed 100% exploration by carrying over
    their achievements from one scenario to the next." One scenario alone cannot."""
    table = harbour(core)
    discover(table)
    table.found["objective"] |= {"o2", "o3", "o4", "o5"}  # 40 more points: 104
    assert exploration_rate(table) == Fraction(100)
    assert exploration_rate(table, carried=30) == Fraction(100), "carried only in a campaign"
    assert exploration_rate(table, campaign=True) == Fraction(104)
    assert exploration_rate(table, carried=30, campaign=True) == Fraction(134)


def test_a_campaign_rate_adds_the_carried_points(core: Core) -> None:
    table = harbour(core)
    assert table.scenario is not None
    table.scenario = replace(table.scenario, exploration=ExplorationTable({"survivor": 5}, 30))
    assert exploration_rate(table) == Fraction(200, 3)  # 20 of 30
    assert exploration_rate(table, carried=7, campaign=True) == Fraction(90)  # 27 of 30


def test_a_table_without_a_scenario_has_no_rate(core: Core) -> None:
    with pytest.raises(RulesError, match="no scenario"):
        exploration_rate(table_for(core, [EZRA]))


@ruling("spent-items")
def test_each_player_carries_one_item_with_all_its_uses(core: Core) -> None:
    """ "Important: Each Player may choose 1 Item card to carry over into the next
    campaign scenario. The chosen Item regains all of its starting Item use
    tokens." A spent item is still held, so it may be the one."""
    table = harbour(core)
    ezra = table.investigator(EZRA)
    hatchet = ezra.item("hatchet")
    assert hatchet is not None
    for _ in range(4):
        spend_use(table, ezra, hatchet)
    carried = carry_over(table, {EZRA: "hatchet", MARGARET: "pocket-pistol"})
    assert carried == {EZRA: core.items["hatchet"], MARGARET: core.items["pocket-pistol"]}
    assert carried[EZRA].uses == 4 and hatchet.uses == 0
    assert carry_over(table, {}) == {}, "choosing is optional"


def test_only_a_living_players_held_item_is_carried(core: Core) -> None:
    table = harbour(core)
    with pytest.raises(RulesError, match="Arthur Blackwood"):
        carry_over(table, {ARTHUR: "trench-shotgun"})
    with pytest.raises(RulesError, match="holds no 'pocket-pistol'"):
        carry_over(table, {EZRA: "pocket-pistol"})
    change_track(table, table.investigator(MARGARET), Track.VITALITY, -99, "the undertow")
    with pytest.raises(RulesError, match="Margaret Sinclair"):
        carry_over(table, {MARGARET: "pocket-pistol"})
    with pytest.raises(RulesError):
        carry_over(table, {"nobody": "hatchet"})


@ruling("carried-keywords-explored", value=True)
def test_keywords_marked_for_the_campaign_log_count_as_the_sheet_stands(core: Core) -> None:
    """ "Once Scenario ends, flip the Keyword sheet and assess your exploration
    rate": on, every mark counts, those a later scenario's setup made for the
    campaign log too, as a paper table counts them."""
    table = harbour(core)
    discover(table)
    mark_keyword(table, "KIMBALL", carried=True)
    assert table.carried_keywords == {"KIMBALL"}
    assert exploration_elements(table)["keyword"] == 3


@ruling("carried-keywords-explored", value=False)
def test_switched_off_only_the_keywords_uncovered_here_count(core: Core) -> None:
    """ "... uncovered keywords": off, a mark made for the campaign log is not
    one this scenario uncovered; erased and marked again in play, it is."""
    table = harbour(core)
    discover(table)
    table.rulings = table.rulings.with_overrides(carried_keywords_explored=False)
    mark_keyword(table, "KIMBALL", carried=True)
    mark_keyword(table, "ADA", carried=True)
    assert exploration_elements(table)["keyword"] == 2
    erase_keyword(table, "ADA")
    mark_keyword(table, "ADA")
    assert exploration_elements(table)["keyword"] == 3


@pytest.mark.parametrize("full", [1, 7, 30, 100, 120])
def test_every_rate_is_the_exact_percentage_capped_outside_a_campaign(
    core: Core, full: int
) -> None:
    """The rate's Fractions are made once per points and full (a kept value):
    each is what the plain sum gives, however often and in whatever order asked."""
    table = harbour(core)
    assert table.scenario is not None
    for survivors in (4, 2, 0, 3, 4):
        for inv in list(table.investigators.values())[:4]:
            inv.dead = False
        for inv in list(table.investigators.values())[survivors:]:
            inv.dead = True
        for points_each in (5, 1, 0, 5, 40):
            table.scenario = replace(
                table.scenario, exploration=ExplorationTable({"survivor": points_each}, full)
            )
            exact = Fraction(100 * points_each * survivors, full)
            assert exploration_rate(table) == min(exact, Fraction(100))
            assert exploration_rate(table, campaign=True) == exact
