"""Investigators' Abilities: 2 ENERGY, on oneself or an investigator at the
same location.

"You may activate your Ability at any time, as long as you have the required
amount of ENERGY, though some effects may only trigger during the next test."
Each investigator's data names its effect from :data:`EFFECTS`; this module
says when each may be used and what it does.
"""

from __future__ import annotations

import functools

from tales.errors import RulesError
from tales.rules.cards import Card
from tales.rules.decisions import Decision, DecisionKind, Proc
from tales.rules.events import AbilityUsed, CardTaken, DiceRerolled, DieCancelled
from tales.rules.investigators import Investigator
from tales.rules.options import CancelDie, Option, TakeCard, UseAbility
from tales.rules.randomness import draw_card
from tales.rules.statuses import change_track, gain_token
from tales.rules.table import Table, panicked
from tales.rules.terms import StatusToken, Track
from tales.rules.teststate import TestState, choose_white_dice, reroll_dice

ABILITY_COST = 2  # "Using it costs 2 ENERGY."

EFFECTS = (
    "gain-advantage",  # Arthur Blackwood: "Gain 1 ADVANTAGE token."
    "take-from-discard",  # Elizabeth Hawthorne: "Draw 1 chosen card from your Discard Pile."
    "shatters-count",  # Ezra Marsh: "all Shattered Stars count as Successes"
    "draw-past-status",  # Margaret Sinclair: draw until the card is not a Status card
    "cancel-die",  # Laszlo Varga: "During a test: cancel the result of 1 white dice."
    "take-from-play-area",  # Sarah Elington: "Draw 1 chosen card from your Play Area."
    "reroll",  # Philip Harris: "Reroll any number of white dice."
    "extra-die",  # Irene Dubois: "Gain 1 white die for the next test."
)


def _rolled(state: TestState | None) -> bool:
    """Whether a test is in progress and its dice are down."""
    return state is not None and bool(state.red)


def usable(user: Investigator, target: Investigator, state: TestState | None = None) -> bool:
    """Whether ``user``'s ability would do anything for ``target`` now:
    outside a test (``state`` is None), while a test is prepared, or once its
    dice are rolled (ruling ``abilities-in-tests``)."""
    effect = user.sheet.ability_effect
    if effect in ("gain-advantage", "extra-die"):
        # "some effects may only trigger during the next test": once this
        # test's dice are down they would not touch it, so they wait for after.
        return not _rolled(state)
    if effect == "shatters-count":
        # "before the Dice roll phase"; a second use for the same test adds nothing.
        return not _rolled(state) and not target.shatters_count_next_test
    if effect in ("cancel-die", "reroll"):
        return state is not None and _rolled(state) and any(not d.cancelled for d in state.white)
    if effect == "take-from-discard":
        return any(not c.is_status for c in target.discard)
    if effect == "take-from-play-area":
        return bool(_takeable_from_play_area(target, state))
    if effect == "draw-past-status":
        return any(not c.is_status for c in target.deck)  # else it draws nothing
    return False


def _takeable_from_play_area(target: Investigator, state: TestState | None) -> list[str]:
    """Cards Sarah's ability may take back: not status cards, which stay to act
    (ruling ``take-from-play-area``), and not cards committed to the test in
    progress, whose help is already counted."""
    committed = {card.id for _, card in state.played} if state else set()
    return [c.id for c in target.play_area if not c.is_status and c.id not in committed]


def _refusal(
    table: Table,
    user: Investigator,
    target: Investigator,
    state: TestState | None,
) -> str | None:
    """Why ``user`` may not use their ability on ``target`` now, or None."""
    if user.dead:
        return f"{user.name} is dead and can use no ability"
    if user.companion and not table.rulings.flag("companion-abilities"):
        return f"{user.name} is a Companion; Companions' abilities are switched off"
    if user.energy < ABILITY_COST:
        return f"{user.name} has {user.energy} ENERGY; an ability costs {ABILITY_COST}"
    if target not in _targets(table, user, state):
        where = "the investigator taking the test" if state else "someone at the same location"
        return f"{user.name}'s ability can reach only {where}, not {target.name}"
    if not usable(user, target, state):
        return f"{user.name}'s ability would do nothing for {target.name} now"
    return None


def verify_ability(
    table: Table, user: Investigator, target: Investigator, state: TestState | None = None
) -> None:
    """Raise :class:`RulesError` with a full sentence unless ``user`` may use
    their ability on ``target`` now."""
    reason = _refusal(table, user, target, state)
    if reason is not None:
        raise RulesError(reason)


def can_use_ability(
    table: Table, user: Investigator, target: Investigator, state: TestState | None = None
) -> bool:
    return _refusal(table, user, target, state) is None


def ability_options(table: Table, state: TestState | None = None) -> list[UseAbility]:
    """Abilities usable now, outside a test or in the test ``state``. During a
    test the target is the acting investigator, and PANIC shuts out other
    people's abilities as it shuts out their help.

    This is asked at nearly every decision: which pairs may act is worked out
    each time, but each pair's option (and its label) is made once per table
    and offered again (``Table.ability_offers``)."""
    return _listing(table, state)


def kept_ability_options(table: Table) -> list[UseAbility]:
    """:func:`ability_options` outside a test, the listing kept with
    everything it was read from (:func:`_inputs`): from one story choice to
    the next nothing of it moves. Only where questions follow each other
    unchanged: after an activity something usually moved, and comparing the
    inputs costs more than it saves (bench_simulate)."""
    return list(kept_ability_listing(table))


def kept_ability_listing(table: Table) -> tuple[UseAbility, ...]:
    """:func:`kept_ability_options` as the kept tuple itself, which is never
    changed: the one every game offering these very options from the same
    inputs is given (:data:`_SHARED`), what a planned question is kept by."""
    inputs = _inputs(table)
    kept = table.ability_listing
    if kept is None or kept[0] != inputs:
        kept = table.ability_listing = (inputs, _shared_listing(table, inputs))
    listing: tuple[UseAbility, ...] = kept[1]
    return listing


# Listings outside a test by what they are read from, for every table of this
# process: a new game's first question lists what the last game's did
# (bench_peers plays a game per walk), and a game returns to listings it had.
# Each keeps the sheets it was made for: a key's ids then never name others.
_SHARED: dict[tuple[object, ...], tuple[tuple[object, ...], tuple[UseAbility, ...]]] = {}


def _shared_listing(table: Table, inputs: tuple[object, ...]) -> tuple[UseAbility, ...]:
    """``_listing(table, None)``, from what :func:`_inputs` read and what never
    changes in a game: the sheets in their seats and ruling
    ``companion-abilities`` (the options are the box's own, :func:`_made_offer`)."""
    sheets = tuple([i.sheet for i in table.investigators.values()])
    ids = tuple([id(sheet) for sheet in sheets])
    key: tuple[object, ...] = (ids, table.rulings.flag("companion-abilities"), *inputs)
    known = _SHARED.get(key)
    if known is not None and all(a is b for a, b in zip(known[0], sheets, strict=True)):
        return known[1]
    if len(_SHARED) >= 4096:  # a long sweep meets many teams
        _SHARED.clear()
    listing = tuple(_listing(table, None))
    _SHARED[key] = (sheets, listing)
    return listing


# The effects that read a zone of cards outside a test, and the zone (see usable()).
_ZONE_EFFECTS = ("take-from-discard", "draw-past-status", "take-from-play-area")


def _inputs(table: Table) -> tuple[object, ...]:
    """Everything :func:`_listing` reads outside a test: each investigator's
    death, Companionship, ENERGY enough, location, Shattered Stars mark, and
    whether a zone an ability in the team takes from has a card to take."""
    team = table.investigators.values()
    effects = [i.sheet.ability_effect for i in team]
    discard, deck, play = (effect in effects for effect in _ZONE_EFFECTS)
    return tuple(
        [  # a list built, not a generator run: asked at every question
            (
                i.dead,
                i.companion,
                i.energy >= ABILITY_COST,
                i.location,
                i.shatters_count_next_test,
                discard and any(not c.is_status for c in i.discard),
                deck and any(not c.is_status for c in i.deck),
                play and any(not c.is_status for c in i.play_area),
            )
            for i in team
        ]
    )


def _listing(table: Table, state: TestState | None) -> list[UseAbility]:
    """The abilities usable now, each pair's option made once per table."""
    options: list[UseAbility] = []
    players: list[Investigator] | None = None  # listed once, for every user who may act
    made = table.ability_offers
    for user in table.investigators.values():
        # _refusal()'s checks of the user, made once per user; each target is
        # then in reach by construction.
        if user.dead or user.energy < ABILITY_COST:
            continue
        if user.companion and not table.rulings.flag("companion-abilities"):
            continue
        if state is None and players is None:
            players = table.players()
        for target in _targets(table, user, state, players):
            if usable(user, target, state):
                pair = (user.sheet.slug, target.sheet.slug)
                offer = made.get(pair)
                if offer is None:
                    offer = made[pair] = _offer(user, target)
                options.append(offer)
    return options


def _offer(user: Investigator, target: Investigator) -> UseAbility:
    whom = "self" if target is user else target.name
    return _made_offer(user.slug, target.slug, user.name, whom, user.sheet.ability)


@functools.lru_cache(maxsize=256)
def _made_offer(user: str, target: str, name: str, whom: str, ability: str) -> UseAbility:
    """A pair's option, made once per box (a frozen value, read from the two
    sheets alone): every new game's table offers the same one, instead of
    writing twelve labels per game (bench_peers plays a game per walk)."""
    return UseAbility(user, target, label=f"{name}'s ability on {whom} " + _cost_and_text(ability))


def ask_at_any_time(
    table: Table, who: str | None, kind: DecisionKind, prompt: str, options: tuple[Option, ...]
) -> Proc[Option]:
    """Ask a question with the abilities usable now offered beside its
    options: "You may activate your Ability at any time, as long as you have
    the required amount of ENERGY" -- while drawing, at a story choice, when
    keeping cards. An ability used, the question is asked again."""
    while True:
        choice = yield Decision(who, kind, prompt, (*options, *kept_ability_options(table)))
        if not isinstance(choice, UseAbility):
            return choice
        user, target = table.investigator(choice.user), table.investigator(choice.target)
        yield from use_ability(table, user, target)


def _targets(
    table: Table,
    user: Investigator,
    state: TestState | None,
    players: list[Investigator] | None = None,
) -> list[Investigator]:
    """Whom ``user``'s ability may reach; ``players`` is ``table.players()`` if
    the caller has it."""
    if state is not None:
        actor = state.actor
        if user is not actor and (panicked(actor) or panicked(user)):
            return []
        return [actor] if table.together(actor, user) else []
    # A Companion's ability reaches any player (ruling ``companion-abilities``).
    listed = table.players() if players is None else players
    return [t for t in listed if t is user or table.together(user, t)]


def use_ability(
    table: Table, user: Investigator, target: Investigator, state: TestState | None = None
) -> Proc[None]:
    """Pay 2 ENERGY and apply the full effect to ``target``."""
    verify_ability(table, user, target, state)
    effect = user.sheet.ability_effect
    change_track(table, user, Track.ENERGY, -ABILITY_COST, "ability")
    table.emit(AbilityUsed(user.slug, target.slug, effect))
    if effect == "gain-advantage":
        gain_token(table, target, StatusToken.ADVANTAGE)
    elif effect == "extra-die":
        target.bonus_white_dice += 1
    elif effect == "shatters-count":
        target.shatters_count_next_test = True
    elif effect == "take-from-discard":
        # Status cards never enter a hand: "These cards must be played in your
        # Play Area", and one in hand would never be resolved.
        allowed = {c.id for c in target.discard if not c.is_status}
        yield from _take_chosen(table, target, target.discard, "discard pile", allowed)
    elif effect == "take-from-play-area":
        yield from _take_chosen(
            table,
            target,
            target.play_area,
            "play area",
            set(_takeable_from_play_area(target, state)),
        )
    elif effect == "draw-past-status":
        yield from _draw_past_status(table, target)
    elif effect == "cancel-die":
        assert state is not None  # verified: only once the dice are rolled
        yield from _cancel_die(table, state)
    elif effect == "reroll":
        assert state is not None  # verified: only once the dice are rolled
        chosen = yield from choose_white_dice(
            state, f"{user.name}'s ability: choose the white dice to reroll", "Reroll {dice}"
        )
        if chosen:
            faces = yield from reroll_dice(table, state, chosen)
            table.emit(DiceRerolled(user.slug, 0, tuple(chosen), faces))


def _take_chosen(
    table: Table, target: Investigator, zone: list[Card], source: str, allowed: set[str] | None
) -> Proc[None]:
    cards = [c for c in zone if allowed is None or c.id in allowed]
    options = tuple(TakeCard(c.id, label=f"Take {c}") for c in cards)
    choice = yield Decision(
        target.slug, DecisionKind.TAKE_CARD, f"Take 1 card from the {source}", options
    )
    assert isinstance(choice, TakeCard)  # the only options offered
    card = next(c for c in cards if c.id == choice.card)
    zone.remove(card)
    target.hand.append(card)
    table.emit(CardTaken(target.slug, card.id, source))


def _draw_past_status(table: Table, target: Investigator) -> Proc[None]:
    """Rulebook: "If that drawn card is a Status card, place it in your Discard Pile and
    draw another card ... until the drawn card is not a Status card.\""""
    while target.deck:
        card = yield from draw_card(table, target, "draws for an ability")
        assert card is not None  # the deck is not empty
        if card.is_status:
            target.discard.append(card)
            continue
        target.hand.append(card)
        table.emit(CardTaken(target.slug, card.id, "deck"))
        return


def _cancel_die(table: Table, state: TestState) -> Proc[None]:
    options = tuple(
        CancelDie(i, label=f"Cancel white die {i + 1} ({d.face})")
        for i, d in enumerate(state.white)
        if not d.cancelled
    )
    choice = yield Decision(
        state.actor.slug, DecisionKind.CANCEL_DIE, "Cancel which white die?", options, state
    )
    assert isinstance(choice, CancelDie)  # the only options offered
    index = choice.index
    state.white[index].cancelled = True
    table.emit(DieCancelled(index, state.white[index].face))


@functools.lru_cache(maxsize=64)
def _cost_and_text(ability: str) -> str:
    """The end of an ability option's label, the same at every decision."""
    return f"({ABILITY_COST} ENERGY): {_first_sentence(ability)}"


def _first_sentence(text: str) -> str:
    """Enough of an ability's printed text to label an option."""
    end = text.find(". ")
    return text if end < 0 else text[: end + 1]
