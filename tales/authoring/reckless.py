"""A goal bot aimed at a death: the Event board's death narrative or the
paragraph read when the whole team is gone (``on_defeat``).

No step of the story leads there: the rulebook's "If an Investigator's
VITALITY or SANITY is reduced to zero, their Character is permanently
removed from the game and considered dead. Follow the scenario instructions
for the death of an Investigator shown on the Event board." So a campaign
simulation aimed at *The Settling*'s 195 (a death in the street) and 205
(not one of you comes back along the cut, which the last page's 961 reads)
plays the way nobody at a table would: it takes what hurts, puts every card
into its tests (the hand is drawn again, status cards and all), lets the
encounters come round again rather than beating them, rests only to empty
its hand (the status cards come up with the next draw), never heals, and
never walks out of the scenario.
Every pick is still one of the decision's own legal options.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from tales.authoring.aiming import choice_of, targets_of
from tales.authoring.lookahead import StoryMap
from tales.rules.decisions import Decision, DecisionKind
from tales.rules.options import (
    Accept,
    Combat,
    DrawOn,
    Move,
    Option,
    PlayCard,
    Recover,
    Rest,
    ReturnCard,
    Roll,
    Run,
    Stratagem,
    UseAbility,
    UseItem,
)
from tales.story.model import Effect, Paragraph
from tales.story.options import StoryChoice, StoryOption
from tales.story.view import TableView

_HURTS = frozenset({"STRESS", "INJURY", "POISON"})  # the status cards that take a track
# Never taken: items, recovery and abilities heal; a fight won ends its attacks.
_SPARED = (UseItem, Recover, UseAbility, Combat, Stratagem)


def aims_at_death(aim: int | None, view: TableView) -> bool:
    """Whether ``aim`` is read only by a death: the board's or the whole team's."""
    board = view.scenario.board if view.scenario else None
    return aim is not None and aim in (board.death if board else None, view.on_defeat)


def harm(effects: Iterable[Effect]) -> int:
    """How much the effects hurt: the tracks they take, the status cards
    that take them, an enemy's attack."""
    total = 0
    for effect in effects:
        value = effect.value
        if effect.kind == "damage" and isinstance(value, dict):
            total += sum(int(n) for n in value.values() if isinstance(n, int) and n > 0)
        elif effect.kind == "card" and str(value) in _HURTS:
            total += effect.count
        elif effect.kind == "attack":
            total += 2
    return total


def reckless_policy(
    decision: Decision,
    view: TableView,
    rng: random.Random,
    chart: StoryMap,
) -> Option:
    """The legal option that hurts the team most, and never one that ends the game."""
    answer = _test_answer(decision)
    if answer is not None:
        return answer
    ends = set(chart.endings) | chart.bound
    kept = [
        o
        for o in decision.options
        if not isinstance(o, _SPARED)
        and not (set(targets_of(o, decision, view, chart)) & ends)
        and not _leaves_a_fight(o, view)
    ]
    scored = [(_harm_of(o, decision, view, chart), o) for o in kept]
    worst = max((score for score, _ in scored), default=0)
    if worst > 0:
        return rng.choice([o for score, o in scored if score == worst])
    unread = [
        o for o in kept if any(not view.was_read(t) for t in targets_of(o, decision, view, chart))
    ]
    if unread:  # what has not hurt yet may: an encounter begun, a street not yet walked
        return rng.choice(unread)
    # Else, facing an enemy, rest: "Discard 1 card ... to recover 1 ENERGY"
    # empties the hand, and the next round's draw brings up the status cards
    # its attacks put in the deck. Elsewhere wander: the streets are where
    # the sweeps and the households are.
    rests = [
        o
        for o in kept
        if isinstance(o, Rest | StoryOption)
        and _discards(o, view)
        and _facing_enemy(o.investigator, view)
    ]
    moves = [o for o in kept if isinstance(o, Move)]
    return rng.choice(rests or moves or kept or list(decision.options))


def _test_answer(decision: Decision) -> Option | None:
    """In a test, whatever makes it likelier to fail and to hurt; elsewhere None."""
    options = decision.options
    if decision.kind is DecisionKind.PREPARE:
        # Every card into the test, helpful or not: the hand is drawn up
        # again next round, and the status cards in the deck come with it.
        played: list[Option] = [o for o in options if isinstance(o, PlayCard)]
        return (played or [o for o in options if isinstance(o, Roll)] or [options[0]])[0]
    if decision.kind is DecisionKind.AFTER_ROLL:
        # The roll as it fell: no Exploding Success to save a failed test.
        return next((o for o in options if isinstance(o, Accept)), options[0])
    if decision.kind is DecisionKind.KEEP_DRAWING:
        # Draw on: "If you draw any Status cards ... immediately follow the
        # instructions printed on them", and the deck holds those it was dealt.
        return next((o for o in options if isinstance(o, DrawOn)), options[0])
    if decision.kind is DecisionKind.KEEP_CARDS:
        # Keeping a hand is a choice ("If, for some reason, you wish to keep
        # a card or cards in your hand, you may do so"): a hand kept whole
        # draws nothing, and the status cards an enemy dealt stay in the deck.
        return next((o for o in options if isinstance(o, ReturnCard)), options[0])
    return None


def _discards(option: Rest | StoryOption, view: TableView) -> bool:
    """A rest, or an Action the story prices in cards: both empty the hand."""
    return isinstance(option, Rest) or view.option(option).cost > 0


def _facing_enemy(slug: str, view: TableView) -> bool:
    return view.investigator(slug).location in view.encounters


def _leaves_a_fight(option: Option, view: TableView) -> bool:
    """A move away from an enemy, whose round-end narrative hurts only those who stay."""
    return isinstance(option, Move | Run) and _facing_enemy(option.investigator, view)


def _harm_of(option: Option, decision: Decision, view: TableView, chart: StoryMap) -> int:
    """The harm taking ``option`` does at once, and on the paragraphs it reads."""
    effects: list[Effect] = []
    if isinstance(option, StoryOption):
        definition = view.option(option)
        for outcome in (definition.success, definition.failure):
            effects += outcome.effects if outcome else ()
    elif isinstance(option, StoryChoice) and (found := choice_of(option, decision, view)):
        effects += found[0].outcome.effects
    for target in targets_of(option, decision, view, chart):
        paragraph: Paragraph | None = view.paragraphs.get(target)
        effects += paragraph.effects if paragraph else ()
    return harm(effects)
