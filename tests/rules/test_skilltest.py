"""Skill tests through the decision interface (tales.rules.skilltest, teamtests).

"Tests are resolved using both cards and dice. To pass a test, the number of
Successes achieved must meet or exceed the test's requirement." Every die is
scripted with ``load_dice``; every assertion names exact numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import pytest

from tales.errors import IllegalInput
from tales.rules.cards import Card, attribute_card
from tales.rules.decisions import Engine
from tales.rules.dice import Face
from tales.rules.events import (
    CardPlayed,
    DiceRerolled,
    DiceRolled,
    DieExploded,
    EaseFound,
    Event,
    EventSymbolRolled,
    FocusUsed,
    MarkerUsed,
    RedDieKept,
    StatusCardsResolved,
    TestResolved,
    TestStarted,
    TokenResolved,
    TrackChanged,
)
from tales.rules.investigators import Investigator
from tales.rules.items import HeldItem
from tales.rules.skilltest import Ease, TestOutcome, TestSpec, skill_test
from tales.rules.statuses import gain_token
from tales.rules.table import Table
from tales.rules.teamtests import TeamOutcome, recovery_kinds, recovery_test, team_test
from tales.rules.terms import Attribute, EventSymbol, StatusCardKind, StatusToken, Track
from tales.rules.teststate import eased
from tales.story.core import Core
from tests.conftest import deal, load_dice, of, red, ruling, run, table_for, white

E = TypeVar("E", bound=Event)
AGI, STR, POW, CON = (
    Attribute.AGILITY,
    Attribute.STRENGTH,
    Attribute.POWER,
    Attribute.CONSTITUTION,
)
ARTHUR, MARGARET, EZRA = "arthur-blackwood", "margaret-sinclair", "ezra-marsh"


# --- helpers -----------------------------------------------------------------------


def successes_in(attribute: Attribute) -> Callable[[Card], object]:
    return lambda card: card.successes_for(attribute)


def die_in(attribute: Attribute) -> Callable[[Card], object]:
    return lambda card: card.dice_for(attribute)


def only(events: Sequence[Event], kind: type[E]) -> E:
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, f"expected one {kind.__name__}, got {found}"
    return found[0]


def ids(engine: Engine[object], prefix: str) -> list[str]:
    """The legal ids of one kind (abilities add options these tests ignore)."""
    return [i for i in engine.legal_ids() if i.startswith(prefix)]


def take(table: Table, kind: StatusCardKind) -> Card:
    card = table.supply.take_status_card(kind)
    assert card is not None
    return card


def faces(*words: str) -> tuple[Face, ...]:
    return tuple(Face.parse(w) for w in words)


def start(table: Table, actor: str, spec: TestSpec) -> Engine[object]:
    return run(table, skill_test(table, table.investigator(actor), spec))


# --- Cards -------------------------------------------------------------------------


@ruling("card-success-or-die")
def test_a_card_gives_a_success_in_its_attribute_or_a_die_in_its_die_icons(core: Core) -> None:
    """The rulebook: "By playing the STRENGTH card, the Investigator may guarantee 1
    Success in a STRENGTH test or an additional white die for a CONSTITUTION or
    AGILITY test." """
    for attribute, successes, dice in ((STR, 1, 0), (CON, 0, 1)):
        table = table_for(core, [ARTHUR])
        arthur = table.investigator(ARTHUR)
        (card,) = deal(arthur, lambda c: c.attribute is STR and CON in c.dice, 1)
        load_dice(table, [*white("blank")[:dice], *red("blank")])
        engine = start(table, ARTHUR, TestSpec(attribute, 1))
        played = engine.apply(f"play:{card.id}")
        events = engine.apply_all(["roll", "accept"])

        assert played == (CardPlayed(ARTHUR, card.id, successes, dice),)
        assert len(only(events, DiceRolled).white) == dice
        assert only(events, TestResolved).card_successes == successes
        assert arthur.play_area == [card], "played cards stay in the play area"


@ruling("card-success-or-die")
def test_a_card_never_shows_a_die_icon_of_its_own_attribute() -> None:
    """A card's primary icon never adds a die to its own attribute's tests."""
    with pytest.raises(ValueError, match="gives a die to its own attribute STRENGTH"):
        attribute_card("x-01", STR, frozenset({STR, AGI}), action=True)


@ruling("played-cards-must-help")
def test_a_card_that_helps_neither_way_is_not_offered(core: Core) -> None:
    """The rulebook: "playing means actively using the card's attribute"; a card
    with neither the STRENGTH icon nor a STRENGTH die icon has nothing to use."""
    table = table_for(core, [ARTHUR, MARGARET])
    arthur, margaret = table.investigator(ARTHUR), table.investigator(MARGARET)
    arthur.location = margaret.location = "harbour"
    (useful,) = deal(arthur, successes_in(STR), 1)
    (useless,) = deal(arthur, lambda c: not c.helps(STR), 1)
    (helping,) = deal(margaret, die_in(STR), 1)
    (idle,) = deal(margaret, lambda c: not c.helps(STR), 1)

    engine = start(table, ARTHUR, TestSpec(STR, 2))
    assert ids(engine, "play:") == [f"play:{useful.id}"]
    with pytest.raises(IllegalInput):
        engine.apply(f"play:{useless.id}")
    engine.apply(f"play:{useful.id}")
    assert ids(engine, "assist:") == [f"assist:{helping.id}"]
    assert f"assist:{idle.id}" not in engine.legal_ids()


# --- Dice --------------------------------------------------------------------------


@ruling("white-dice-cap")
def test_seven_die_icons_roll_six_white_dice(core: Core) -> None:
    """The box holds "All 8 dice (6 white and 2 red)": a seventh die icon adds
    nothing (Components Golden Rule)."""
    table = table_for(core, [ARTHUR])
    cards = deal(table.investigator(ARTHUR), die_in(AGI), 7)
    dice = load_dice(table, [*white(*["blank"] * 6), *red("blank")])

    engine = start(table, ARTHUR, TestSpec(AGI, 1))
    engine.apply_all([f"play:{c.id}" for c in cards[:6]])
    seventh = engine.pending.get(f"play:{cards[6].id}") if engine.pending else None
    assert seventh is not None and "no die: all white dice are in the pool" in seventh.label
    engine.apply(f"play:{cards[6].id}")
    assert engine.pending is not None and engine.pending.prompt.endswith("0 sure, 6 white dice")
    events = engine.apply("roll")

    assert only(events, DiceRolled) == DiceRolled(faces(*["blank"] * 6), faces("blank"))
    assert dice.unused == []


@ruling("shatter-scope")
def test_shattered_stars_cancel_dice_successes_never_a_card_success(core: Core) -> None:
    """The rulebook: "IMPORTANT: Shattered Star cancels only Success on other dice,
    it doesn't cancel Success from the cards." The red die's success is a dice
    success; the dice never total below zero."""
    table = table_for(core, [ARTHUR])
    arthur = table.investigator(ARTHUR)
    cards = [*deal(arthur, successes_in(STR), 1), *deal(arthur, die_in(STR), 2)]
    load_dice(table, [*white("shatter", "shatter"), *red("success")])

    engine = start(table, ARTHUR, TestSpec(STR, 2))
    engine.apply_all([f"play:{c.id}" for c in cards])
    events = engine.apply_all(["roll", "accept"])

    assert only(events, TestResolved) == TestResolved(
        ARTHUR,
        STR,
        need=2,
        successes=1,
        card_successes=1,
        dice_successes=1,
        shatters=2,
        passed=False,
    )


@ruling("shatter-scope")
@ruling("explosion-dice-from-box")
def test_a_shattered_star_cancels_a_success_rolled_later_by_an_explosion(core: Core) -> None:
    """Ruling shatter-scope: a Shattered Star cancels a success "on any die of the
    test ... including dice rolled later by explosions"."""
    table = table_for(core, [ARTHUR])
    arthur = table.investigator(ARTHUR)
    cards = [*deal(arthur, successes_in(STR), 1), *deal(arthur, die_in(STR), 3)]
    dice = load_dice(table, [*white("shatter", "shatter", "explode"), *red("blank")])
    dice.unused.extend(white("success"))  # the extra die

    engine = start(table, ARTHUR, TestSpec(STR, 2))
    engine.apply_all([f"play:{c.id}" for c in cards])
    engine.apply("roll")
    assert engine.pending is not None and "1 success, 2 needed" in engine.pending.prompt
    assert "explode" in engine.legal_ids()
    events = engine.apply("explode")
    assert events == (DieExploded(2, Face.parse("success")),)
    assert engine.pending is not None and "1 success, 2 needed" in engine.pending.prompt
    events = engine.apply("accept")

    result = only(events, TestResolved)
    assert (result.successes, result.dice_successes, result.shatters) == (1, 2, 2)
    assert not result.passed and dice.unused == []


@ruling("exploding-success-counts")
def test_an_exploding_success_counts_as_a_success(core: Core) -> None:
    """The rulebook: "The Exploding Success symbol is an Exploding Success" -- a
    success, even when its extra die is declined."""
    table = table_for(core, [ARTHUR])
    (card,) = deal(table.investigator(ARTHUR), die_in(AGI), 1)
    load_dice(table, [*white("explode"), *red("blank")])

    engine = start(table, ARTHUR, TestSpec(AGI, 1))
    events = engine.apply_all([f"play:{card.id}", "roll", "accept"])

    assert of(events, DieExploded) == []
    result = only(events, TestResolved)
    assert (result.successes, result.dice_successes, result.passed) == (1, 1, True)


@ruling("explosions-optional", value=True)
def test_an_explosion_is_offered_and_may_be_declined(core: Core) -> None:
    """The rulebook: "if you roll this symbol and have any white dice remaining in
    your pool, you may immediately roll 1 additional white die"."""
    table = table_for(core, [ARTHUR])
    cards = deal(table.investigator(ARTHUR), die_in(AGI), 2)
    dice = load_dice(table, [*white("explode", "blank"), *red("blank")])

    engine = start(table, ARTHUR, TestSpec(AGI, 2))
    engine.apply_all([f"play:{c.id}" for c in cards])
    engine.apply("roll")
    assert engine.pending is not None and engine.pending.kind == "after-roll"
    explode = engine.pending.get("explode")
    # Ruling explosion-dice-from-box: the extra die comes from those still in the box.
    assert explode is not None and "(4 white dice left in the box)" in explode.label
    events = engine.apply("accept")

    assert of(events, DieExploded) == []
    assert only(events, TestResolved).successes == 1
    assert dice.unused == []


@ruling("explosions-optional", value=False)
def test_explosions_roll_automatically_when_the_ruling_is_off(core: Core) -> None:
    """With explosions-optional switched off, every Exploding Success rolls its
    extra die at once, and an extra die that explodes rolls another."""
    table = table_for(core, [ARTHUR])
    table.rulings = table.rulings.with_overrides(explosions_optional=False)
    cards = deal(table.investigator(ARTHUR), die_in(AGI), 2)
    dice = load_dice(table, [*white("explode", "blank"), *red("blank")])
    dice.unused.extend(white("explode", "success"))  # two extra dice, in order

    engine = start(table, ARTHUR, TestSpec(AGI, 3))
    engine.apply_all([f"play:{c.id}" for c in cards])
    events = engine.apply("roll")

    assert of(events, DieExploded) == [
        DieExploded(0, Face.parse("explode")),
        DieExploded(2, Face.parse("success")),
    ]
    assert "explode" not in engine.legal_ids()
    result = only(engine.apply("accept"), TestResolved)
    assert (result.successes, result.passed) == (3, True)
    assert dice.unused == []


@ruling("explosion-dice-from-box")
def test_explosions_stop_when_the_box_is_empty(core: Core) -> None:
    """The rulebook: "If all white dice were used during the initial roll or other
    Exploding Success rolls, you cannot benefit from effect of Exploding Success
    anymore." Five dice leave one in the box for one explosion."""
    table = table_for(core, [ARTHUR])
    cards = deal(table.investigator(ARTHUR), die_in(AGI), 5)
    dice = load_dice(table, [*white("explode", "explode", "blank", "blank", "blank")])
    dice.unused.extend([*red("blank"), *white("explode")])

    engine = start(table, ARTHUR, TestSpec(AGI, 4))
    engine.apply_all([f"play:{c.id}" for c in cards])
    engine.apply("roll")
    explode = engine.pending.get("explode") if engine.pending else None
    assert explode is not None and "(1 white die left in the box)" in explode.label
    assert engine.apply("explode") == (DieExploded(0, Face.parse("explode")),)

    assert "explode" not in engine.legal_ids(), "two Exploding Successes wait, no die is left"
    result = only(engine.apply("accept"), TestResolved)
    assert (result.successes, result.dice_successes) == (3, 3)
    assert dice.unused == []


@ruling("explosion-dice-from-box")
def test_no_explosion_after_an_initial_roll_of_six_dice(core: Core) -> None:
    """The rulebook: "If all white dice were used during the initial roll ... you
    cannot benefit from effect of Exploding Success anymore." """
    table = table_for(core, [ARTHUR])
    cards = deal(table.investigator(ARTHUR), die_in(AGI), 6)
    load_dice(table, [*white("explode", *["blank"] * 5), *red("blank")])

    engine = start(table, ARTHUR, TestSpec(AGI, 1))
    engine.apply_all([f"play:{c.id}" for c in cards])
    engine.apply("roll")

    assert "explode" not in engine.legal_ids()
    assert only(engine.apply("accept"), TestResolved).successes == 1


@ruling("reroll-explosions", value=True)
def test_a_rerolled_die_may_explode_anew_and_the_extra_die_stays(core: Core) -> None:
    """Ruling reroll-explosions: "A die rerolled to an Exploding Success may explode
    anew; an extra die already rolled because of the old face stays in the pool"."""
    table = table_for(core, [ARTHUR])
    arthur = table.investigator(ARTHUR)
    cards = deal(arthur, die_in(AGI), 2)
    dice = load_dice(table, [*white("explode", "blank"), *red("blank")])
    dice.unused.extend(white("blank", "explode", "success"))  # extra, reroll, extra

    engine = start(table, ARTHUR, TestSpec(AGI, 3))
    engine.apply_all([f"play:{c.id}" for c in cards])
    engine.apply_all(["roll", "explode"])
    assert "explode" not in engine.legal_ids(), "die 0 has exploded once"

    events = engine.apply_all([f"reroll:{ARTHUR}", "die:0", "confirm"])
    assert events == (
        TrackChanged(ARTHUR, Track.MAGIC, 2, 0, "reroll"),
        DiceRerolled(ARTHUR, 2, (0,), faces("explode")),
    )
    assert engine.pending is not None and engine.pending.prompt.startswith(
        "White: explode, blank, blank;"
    ), "the extra die rolled for the old face stays"
    assert engine.apply("explode") == (DieExploded(0, Face.parse("success")),)

    result = only(engine.apply("accept"), TestResolved)
    assert (result.dice_successes, result.successes, result.passed) == (2, 2, False)
    assert dice.unused == []


# --- Rerolls and MAGIC ---------------------------------------------------------------


@ruling("reroll-any-number", value=True)
def test_a_reroll_costs_two_magic_of_the_chosen_payer_and_never_a_red_die(core: Core) -> None:
    """The rulebook: "By spending 2 MAGIC points, you may reroll as many white dice as
    you want." "IMPORTANT: Red dice can never be rerolled!" Two rerolls, two payers."""
    table = table_for(core, [ARTHUR], [EZRA])
    arthur, ezra = table.investigator(ARTHUR), table.investigator(EZRA)
    cards = deal(arthur, die_in(AGI), 2)
    dice = load_dice(table, [*white("shatter", "blank"), *red("skull")])
    dice.unused.extend(white("blank", "success", "success"))

    engine = start(table, ARTHUR, TestSpec(AGI, 2))
    engine.apply_all([f"play:{c.id}" for c in cards])
    engine.apply("roll")
    assert ids(engine, "reroll:") == [f"reroll:{ARTHUR}", f"reroll:{EZRA}"]

    engine.apply(f"reroll:{EZRA}")
    assert engine.pending is not None and engine.pending.kind == "reroll"
    assert engine.legal_ids() == ("die:0", "die:1", "back"), "only the two white dice"
    engine.apply("die:0")
    assert engine.legal_ids() == ("die:0", "die:1", "confirm", "back")
    labels = [o.label for o in engine.pending.options]
    assert "Reroll 1 white die for 2 MAGIC" in labels  # playtest 7: it read "1 dice"
    engine.apply("die:1")
    assert "Reroll 2 white dice for 2 MAGIC" in [o.label for o in engine.pending.options]
    engine.apply("die:1")  # toggled back: one die again
    assert engine.apply("confirm") == (
        TrackChanged(EZRA, Track.MAGIC, 3, 1, "reroll"),
        DiceRerolled(EZRA, 2, (0,), faces("blank")),
    )
    assert (ezra.magic, arthur.magic) == (1, 2)
    assert ids(engine, "reroll:") == [f"reroll:{ARTHUR}"], "Ezra has 1 MAGIC left"

    events = engine.apply_all([f"reroll:{ARTHUR}", "die:0", "die:1", "confirm"])
    assert only(events, DiceRerolled) == DiceRerolled(
        ARTHUR, 2, (0, 1), faces("success", "success")
    )
    assert (ezra.magic, arthur.magic) == (1, 0)
    assert ids(engine, "reroll:") == []
    events = engine.apply("accept")
    assert only(events, TestResolved).successes == 2
    assert only(events, EventSymbolRolled).symbol is EventSymbol.SKULL, "the red die stands"
    assert dice.unused == []


def test_going_back_from_a_reroll_costs_nothing(core: Core) -> None:
    """MAGIC is spent only for dice actually rerolled."""
    table = table_for(core, [ARTHUR])
    arthur = table.investigator(ARTHUR)
    (card,) = deal(arthur, die_in(AGI), 1)
    load_dice(table, [*white("blank"), *red("blank")])

    engine = start(table, ARTHUR, TestSpec(AGI, 1))
    engine.apply_all([f"play:{card.id}", "roll"])
    assert engine.apply_all([f"reroll:{ARTHUR}", "die:0", "back"]) == ()
    assert arthur.magic == 2
    assert engine.pending is not None and engine.pending.kind == "after-roll"


def test_the_dice_picked_for_a_reroll_are_named_and_going_back_says_what_it_gives_up(
    core: Core,
) -> None:
    """A newcomer's play-through: with dice picked, the list read "Keep white
    die 1" (meaning: take it back out) and "Do not reroll", whose number they
    typed for the confirmation's, losing the reroll unawares."""
    table = table_for(core, [ARTHUR])
    arthur = table.investigator(ARTHUR)
    cards = deal(arthur, die_in(AGI), 2)
    load_dice(table, [*white("blank", "success"), *red("blank")])
    engine = start(table, ARTHUR, TestSpec(AGI, 3))
    engine.apply_all([*(f"play:{c.id}" for c in cards), "roll", f"reroll:{ARTHUR}"])
    pending = engine.pending
    assert pending is not None and [o.label for o in pending.options][-1] == "Do not reroll"
    engine.apply("die:0")
    pending = engine.pending
    assert pending is not None
    assert [o.label for o in pending.options] == [
        "Take white die 1 (blank) back out of the reroll",
        "Reroll white die 2 (success)",
        "Reroll 1 white die for 2 MAGIC",
        "Cancel: reroll nothing, the dice stand as rolled",
    ]
    assert pending.ids[-1] == "back", "the same way back, in other words"


def test_magic_elsewhere_is_not_offered_but_a_companions_always_is(core: Core) -> None:
    """The rulebook: "You can spend your Companions' MAGIC for rerolls as well. Only
    Investigators that are in the same location as the Investigator that initiated
    the test, can use MAGIC to reroll the white dice." """
    table = table_for(core, [ARTHUR, MARGARET], [EZRA])
    arthur, margaret = table.investigator(ARTHUR), table.investigator(MARGARET)
    arthur.location, margaret.location = "harbour", "church"
    cards = deal(arthur, die_in(AGI), 2)
    load_dice(table, [*white("blank"), *red("blank"), *white("blank"), *red("blank")])

    engine = start(table, ARTHUR, TestSpec(AGI, 1))
    engine.apply_all([f"play:{cards[0].id}", "roll"])
    assert ids(engine, "reroll:") == [f"reroll:{ARTHUR}", f"reroll:{EZRA}"]
    engine.apply("accept")

    margaret.location = "harbour"
    engine = start(table, ARTHUR, TestSpec(AGI, 1))
    engine.apply_all([f"play:{cards[1].id}", "roll"])
    assert ids(engine, "reroll:") == [f"reroll:{ARTHUR}", f"reroll:{MARGARET}", f"reroll:{EZRA}"]


def test_dead_investigators_pay_nothing(core: Core) -> None:
    """A dead investigator is "permanently removed from the game"."""
    table = table_for(core, [ARTHUR, MARGARET])
    arthur, margaret = table.investigator(ARTHUR), table.investigator(MARGARET)
    arthur.location = margaret.location = "harbour"
    margaret.dead = True
    (card,) = deal(arthur, die_in(AGI), 1)
    load_dice(table, [*white("blank"), *red("blank")])

    engine = start(table, ARTHUR, TestSpec(AGI, 1))
    engine.apply_all([f"play:{card.id}", "roll"])
    assert ids(engine, "reroll:") == [f"reroll:{ARTHUR}"]


# --- PANIC -------------------------------------------------------------------------


def panic(table: Table, inv: Investigator) -> None:
    """A PANIC card in the play area, as after drawing it this round."""
    inv.play_area.append(take(table, StatusCardKind.PANIC))


@ruling("panic-blocks-magic", value=True)
def test_a_panicked_actor_gets_no_help_and_only_their_own_magic(core: Core) -> None:
    """The rulebook: "PANIC: Until the end of the round during any test, you cannot
    provide or receive help from other Investigators (Players or Companions)." """
    table = table_for(core, [ARTHUR, MARGARET], [EZRA])
    arthur, margaret = table.investigator(ARTHUR), table.investigator(MARGARET)
    arthur.location = margaret.location = "harbour"
    panic(table, arthur)
    cards = deal(arthur, die_in(AGI), 2)
    deal(margaret, successes_in(AGI), 2)
    load_dice(table, [*white("blank", "blank"), *red("blank")])

    engine = start(table, ARTHUR, TestSpec(AGI, 2))
    engine.apply_all([f"play:{c.id}" for c in cards])
    assert ids(engine, "assist:") == [] and ids(engine, "marker:") == []
    engine.apply("roll")
    assert ids(engine, "reroll:") == [f"reroll:{ARTHUR}"]


@ruling("panic-blocks-magic", value=True)
def test_a_panicked_helper_can_neither_assist_nor_pay(core: Core) -> None:
    """The rulebook: PANIC -- "you cannot provide ... help from other Investigators";
    the Companion's help still reaches an actor who is not panicked."""
    table = table_for(core, [ARTHUR, MARGARET], [EZRA])
    arthur, margaret = table.investigator(ARTHUR), table.investigator(MARGARET)
    arthur.location = margaret.location = "harbour"
    panic(table, margaret)
    cards = deal(arthur, die_in(AGI), 2)
    deal(margaret, successes_in(AGI), 2)
    load_dice(table, [*white("blank", "blank"), *red("blank")])

    engine = start(table, ARTHUR, TestSpec(AGI, 2))
    engine.apply_all([f"play:{c.id}" for c in cards])
    assert ids(engine, "assist:") == []
    assert ids(engine, "marker:") == [f"marker:{EZRA}"]
    engine.apply("roll")
    assert ids(engine, "reroll:") == [f"reroll:{ARTHUR}", f"reroll:{EZRA}"]


# --- FOCUS -------------------------------------------------------------------------


@ruling("focus-before-cards")
def test_focus_changes_the_attribute_of_the_whole_test_not_the_need(core: Core) -> None:
    """The rulebook: "FOCUS: When performing your next test, you may select any
    attribute to use, regardless of the one specified. The number of required
    Successes remains unchanged." Assistance follows the new attribute."""
    table = table_for(core, [ARTHUR], [EZRA])  # Ezra's markers: CON, POW, AGI
    arthur = table.investigator(ARTHUR)
    gain_token(table, arthur, StatusToken.FOCUS)
    (card,) = deal(arthur, lambda c: c.successes_for(AGI) and not c.helps(STR), 1)
    load_dice(table, red("blank"))

    engine = start(table, ARTHUR, TestSpec(STR, 2))
    assert only(engine.opening_events, TestStarted) == TestStarted(ARTHUR, STR, 2, 0)
    assert ids(engine, "focus:") == [f"focus:{a}" for a in Attribute if a is not STR]
    assert ids(engine, "play:") == [], "the AGILITY card does not help a STRENGTH test"

    events = engine.apply("focus:AGILITY")
    assert events == (TokenResolved(ARTHUR, StatusToken.FOCUS), FocusUsed(ARTHUR, AGI))
    assert arthur.tokens[StatusToken.FOCUS] == 0
    assert table.supply.status_tokens[StatusToken.FOCUS] == 6
    assert engine.apply(f"play:{card.id}") == (CardPlayed(ARTHUR, card.id, 1, 0),)
    assert engine.apply(f"marker:{EZRA}") == (MarkerUsed(EZRA, "AGILITY", 1),)
    result = only(engine.apply_all(["roll", "accept"]), TestResolved)
    assert (result.attribute, result.need, result.successes, result.passed) == (AGI, 2, 2, True)


@ruling("focus-before-cards")
def test_focus_is_not_offered_once_a_card_is_played(core: Core) -> None:
    """Ruling focus-before-cards: "FOCUS is declared before any card is played";
    an unused token stays for a later test."""
    table = table_for(core, [ARTHUR])
    arthur = table.investigator(ARTHUR)
    gain_token(table, arthur, StatusToken.FOCUS)
    (card,) = deal(arthur, successes_in(STR), 1)
    load_dice(table, red("blank"))

    engine = start(table, ARTHUR, TestSpec(STR, 1))
    engine.apply(f"play:{card.id}")
    assert ids(engine, "focus:") == []
    engine.apply_all(["roll", "accept"])
    assert engine.finished and arthur.tokens[StatusToken.FOCUS] == 1


@ruling("focus-before-cards")
def test_two_focus_tokens_resolve_only_one_per_test(core: Core) -> None:
    """The rulebook: "If you have more than one token of the same type, resolve only
    one token of that type and keep the rest of them on your Investigator's board." """
    table = table_for(core, [ARTHUR])
    arthur = table.investigator(ARTHUR)
    gain_token(table, arthur, StatusToken.FOCUS)
    gain_token(table, arthur, StatusToken.FOCUS)

    engine = start(table, ARTHUR, TestSpec(STR, 1))
    engine.apply("focus:POWER")

    assert ids(engine, "focus:") == []
    assert arthur.tokens[StatusToken.FOCUS] == 1


# --- Easier tests ------------------------------------------------------------------


@ruling("ease-who-counts")
def test_an_item_eases_the_test_once_its_holder_takes_part(core: Core) -> None:
    """The rulebook: "Sometimes the difficulty of a test is reduced if an
    Investigator participating in the test possesses a specific Item or keyword." """
    table = table_for(core, [MARGARET, EZRA])
    margaret, ezra = table.investigator(MARGARET), table.investigator(EZRA)
    margaret.location = ezra.location = "harbour"
    ezra.items = [HeldItem(core.items["hatchet"], 4)]
    (own,) = deal(margaret, die_in(AGI), 1)
    (help_,) = deal(ezra, die_in(AGI), 1)
    load_dice(table, [*white("success", "blank"), *red("blank")])

    engine = start(table, MARGARET, TestSpec(AGI, 3, Ease(1, item="hatchet")))
    assert only(engine.opening_events, TestStarted).eased_by == 0
    engine.apply(f"play:{own.id}")
    assert engine.pending is not None and "3 needed" in engine.pending.prompt
    engine.apply(f"assist:{help_.id}")
    assert engine.pending is not None and "2 needed" in engine.pending.prompt

    result = only(engine.apply_all(["roll", "accept"]), TestResolved)
    assert (result.need, result.successes, result.passed) == (2, 1, False)
    assert [(i.slug, i.uses) for i in ezra.items] == [("hatchet", 4)], (
        "an item eases without spending a use"
    )


@ruling("ease-who-counts")
def test_an_item_held_by_someone_not_taking_part_does_not_ease(core: Core) -> None:
    """Only "an Investigator participating in the test" counts."""
    table = table_for(core, [MARGARET, EZRA])
    margaret, ezra = table.investigator(MARGARET), table.investigator(EZRA)
    margaret.location = ezra.location = "harbour"
    ezra.items = [HeldItem(core.items["hatchet"], 4)]
    load_dice(table, red("success"))

    engine = start(table, MARGARET, TestSpec(AGI, 2, Ease(1, item="hatchet")))
    result = only(engine.apply_all(["roll", "accept"]), TestResolved)
    assert (result.need, result.successes, result.passed) == (2, 1, False)


@ruling("ease-who-counts")
def test_the_actors_own_item_eases(core: Core) -> None:
    """The acting investigator participates in their own test."""
    table = table_for(core, [MARGARET])
    table.investigator(MARGARET).items = [HeldItem(core.items["pocket-pistol"], 2)]
    load_dice(table, red("success"))

    engine = start(table, MARGARET, TestSpec(AGI, 2, Ease(1, item="pocket-pistol")))
    started = only(engine.opening_events, TestStarted)
    assert (started.eased_by, started.eased_with) == (
        1,
        EaseFound("item", "pocket-pistol", MARGARET),
    )
    result = only(engine.apply_all(["roll", "accept"]), TestResolved)
    assert (result.need, result.passed) == (1, True)


@ruling("ease-who-counts")
def test_a_keyword_on_the_keyword_sheet_eases(core: Core) -> None:
    """The rulebook: "possessing the corresponding Item or keyword will make the test
    easier"; a keyword is possessed once marked "on the Keyword sheet"."""
    table = table_for(core, [MARGARET])
    spec = TestSpec(AGI, 3, Ease(2, keyword="LIGHTHOUSE"))
    engine = start(table, MARGARET, spec)
    assert only(engine.opening_events, TestStarted).eased_by == 0

    table.keywords.add("LIGHTHOUSE")
    engine = start(table, MARGARET, spec)
    sheet = EaseFound("sheet", "LIGHTHOUSE")  # no one holds it: the team has it
    assert only(engine.opening_events, TestStarted) == TestStarted(
        MARGARET, AGI, 3, 2, eased_with=sheet
    )


@ruling("ease-who-counts")
def test_a_companions_keyword_counts_as_validated(core: Core) -> None:
    """The rulebook: "The keyword SEA is also counted as validated." -- without the
    Companion helping in the test."""
    table = table_for(core, [MARGARET], [EZRA])
    engine = start(table, MARGARET, TestSpec(AGI, 3, Ease(1, keyword="SEA")))
    started = only(engine.opening_events, TestStarted)
    assert (started.eased_by, started.eased_with) == (1, EaseFound("board", "SEA", EZRA))


@ruling("ease-who-counts")
def test_a_keyword_printed_on_a_participants_board_eases(core: Core) -> None:
    """The rulebook: "each Investigator has one keyword printed on their Investigator
    board"; it counts while its investigator takes part."""
    table = table_for(core, [ARTHUR, MARGARET])
    arthur, margaret = table.investigator(ARTHUR), table.investigator(MARGARET)
    arthur.location = margaret.location = "harbour"
    (own,) = deal(arthur, die_in(AGI), 1)
    (help_,) = deal(margaret, die_in(AGI), 1)

    engine = start(table, ARTHUR, TestSpec(AGI, 3, Ease(1, keyword="SOLDIER")))
    assert only(engine.opening_events, TestStarted).eased_by == 1, "Arthur's own keyword"

    engine = start(table, ARTHUR, TestSpec(AGI, 3, Ease(1, keyword="PRESS")))
    assert only(engine.opening_events, TestStarted).eased_by == 0, "Margaret is not helping"
    engine.apply_all([f"play:{own.id}", f"assist:{help_.id}"])
    assert engine.pending is not None and "2 needed" in engine.pending.prompt


@ruling("ease-who-counts")
def test_who_counts_for_an_ease(core: Core) -> None:
    """Ruling ease-who-counts, checked on the rule itself (``eased``) while whole
    eased tests crash: the participants' items and board keywords, the Keyword
    sheet and any Companion's keyword count; a bystander's do not."""
    table = table_for(core, [ARTHUR, MARGARET], [EZRA])
    arthur, margaret = table.investigator(ARTHUR), table.investigator(MARGARET)
    margaret.items = [HeldItem(core.items["pocket-pistol"], 2)]
    assert eased(table, [arthur, margaret], Ease(1, item="pocket-pistol"))
    assert not eased(table, [arthur], Ease(1, item="pocket-pistol"))
    assert eased(table, [arthur], Ease(1, keyword="SOLDIER"))
    assert not eased(table, [arthur], Ease(1, keyword="PRESS"))
    assert eased(table, [arthur, margaret], Ease(1, keyword="PRESS"))
    assert eased(table, [arthur], Ease(1, keyword="SEA")), "Ezra is a Companion"
    assert not eased(table, [arthur], Ease(1, keyword="LIGHTHOUSE"))
    table.keywords.add("LIGHTHOUSE")
    assert eased(table, [arthur], Ease(1, keyword="LIGHTHOUSE"))


@ruling("ease-floor")
def test_an_eased_test_still_needs_one_success(core: Core) -> None:
    """Ruling ease-floor: "a requirement of zero would skip the roll the storybook
    asked for"."""
    table = table_for(core, [ARTHUR])
    load_dice(table, red("blank"))
    engine = start(table, ARTHUR, TestSpec(STR, 2, Ease(3, keyword="SOLDIER")))
    board = EaseFound("board", "SOLDIER", ARTHUR)
    assert only(engine.opening_events, TestStarted) == TestStarted(
        ARTHUR, STR, 2, 1, eased_with=board
    )
    result = only(engine.apply_all(["roll", "accept"]), TestResolved)
    assert (result.need, result.successes, result.passed) == (1, 0, False)


# --- The red die ---------------------------------------------------------------------


@ruling("red-die-ranking")
def test_under_advantage_the_player_chooses_the_red_die(core: Core) -> None:
    """The rulebook: "ADVANTAGE: Add 1 red die to your pool. After rolling, you will
    choose which result from the 2 red dice you prefer. Apply that result and ignore
    the other." Ruling: "under ADVANTAGE the player chooses"."""
    table = table_for(core, [ARTHUR])
    gain_token(table, table.investigator(ARTHUR), StatusToken.ADVANTAGE)
    load_dice(table, red("success", "skull"))

    engine = start(table, ARTHUR, TestSpec(STR, 1))
    events = engine.apply_all(["roll", "accept"])
    assert only(events, DiceRolled).red == faces("success", "skull")
    assert engine.pending is not None and engine.pending.kind == "keep-red"
    assert engine.legal_ids() == ("keep-red:0", "keep-red:1")

    events = engine.apply("keep-red:1")  # the player prefers the skull
    assert only(events, RedDieKept) == RedDieKept(
        Face.parse("skull"), Face.parse("success"), "ADVANTAGE keeps the preferred"
    )
    assert not only(events, TestResolved).passed
    assert table.event_tokens[EventSymbol.SKULL] == 1


@ruling("red-die-ranking")
def test_under_disadvantage_the_tally_after_the_roll_counts_the_worse_red_die(
    core: Core,
) -> None:
    """The rulebook: "DISADVANTAGE: ... After rolling, you must select the worse of the
    2 red dice results." The count a player sees when deciding on rerolls must be the
    one the test resolves with."""
    table = table_for(core, [ARTHUR])
    gain_token(table, table.investigator(ARTHUR), StatusToken.DISADVANTAGE)
    load_dice(table, red("success", "blank"))

    engine = start(table, ARTHUR, TestSpec(POW, 1))
    engine.apply("roll")
    assert engine.pending is not None
    shown = engine.pending.prompt

    result = only(engine.apply("accept"), TestResolved)
    assert result.successes == 0
    assert "0 successes, 1 needed" in shown


@ruling("red-die-ranking")
def test_two_alike_red_dice_ask_nothing(core: Core) -> None:
    """With two equal red results there is nothing to prefer."""
    table = table_for(core, [ARTHUR])
    gain_token(table, table.investigator(ARTHUR), StatusToken.ADVANTAGE)
    load_dice(table, red("star", "star"))

    engine = start(table, ARTHUR, TestSpec(STR, 1))
    events = engine.apply_all(["roll", "accept"])
    assert engine.finished
    assert only(events, RedDieKept).reason == "both alike"
    assert table.event_tokens[EventSymbol.STAR] == 1, "one token for the one kept die"


def test_the_red_die_places_its_event_token(core: Core) -> None:
    """The rulebook: "Finally, check the red die. If it shows any of the Event symbols
    (skull, tentacle or star), place the appropriate token on the Event board." """
    table = table_for(core, [ARTHUR])
    load_dice(table, red("tentacle"))

    engine = start(table, ARTHUR, TestSpec(STR, 1))
    events = engine.apply_all(["roll", "accept"])

    assert only(events, EventSymbolRolled) == EventSymbolRolled(EventSymbol.TENTACLE, True, 1)
    assert table.event_tokens[EventSymbol.TENTACLE] == 1
    assert table.supply.event_tokens[EventSymbol.TENTACLE] == 7
    assert engine.result == TestOutcome(False, 0, 1, EventSymbol.TENTACLE)


@ruling("event-token-supply")
def test_no_event_token_left_reports_the_symbol_without_placing_it(core: Core) -> None:
    """The box holds "24 Event board markers (8 skulls, 8 stars, 8 tentacles)"; with
    all 8 skulls on the board a ninth is not placed."""
    table = table_for(core, [ARTHUR])
    table.supply.event_tokens[EventSymbol.SKULL] = 0
    table.event_tokens[EventSymbol.SKULL] = 8
    load_dice(table, red("skull"))

    engine = start(table, ARTHUR, TestSpec(STR, 1))
    events = engine.apply_all(["roll", "accept"])

    assert only(events, EventSymbolRolled) == EventSymbolRolled(EventSymbol.SKULL, False, 8)
    assert table.event_tokens[EventSymbol.SKULL] == 8
    assert table.supply.event_tokens[EventSymbol.SKULL] == 0
    assert engine.result == TestOutcome(False, 0, 1, EventSymbol.SKULL)


# --- Companion markers ---------------------------------------------------------------


@ruling("companion-marker-value")
def test_a_companion_marker_gives_one_success_in_its_attribute_only(core: Core) -> None:
    """The rulebook: "Elizabeth the Companion also assists with 1 Success." A marker
    shows one attribute: no help in other tests, and no Shattered Star cancels it."""
    table = table_for(core, [ARTHUR], [EZRA])  # Ezra's markers: CON, POW, AGI
    arthur, ezra = table.investigator(ARTHUR), table.investigator(EZRA)
    (str_card,) = deal(arthur, successes_in(STR), 1)
    (agi_card,) = deal(arthur, die_in(AGI), 1)

    engine = start(table, ARTHUR, TestSpec(STR, 1))
    engine.apply(f"play:{str_card.id}")
    assert ids(engine, "marker:") == [], "Ezra shows no STRENGTH marker"

    load_dice(table, [*white("shatter"), *red("blank")])
    engine = start(table, ARTHUR, TestSpec(AGI, 1))
    engine.apply(f"play:{agi_card.id}")
    assert ids(engine, "marker:") == [f"marker:{EZRA}"]
    assert engine.apply(f"marker:{EZRA}") == (MarkerUsed(EZRA, "AGILITY", 1),)
    assert ids(engine, "marker:") == []
    result = only(engine.apply_all(["roll", "accept"]), TestResolved)
    assert (result.card_successes, result.shatters, result.successes) == (1, 1, 1)
    assert result.passed
    assert ezra.markers_left() == ["action", "CONSTITUTION", "POWER"]


# --- Team tests --------------------------------------------------------------------


@ruling("team-test-attempts")
def test_team_successes_carry_over_and_each_investigator_tries_once(core: Core) -> None:
    """The rulebook: "Investigators can initiate tests one by one, following all the
    regular test's rules, including the assistance, and their Successes are carried
    over to the next test. Once the threshold is reached, the Team test concludes as
    a Success." """
    table = table_for(core, [ARTHUR, MARGARET], [EZRA])
    arthur, margaret, ezra = (table.investigator(s) for s in (ARTHUR, MARGARET, EZRA))
    (card,) = deal(arthur, successes_in(STR), 1)
    load_dice(table, red("success", "success"))

    engine = run(table, team_test(table, TestSpec(STR, 3), [arthur, margaret, ezra]))
    assert engine.pending is not None and engine.pending.kind == "team-test"
    assert engine.legal_ids() == (f"attempt:{ARTHUR}", f"attempt:{MARGARET}", "give-up")
    events = engine.apply_all([f"attempt:{ARTHUR}", f"play:{card.id}", "roll", "accept"])
    assert only(events, TestStarted) == TestStarted(ARTHUR, STR, 3, 0)
    assert only(events, TestResolved).successes == 2

    assert engine.pending is not None and "2 of 3 successes" in engine.pending.prompt
    assert engine.legal_ids() == (f"attempt:{MARGARET}", "give-up")
    events = engine.apply_all([f"attempt:{MARGARET}", "roll", "accept"])
    assert only(events, TestStarted) == TestStarted(MARGARET, STR, 1, 0), "1 still needed"
    assert engine.finished
    assert engine.result == TeamOutcome(True, 3, 3, (ARTHUR, MARGARET))


@ruling("team-test-attempts")
def test_giving_up_fails_the_team_test(core: Core) -> None:
    """Ruling team-test-attempts: "The group may stop early"."""
    table = table_for(core, [ARTHUR, MARGARET])
    arthur, margaret = table.investigator(ARTHUR), table.investigator(MARGARET)
    load_dice(table, red("success"))

    engine = run(table, team_test(table, TestSpec(STR, 3), [arthur, margaret]))
    engine.apply_all([f"attempt:{ARTHUR}", "roll", "accept", "give-up"])

    assert engine.finished
    assert engine.result == TeamOutcome(False, 1, 3, (ARTHUR,))


@ruling("team-test-attempts")
def test_team_test_fails_when_everyone_has_tried(core: Core) -> None:
    """Ruling team-test-attempts: "the team test fails when everyone has tried short
    of it"; a dead investigator does not try."""
    table = table_for(core, [ARTHUR, MARGARET, EZRA])
    arthur, margaret, ezra = (table.investigator(s) for s in (ARTHUR, MARGARET, EZRA))
    ezra.dead = True
    load_dice(table, red("success", "blank"))

    engine = run(table, team_test(table, TestSpec(STR, 3), [arthur, margaret, ezra]))
    assert engine.legal_ids() == (f"attempt:{ARTHUR}", f"attempt:{MARGARET}", "give-up")
    engine.apply_all([f"attempt:{MARGARET}", "roll", "accept"])
    engine.apply_all([f"attempt:{ARTHUR}", "roll", "accept"])

    assert engine.finished
    assert engine.result == TeamOutcome(False, 1, 3, (MARGARET, ARTHUR))


# --- Recovery tests ----------------------------------------------------------------


@ruling("recovery-test")
def test_a_power_test_removes_one_stress_card_per_success(core: Core) -> None:
    """The rulebook: "1 success in a POWER test to remove 1 STRESS card."; two
    successes remove two, and the INJURY card stays."""
    table = table_for(core, [ARTHUR])
    arthur = table.investigator(ARTHUR)
    stress = [take(table, StatusCardKind.STRESS) for _ in range(3)]
    injury = take(table, StatusCardKind.INJURY)
    arthur.play_area = [*stress, injury]
    (card,) = deal(arthur, successes_in(POW), 1)
    load_dice(table, red("success"))

    engine = run(table, recovery_test(table, arthur, StatusCardKind.STRESS))
    assert only(engine.opening_events, TestStarted) == TestStarted(ARTHUR, POW, 1, 0)
    events = engine.apply_all([f"play:{card.id}", "roll", "accept"])

    assert only(events, StatusCardsResolved) == StatusCardsResolved(
        ARTHUR, StatusCardKind.STRESS, tuple(c.id for c in stress[:2])
    )
    assert arthur.play_area == [stress[2], injury, card]
    assert len(table.supply.status_cards[StatusCardKind.STRESS]) == 19
    assert engine.result == TestOutcome(True, 2, 1, None)


@ruling("recovery-test")
def test_an_injury_card_needs_a_constitution_test_and_a_failure_removes_nothing(
    core: Core,
) -> None:
    """The rulebook: "1 success in a CONSTITUTION test to remove 1 INJURY card." """
    table = table_for(core, [ARTHUR])
    arthur = table.investigator(ARTHUR)
    injury = take(table, StatusCardKind.INJURY)
    arthur.play_area = [injury]
    assert recovery_kinds(arthur) == [StatusCardKind.INJURY]
    load_dice(table, red("skull"))

    engine = run(table, recovery_test(table, arthur, StatusCardKind.INJURY))
    assert only(engine.opening_events, TestStarted).attribute is CON
    events = engine.apply_all(["roll", "accept"])

    assert of(events, StatusCardsResolved) == []
    assert arthur.play_area == [injury]
    assert engine.result == TestOutcome(False, 0, 1, EventSymbol.SKULL)


@ruling("recovery-test")
def test_no_recovery_test_without_such_a_card(core: Core) -> None:
    """The rulebook: "If you have a STRESS or INJURY card still left in your play area,
    you can try to remove them." """
    table = table_for(core, [ARTHUR])
    arthur = table.investigator(ARTHUR)
    assert recovery_kinds(arthur) == []
    with pytest.raises(ValueError, match="has no STRESS card in the play area"):
        run(table, recovery_test(table, arthur, StatusCardKind.STRESS))


# --- Who may test ------------------------------------------------------------------


@pytest.mark.parametrize("who", ["dead", "companion"])
def test_a_dead_investigator_or_a_companion_cannot_start_a_test(core: Core, who: str) -> None:
    """The rulebook: Companions help "(but never perform tests on their own)"; a dead
    investigator is "permanently removed from the game"."""
    table = table_for(core, [ARTHUR], [EZRA])
    if who == "dead":
        table.investigator(ARTHUR).dead = True
    slug = ARTHUR if who == "dead" else EZRA
    with pytest.raises(ValueError, match="cannot start a test"):
        start(table, slug, TestSpec(STR, 1))


# --- House rules: the switches flipped --------------------------------------------------


@ruling("reroll-any-number", value=False)
def test_with_one_reroll_a_test_the_second_is_not_offered(core: Core) -> None:
    """reroll-any-number switched off: one reroll a test, whoever pays for it."""
    table = table_for(core, [ARTHUR], [EZRA])
    table.rulings = table.rulings.with_overrides(reroll_any_number=False)
    cards = deal(table.investigator(ARTHUR), die_in(AGI), 2)
    dice = load_dice(table, [*white("blank", "blank"), *red("blank")])
    dice.unused.extend(white("blank"))

    engine = start(table, ARTHUR, TestSpec(AGI, 2))
    engine.apply_all([f"play:{c.id}" for c in cards])
    engine.apply("roll")
    assert ids(engine, "reroll:") == [f"reroll:{ARTHUR}", f"reroll:{EZRA}"]
    engine.apply_all([f"reroll:{EZRA}", "die:0", "confirm"])
    assert ids(engine, "reroll:") == [], "the test's one reroll is spent"
    assert table.investigator(ARTHUR).magic == 2, "Arthur still has the MAGIC for one"


@ruling("reroll-explosions", value=False)
def test_a_rerolled_explosion_counts_as_a_success_only_when_switched_off(core: Core) -> None:
    """reroll-explosions switched off: a die rerolled to an Exploding Success rolls
    no extra die, but still counts its success."""
    table = table_for(core, [ARTHUR])
    table.rulings = table.rulings.with_overrides(reroll_explosions=False)
    cards = deal(table.investigator(ARTHUR), die_in(AGI), 2)
    dice = load_dice(table, [*white("blank", "blank"), *red("blank")])
    dice.unused.extend(white("explode"))

    engine = start(table, ARTHUR, TestSpec(AGI, 2))
    engine.apply_all([f"play:{c.id}" for c in cards])
    engine.apply_all(["roll", f"reroll:{ARTHUR}", "die:0", "confirm"])
    assert "explode" not in engine.legal_ids()
    result = only(engine.apply("accept"), TestResolved)
    assert (result.dice_successes, result.passed) == (1, False)
    assert dice.unused == []


@ruling("panic-blocks-magic", value=False)
def test_magic_pays_across_panic_when_switched_off(core: Core) -> None:
    """panic-blocks-magic switched off: PANIC still shuts out cards and markers, but
    a panicked actor may take others' MAGIC and a panicked helper may give it."""
    table = table_for(core, [ARTHUR, MARGARET], [EZRA])
    table.rulings = table.rulings.with_overrides(panic_blocks_magic=False)
    arthur, margaret = table.investigator(ARTHUR), table.investigator(MARGARET)
    arthur.location = margaret.location = "harbour"
    margaret.magic = 2
    panic(table, arthur)
    panic(table, margaret)
    cards = deal(arthur, die_in(AGI), 2)
    deal(margaret, successes_in(AGI), 2)
    load_dice(table, [*white("blank", "blank"), *red("blank")])

    engine = start(table, ARTHUR, TestSpec(AGI, 2))
    engine.apply_all([f"play:{c.id}" for c in cards])
    assert ids(engine, "assist:") == [] and ids(engine, "marker:") == []
    engine.apply("roll")
    assert ids(engine, "reroll:") == [f"reroll:{ARTHUR}", f"reroll:{MARGARET}", f"reroll:{EZRA}"]
