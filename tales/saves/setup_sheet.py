"""Reading a sheet written before a scenario's first round: a new game's
setup, or the sheet between two scenarios of a campaign (the next scenario's
setup with the campaign log, the items carried and the points carried)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tales.rules.setup import TEAM_SIZE
from tales.saves.fields import Fields
from tales.saves.sheet_fields import (
    fallen_of,
    origin_card,
    origins_of,
    read_campaign,
    read_difficulty,
    read_rulings,
    read_table,
    shuffles_of,
)
from tales.story.campaign import CampaignState, item_cards
from tales.story.core import Core
from tales.story.game import GameSetup
from tales.story.model import Tale
from tales.story.yamlio import describe

SETUP_FIELDS = (
    "format_version", "session", "saved", "tale", "scenario", "after", "difficulty", "round",
    "players", "companions", "notes", "carried", "campaign", "digital", "rulings", "finished",
    "at_the_table", "timer",
)  # fmt: skip


def read_setup(
    data: dict[Any, Any], fields: Fields, core: Core, tale: Tale
) -> tuple[GameSetup, CampaignState | None] | None:
    """The setup and, between scenarios, the campaign; None with problems."""
    fields.only(data, SETUP_FIELDS, "")
    by_name = {s.name.lower(): s.slug for s in core.investigators.values()}
    by_name.update({s.slug: s.slug for s in core.investigators.values()})
    shown = [s.name for s in core.investigators.values()]
    team: dict[str, tuple[str, ...]] = {}
    for key in ("players", "companions"):
        names = data.get(key) or []
        if not isinstance(names, list):
            fields.problem(
                fields.at(data, key), key, f"expected a list of names, found {describe(names)}"
            )
            return None
        chosen = []
        for index, name in enumerate(names):
            slug = by_name.get(str(name).strip().lower())
            if slug is None:
                fields.word(str(name), fields.at_item(names, index), key, shown, "character")
            else:
                chosen.append(slug)
        team[key] = tuple(chosen)
    everyone = team["players"] + team["companions"]
    named = not fields.problems
    if named and (
        len(set(everyone)) != TEAM_SIZE or len(everyone) != TEAM_SIZE or not team["players"]
    ):
        fields.problem(
            fields.at(data, "players"),
            "players",
            f"the team is always {TEAM_SIZE} different characters, players and Companions "
            f"together, with at least one player; this sheet names {len(everyone)}",
        )
    book = tale.scenarios[str(data["scenario"])]
    difficulty = read_difficulty(data, fields, book.scenario)
    house = read_rulings(data, fields, core.rulings)
    automation = read_table(data, fields)
    digital = data.get("digital")
    seed = digital.get("seed") if isinstance(digital, dict) else None
    if not isinstance(seed, int) or isinstance(seed, bool):
        where = fields.at(digital, "seed") if isinstance(digital, dict) else fields.at(data, None)
        found = describe(seed)
        fields.problem(
            where, "digital.seed", f"expected the game's seed, a whole number, found {found}"
        )
        seed = 0
    campaign = _campaign(data, fields, core, tale, team["players"]) if "after" in data else None
    if fields.problems or difficulty is None:
        return None
    scenario, team_of = str(data["scenario"]), (team["players"], team["companions"])
    setup = GameSetup(scenario, *team_of, difficulty, seed, tuple(house.items()))
    return replace(setup, dice=automation.dice, cards=automation.cards), campaign


def _campaign(
    data: dict[Any, Any], fields: Fields, core: Core, tale: Tale, players: tuple[str, ...]
) -> CampaignState:
    state = CampaignState()
    # The scenario played before: checked, then only shown.
    fields.word(
        data.get("after"), fields.at(data, "after"), "after", list(tale.scenarios), "scenario"
    )
    raw = data.get("campaign") or {}
    if isinstance(raw, dict):
        state.log, state.counters = read_campaign(raw, fields, tale)
        points = raw.get("points", 0)
        state.points = points if isinstance(points, int) and points >= 0 else 0
    state.fallen = fallen_of(data, core)
    state.shuffles = shuffles_of(data)
    origins = origins_of(data)
    cards = item_cards(core.items, tale, str(data.get("after")))
    names = {core.investigators[slug].name: slug for slug in players}
    carried = data.get("carried") or {}
    for name, item in carried.items() if isinstance(carried, dict) else ():
        path = f"carried.{name}"
        slug = fields.word(str(name), fields.at(carried, name), path, sorted(names), "player")
        card = fields.word(item, fields.at(carried, name), path, sorted(cards), "item")
        if slug is not None and card is not None:
            state.carried[names[slug]] = card
            # The very card carried, not a later scenario's of the same slug.
            own = origin_card(tale, card, origins.get(card))
            if own is not None:
                state.cards[names[slug]] = own
    return state
