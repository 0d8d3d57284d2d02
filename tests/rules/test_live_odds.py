"""Odds shown live while a test is prepared: the prompt reads the pending
decision's TestState and asks for the exact chance."""

from __future__ import annotations

from fractions import Fraction

from tales.rules.odds import RedMode, pass_probability
from tales.rules.skilltest import TestSpec, TestState, skill_test
from tales.rules.statuses import gain_token
from tales.rules.terms import Attribute, StatusToken
from tests.conftest import deal, run, table_for


def test_chance_follows_the_cards_committed(core):
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    (success_card,) = deal(arthur, lambda c: c.successes_for(Attribute.STRENGTH), 1)
    (die_card,) = deal(arthur, lambda c: c.dice_for(Attribute.STRENGTH), 1)

    engine = run(table, skill_test(table, arthur, TestSpec(Attribute.STRENGTH, 2)))
    state = engine.pending.context
    assert isinstance(state, TestState)
    chances = [state.chance(table)]
    engine.apply(f"play:{success_card.id}")
    chances.append(engine.pending.context.chance(table))
    engine.apply(f"play:{die_card.id}")
    chances.append(engine.pending.context.chance(table))

    dice = core.dice
    assert chances == [
        pass_probability(dice, white=0, cards=0, need=2),
        pass_probability(dice, white=0, cards=1, need=2),
        pass_probability(dice, white=1, cards=1, need=2),
    ]
    assert chances[0] == 0 < chances[1] < chances[2]


def test_chance_counts_a_pending_advantage_token(core):
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    gain_token(table, arthur, StatusToken.ADVANTAGE)
    engine = run(table, skill_test(table, arthur, TestSpec(Attribute.POWER, 1)))
    chance = engine.pending.context.chance(table)
    assert chance == pass_probability(core.dice, white=0, cards=0, need=1, mode=RedMode.ADVANTAGE)
    assert chance == Fraction(5, 9)
