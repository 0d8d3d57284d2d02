"""Skill tests: 1. Preparation and Assistance, 2. Dice Roll, 3. Resolution.

Each stage is a procedure yielding decisions; :class:`TestState` is public so
the prompt can show the live odds while cards are committed.
"""

from __future__ import annotations

from tales.errors import RulesError
from tales.rules.abilities import ability_options, use_ability
from tales.rules.activities import spend_use
from tales.rules.cards import Card
from tales.rules.decisions import Decision, DecisionKind, Proc
from tales.rules.dice import Face
from tales.rules.eventboard import place_event_token
from tales.rules.events import (
    CardPlayed,
    DiceRerolled,
    DiceRolled,
    FocusUsed,
    MarkerUsed,
    RedDieKept,
    TestResolved,
    TestStarted,
)
from tales.rules.investigators import Investigator
from tales.rules.items import HeldItem
from tales.rules.odds import RedMode
from tales.rules.options import (
    Accept,
    Assist,
    Explode,
    Focus,
    HelpMarker,
    KeepRed,
    Option,
    PlayCard,
    Reroll,
    Roll,
    UseAbility,
    UseItem,
)
from tales.rules.randomness import roll_dice
from tales.rules.statuses import change_track, resolve_token
from tales.rules.table import Table, panicked
from tales.rules.terms import Attribute, StatusToken, Track
from tales.rules.teststate import (
    Die,
    Ease,
    TestOutcome,
    TestSpec,
    TestState,
    choose_white_dice,
    ease_source,
    explode,
    explosion_ready,
    red_mode_for,
    reroll_dice,
)

__all__ = ["Die", "Ease", "TestOutcome", "TestSpec", "TestState", "skill_test"]

REROLL_COST = 2  # "By spending 2 MAGIC points, you may reroll as many white dice as you want."
# Options offered at nearly every decision of a test, made once (their ids then
# written once too), as tales.rules.round makes END_ROUND.
ROLL = Roll(label="Roll the dice")
KEEP_DICE = Accept(label="Keep these dice")


def skill_test(table: Table, actor: Investigator, spec: TestSpec) -> Proc[TestOutcome]:
    """Run one whole test for ``actor`` and report its outcome."""
    if not actor.active:
        raise RulesError(
            f"{actor.name} cannot start a test: only a living player's investigator can"
        )
    state = TestState(actor, spec, spec.attribute)
    eased_by = spec.need - state.need(table)
    ease = spec.ease
    found = ease_source(table, state.participants(), ease) if ease else None
    table.emit(TestStarted(actor.slug, spec.attribute, spec.need, eased_by, spec.tally, found))
    yield from prepare(table, state)
    yield from roll(table, state)
    yield from after_roll(table, state)
    yield from keep_red(table, state)
    return resolve(table, state)


# 1. Preparation and Assistance -------------------------------------------------


def preparation_options(table: Table, state: TestState) -> tuple[Option, ...]:
    actor, attribute = state.actor, state.attribute
    options: list[Option] = []
    fresh = not (state.played or state.markers or state.focus_used)
    full = state.white_pool(table.dice.white_count) >= table.dice.white_count
    if actor.has_token(StatusToken.FOCUS) and fresh:
        options += [
            Focus(a, label=f"Resolve FOCUS and test {a} instead")
            for a in Attribute
            if a is not attribute
        ]
    options += [
        PlayCard(c.id, label=f"Play {_benefit(c, attribute, full)}: {c}")
        for c in actor.hand
        if c.helps(attribute)
    ]
    if state.assistance < state.own_cards and not panicked(actor):
        for helper in table.investigators.values():
            if helper is actor or not helper.active or panicked(helper):
                continue
            if not table.together(actor, helper):
                continue
            options += [
                Assist(c.id, label=f"{helper.name} plays {_benefit(c, attribute, full)}: {c}")
                for c in helper.hand
                if c.helps(attribute)
            ]
        for companion in table.companions():
            if attribute.value in companion.markers_left():
                options.append(
                    HelpMarker(
                        companion.slug,
                        label=f"{companion.name} (Companion) helps with 1 {attribute} success",
                    )
                )
    if not full:
        options += [
            UseItem(
                actor.slug,
                held.slug,
                label=f"Use {held.card.name} ({held.uses} left): +1 white die",
            )
            for held in die_items(state)
        ]
    options += ability_options(table, state)
    options.append(ROLL)
    return tuple(options)


def die_items(state: TestState) -> list[HeldItem]:
    """Rulebook: "Using an Item can support you during tests": the actor's items
    that add a white die to a test of this attribute ("Spend a use: +1 white
    die on an EDUCATION test"), with a use marker left. They are carried in
    hand or backpack ("your Investigator must have it in their Backpack or Hand")."""
    return [
        held
        for held in state.actor.items
        if held.uses > 0 and held.card.effect.get("die") == state.attribute.value
    ]


def _benefit(card: Card, attribute: Attribute, pool_full: bool) -> str:
    if card.successes_for(attribute):
        return "+1 success"
    # Ruling white-dice-cap: say so before a die that cannot be rolled is paid for.
    return "no die: all white dice are in the pool" if pool_full else "+1 white die"


def prepare(table: Table, state: TestState) -> Proc[None]:
    while True:
        tally = state.spec.tally
        goal = tally.what_successes_do() if tally else f"{state.need(table)} needed"
        prompt = (
            f"{state.actor.name}'s {state.attribute} test, {goal}: "
            f"{state.card_successes} sure, {_dice(state.white_pool(table.dice.white_count))}"
        )
        choice = yield Decision(
            state.actor.slug, DecisionKind.PREPARE, prompt, preparation_options(table, state), state
        )
        if isinstance(choice, Roll):
            return
        if isinstance(choice, Focus):
            resolve_token(table, state.actor, StatusToken.FOCUS)
            state.focus_used = True  # one token of a type per test
            state.attribute = choice.attribute
            table.emit(FocusUsed(state.actor.slug, state.attribute))
        elif isinstance(choice, PlayCard | Assist):
            owner, card = _find_card(table, choice.card)
            owner.hand.remove(card)
            owner.play_area.append(card)
            state.played.append((owner, card))
            table.emit(
                CardPlayed(
                    owner.slug,
                    card.id,
                    card.successes_for(state.attribute),
                    card.dice_for(state.attribute),
                )
            )
        elif isinstance(choice, UseAbility):
            yield from _use_ability(table, state, choice)
        elif isinstance(choice, UseItem):
            held = next(i for i in die_items(state) if i.slug == choice.item)
            spend_use(table, state.actor, held)  # "remove 1 Item use marker"
            state.item_dice += 1
        elif isinstance(choice, HelpMarker):
            companion = table.investigator(choice.companion)
            companion.markers_used.add(state.attribute.value)
            state.markers.append(companion)
            table.emit(MarkerUsed(companion.slug, state.attribute.value, 1))


def _use_ability(table: Table, state: TestState, choice: UseAbility) -> Proc[None]:
    user, target = table.investigator(choice.user), table.investigator(choice.target)
    yield from use_ability(table, user, target, state)


def _find_card(table: Table, card_id: str) -> tuple[Investigator, Card]:
    for inv in table.investigators.values():
        for card in inv.hand:
            if card.id == card_id:
                return inv, card
    raise ValueError(f"no card {card_id!r} in any hand")


# 2. Dice Roll ------------------------------------------------------------------


def roll(table: Table, state: TestState) -> Proc[None]:
    """Resolve ADVANTAGE or DISADVANTAGE, then roll every die at once."""
    actor = state.actor
    state.red_mode, token = red_mode_for(actor)
    if token is not None:
        resolve_token(table, actor, token)
    count = state.white_pool(table.dice.white_count)
    actor.bonus_white_dice = 0
    # ADVANTAGE and DISADVANTAGE add the second red die, if the box has one.
    reds = 1 if state.red_mode is RedMode.NORMAL else min(2, table.dice.red_count)
    white, red = yield from roll_dice(table, state, count, reds, f"{actor.name}'s test")
    state.white = [Die(face) for face in white]
    state.red = list(red)
    table.emit(DiceRolled(tuple(d.face for d in state.white), tuple(state.red)))


def magic_payers(table: Table, state: TestState) -> list[Investigator]:
    """Who may pay for a reroll: the actor, players at the same location and
    Companions; PANIC shuts out everyone's help, MAGIC included, unless the
    group reads it as shutting out only cards and markers."""
    actor = state.actor
    payers = [actor] if actor.magic >= REROLL_COST else []
    blocks = table.rulings.flag("panic-blocks-magic")
    if blocks and panicked(actor):
        return payers
    for inv in table.investigators.values():
        if inv is actor or inv.dead or inv.magic < REROLL_COST:
            continue
        if table.together(actor, inv) and not (blocks and panicked(inv)):
            payers.append(inv)
    return payers


def after_roll(table: Table, state: TestState) -> Proc[None]:
    optional = table.rulings.flag("explosions-optional")
    while True:
        ready = explosion_ready(table, state)
        if ready is not None and not optional:
            yield from explode(table, state, ready)
            continue
        options: list[Option] = []
        if ready is not None:
            left = table.dice.white_count - len(state.white)
            options.append(
                Explode(
                    label=f"Roll 1 more white die for the Exploding Success "
                    f"({_dice(left)} left in the box)"
                )
            )
        if state.white and (state.rerolls == 0 or table.rulings.flag("reroll-any-number")):
            options += [
                Reroll(
                    p.slug, label=f"Spend 2 of {p.name}'s MAGIC ({p.magic}) to reroll white dice"
                )
                for p in magic_payers(table, state)
            ]
        options += ability_options(table, state)
        options.append(KEEP_DICE)
        dice = ", ".join(str(d.face) for d in state.white) or "no white dice"
        red = " / ".join(str(f) for f in state.red)
        prompt = f"White: {dice}; red: {red}. {_standing(table, state)}."
        choice = yield Decision(
            state.actor.slug, DecisionKind.AFTER_ROLL, prompt, tuple(options), state
        )
        if isinstance(choice, Accept):
            return
        if isinstance(choice, Explode) and ready is not None:
            yield from explode(table, state, ready)
        elif isinstance(choice, UseAbility):
            yield from _use_ability(table, state, choice)
        elif isinstance(choice, Reroll):
            yield from reroll(table, state, table.investigator(choice.payer))


def reroll(table: Table, state: TestState, payer: Investigator) -> Proc[None]:
    """Spend 2 of ``payer``'s MAGIC to reroll any chosen white dice."""
    chosen = yield from choose_white_dice(
        state, "Choose the white dice to reroll", "Reroll {dice} for 2 MAGIC"
    )
    if not chosen:
        return
    change_track(table, payer, Track.MAGIC, -REROLL_COST, "reroll")
    state.rerolls += 1
    faces = yield from reroll_dice(table, state, chosen)
    table.emit(DiceRerolled(payer.slug, REROLL_COST, tuple(chosen), faces))


def red_value(face: Face, table: Table) -> tuple[int, int, int, int]:
    """How good a red result is, larger is better (ruling ``red-die-ranking``):
    successes first; then no symbol beats a symbol; then the symbol with fewer
    tokens on the Event board; then star > tentacle > skull."""
    event = face.event
    if event is None:
        return (face.successes, 1, 0, 0)
    return (face.successes, 0, -table.event_tokens[event], event.rank)


def keep_red(table: Table, state: TestState) -> Proc[None]:
    if len(state.red) == 1:
        state.kept_red = state.red[0]
        return
    first, second = state.red
    if state.red_mode is RedMode.DISADVANTAGE or first == second:
        worse = min(state.red, key=lambda f: red_value(f, table))
        state.kept_red = worse
        reason = "DISADVANTAGE keeps the worse" if first != second else "both alike"
    else:
        options = tuple(
            KeepRed(i, label=f"Keep the red {face}") for i, face in enumerate(state.red)
        )
        choice = yield Decision(
            state.actor.slug,
            DecisionKind.KEEP_RED,
            "ADVANTAGE: keep which red die?",
            options,
            state,
        )
        assert isinstance(choice, KeepRed)  # the only options offered
        state.kept_red = state.red[choice.index]
        reason = ADVANTAGE_CHOICE
    other = second if state.kept_red is first else first
    table.emit(RedDieKept(state.kept_red, other, reason))


# The reason a red die kept under ADVANTAGE is told with: the player chose it
# (the rule lets them keep either, the worse face too), which the prompt says.
ADVANTAGE_CHOICE = "ADVANTAGE keeps the preferred"


# 3. Resolution -----------------------------------------------------------------


def resolve(table: Table, state: TestState) -> TestOutcome:
    need = state.need(table)
    dice, shatters = state.dice_tally()
    successes = state.successes()
    tally = state.spec.tally
    # A counted test has no pass: "passed" says that it finishes the enemy.
    passed = tally.dealt(successes) >= tally.left if tally else successes >= need
    table.emit(
        TestResolved(
            state.actor.slug,
            state.attribute,
            need,
            successes,
            state.card_successes,
            dice,
            shatters,
            passed,
            tally,
        )
    )
    state.actor.shatters_count_next_test = False
    symbol = state.kept_red.event if state.kept_red else None
    if symbol is not None:
        place_event_token(table, symbol)
    return TestOutcome(passed, successes, need, symbol)


def _standing(table: Table, state: TestState) -> str:
    """Where the dice stand: against the need, or what a counted test deals."""
    tally = state.spec.tally
    if tally is None:
        have = state.successes()  # "7 successes, 3 needed", never "7 of 3 successes"
        return f"{have} {'success' if have == 1 else 'successes'}, {state.need(table)} needed"
    have = state.successes()
    return f"{have} {'success' if have == 1 else 'successes'}: {tally.standing(have)}"


def _dice(count: int) -> str:
    return "1 white die" if count == 1 else f"{count} white dice"
