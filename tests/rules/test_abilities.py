"""Investigators' Abilities, each exactly as the rulebook states it."""

from __future__ import annotations

import pytest

from tales.errors import RulesError
from tales.rules.abilities import ability_options, can_use_ability, use_ability, verify_ability
from tales.rules.drawing import draw_up_to
from tales.rules.events import TestResolved
from tales.rules.round import keep_cards
from tales.rules.skilltest import TestSpec, skill_test
from tales.rules.statuses import gain_status_card
from tales.rules.terms import Attribute, StatusCardKind, StatusToken
from tests.conftest import deal, load_dice, red, ruling, run, table_for, white


def test_sarah_uses_her_ability_on_ezra(core):
    """EXAMPLE: Sarah and Ezra are in the same location. Sarah is spending 2 ENERGY to
    use her Ability on Ezra, allowing him to take 1 card back from his Play Area to
    his hand."""
    table = table_for(core, ["sarah-elington", "ezra-marsh"])
    sarah, ezra = table.investigator("sarah-elington"), table.investigator("ezra-marsh")
    sarah.location = ezra.location = "boathouse"
    played = ezra.deck.pop()
    ezra.play_area.append(played)
    energy = sarah.energy

    assert "ability:sarah-elington:ezra-marsh" in {o.id for o in ability_options(table)}
    engine = run(table, use_ability(table, sarah, ezra))
    engine.apply(f"take:{played.id}")

    assert engine.finished
    assert sarah.energy == energy - 2
    assert ezra.hand == [played] and ezra.play_area == []


def test_abilities_reach_only_the_same_location(core):
    """ "You may also use your Ability on another Investigator in the same Location.\""""
    table = table_for(core, ["sarah-elington", "ezra-marsh"])
    sarah, ezra = table.investigator("sarah-elington"), table.investigator("ezra-marsh")
    sarah.location, ezra.location = "boathouse", "chapel"
    ezra.play_area.append(ezra.deck.pop())
    assert "ability:sarah-elington:ezra-marsh" not in {o.id for o in ability_options(table)}


def test_no_ability_without_two_energy(core):
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    arthur.energy = 1
    assert ability_options(table) == []


@ruling("abilities-in-tests")
def test_arthurs_advantage_counts_in_the_test_he_prepares(core):
    """Arthur: "Gain 1 ADVANTAGE token." used while preparing: two red dice."""
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    load_dice(table, red("blank", "success"))
    engine = run(table, skill_test(table, arthur, TestSpec(Attribute.POWER, 1)))
    engine.apply("ability:arthur-blackwood:arthur-blackwood")
    assert arthur.has_token(StatusToken.ADVANTAGE)
    engine.apply_all(["roll", "accept", "keep-red:1"])
    result = engine.result
    assert result is not None and result.passed
    assert not arthur.has_token(StatusToken.ADVANTAGE)


@ruling("abilities-in-tests")
def test_ezra_makes_shattered_stars_count_only_before_the_roll(core):
    """Ezra: "For the next test: all Shattered Stars count as Successes. You need to
    use that Ability before the Dice roll phase of a test resolution.\""""
    table = table_for(core, ["ezra-marsh"])
    ezra = table.investigator("ezra-marsh")
    dice_cards = deal(ezra, lambda c: c.dice_for(Attribute.EDUCATION), 2)
    load_dice(table, [*white("shatter", "shatter"), *red("blank")])
    engine = run(table, skill_test(table, ezra, TestSpec(Attribute.EDUCATION, 2)))
    engine.apply_all([f"play:{c.id}" for c in dice_cards])
    engine.apply("ability:ezra-marsh:ezra-marsh")
    engine.apply("roll")
    assert not any(i.startswith("ability:ezra-marsh") for i in engine.legal_ids())
    events = engine.apply("accept")
    result = next(e for e in events if isinstance(e, TestResolved))
    assert result.passed and result.successes == 2
    assert not ezra.shatters_count_next_test, "it lasts for one test"


@ruling("abilities-in-tests")
def test_laszlo_cancels_a_white_die_after_the_roll(core):
    """Laszlo: "During a test: cancel the result of 1 white dice.\""""
    table = table_for(core, ["laszlo-varga"])
    laszlo = table.investigator("laszlo-varga")
    dice_cards = deal(laszlo, lambda c: c.dice_for(Attribute.POWER), 2)
    load_dice(table, [*white("success", "shatter"), *red("blank")])
    engine = run(table, skill_test(table, laszlo, TestSpec(Attribute.POWER, 1)))
    engine.apply_all([f"play:{c.id}" for c in dice_cards])
    assert not any(i.startswith("ability:laszlo") for i in engine.legal_ids()), (
        "nothing to cancel before the roll"
    )
    engine.apply_all(["roll", "ability:laszlo-varga:laszlo-varga", "cancel:1", "accept"])
    assert engine.result is not None and engine.result.passed


@ruling("abilities-in-tests")
def test_philip_rerolls_for_energy_not_magic(core):
    """Philip: "Reroll any number of white dice.\""""
    table = table_for(core, ["philip-harris"])
    philip = table.investigator("philip-harris")
    dice_cards = deal(philip, lambda c: c.dice_for(Attribute.AGILITY), 2)
    load_dice(table, [*white("blank", "blank"), *red("blank"), *white("success", "success")])
    engine = run(table, skill_test(table, philip, TestSpec(Attribute.AGILITY, 2)))
    engine.apply_all([f"play:{c.id}" for c in dice_cards])
    magic, energy = philip.magic, philip.energy
    engine.apply_all(["roll", "ability:philip-harris:philip-harris", "die:0", "die:1", "confirm"])
    engine.apply("accept")
    assert engine.result is not None and engine.result.passed
    assert (philip.magic, philip.energy) == (magic, energy - 2)


def test_irene_adds_a_white_die(core):
    """Irene: "Gain 1 white die for the next test.\""""
    table = table_for(core, ["irene-dubois"])
    irene = table.investigator("irene-dubois")
    load_dice(table, [*white("success"), *red("blank")])
    engine = run(table, skill_test(table, irene, TestSpec(Attribute.STRENGTH, 1)))
    engine.apply_all(["ability:irene-dubois:irene-dubois", "roll"])
    assert len(engine.pending.context.white) == 1
    engine.apply("accept")
    assert engine.result is not None and engine.result.passed
    assert irene.bonus_white_dice == 0


def test_elizabeth_takes_a_chosen_card_from_her_discard_pile(core):
    """Elizabeth: "Draw 1 chosen card from your Discard Pile.\""""
    table = table_for(core, ["elizabeth-hawthorne"])
    elizabeth = table.investigator("elizabeth-hawthorne")
    elizabeth.discard += [elizabeth.deck.pop(), elizabeth.deck.pop()]
    wanted = elizabeth.discard[1]
    engine = run(table, use_ability(table, elizabeth, elizabeth))
    assert set(engine.legal_ids()) == {f"take:{c.id}" for c in elizabeth.discard}
    engine.apply(f"take:{wanted.id}")
    assert elizabeth.hand == [wanted] and wanted not in elizabeth.discard


def test_margaret_draws_past_status_cards(core):
    """Margaret: "If that drawn card is a Status card, place it in your Discard Pile
    and draw another card ... until the drawn card is not a Status card.\""""
    table = table_for(core, ["margaret-sinclair"])
    margaret = table.investigator("margaret-sinclair")
    attribute_card = margaret.deck[-1]
    gain_status_card(table, margaret, StatusCardKind.POISON)
    gain_status_card(table, margaret, StatusCardKind.STRESS)
    margaret.deck += margaret.discard
    margaret.discard.clear()
    vitality = margaret.vitality
    engine = run(table, use_ability(table, margaret, margaret))
    assert engine.finished
    assert margaret.hand == [attribute_card]
    assert sorted(c.status for c in margaret.discard) == [
        StatusCardKind.POISON,
        StatusCardKind.STRESS,
    ]
    assert margaret.vitality == vitality, "status cards set aside this way do not act"


@ruling("take-from-play-area")
def test_sarah_cannot_take_back_status_cards_or_cards_in_the_current_test(core):
    table = table_for(core, ["sarah-elington"])
    sarah = table.investigator("sarah-elington")
    gain_status_card(table, sarah, StatusCardKind.PANIC)
    sarah.play_area += sarah.discard
    sarah.discard.clear()
    (card,) = deal(sarah, lambda c: c.successes_for(Attribute.EDUCATION), 1)
    engine = run(table, skill_test(table, sarah, TestSpec(Attribute.EDUCATION, 1)))
    engine.apply(f"play:{card.id}")
    assert "ability:sarah-elington:sarah-elington" not in engine.legal_ids()


@ruling("companion-abilities", value=True)
@ruling("companion-abilities", value=False)
@pytest.mark.parametrize("allowed", [True, False])
def test_a_companion_lends_its_ability_to_any_player(core, allowed):
    table = table_for(core, ["ezra-marsh"], ["arthur-blackwood"])
    table.rulings = table.rulings.with_overrides(companion_abilities=allowed)
    table.investigator("ezra-marsh").location = "pier"
    ids = {o.id for o in ability_options(table)}
    assert ("ability:arthur-blackwood:ezra-marsh" in ids) is allowed
    assert "ability:arthur-blackwood:arthur-blackwood" not in ids


@pytest.mark.parametrize(
    ("arrange", "message"),
    [
        (lambda sarah, ezra: setattr(sarah, "energy", 1), "has 1 ENERGY; an ability costs 2"),
        (lambda sarah, ezra: setattr(ezra, "location", "chapel"), "can reach only someone"),
        (lambda sarah, ezra: ezra.play_area.clear(), "would do nothing for Ezra Marsh"),
        (lambda sarah, ezra: setattr(sarah, "dead", True), "is dead"),
    ],
)
def test_an_illegal_ability_is_refused_before_anything_is_paid(core, arrange, message):
    table = table_for(core, ["sarah-elington", "ezra-marsh"])
    sarah, ezra = table.investigator("sarah-elington"), table.investigator("ezra-marsh")
    sarah.location = ezra.location = "boathouse"
    ezra.play_area.append(ezra.deck.pop())
    assert can_use_ability(table, sarah, ezra)
    arrange(sarah, ezra)
    before = table.snapshot()

    assert not can_use_ability(table, sarah, ezra)
    with pytest.raises(RulesError, match=message):
        verify_ability(table, sarah, ezra)
    with pytest.raises(RulesError, match=message):
        run(table, use_ability(table, sarah, ezra))
    assert table.snapshot() == before


def test_elizabeths_ability_never_draws_a_status_card_into_her_hand(core):
    """Elizabeth: "Draw 1 chosen card from your Discard Pile." -- but Status cards
    "must be played in your Play Area": one in hand would never be resolved (a
    POISON that stops hurting), so only other cards may be chosen, and with only
    Status cards in the pile the ability is not offered at all."""
    table = table_for(core, ["elizabeth-hawthorne"])
    elizabeth = table.investigator("elizabeth-hawthorne")
    gain_status_card(table, elizabeth, StatusCardKind.POISON)
    poison = elizabeth.discard[-1]
    assert poison.is_status
    assert not can_use_ability(table, elizabeth, elizabeth), "nothing in the pile to take"
    assert ability_options(table) == []

    kept = elizabeth.deck.pop()
    elizabeth.discard.append(kept)
    engine = run(table, use_ability(table, elizabeth, elizabeth))
    assert engine.legal_ids() == (f"take:{kept.id}",)
    engine.apply(f"take:{kept.id}")
    assert elizabeth.hand == [kept] and elizabeth.discard == [poison]


def test_abilities_that_do_nothing_are_not_offered_or_charged(core):
    """Margaret's ability draws "until the drawn card is not a Status card": with
    only Status cards in her deck it draws nothing. Ezra's "all Shattered Stars count
    as Successes" a second time for the same test adds nothing."""
    table = table_for(core, ["margaret-sinclair", "ezra-marsh"])
    margaret, ezra = table.investigator("margaret-sinclair"), table.investigator("ezra-marsh")
    margaret.location = ezra.location = "boathouse"
    margaret.discard += [c for c in margaret.deck if not c.is_status]
    margaret.deck = [c for c in margaret.deck if c.is_status]
    gain_status_card(table, margaret, StatusCardKind.STRESS)
    margaret.deck += margaret.discard[-1:]
    del margaret.discard[-1]
    assert margaret.deck and all(c.is_status for c in margaret.deck)
    energy = margaret.energy
    with pytest.raises(RulesError, match="would do nothing"):
        run(table, use_ability(table, margaret, margaret))
    assert margaret.energy == energy, "nothing charged"
    assert "ability:margaret-sinclair:margaret-sinclair" not in {
        o.id for o in ability_options(table)
    }

    engine = run(table, skill_test(table, ezra, TestSpec(Attribute.EDUCATION, 2)))
    engine.apply("ability:ezra-marsh:ezra-marsh")
    assert "ability:ezra-marsh:ezra-marsh" not in engine.legal_ids(), "once is enough"


@pytest.mark.parametrize(
    ("investigator", "effect"),
    [("arthur-blackwood", "gain-advantage"), ("irene-dubois", "extra-die")],
)
def test_next_test_abilities_are_not_listed_after_the_roll(core, investigator, effect):
    """ "some effects may only trigger during the next test": Arthur's ADVANTAGE and
    Irene's white die, used once this test's dice are down, would not touch it, so
    they are not offered among the rolled dice's options; before the roll they
    are."""
    table = table_for(core, [investigator])
    inv = table.investigator(investigator)
    assert inv.sheet.ability_effect == effect
    load_dice(table, red("blank", "blank"))
    engine = run(table, skill_test(table, inv, TestSpec(Attribute.POWER, 1)))
    assert f"ability:{investigator}:{investigator}" in engine.legal_ids()
    engine.apply("roll")
    assert not any(i.startswith("ability:") for i in engine.legal_ids())


def test_abilities_are_offered_at_any_time_while_drawing_and_keeping_cards(core):
    """ "You may activate your Ability at any time, as long as you have the required
    amount of ENERGY": beside the question to draw on after a Status card, and the
    question of which cards to keep at the end of the round; once used, the same
    question is asked again."""
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    ability = "ability:arthur-blackwood:arthur-blackwood"
    status = next(c for c in table.supply.status_cards[StatusCardKind.STRESS])
    table.supply.status_cards[StatusCardKind.STRESS].remove(status)
    arthur.deck.append(status)  # the next card drawn
    engine = run(table, draw_up_to(table, arthur))
    assert engine.pending is not None and engine.pending.kind == "keep-drawing"
    assert ability in engine.legal_ids()
    energy = arthur.energy
    engine.apply(ability)
    assert arthur.has_token(StatusToken.ADVANTAGE) and arthur.energy == energy - 2
    assert engine.pending is not None and engine.pending.kind == "keep-drawing"
    engine.apply("draw")
    assert engine.finished

    engine = run(table, keep_cards(table, arthur))
    assert engine.pending is not None and engine.pending.kind == "keep-cards"
    assert ability in engine.legal_ids()
