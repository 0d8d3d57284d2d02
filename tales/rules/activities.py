"""4. Investigator Activity: Actions paid with cards, Rest, moving, Running,
and the free activities with items.

"To perform an Action, discard the number of cards (with an Action icon on
it) indicated by the narrative, to the Discard Pile."
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

from tales.errors import RulesError
from tales.rules.cards import Card
from tales.rules.decisions import Decision, DecisionKind, Proc
from tales.rules.events import ActionsPaid, ItemGained, ItemLost, ItemMoved, ItemUsed, Moved
from tales.rules.group import follow as follow_group
from tales.rules.group import may_run, with_token
from tales.rules.investigators import Investigator
from tales.rules.items import BACKPACK, HAND_SLOTS, HeldItem, ItemCard, equip, first_place
from tales.rules.options import Back, Option, PayCard, PayMarker
from tales.rules.paths import map_facts, on_foot, walkable
from tales.rules.statuses import change_track, gain_token
from tales.rules.table import Table
from tales.rules.terms import StatusToken, Track, and_list
from tales.rules.vehicles import held_aboard, leave, riding

RUN_COST = 3  # "discard 3 cards with the Action icon and gain 1 DISADVANTAGE"
RUN_BEYOND = 3  # "more than 3 spaces away"
_HEAL = {"VITALITY": Track.VITALITY, "SANITY": Track.SANITY}
BACK_OUT = Back(label="Do something else")  # offered before every first payment: made once


# Paying for Actions ------------------------------------------------------------


def _markers(table: Table) -> list[tuple[Investigator, str]]:
    """Companion markers that may pay one Action each: "This grants access to
    up to 12 Actions each round, performed through the Companions" (ruling
    ``companion-actions``)."""
    return [(c, m) for c in table.companions() for m in c.markers_left()]


def action_budget(table: Table, inv: Investigator, *, companions: bool = True) -> int:
    """How many Actions ``inv`` could pay now: Action cards in hand, and for
    storybook Actions the Companions' unused markers."""
    if not inv.active:
        return 0
    cards = sum(1 for card in inv.hand if card.action)  # counted, not listed: asked often
    if not companions:
        return cards
    return cards + companion_actions(table)


def companion_actions(table: Table) -> int:
    """The Companions' unused markers: Actions any player may pay with, so
    an option list counts them once for all its investigators."""
    return sum(len(c.markers_left()) for c in table.companions())


def can_pay(table: Table, inv: Investigator, cost: int, *, companions: bool = False) -> bool:
    # Nothing to pay needs no count of the hand (asked for every option list).
    return cost <= 0 or action_budget(table, inv, companions=companions) >= cost


def pay_actions(
    table: Table,
    inv: Investigator,
    cost: int,
    why: str,
    *,
    companions: bool = False,
    paid: tuple[str, ...] = (),
) -> Proc[bool]:
    """Pay ``cost`` Actions one at a time, each with a card showing the Action
    icon from ``inv``'s hand (to the discard pile) or, for storybook Actions,
    a Companion's marker. The player may back out before the first payment;
    returns whether the cost was paid. ``paid``: the cards already
    discarded towards it (:func:`pay_as_one_of`)."""
    if not can_pay(table, inv, cost - len(paid), companions=companions):
        raise RulesError(f"{inv.name} cannot pay {cost} Actions for {why}")
    cards: list[str] = list(paid)
    markers: list[str] = []
    while len(cards) + len(markers) < cost:
        options: list[Option] = [_pay_with(table, c) for c in inv.hand if c.action]
        if companions:
            options += [
                PayMarker(c.slug, m, label=f"Use {c.name}'s {m} marker") for c, m in _markers(table)
            ]
        if not cards and not markers:
            options.append(BACK_OUT)
        left = cost - len(cards) - len(markers)
        more = "more " if cards or markers else ""  # once something is paid towards it
        choice = yield Decision(
            inv.slug,
            DecisionKind.PAY,
            f"{why}: pay {left} {more}Action{'s' if left > 1 else ''}",
            tuple(options),
        )
        if isinstance(choice, PayCard):
            _discard_for_action(inv, choice.card)
            cards.append(choice.card)
        elif isinstance(choice, PayMarker):
            table.investigator(choice.companion).markers_used.add(choice.marker)
            markers.append(f"{choice.companion}:{choice.marker}")  # as ActionsPaid has named it
        else:
            return False
    table.emit(ActionsPaid(inv.slug, tuple(cards), tuple(markers), why))
    return True


def pay_as_one_of(
    table: Table, payers: list[Investigator], cost: int, why: str
) -> Proc[Investigator | None]:
    """Pay ``cost`` Actions from the hand of one of ``payers`` (those who go
    as one with the Group token), whom the first card discarded chooses; the
    rest of the cost comes from the same hand. Ruling ``group-moves-together``:
    "An investigator who moves or runs from where the token stands pays the
    Action alone". Returns the one who paid, or None when the team backed out."""
    able = [p for p in payers if can_pay(table, p, cost)]
    if len(able) < 2:  # no one to choose between: the usual payment
        payer = able[0] if able else payers[0]
        return payer if (yield from pay_actions(table, payer, cost, why)) else None
    options: list[Option] = [
        PayCard(card.id, label=f"{p.name} discards {card}")
        for p in able
        for card in p.hand
        if card.action
    ]
    options.append(BACK_OUT)
    each = f"{cost} Action{'s' if cost > 1 else ''}"
    choice = yield Decision(None, DecisionKind.PAY, f"{why}: who pays the {each}?", tuple(options))
    if not isinstance(choice, PayCard):
        return None
    payer = next(p for p in able if any(c.id == choice.card for c in p.hand))
    _discard_for_action(payer, choice.card)
    return payer if (yield from pay_actions(table, payer, cost, why, paid=(choice.card,))) else None


def _discard_for_action(inv: Investigator, card_id: str) -> None:
    card = next(c for c in inv.hand if c.id == card_id)
    inv.hand.remove(card)
    inv.discard.append(card)


def _pay_with(table: Table, card: Card) -> PayCard:
    """The option to discard ``card``, made once per table: every payment
    offers each Action card in hand again."""
    kept = table.pay_offers.get(card.id)
    if kept is None or kept[0] is not card:
        kept = table.pay_offers[card.id] = (card, PayCard(card.id, label=f"Discard {card}"))
    return kept[1]


# Rest ---------------------------------------------------------------------------


def rest(table: Table, inv: Investigator) -> Proc[None]:
    """Rulebook: "Discard 1 card (with an Action icon on it) to recover 1 ENERGY.\""""
    if (yield from pay_actions(table, inv, 1, "Rest")):
        change_track(table, inv, Track.ENERGY, +1, "Rest")


# Moving and Running ---------------------------------------------------------------


def distances(table: Table, origin: str) -> dict[str, int]:
    """Moves needed to reach each revealed location through revealed ones."""
    if table.scenario is None:
        return {}
    key = (origin, len(table.revealed))
    if key not in table.distance_cache:
        table.distance_cache[key] = _breadth_first(table, origin)
    return table.distance_cache[key]


def _breadth_first(table: Table, origin: str) -> dict[str, int]:
    seen = {origin: 0}
    queue = deque([origin])
    while queue:
        here = queue.popleft()
        for there in walkable(table, here):
            if there in table.revealed and there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def move_targets(table: Table, inv: Investigator) -> list[str]:
    """Rulebook: "If a location has already been revealed and is adjacent to your
    current position, you may move your Investigator's standee into it."
    A barrier across the connection closes it, and one seated in a vehicle that
    "cannot move independently" goes only where the vehicle goes."""
    if table.scenario is None or inv.location is None or held_aboard(table, inv):
        return []
    return [loc for loc in walkable(table, inv.location) if loc in table.revealed]


def run_targets(table: Table, inv: Investigator) -> list[str]:
    """Revealed locations "more than 3 spaces away", or out of reach of any
    chain of revealed locations (ruling ``running-distance``); a Run too goes
    on foot, through connections with no barrier (ruling ``run-open-path``)."""
    if table.scenario is None or inv.location is None or held_aboard(table, inv):
        return []
    if not may_run(table, inv):
        return []  # a hidden group does not Run
    here = inv.location
    reach = distances(table, here)
    shown = map_facts(table, table.scenario).in_play
    far = [
        loc
        for loc in table.revealed
        if loc != here and reach.get(loc, RUN_BEYOND + 1) > RUN_BEYOND and loc in shown
    ]
    if far and table.rulings.flag("run-open-path"):
        walked = on_foot(table, here)  # walked once, and only when there is somewhere to run
        far = [loc for loc in far if loc in walked]
    return sorted(far)


def move(table: Table, inv: Investigator, destination: str) -> Proc[None]:
    if destination not in move_targets(table, inv):
        raise RulesError(
            f"{inv.name} cannot move to {destination!r}: not an adjacent revealed location"
        )
    why = f"Move to {_name(table, destination)}"
    payer = yield from pay_as_one_of(table, with_token(table, inv), 1, why)
    if payer is not None:
        _relocate(table, payer, destination, "move")


def run(table: Table, inv: Investigator, destination: str) -> Proc[None]:
    if destination not in run_targets(table, inv):
        raise RulesError(
            f"{inv.name} cannot run to {destination!r}: it is not more than "
            f"{RUN_BEYOND} spaces away"
        )
    why = f"Run to {_name(table, destination)}"
    payer = yield from pay_as_one_of(table, with_token(table, inv), RUN_COST, why)
    if payer is not None:  # the one who paid is the one who ran
        _relocate(table, payer, destination, "run")
        gain_token(table, payer, StatusToken.DISADVANTAGE)


def narrative_move(table: Table, inv: Investigator, destination: str) -> None:
    """The storybook stands ``inv`` on ``destination``: no Action, no path needed."""
    _relocate(table, inv, destination, "narrative")


def _relocate(table: Table, inv: Investigator, destination: str, how: str) -> None:
    vehicle = riding(table, inv)
    if vehicle is not None and table.vehicles[vehicle].at != destination:
        leave(table, inv)  # walked or told away from the vehicle: no longer aboard
    origin, inv.location = inv.location, destination
    table.emit(Moved(inv.slug, origin, destination, how))
    if how in ("move", "run"):  # on foot, the Group token and those with it go along
        follow_group(table, inv, origin, destination)
    enter(table, inv, destination)


def enter(table: Table, inv: Investigator, slug: str) -> None:
    """``inv`` stands on ``slug``: the first time anyone does, its entering
    narrative (``Location.on_enter``) is due, read as ``inv``'s once the
    activity that brought them is resolved (ruling ``narrative-timing``)."""
    place = table.scenario.locations.get(slug) if table.scenario else None
    if place is None or place.on_enter is None or slug in table.entered:
        return
    if slug not in table.revealed:
        return  # a card still face down has no inside to read yet
    table.entered[slug] = inv.slug
    # The group walks in together, and the team starts on one card: all
    # who stand there arrive, though the narrative's "you" is ``inv``.
    here = [inv.name, *(p.name for p in table.players() if p.location == slug and p is not inv)]
    verb = "arrive" if len(here) > 1 else "arrives"
    table.read_later(place.on_enter, f"{and_list(here)} {verb} at {place.name}", slug)


def _name(table: Table, slug: str) -> str:
    return table.scenario.locations[slug].name if table.scenario else slug


# Items ------------------------------------------------------------------------------


def gain_item(table: Table, inv: Investigator, card: ItemCard) -> HeldItem:
    """Take an item with as many use markers as the box still has."""
    held = HeldItem(card, table.supply.take_use_markers(card.uses), first_place(inv.items, card))
    inv.items.append(held)
    table.emit(ItemGained(inv.slug, card.slug, held.uses, held.place))
    return held


def lose_item(table: Table, inv: Investigator, slug: str) -> None:
    """An item leaves ``inv`` and the team (a key spent); its use markers go
    back to the box."""
    held = inv.item(slug)
    if held is None:
        raise RulesError(f"{inv.name} holds no item {slug!r}")
    inv.items.remove(held)
    table.supply.use_markers += held.uses
    table.emit(ItemLost(inv.slug, slug))


def spend_use(table: Table, inv: Investigator, held: HeldItem) -> None:
    """Rulebook: "After using an Item, remove 1 Item use marker from its card." An item
    with no use left stays with its owner (ruling ``spent-items``)."""
    if held.uses <= 0:
        raise RulesError(f"{held.card.name} has no use left")
    held.uses -= 1
    table.supply.use_markers += 1
    table.emit(ItemUsed(inv.slug, held.slug, held.uses))


def usable_items(inv: Investigator) -> list[HeldItem]:
    """Items whose use would do something now, outside a test: healing a
    track below its maximum, or ENERGY below its maximum."""
    return [i for i in inv.items if i.uses > 0 and _would_help(inv, i.card.effect)]


def _would_help(inv: Investigator, effect: Mapping[str, object]) -> bool:
    if "heal" in effect:
        track = _HEAL.get(str(effect["heal"]))
        return track is not None and inv.track(track) < inv.sheet.maxima[track]
    if "energy" in effect:
        return inv.energy < inv.sheet.maxima[Track.ENERGY]
    return False


def item_use_cost(table: Table) -> int:
    """Actions a use of an item costs: none, unless the group makes it an Action."""
    return 0 if table.rulings.flag("item-use-free") else 1


def use_item_activity(table: Table, inv: Investigator, slug: str) -> Proc[None]:
    """Use an item as an activity, paying its Action first when it costs one."""
    if all(i.slug != slug for i in usable_items(inv)):
        raise RulesError(f"{inv.name} has no usable item {slug!r}")
    cost = item_use_cost(table)
    if cost and not (yield from pay_actions(table, inv, cost, f"using {slug}")):
        return
    use_item(table, inv, slug)


def use_item(table: Table, inv: Investigator, slug: str) -> None:
    """Use an item's effect (ruling ``item-use-free``: it costs no Action)."""
    held = next((i for i in usable_items(inv) if i.slug == slug), None)
    if held is None:
        raise RulesError(f"{inv.name} has no usable item {slug!r}")
    spend_use(table, inv, held)
    effect = held.card.effect
    if "heal" in effect:
        by = effect.get("by", 1)
        change_track(
            table, inv, _HEAL[str(effect["heal"])], by if isinstance(by, int) else 1, held.card.name
        )
    if "energy" in effect:
        amount = effect["energy"]
        change_track(
            table, inv, Track.ENERGY, amount if isinstance(amount, int) else 1, held.card.name
        )


def give_item(table: Table, giver: Investigator, receiver: Investigator, slug: str) -> None:
    """Rulebook: "Exchanging Items or Weapons with other Investigators is only allowed
    if you are in the same location, and it counts as a free Activity.\""""
    held = giver.item(slug)
    if held is None:
        raise RulesError(f"{giver.name} holds no {slug!r}")
    if not (giver.active and receiver.active and giver.location == receiver.location):
        raise RulesError(f"{giver.name} and {receiver.name} are not together to exchange items")
    giver.items.remove(held)
    held.place = first_place(receiver.items, held.card)
    if held.card.weapon and in_encounter(table, receiver):
        # "If you decide to change weapons during Encounter, you must spend 1
        # Action": a weapon handed over goes to the backpack, to be equipped.
        held.place = BACKPACK
    receiver.items.append(held)
    table.emit(ItemMoved(receiver.slug, slug, held.place, giver.slug))


def in_encounter(table: Table, inv: Investigator) -> bool:
    return inv.location is not None and inv.location in table.encounters


def equippable(inv: Investigator) -> list[HeldItem]:
    return [
        i for i in inv.items if i.card.weapon and i.place == BACKPACK and i.card.hands <= HAND_SLOTS
    ]


def equip_weapon(table: Table, inv: Investigator, slug: str) -> Proc[None]:
    """Equip a weapon from the backpack: free, "unless you are currently in
    an Encounter", where changing weapons costs 1 Action."""
    if not any(i.slug == slug for i in equippable(inv)):
        raise RulesError(f"{inv.name} has no weapon {slug!r} in the backpack")
    if in_encounter(table, inv) and not (yield from pay_actions(table, inv, 1, "Change weapons")):
        return
    for put_away in equip(inv.items, slug):
        table.emit(ItemMoved(inv.slug, put_away.slug, BACKPACK))
    table.emit(ItemMoved(inv.slug, slug, "hand"))
