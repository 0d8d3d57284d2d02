"""End of Scenario: the exploration rate, and what a campaign carries over.

"Throughout the game ... you will accumulate various elements that determine
your level of exploration in the adventure. These include discovered
information, completed Objectives, acquired Items and Clues, uncovered
keywords, and, of course, the survival of your team members."
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from fractions import Fraction

from tales.errors import RulesError
from tales.rules.items import ItemCard
from tales.rules.table import Table

ELEMENTS = ("information", "objective", "item", "clue", "keyword", "survivor")


def exploration_elements(table: Table) -> dict[str, int]:
    """How many of each element the team has. Keywords are those on the
    Keyword sheet, less those marked from the campaign log unless they count
    (ruling ``carried-keywords-explored``); survivors are the team members
    alive, Companions included (ruling ``survivors``)."""
    found = table.found
    counts = {kind: len(found[kind]) if kind in found else 0 for kind in ELEMENTS}
    keywords = table.keywords
    if table.carried_keywords and not table.rulings.flag("carried-keywords-explored"):
        keywords = keywords - table.carried_keywords
    counts["keyword"] = len(keywords)
    counts["survivor"] = len([inv for inv in table.investigators.values() if not inv.dead])
    return counts


def exploration_rate(table: Table, *, carried: int = 0, campaign: bool = False) -> Fraction:
    """The exploration rate in percent, exact. "The most dedicated players
    can even exceed 100% exploration by carrying over their achievements
    from one scenario to the next": only a campaign passes 100%, with the
    points it carried in, unless the group plays without carrying."""
    if table.scenario is None:
        raise RulesError("there is no scenario to rate")
    carrying = carries(table, campaign=campaign)
    points = exploration_points(table) + (carried if carrying else 0)
    full = table.scenario.exploration.full
    if not carrying and full > 0 and points >= full:  # min(rate, 100), without the Fractions
        return _HUNDRED
    return _percent(points, full)


def carries(table: Table, *, campaign: bool) -> bool:
    """Whether points carried in count, and the rate may pass 100%: a scenario
    played on from an earlier one, unless the group plays without carrying
    (ruling ``exploration-carry``)."""
    return campaign and table.rulings.flag("exploration-carry")


_HUNDRED = Fraction(100)


@functools.lru_cache(maxsize=4096)
def _percent(points: int, full: int) -> Fraction:
    """``points`` of ``full`` in percent: a Fraction is a value, made once per pair
    (a scenario is rated at its end, and a bench walk is a scenario)."""
    return Fraction(100 * points, full)


def exploration_points(table: Table) -> int:
    """The points the team's elements are worth on the exploration table."""
    if table.scenario is None:
        raise RulesError("there is no scenario to rate")
    points = table.scenario.exploration.points
    counts = exploration_elements(table)
    return sum([points.get(kind, 0) * n for kind, n in counts.items()])


def carry_over(table: Table, picks: Mapping[str, str]) -> dict[str, ItemCard]:
    """Rulebook: "Each Player may choose 1 Item card to carry over into the next
    campaign scenario. The chosen Item regains all of its starting Item use
    tokens." ``picks`` maps a player's investigator to an item they hold."""
    carried: dict[str, ItemCard] = {}
    for slug, item in picks.items():
        inv = table.investigator(slug)
        if inv.companion or inv.dead:
            raise RulesError(f"only a living player's investigator carries an item, not {inv.name}")
        held = inv.item(item)
        if held is None:
            raise RulesError(f"{inv.name} holds no {item!r} to carry over")
        carried[slug] = held.card
    return carried
