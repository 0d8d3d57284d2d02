"""The rulebook's worked EXAMPLES, played through the decision interface.

Each test quotes the example it plays; the cards and dice are arranged to be
exactly those of the example.
"""

from __future__ import annotations

from tales.rules.drawing import draw_up_to
from tales.rules.events import DiceRerolled, EventSymbolRolled, RedDieKept, TestResolved
from tales.rules.skilltest import TestSpec, skill_test
from tales.rules.statuses import gain_token
from tales.rules.terms import Attribute, EventSymbol, StatusCardKind, StatusToken
from tests.conftest import deal, load_dice, red, ruling, run, stack_deck, table_for, white


@ruling("stop-drawing-after-status")
def test_margaret_draws_two_stress_cards(core):
    """EXAMPLE: Margaret draws 5 cards, and 1 of them is a STRESS card. She places it
    in her Play Area and decides to draw an additional card. Unfortunately, that card
    is also a STRESS card, so she loses 1 SANITY, removes both cards, and returns them
    to the General Supply. She then draws another card, which turns out to be a
    regular Attribute card."""
    table = table_for(core, ["margaret-sinclair"])
    margaret = table.investigator("margaret-sinclair")
    first, second = (table.supply.take_status_card(StatusCardKind.STRESS) for _ in range(2))
    assert first and second
    margaret.deck += [first, second]
    attribute_cards = [c for c in margaret.deck if not c.is_status][:5]
    stack_deck(table, margaret.slug, [*attribute_cards[:4], first, second, attribute_cards[4]])
    sanity, supply_before = margaret.sanity, len(table.supply.status_cards[StatusCardKind.STRESS])

    engine = run(table, draw_up_to(table, margaret))
    # Five cards drawn: four to the hand, the STRESS card to the play area.
    assert engine.pending is not None and engine.pending.kind == "keep-drawing"
    assert [c.id for c in margaret.hand] == [c.id for c in attribute_cards[:4]]
    assert margaret.play_area == [first]

    engine.apply("draw")  # "decides to draw an additional card": STRESS again
    assert margaret.sanity == sanity - 1
    assert margaret.play_area == []
    assert len(table.supply.status_cards[StatusCardKind.STRESS]) == supply_before + 2

    engine.apply("draw")  # "She then draws another card": a regular Attribute card
    assert engine.finished
    assert margaret.hand[-1] == attribute_cards[4]
    assert len(margaret.hand) == 5


def test_arthur_ezra_and_companion_elizabeth_assist_up_to_the_cap(core):
    """EXAMPLE: Arthur plays 3 cards to prepare for a STRENGTH test. He can receive up
    to 3 additional Successes and/or dice from other Investigators and/or Companions.
    In this example, Ezra (another player) provides 2 cards, and Elizabeth the
    Companion also assists with 1 Success."""
    table = table_for(core, ["arthur-blackwood", "ezra-marsh"], ["elizabeth-hawthorne"])
    arthur, ezra = table.investigator("arthur-blackwood"), table.investigator("ezra-marsh")
    arthur.location = ezra.location = "harbour-office"
    arthur_cards = deal(arthur, lambda c: c.helps(Attribute.STRENGTH), 4)
    ezra_cards = deal(ezra, lambda c: c.helps(Attribute.STRENGTH), 3)

    engine = run(table, skill_test(table, arthur, TestSpec(Attribute.STRENGTH, 5)))
    assert not any(i.startswith(("assist:", "marker:")) for i in engine.legal_ids()), (
        "no help before the acting player has played a card"
    )
    for card in arthur_cards[:3]:
        engine.apply(f"play:{card.id}")
    for card in ezra_cards[:2]:
        engine.apply(f"assist:{card.id}")
    engine.apply("marker:elizabeth-hawthorne")

    # Three cards played, three helps given: the cap is reached.
    assert not any(i.startswith(("assist:", "marker:")) for i in engine.legal_ids())
    # Arthur playing his fourth card would raise the cap again.
    engine.apply(f"play:{arthur_cards[3].id}")
    assert f"assist:{ezra_cards[2].id}" in engine.legal_ids()
    assert "elizabeth-hawthorne" not in {
        i.partition(":")[2] for i in engine.legal_ids() if i.startswith("marker:")
    }, "a used Companion marker stays used"


@ruling("disadvantage-example-reading")
@ruling("red-die-ranking")
def test_disadvantage_keeps_the_skull_when_skull_and_star_tie(core):
    """EXAMPLE: During the test, 2 red dice were rolled due to a DISADVANTAGE token
    ... Tentacle has more tokens than the other two, so it would be the worst result,
    but it was not rolled. In that case, skull and star are tied, so following the
    hierarchy, the skull was added to the Event board."""
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    table.event_tokens.update({EventSymbol.TENTACLE: 2, EventSymbol.SKULL: 1, EventSymbol.STAR: 1})
    gain_token(table, arthur, StatusToken.DISADVANTAGE)
    load_dice(table, red("star", "skull"))

    engine = run(table, skill_test(table, arthur, TestSpec(Attribute.POWER, 1)))
    events = engine.apply("roll")
    events += engine.apply("accept")

    kept = next(e for e in events if isinstance(e, RedDieKept))
    assert str(kept.face) == "skull"
    assert table.event_tokens[EventSymbol.SKULL] == 2
    assert not arthur.has_token(StatusToken.DISADVANTAGE), "the token is one-use"


@ruling("disadvantage-example-reading")
def test_disadvantage_keeps_a_rolled_tentacle_with_the_most_tokens(core):
    """The rule's own words decide when tentacle is rolled: "select the one for which
    your group currently has more matching tokens"."""
    table = table_for(core, ["arthur-blackwood"])
    arthur = table.investigator("arthur-blackwood")
    table.event_tokens.update({EventSymbol.TENTACLE: 2, EventSymbol.SKULL: 1})
    gain_token(table, arthur, StatusToken.DISADVANTAGE)
    load_dice(table, red("skull", "tentacle"))

    engine = run(table, skill_test(table, arthur, TestSpec(Attribute.POWER, 1)))
    events = engine.apply_all(["roll", "accept"])
    assert str(next(e for e in events if isinstance(e, RedDieKept)).face) == "tentacle"


@ruling("reroll-any-number")
def test_elizabeth_rerolls_a_shattered_star_with_ezras_magic(core):
    """EXAMPLE: Elizabeth needed to roll 2 Successes to complete her test and she did,
    but unfortunately rolled a Shattered Star on top of that, which cancels 1 Success.
    She does not have any MAGIC left, but one of her Companions, Ezra, still has some!
    Elizabeth spends 2 MAGIC from Ezra's Companion board and reroll the Shattered Star
    to a blank side of a die, making a test a Success in the process. As much as they
    want to, they cannot reroll the red die, so they have to place a TENTACLE token on
    the Event board."""
    table = table_for(core, ["elizabeth-hawthorne"], ["ezra-marsh"])
    elizabeth, ezra = table.investigator("elizabeth-hawthorne"), table.investigator("ezra-marsh")
    elizabeth.magic = 0
    dice_cards = deal(elizabeth, lambda c: c.dice_for(Attribute.AGILITY), 3)
    load_dice(table, [*white("success", "success", "shatter"), *red("tentacle")])

    engine = run(table, skill_test(table, elizabeth, TestSpec(Attribute.AGILITY, 2)))
    engine.apply_all([f"play:{c.id}" for c in dice_cards])
    engine.apply("roll")
    assert "reroll:elizabeth-hawthorne" not in engine.legal_ids(), "she has no MAGIC left"
    assert engine.pending is not None and "1 success, 2 needed" in engine.pending.prompt

    load_dice(table, white("blank"))
    events = engine.apply_all(["reroll:ezra-marsh", "die:2", "confirm", "accept"])

    assert not any(o.startswith("die:") and "red" in o for o in engine.legal_ids())
    reroll = next(e for e in events if isinstance(e, DiceRerolled))
    assert reroll.dice == (2,) and str(reroll.faces[0]) == "blank"
    assert ezra.magic == 1
    result = next(e for e in events if isinstance(e, TestResolved))
    assert result.passed and result.successes == 2
    symbol = next(e for e in events if isinstance(e, EventSymbolRolled))
    assert symbol.symbol is EventSymbol.TENTACLE and table.event_tokens[EventSymbol.TENTACLE] == 1
