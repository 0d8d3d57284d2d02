"""4. Investigator Activity (tales.rules.activities): Actions paid with cards,
Rest, moving, Running, recovery tests and the free activities with items.

"Action: A basic effect that does not require a test. To perform an Action,
discard the number of cards (with an Action icon on it) indicated by the
narrative, to the Discard Pile."
"""

from __future__ import annotations

import pytest

from tales.errors import RulesError
from tales.rules.activities import (
    can_pay,
    distances,
    gain_item,
    give_item,
    move,
    move_targets,
    pay_actions,
    run_targets,
    spend_use,
    usable_items,
    use_item,
)
from tales.rules.cards import Card
from tales.rules.decisions import Engine
from tales.rules.encounters import start_encounter
from tales.rules.events import (
    ActionsPaid,
    ItemGained,
    ItemMoved,
    ItemUsed,
    Moved,
    StatusCardsResolved,
    TrackChanged,
)
from tales.rules.investigators import Investigator
from tales.rules.items import BACKPACK, HAND
from tales.rules.options import parse_option
from tales.rules.round import NoStory, activity_options, perform
from tales.rules.skilltest import TestSpec, skill_test
from tales.rules.table import Table
from tales.rules.terms import Attribute, StatusCardKind, Track
from tales.story.core import Core
from tests.conftest import deal, game_for, load_dice, of, red, ruling, run

MARGARET, EZRA, ARTHUR = "margaret-sinclair", "ezra-marsh", "arthur-blackwood"
SARAH, IRENE = "sarah-elington", "irene-dubois"


def solo(core: Core) -> Table:
    """Margaret with three Companions: Arthur, Sarah and Irene (12 markers)."""
    table = game_for(core, [MARGARET], [ARTHUR, SARAH, IRENE])
    table.sink.take()
    return table


def full_team(core: Core) -> Table:
    """Four players: Ezra, Arthur, Sarah and Irene, all on the pier."""
    table = game_for(core, [EZRA, ARTHUR, SARAH, IRENE], [])
    table.sink.take()
    return table


def actions(inv: Investigator, count: int) -> list[Card]:
    return deal(inv, lambda c: c.action, count)


def no_actions(inv: Investigator, count: int) -> list[Card]:
    return deal(inv, lambda c: not c.action and not c.is_status, count)


def option_ids(table: Table) -> tuple[str, ...]:
    return tuple(o.id for o in activity_options(table, NoStory()))


def act(table: Table, choice: str) -> Engine[object]:
    return run(table, perform(table, NoStory(), parse_option(choice)))


# Paying for Actions ---------------------------------------------------------------------


def test_only_cards_with_the_action_icon_pay(core: Core) -> None:
    """ "discard the number of cards (with an Action icon on it) indicated by the
    narrative" """
    table = solo(core)
    margaret = table.investigator(MARGARET)
    plain = no_actions(margaret, 3)
    assert not can_pay(table, margaret, 1)
    ids = option_ids(table)
    assert not any(i.startswith(("rest:", "move:", "run:")) for i in ids)
    with pytest.raises(RulesError):
        run(table, pay_actions(table, margaret, 1, "Rest"))

    action = actions(margaret, 1)[0]
    engine = act(table, f"rest:{MARGARET}")
    assert engine.legal_ids() == (f"pay:{action.id}", "back")
    assert all(f"pay:{c.id}" not in engine.legal_ids() for c in plain)


def test_going_back_is_possible_only_before_the_first_payment(core: Core) -> None:
    table = solo(core)
    margaret = table.investigator(MARGARET)
    cards = actions(margaret, 3)
    engine = act(table, f"run:{MARGARET}:counting-house")
    assert "back" in engine.legal_ids()
    events = engine.apply("back")
    assert engine.finished and events == ()
    assert margaret.hand == cards and margaret.location == "pier"

    engine = act(table, f"run:{MARGARET}:counting-house")
    assert engine.pending is not None and engine.pending.prompt.endswith(": pay 3 Actions")
    engine.apply(f"pay:{cards[0].id}")
    assert "back" not in engine.legal_ids()
    assert engine.pending is not None and "pay 2 more Actions" in engine.pending.prompt
    engine.apply(f"pay:{cards[1].id}")
    assert engine.legal_ids() == (f"pay:{cards[2].id}",)
    assert engine.pending is not None and "pay 1 more Action" in engine.pending.prompt


@ruling("companion-actions")
def test_companion_markers_never_pay_for_moving_running_or_rest(core: Core) -> None:
    """ "A Companion cannot be used to move an Investigator or to initiate tests." """
    table = solo(core)
    margaret = table.investigator(MARGARET)
    assert can_pay(table, margaret, 12, companions=True), "12 markers, no card"
    assert not can_pay(table, margaret, 1)
    assert not any(i.startswith(("rest:", "move:", "run:")) for i in option_ids(table))

    actions(margaret, 3)
    for choice in (f"rest:{MARGARET}", f"move:{MARGARET}:boathouse", f"run:{MARGARET}:warehouse"):
        engine = act(table, choice)
        assert engine.pending is not None and engine.pending.kind == "pay"
        assert not any(i.startswith("marker:") for i in engine.legal_ids()), choice
        assert len(engine.legal_ids()) == 4, "three cards and back"


@ruling("solo-companion-markers")
def test_a_solo_game_has_twelve_companion_markers_though_the_box_holds_eight(
    core: Core,
) -> None:
    """ "8 Companion markers" in the box, yet "In solo mode ... three selected
    Companions ... up to 12 Actions each round": every Companion has its four, and
    twelve Actions can be paid through them in one round."""
    table = solo(core)
    margaret = table.investigator(MARGARET)
    assert [len(c.markers_left()) for c in table.companions()] == [4, 4, 4]
    engine = run(table, pay_actions(table, margaret, 12, "a long search", companions=True))
    while engine.pending is not None:
        engine.apply(next(i for i in engine.legal_ids() if i.startswith("marker:")))
    assert engine.result is True
    assert [c.markers_left() for c in table.companions()] == [[], [], []]


@ruling("companion-actions")
def test_companion_markers_pay_storybook_actions(core: Core) -> None:
    """ "In solo mode ... This grants access to up to 12 Actions each round,
    performed through the Companions." An attribute marker so spent cannot also
    help a test that round."""
    table = solo(core)
    margaret = table.investigator(MARGARET)
    card = actions(margaret, 1)[0]
    assert can_pay(table, margaret, 13, companions=False) is False
    assert can_pay(table, margaret, 13, companions=True)
    assert not can_pay(table, margaret, 14, companions=True)

    engine = run(table, pay_actions(table, margaret, 3, "Search the nets", companions=True))
    markers = [i for i in engine.legal_ids() if i.startswith("marker:")]
    assert len(markers) == 12
    assert "marker:irene-dubois:POWER" in markers and "marker:arthur-blackwood:action" in markers
    events = engine.apply_all(
        ["marker:sarah-elington:action", "marker:irene-dubois:POWER", f"pay:{card.id}"]
    )
    assert engine.finished and engine.result is True
    assert of(events, ActionsPaid) == [
        ActionsPaid(
            MARGARET,
            (card.id,),
            ("sarah-elington:action", "irene-dubois:POWER"),
            "Search the nets",
        )
    ]
    assert margaret.discard == [card]
    assert table.investigator(IRENE).markers_left() == ["action", "APPEARANCE", "EDUCATION"]

    power = deal(margaret, lambda c: c.attribute is Attribute.POWER, 1)[0]
    test = run(table, skill_test(table, margaret, TestSpec(Attribute.POWER, 2)))
    test.apply(f"play:{power.id}")
    assert "marker:irene-dubois" not in test.legal_ids(), "Irene's POWER marker is spent"
    assert "marker:sarah-elington" in test.legal_ids()


# Rest -------------------------------------------------------------------------------


def test_rest_turns_one_action_card_into_one_energy(core: Core) -> None:
    """ "Rest: Discard 1 card (with an Action icon on it) to recover 1 ENERGY." """
    table = solo(core)
    margaret = table.investigator(MARGARET)
    margaret.energy = 2
    card = actions(margaret, 1)[0]
    engine = act(table, f"rest:{MARGARET}")
    events = engine.apply(f"pay:{card.id}")
    assert engine.finished
    assert events == (
        ActionsPaid(MARGARET, (card.id,), (), "Rest"),
        TrackChanged(MARGARET, Track.ENERGY, 2, 3, "Rest"),
    )
    assert margaret.discard == [card] and margaret.hand == []


def test_rest_never_raises_energy_above_the_maximum(core: Core) -> None:
    """ "ENERGY and MAGIC tokens, according to the maximum values shown on the
    Investigator board." (ruling tracks-capped)"""
    table = solo(core)
    margaret = table.investigator(MARGARET)
    assert margaret.energy == 4
    card = actions(margaret, 1)[0]
    events = act(table, f"rest:{MARGARET}").apply(f"pay:{card.id}")
    assert margaret.energy == 4
    assert of(events, TrackChanged) == []


# Moving and Running -------------------------------------------------------------------


def test_moving_reaches_only_adjacent_revealed_locations(core: Core) -> None:
    """ "If a location has already been revealed and is adjacent to your current
    position, you may move your Investigator's standee into it by discarding 1 card
    showing the Action icon to the Discard Pile." """
    table = solo(core)
    margaret = table.investigator(MARGARET)
    actions(margaret, 2)
    margaret.location = "boathouse"
    assert move_targets(table, margaret) == ["net-loft", "pier", "slipway"]
    margaret.location = "slipway"
    assert move_targets(table, margaret) == ["boathouse"], "the sea cave is not revealed"
    assert f"move:{MARGARET}:sea-cave" not in option_ids(table)
    with pytest.raises(RulesError, match="not an adjacent revealed location"):
        run(table, move(table, margaret, "sea-cave"))
    with pytest.raises(RulesError):
        run(table, move(table, margaret, "net-loft"))

    table.revealed.add("sea-cave")
    assert move_targets(table, margaret) == ["boathouse", "sea-cave"]
    engine = act(table, f"move:{MARGARET}:sea-cave")
    events = engine.apply(f"pay:{margaret.hand[0].id}")
    assert of(events, Moved) == [Moved(MARGARET, "slipway", "sea-cave", "move")]


@ruling("running-distance")
def test_running_reaches_places_more_than_three_moves_away(core: Core) -> None:
    """ "If the location you wish to reach is more than 3 spaces away from your
    current one, you may choose to Run." """
    table = solo(core)
    margaret = table.investigator(MARGARET)
    assert distances(table, "pier") == {
        "pier": 0,
        "boathouse": 1,
        "net-loft": 2,
        "slipway": 2,
        "chandlery": 3,
        "warehouse": 4,
        "counting-house": 5,
    }
    assert run_targets(table, margaret) == ["counting-house", "warehouse"]
    margaret.location = "counting-house"
    assert run_targets(table, margaret) == ["boathouse", "pier", "slipway"]
    margaret.location = "net-loft"
    assert run_targets(table, margaret) == [], "nothing is more than 3 moves from the net loft"


@ruling("running-distance")
def test_running_needs_three_action_cards(core: Core) -> None:
    """ "To do so, discard 3 cards with the Action icon and gain 1 DISADVANTAGE." """
    table = solo(core)
    margaret = table.investigator(MARGARET)
    actions(margaret, 2)
    no_actions(margaret, 2)
    assert not any(i.startswith(f"run:{MARGARET}") for i in option_ids(table))
    actions(margaret, 1)
    assert {i for i in option_ids(table) if i.startswith("run:")} == {
        f"run:{MARGARET}:counting-house",
        f"run:{MARGARET}:warehouse",
    }


# Recovery ------------------------------------------------------------------------------


def test_a_recovery_test_costs_one_action(core: Core) -> None:
    """ "1 success in a POWER test to remove 1 STRESS card." Ruling recovery-test:
    as an activity of its own it takes 1 Action."""
    table = solo(core)
    margaret = table.investigator(MARGARET)
    card = actions(margaret, 1)[0]
    assert not any(i.startswith("recover:") for i in option_ids(table))
    stress = table.supply.take_status_card(StatusCardKind.STRESS)
    assert stress is not None
    margaret.play_area.append(stress)
    assert f"recover:{MARGARET}:STRESS" in option_ids(table)

    load_dice(table, red("success"))
    engine = act(table, f"recover:{MARGARET}:STRESS")
    assert engine.pending is not None and engine.pending.kind == "pay"
    events = engine.apply(f"pay:{card.id}")
    assert of(events, ActionsPaid) == [
        ActionsPaid(MARGARET, (card.id,), (), "Shake off a STRESS card")
    ]
    assert engine.pending is not None and engine.pending.kind == "prepare"
    events = engine.apply_all(["roll", "accept"])
    assert engine.finished
    assert of(events, StatusCardsResolved) == [
        StatusCardsResolved(MARGARET, StatusCardKind.STRESS, (stress.id,))
    ]
    assert margaret.play_area == [] and margaret.discard == [card]


# Items -------------------------------------------------------------------------------


@ruling("backpack")
def test_starting_items_go_to_the_hands_or_the_backpack(core: Core) -> None:
    """ "The Investigator's starting Item card ... Place it next to your Investigator
    board in either hand(s) or in a backpack slot, depending on the icon on the
    card." """
    table = full_team(core)
    places = {inv.slug: [(i.slug, i.uses, i.place) for i in inv.items] for inv in table.players()}
    assert places == {
        EZRA: [("hatchet", 4, HAND)],
        ARTHUR: [("trench-shotgun", 3, HAND)],
        SARAH: [("doctors-bag", 3, BACKPACK)],
        IRENE: [("smelling-salts", 3, BACKPACK)],
    }
    assert table.supply.use_markers == 32 - 13


@ruling("backpack")
def test_a_new_weapon_takes_free_hands_and_waits_in_the_backpack_otherwise(core: Core) -> None:
    """ "You may wield 2 one-handed weapons simultaneously ... You may only wield 1
    two-handed weapon at a time. If you find additional Weapons during your
    adventure, you can store them in your Backpack." """
    table = full_team(core)
    ezra, arthur = table.investigator(EZRA), table.investigator(ARTHUR)
    items, boathook = core.items, table.scenario.items["boathook"]  # type: ignore[union-attr]

    assert gain_item(table, ezra, items["throwing-knives"]).place == HAND
    assert gain_item(table, ezra, items["pocket-pistol"]).place == BACKPACK
    assert gain_item(table, ezra, boathook).place == BACKPACK
    assert gain_item(table, arthur, items["hatchet"]).place == BACKPACK, "the shotgun takes both"
    for name in ("field-journal", "prayer-book"):
        assert gain_item(table, ezra, items[name]).place == BACKPACK
    assert len([i for i in ezra.items if i.place == BACKPACK]) == 4, "the backpack has no limit"
    assert of(table.sink.take(), ItemGained)[0] == ItemGained(EZRA, "throwing-knives", 5, HAND)


@ruling("backpack")
def test_equipping_puts_away_the_weapons_that_leave_too_few_hands(core: Core) -> None:
    """ "You may also equip any Weapon from your Backpack for free -- unless you are
    currently in an Encounter." """
    table = full_team(core)
    arthur = table.investigator(ARTHUR)
    gain_item(table, arthur, core.items["hatchet"])
    gain_item(table, arthur, core.items["pocket-pistol"])
    table.sink.take()
    assert f"equip:{ARTHUR}:hatchet" in option_ids(table)

    engine = act(table, f"equip:{ARTHUR}:hatchet")
    assert engine.finished, "free outside an encounter"
    assert engine.opening_events == (
        ItemMoved(ARTHUR, "trench-shotgun", BACKPACK),
        ItemMoved(ARTHUR, "hatchet", HAND),
    )
    engine = act(table, f"equip:{ARTHUR}:pocket-pistol")
    assert engine.opening_events == (ItemMoved(ARTHUR, "pocket-pistol", HAND),)
    assert [(i.slug, i.place) for i in arthur.items] == [
        ("trench-shotgun", BACKPACK),
        ("hatchet", HAND),
        ("pocket-pistol", HAND),
    ]
    engine = act(table, f"equip:{ARTHUR}:trench-shotgun")
    assert engine.opening_events == (
        ItemMoved(ARTHUR, "hatchet", BACKPACK),
        ItemMoved(ARTHUR, "pocket-pistol", BACKPACK),
        ItemMoved(ARTHUR, "trench-shotgun", HAND),
    )


@ruling("backpack")
def test_equipping_keeps_the_latest_equipped_weapon_in_hand(core: Core) -> None:
    """tales.rules.items.equip: "putting back into the backpack whichever weapons in
    hand leave too few hands free (the latest-equipped stays longest)"."""
    table = full_team(core)
    ezra = table.investigator(EZRA)
    gain_item(table, ezra, core.items["throwing-knives"])  # hands: hatchet, knives
    gain_item(table, ezra, core.items["pocket-pistol"])  # backpack
    act(table, f"equip:{EZRA}:pocket-pistol")  # the hatchet, equipped first, goes
    act(table, f"equip:{EZRA}:hatchet")  # the knives, equipped before the pistol, go
    assert {i.slug for i in ezra.items if i.in_hand} == {"pocket-pistol", "hatchet"}
    act(table, f"equip:{EZRA}:throwing-knives")  # the pistol is now the older of the two
    assert {i.slug for i in ezra.items if i.in_hand} == {"hatchet", "throwing-knives"}


def test_changing_weapons_in_an_encounter_costs_one_action(core: Core) -> None:
    """ "If you decide to change weapons during Encounter, you must spend 1 Action
    and then exchange the weapon in your Hand(s) with one currently in your
    Backpack." """
    table = full_team(core)
    arthur = table.investigator(ARTHUR)
    gain_item(table, arthur, core.items["hatchet"])
    start_encounter(table, table.scenario.encounters["wrecker"], "pier")  # type: ignore[union-attr]
    assert f"equip:{ARTHUR}:hatchet" not in option_ids(table), "no card to pay with"

    card = actions(arthur, 1)[0]
    assert f"equip:{ARTHUR}:hatchet" in option_ids(table)
    engine = act(table, f"equip:{ARTHUR}:hatchet")
    assert engine.legal_ids() == (f"pay:{card.id}", "back")
    engine.apply("back")
    assert arthur.item("hatchet").place == BACKPACK  # type: ignore[union-attr]

    engine = act(table, f"equip:{ARTHUR}:hatchet")
    events = engine.apply(f"pay:{card.id}")
    assert events == (
        ActionsPaid(ARTHUR, (card.id,), (), "Change weapons"),
        ItemMoved(ARTHUR, "trench-shotgun", BACKPACK),
        ItemMoved(ARTHUR, "hatchet", HAND),
    )
    assert arthur.discard == [card]


def test_a_weapon_handed_over_during_an_encounter_costs_an_action_to_equip(core: Core) -> None:
    """ "Exchanging Items or Weapons ... counts as a free Activity. You may also equip
    any Weapon from your Backpack for free -- unless you are currently in an
    Encounter" -- "If you decide to change weapons during Encounter, you must spend
    1 Action". The exchange stays free; the weapon waits in the backpack, and taking
    it in hand costs the Action equipping one's own would."""
    table = full_team(core)
    ezra, sarah = table.investigator(EZRA), table.investigator(SARAH)
    start_encounter(table, table.scenario.encounters["wrecker"], "pier")  # type: ignore[union-attr]
    table.sink.take()
    engine = act(table, f"give:{EZRA}:{SARAH}:hatchet")
    assert engine.finished, "the exchange itself is free"
    assert engine.opening_events == (ItemMoved(SARAH, "hatchet", BACKPACK, EZRA),)
    assert ezra.items == []
    assert f"combat:{SARAH}:hatchet" not in option_ids(table), "not in hand for nothing"
    assert f"equip:{SARAH}:hatchet" not in option_ids(table), "no card to pay with"

    card = actions(sarah, 1)[0]
    engine = act(table, f"equip:{SARAH}:hatchet")
    events = engine.apply(f"pay:{card.id}")
    assert events == (
        ActionsPaid(SARAH, (card.id,), (), "Change weapons"),
        ItemMoved(SARAH, "hatchet", HAND),
    )
    assert f"combat:{SARAH}:hatchet" in option_ids(table)


def test_items_change_hands_only_at_the_same_location(core: Core) -> None:
    """ "Exchanging Items or Weapons with other Investigators is only allowed if you
    are in the same location, and it counts as a free Activity." """
    table = full_team(core)
    ezra, sarah = table.investigator(EZRA), table.investigator(SARAH)
    assert f"give:{EZRA}:{SARAH}:hatchet" in option_ids(table)
    engine = act(table, f"give:{EZRA}:{SARAH}:hatchet")
    assert engine.finished, "a free activity asks for no card"
    assert engine.opening_events == (ItemMoved(SARAH, "hatchet", HAND, EZRA),)
    assert ezra.items == [] and [i.slug for i in sarah.items] == ["doctors-bag", "hatchet"]

    sarah.location = "boathouse"
    assert not any(i.startswith(f"give:{SARAH}:") for i in option_ids(table))
    with pytest.raises(RulesError, match="not together"):
        give_item(table, sarah, ezra, "hatchet")
    with pytest.raises(RulesError, match="holds no"):
        give_item(table, ezra, sarah, "hatchet")


@ruling("item-use-free", value=True)
def test_using_an_item_heals_for_a_use_marker_and_no_card(core: Core) -> None:
    """ "To use an Item, your Investigator must have it in their Backpack or Hand.
    After using an Item, remove 1 Item use marker from its card." """
    table = full_team(core)
    sarah, irene = table.investigator(SARAH), table.investigator(IRENE)
    hand = actions(sarah, 2)
    sarah.vitality, irene.energy = 3, 0
    markers = table.supply.use_markers

    engine = act(table, f"use:{SARAH}:doctors-bag")
    assert engine.finished, "no Action to pay"
    assert engine.opening_events == (
        ItemUsed(SARAH, "doctors-bag", 2),
        TrackChanged(SARAH, Track.VITALITY, 3, 4, "Doctor's Bag"),
    )
    assert sarah.hand == hand and sarah.discard == []
    assert table.supply.use_markers == markers + 1, "the marker goes back to the supply"

    engine = act(table, f"use:{IRENE}:smelling-salts")
    assert engine.opening_events == (
        ItemUsed(IRENE, "smelling-salts", 2),
        TrackChanged(IRENE, Track.ENERGY, 0, 1, "Smelling Salts"),
    )
    assert table.supply.use_markers == markers + 2


@ruling("spent-items")
def test_an_item_with_no_use_left_is_kept_but_useless(core: Core) -> None:
    """ "After using an Item, remove 1 Item use marker from its card." With none left
    it stays with its owner and cannot be used."""
    table = full_team(core)
    sarah, ezra = table.investigator(SARAH), table.investigator(EZRA)
    sarah.vitality = 1
    for _ in range(3):
        use_item(table, sarah, "doctors-bag")
    assert sarah.vitality == 4
    bag = sarah.item("doctors-bag")
    assert bag is not None and bag.uses == 0 and bag.place == BACKPACK
    assert usable_items(sarah) == []
    assert f"use:{SARAH}:doctors-bag" not in option_ids(table)
    with pytest.raises(RulesError, match="no usable item"):
        use_item(table, sarah, "doctors-bag")
    with pytest.raises(RulesError, match="no use left"):
        spend_use(table, sarah, bag)

    hatchet = ezra.item("hatchet")
    assert hatchet is not None
    hatchet.uses = 0
    start_encounter(table, table.scenario.encounters["wrecker"], "pier")  # type: ignore[union-attr]
    assert f"combat:{EZRA}:hatchet" not in option_ids(table)
    assert ezra.item("hatchet") is hatchet and hatchet.place == HAND


@ruling("spent-items")
def test_use_markers_come_from_the_boxs_32(core: Core) -> None:
    """ "32 Item use markers" -- "If during your adventure the Resource Pool of any
    component won't allow you to get that specific component, you just continue the
    game without it." """
    table = full_team(core)
    ezra = table.investigator(EZRA)
    table.supply.use_markers = 1
    knives = gain_item(table, ezra, core.items["throwing-knives"])
    assert knives.uses == 1 and table.supply.use_markers == 0
    journal = gain_item(table, ezra, core.items["field-journal"])
    assert journal.uses == 0 and ezra.item("field-journal") is journal
    assert of(table.sink.take(), ItemGained) == [
        ItemGained(EZRA, "throwing-knives", 1, HAND),
        ItemGained(EZRA, "field-journal", 0, BACKPACK),
    ]
    spend_use(table, ezra, knives)
    assert table.supply.use_markers == 1 and knives.uses == 0


@ruling("item-use-free", value=False)
def test_using_an_item_costs_an_action_when_switched_off(core: Core) -> None:
    """item-use-free switched off: each use of an item is an Action, paid with a card
    showing the Action icon, and is not offered without one."""
    table = full_team(core)
    table.rulings = table.rulings.with_overrides(item_use_free=False)
    sarah, irene = table.investigator(SARAH), table.investigator(IRENE)
    (card,) = actions(sarah, 1)
    no_actions(irene, 2)
    sarah.vitality, irene.energy = 3, 0

    assert f"use:{IRENE}:smelling-salts" not in option_ids(table), "Irene has no Action card"
    assert f"use:{SARAH}:doctors-bag" in option_ids(table)
    engine = act(table, f"use:{SARAH}:doctors-bag")
    assert engine.pending is not None and engine.legal_ids()[0] == f"pay:{card.id}"
    events = engine.apply(f"pay:{card.id}")
    assert engine.finished
    assert of(events, ItemUsed) == [ItemUsed(SARAH, "doctors-bag", 2)]
    assert sarah.vitality == 4 and sarah.discard == [card]
