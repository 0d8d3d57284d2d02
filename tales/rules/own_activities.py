"""The rules' own activities each investigator may start at an activity
decision (Rest, moving, Running, recovery tests, items, weapons, Combat and
Stratagem), and the listing kept between decisions.

Rulebook, 4. Investigator Activity: "Most available Activities are tied to
the current Location of the Investigators and described in the Storybook";
these are the rest, the rulebook's own. The listing is asked at every activity
decision, for every investigator, and from one decision to the next most
investigators are just as they were (another one moved, a story choice was
read): each one's listing is kept in two halves, each with everything it was
read from (:func:`_foot_inputs`, :func:`_item_inputs`), and a miss still
finds the Move and Run options from the investigator's location already
made, until the map changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tales.rules.activities import (
    RUN_COST,
    can_pay,
    equippable,
    in_encounter,
    item_use_cost,
    move_targets,
    run_targets,
    usable_items,
)
from tales.rules.encounters import COMBAT, STRATAGEM, weapons_ready
from tales.rules.group import may_run
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
from tales.rules.table import Table
from tales.rules.teamtests import recovery_kinds
from tales.rules.terms import Track, article
from tales.rules.vehicles import held_aboard

Listing = tuple[Option, ...]


@dataclass(slots=True)
class KeptActivities:
    """A table's listings kept from earlier activity decisions, valid while
    the table reads as ``stamp`` (:func:`_table_inputs`): each investigator's
    listing in its two halves, each with what it was read from, by slug (the
    ways on foot, :func:`_foot_inputs`; the items, weapons and encounter,
    :func:`_item_inputs`), and the Move and Run options from each location,
    by (kind, investigator, location)."""

    stamp: tuple[Any, ...]
    on_foot: dict[str, tuple[tuple[Any, ...], Listing]] = field(default_factory=dict)
    with_items: dict[str, tuple[tuple[Any, ...] | None, Listing]] = field(default_factory=dict)
    ways: dict[tuple[str, str, str | None], Listing] = field(default_factory=dict)


def own_activities(table: Table, players: list[Investigator]) -> list[Option]:
    """Every player's own activities, in seat order: each one's listing as
    :func:`fresh_activities` gives it, each half kept while what it reads is
    unchanged. Halved, because what changes from one decision to the next is
    mostly one half: an item given or used, someone walking in beside an
    item's holder leave the ways on foot as they were; a move or a Rest, the
    items."""
    use_cost = item_use_cost(table)
    stamp = _table_inputs(table, use_cost)
    kept = table.kept_activities
    if kept is None or kept.stamp != stamp:  # the map, the rulings or the seats changed
        kept = table.kept_activities = KeptActivities(stamp)
    on_foot, with_items = kept.on_foot, kept.with_items
    options: list[Option] = []
    for inv in players:
        slug = inv.slug
        actions = min(sum(1 for card in inv.hand if card.action), RUN_COST)
        inputs = _foot_inputs(table, inv, actions)
        foot = on_foot.get(slug)
        if foot is None or foot[0] != inputs:
            foot = on_foot[slug] = (inputs, tuple(_on_foot(table, inv, actions, kept.ways)))
        options += foot[1]
        held = _item_inputs(table, inv, players, actions, use_cost)
        items = with_items.get(slug)
        if items is None or items[0] != held:
            listing = tuple(_with_items(table, inv, players, use_cost))
            items = with_items[slug] = (held, listing)
        options += items[1]
    return as_one(table, options)


def as_one(table: Table, options: list[Option]) -> list[Option]:
    """Ruling ``group-moves-together``: those standing with the Group token
    go as one, so each of their moves and runs is listed once, in the first
    one's place, saying who may pay; the payment asks which of them does
    (:func:`~tales.rules.activities.pay_as_one_of`)."""
    group = table.group
    if group is None:
        return options  # most scenarios have no Group token: no one to count
    members = {p.slug: p for p in table.players() if p.location == group.at}
    if len(members) < 2:
        return options  # no token, or one alone with it: each goes as themself
    payers: dict[tuple[type[Option], str], list[str]] = {}
    for option in options:
        if isinstance(option, Move | Run) and option.investigator in members:
            key = (type(option), option.destination)
            payers.setdefault(key, []).append(members[option.investigator].name)
    merged: list[Option] = []
    for option in options:
        if not (isinstance(option, Move | Run) and option.investigator in members):
            merged.append(option)
            continue
        names = payers.pop((type(option), option.destination), None)
        if names is not None:  # None: listed already, in the first one's place
            merged.append(_group_way(table, option, names))
    return merged


def _group_way(table: Table, way: Move | Run, payers: list[str]) -> Move | Run:
    where = table.scenario.locations[way.destination].name if table.scenario else ""
    paid = f"paid by {' or '.join([', '.join(payers[:-1]), payers[-1]] if payers[1:] else payers)}"
    if isinstance(way, Move):
        return Move(
            way.investigator,
            way.destination,
            label=f"The group moves to {where} (1 Action; {paid})",
        )
    cost = f"{RUN_COST} Actions, DISADVANTAGE"
    return Run(
        way.investigator, way.destination, label=f"The group runs to {where} ({cost}; {paid})"
    )


def _table_inputs(table: Table, use_cost: int) -> tuple[Any, ...]:
    """What every listing reads of the table beside its investigator: the map
    (its cards and names, the seats that decide which cards are in play, what
    is revealed, the barriers) and the rulings (Running on an open path, an
    item's use as an Action, one Stratagem a round)."""
    return (
        table.scenario,
        len(table.investigators),
        frozenset(table.revealed),
        tuple(table.barriers.items()),
        table.rulings,
        use_cost,
    )


def _foot_inputs(table: Table, inv: Investigator, actions: int) -> tuple[Any, ...]:
    """Everything :func:`_on_foot` reads of ``inv``: the Action cards in hand
    against the costs asked (one, or RUN_COST to Run: ``actions`` is their
    count capped there), whether ENERGY is below its maximum, where they
    stand and whether they may walk or Run from there alone, and the status
    cards a recovery test shakes off."""
    return (
        inv,
        actions,
        inv.energy < inv.sheet.maxima[Track.ENERGY],
        inv.location,
        held_aboard(table, inv),
        may_run(table, inv),
        tuple(recovery_kinds(inv)) if actions else (),
    )


def _item_inputs(
    table: Table, inv: Investigator, players: list[Investigator], actions: int, use_cost: int
) -> tuple[Any, ...] | None:
    """Everything :func:`_with_items` reads of ``inv`` and those beside them:
    the items, whether an item's use can be paid and a weapon changed in an
    encounter (``actions``: the Action cards in hand), which tracks are below
    their maximum (what an item would restore), who stands there to be given
    one, and the encounter there. None: no item and no encounter, so nothing
    to list."""
    here = inv.location
    fight = table.encounters.get(here) if here is not None else None
    items = inv.items
    if not items and fight is None:
        return None
    most = inv.sheet.maxima
    return (
        inv,
        tuple([(i.card, i.uses, i.place) for i in items]),
        use_cost <= actions,  # can_pay(table, inv, use_cost)
        fight is not None and actions > 0,  # can_pay(table, inv, 1) in an encounter
        inv.energy < most[Track.ENERGY],
        inv.vitality < most[Track.VITALITY],
        inv.sanity < most[Track.SANITY],
        tuple([o for o in players if o is not inv and o.location == here]) if items else (),
        # The encounter's enemy, the path its first blow chose, who outwitted it in which round.
        (fight, fight.encounter, fight.path, tuple(fight.outwitted.items()), table.round)
        if fight
        else None,
    )


Ways = dict[tuple[str, str, str | None], Listing]


def fresh_activities(
    table: Table,
    inv: Investigator,
    players: list[Investigator],
    use_cost: int,
    ways: Ways | None = None,
) -> list[Option]:
    """The activities ``inv`` may start now; ``use_cost`` is what a use of an
    item costs (:func:`~tales.rules.activities.item_use_cost`). ``ways``
    keeps the Move and Run options from each location, for a caller that
    clears it when the map changes; without it they are worked out here."""
    actions = sum(1 for card in inv.hand if card.action)  # what a Rest, move or Run can spend
    return _on_foot(table, inv, actions, ways) + _with_items(table, inv, players, use_cost)


def _on_foot(table: Table, inv: Investigator, actions: int, ways: Ways | None) -> list[Option]:
    """Rest, the moves, the recovery tests and the Runs: what ``actions``
    Action cards in hand pay for."""
    name, slug, made = inv.name, inv.slug, table.own_offers
    options: list[Option] = []
    if actions and inv.energy < inv.sheet.maxima[Track.ENERGY]:
        rest = made.get((Rest, slug))
        if rest is None:
            rest = made[Rest, slug] = Rest(slug, label=f"{name} rests: 1 Action for 1 ENERGY")
        options.append(rest)
    if actions:
        options += _ways(table, inv, "move", ways)
        for kind in recovery_kinds(inv):
            recover = made.get((Recover, slug, kind))
            if recover is None:
                label = f"{name} tries to shake off {article(kind)} card (1 Action)"
                recover = made[Recover, slug, kind] = Recover(slug, kind, label=label)
            options.append(recover)
    if actions >= RUN_COST:
        options += _ways(table, inv, "run", ways)
    return options


def _with_items(
    table: Table, inv: Investigator, players: list[Investigator], use_cost: int
) -> list[Option]:
    """The items used and given, the weapons equipped, Combat and Stratagem."""
    options: list[Option] = []
    if can_pay(table, inv, use_cost):
        name, slug, made = inv.name, inv.slug, table.own_offers
        for i in usable_items(inv):
            key = (UseItem, slug, i.slug, i.uses, use_cost)  # the label says the uses left
            use = made.get(key)
            if use is None:
                paid = " (1 Action)" if use_cost else ""
                label = f"{name} uses {i.card.name} ({i.uses} left){paid}"
                use = made[key] = UseItem(slug, i.slug, label=label)
            options.append(use)
    options += _gifts(table, inv, players)
    options += _weapons(table, inv)
    return options


def _ways(table: Table, inv: Investigator, kind: str, kept: Ways | None) -> Listing:
    """``inv``'s Move (``kind`` "move") or Run options: they read only the
    map, where ``inv`` stands and whether they may go alone (seated in a
    vehicle, hidden with the Group token), so a location's are kept."""
    key = (kind, inv.slug, inv.location)
    free = not held_aboard(table, inv) and may_run(table, inv)  # the usual case
    known = kept.get(key) if kept is not None and free else None
    if known is not None:
        return known
    name = inv.name
    places = table.scenario.locations if table.scenario else {}
    if kind == "move":
        made: Listing = tuple(
            Move(inv.slug, loc, label=f"{name} moves to {places[loc].name} (1 Action)")
            for loc in move_targets(table, inv)
        )
    else:
        made = tuple(
            Run(
                inv.slug,
                loc,
                label=f"{name} runs to {places[loc].name} ({RUN_COST} Actions, DISADVANTAGE)",
            )
            for loc in run_targets(table, inv)
        )
    if kept is not None and free:
        kept[key] = made  # kept only for one free to go
    return made


def _gifts(table: Table, inv: Investigator, players: list[Investigator]) -> list[Option]:
    """Rulebook: "Exchanging Items or Weapons with other Investigators is only
    allowed if you are in the same location, and it counts as a free Activity.\""""
    if not inv.items:
        return []  # nothing to give: the others are not looked at
    name, slug, made = inv.name, inv.slug, table.own_offers
    options: list[Option] = []
    for other in players:
        if other is inv or other.location != inv.location:
            continue
        for i in inv.items:
            key = (GiveItem, slug, other.slug, i.slug)
            gift = made.get(key)
            if gift is None:
                label = f"{name} gives {i.card.name} to {other.name}"
                gift = made[key] = GiveItem(slug, other.slug, i.slug, label=label)
            options.append(gift)
    return options


def _weapons(table: Table, inv: Investigator) -> list[Option]:
    """Equipping a weapon ("unless you are currently in an Encounter", where
    it costs 1 Action), and in an encounter Combat and the Stratagem test."""
    fighting = in_encounter(table, inv)
    if not fighting and not inv.items:
        return []  # nothing to equip, and no encounter to fight
    name, slug, made = inv.name, inv.slug, table.own_offers
    options: list[Option] = []
    if not fighting or can_pay(table, inv, 1):
        for i in equippable(inv):
            equip = made.get((Equip, slug, i.slug, fighting))
            if equip is None:
                cost = " (1 Action in an encounter)" if fighting else ""
                label = f"{name} equips {i.card.name}{cost}"
                equip = made[Equip, slug, i.slug, fighting] = Equip(slug, i.slug, label=label)
            options.append(equip)
    if fighting:
        state = table.encounters[inv.location or ""]
        enemy = state.encounter.enemy
        if state.open_to(COMBAT):
            ready = weapons_ready(inv)  # listed once, not once per item
            for w in inv.items:
                if w.slug not in ready:
                    continue
                key = (Combat, slug, w.slug, enemy.name)
                attack = made.get(key)
                if attack is None:
                    label = f"{name} attacks {enemy.name} with {w.card.name}"
                    attack = made[key] = Combat(slug, w.slug, label=label)
                options.append(attack)
        if state.open_to(STRATAGEM) and state.may_outwit(table, slug):
            test = (Stratagem, slug, enemy.name, enemy.stratagem)
            outwit = made.get(test)
            if outwit is None:
                label = f"{name} outwits {enemy.name} ({enemy.stratagem} test)"
                outwit = made[test] = Stratagem(slug, label=label)
            options.append(outwit)
    return options
