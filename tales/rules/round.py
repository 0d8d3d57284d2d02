"""The round: 1. Drawing Cards, 2. Event Board, 3. Status Tokens, 4.
Investigator Activity, then the End of Round; rounds follow each other until
the scenario ends.

The storybook joins in through :class:`Story`: it adds its own activities
(narrative Actions and tests) and reads the paragraphs the rules call for.
Without a storybook (:class:`NoStory`) the engine plays the bare mechanics
and still reports every "read N" as a :class:`ReadParagraph` event.
"""

from __future__ import annotations

import functools
from typing import Protocol

from tales.errors import RulesError
from tales.rules.abilities import ability_options, ask_at_any_time, use_ability
from tales.rules.activities import (
    equip_weapon,
    give_item,
    move,
    pay_actions,
    rest,
    run,
    use_item_activity,
)
from tales.rules.cards import Card
from tales.rules.decisions import Decision, DecisionKind, Proc
from tales.rules.drawing import draw_up_to, start_of_round_tokens
from tales.rules.encounters import combat, round_end_narratives, stratagem
from tales.rules.eventboard import advance_time, end_scenario, narrative_now
from tales.rules.events import (
    CardReturned,
    DeckShuffled,
    ReadParagraph,
    RoundEnded,
    RoundStarted,
)
from tales.rules.investigators import Investigator
from tales.rules.options import (
    Combat,
    EndRound,
    Equip,
    GiveItem,
    KeepCards,
    Move,
    Option,
    Recover,
    Rest,
    ReturnCard,
    Run,
    Stratagem,
    TakeBackToken,
    TakeOnPrisoner,
    UseAbility,
    UseItem,
)
from tales.rules.own_activities import own_activities
from tales.rules.piece_activities import perform_piece, piece_options
from tales.rules.statuses import resolve_end_of_round_tokens
from tales.rules.table import Due, Table
from tales.rules.teamtests import recovery_test
from tales.rules.terms import article

END_ROUND = EndRound(label="End the round")


class Story(Protocol):
    """What the storybook adds to the rules."""

    def options(self, table: Table) -> list[Option]:
        """Storybook activities open now: options of the story's own types."""
        ...

    def perform(self, table: Table, option: Option) -> Proc[None]:
        """Carry out a storybook activity (paying its Actions, running its test...)."""
        ...

    def read(self, table: Table, paragraph: int, at: str | None = None) -> Proc[None]:
        """Read a paragraph and apply its effects; ``at`` is the location of
        the encounter whose narrative it is (it speaks to those there)."""
        ...

    def round_ended(self, table: Table) -> None:
        """The round is over and the next has not begun: the moment the
        rulebook saves a game ("at the end of the round -- before resolving
        any start of the round effects for the next round")."""
        ...


class NoStory:
    """The bare mechanics: no storybook activities, paragraphs only reported."""

    def options(self, table: Table) -> list[Option]:
        return []

    def perform(self, table: Table, option: Option) -> Proc[None]:
        raise RulesError(f"there is no storybook to perform {option.id!r}")
        yield  # pragma: no cover - makes this a generator

    def read(self, table: Table, paragraph: int, at: str | None = None) -> Proc[None]:
        return
        yield  # pragma: no cover - makes this a generator

    def round_ended(self, table: Table) -> None:
        return None


def play_scenario(table: Table, story: Story) -> Proc[str]:
    """Play rounds until the scenario ends; return why it ended."""
    while not table.ended:
        yield from play_round(table, story)
    return table.ended


def play_round(table: Table, story: Story) -> Proc[None]:
    table.emit(RoundStarted(table.round, table.time))
    for inv in table.players():
        yield from draw_up_to(table, inv)
    yield from settle(table, story)
    # 2. Event Board: the narrative of the space the marker stands on.
    if not table.ended:
        table.read_later(narrative_now(table), f"the time track's space {table.time}")
    yield from settle(table, story)
    for inv in table.players():
        yield from start_of_round_tokens(table, inv)
    if not table.ended:
        yield from activity_phase(table, story)
    if not table.ended:
        yield from end_of_round(table, story)


def settle(table: Table, story: Story) -> Proc[None]:
    """Read the narratives due (thresholds, deaths, encounters...), each as
    soon as the activity that caused it is fully resolved (ruling
    ``narrative-timing``); end the scenario when the whole team is dead."""
    while table.to_read and not table.ended:
        yield from _read_queued(table, story, table.to_read.pop(0))
    if not table.players() and not table.ended:
        # "Every Scenario ends with an Epilogue or death of all the team members."
        end_scenario(table, "every investigator is dead")
    if table.ended:
        table.to_read.clear()  # the scenario is over: nothing more is read


def deaths_before_the_end(table: Table, story: Story) -> Proc[None]:
    """Ruling ``death-before-the-epilogue``: the story has reached its
    epilogue while a death's narrative still waits for the activity to be
    resolved; that narrative is read first, since the scenario will end
    before anything else is. "Follow the scenario instructions for the death
    of an Investigator shown on the Event board": a death in the last
    activity is still told, and the campaign log it writes still kept."""
    death = table.scenario.board.death if table.scenario is not None else None
    if death is None or not table.rulings.flag("death-before-the-epilogue"):
        return
    for entry in [e for e in table.to_read if e[0] == death]:
        table.to_read.remove(entry)
        yield from _read_queued(table, story, entry)


def _read_queued(table: Table, story: Story, entry: Due) -> Proc[None]:
    """One narrative taken from the queue: (paragraph, why) or, for an
    encounter's, (paragraph, why, its location)."""
    paragraph, why, *at = entry
    table.emit(ReadParagraph(paragraph, why))
    yield from story.read(table, paragraph, at[0] if at else None)


# 4. Investigator Activity ---------------------------------------------------------


def activity_options(table: Table, story: Story) -> tuple[Option, ...]:
    options: list[Option] = story.options(table)  # the story first: it is why we play
    players = table.players()
    options += own_activities(table, players)
    options += piece_options(table, players)  # Investigation tokens, prisoners
    options += ability_options(table)
    options.append(END_ROUND)
    return tuple(options)


def activity_phase(table: Table, story: Story) -> Proc[None]:
    """Activities one at a time, by whoever the group chooses, until the
    group ends the round.

    The listing is kept with the count of events emitted when it was made:
    every change of the table or the story's memory emits an event, so when
    none came since (an activity backed out of before its payment), the
    table lists what it listed, and is not asked again."""
    prompt = f"Round {table.round}: what does the team do?"  # the round ends with the phase
    kept: tuple[int, tuple[Option, ...]] | None = None
    while not table.ended:
        emitted = table.sink.emitted
        if kept is None or kept[0] != emitted:
            kept = (emitted, activity_options(table, story))
        choice = yield Decision(None, DecisionKind.ACTIVITY, prompt, kept[1])
        if isinstance(choice, EndRound):
            return
        yield from perform(table, story, choice)
        yield from settle(table, story)


def perform(table: Table, story: Story, choice: Option) -> Proc[None]:
    """Carry out one activity; an option of no rules type is the storybook's."""
    match choice:
        case UseAbility(user, target):
            yield from use_ability(table, table.investigator(user), table.investigator(target))
        case Rest(slug):
            yield from rest(table, table.investigator(slug))
        case Move(slug, destination):
            yield from move(table, table.investigator(slug), destination)
        case Run(slug, destination):
            yield from run(table, table.investigator(slug), destination)
        case Recover(slug, kind):
            # Ruling recovery-test: an attempt takes 1 Action.
            inv = table.investigator(slug)
            if (yield from pay_actions(table, inv, 1, f"Shake off {article(kind)} card")):
                yield from recovery_test(table, inv, kind)
        case UseItem(slug, item):
            yield from use_item_activity(table, table.investigator(slug), item)
        case GiveItem(slug, receiver, item):
            give_item(table, table.investigator(slug), table.investigator(receiver), item)
        case Equip(slug, item):
            yield from equip_weapon(table, table.investigator(slug), item)
        case Combat(slug, weapon):
            yield from combat(table, table.investigator(slug), weapon)
        case Stratagem(slug):
            yield from stratagem(table, table.investigator(slug))
        case TakeBackToken() | TakeOnPrisoner():
            yield from perform_piece(table, choice)
        case _:
            yield from story.perform(table, choice)


# End of Round ---------------------------------------------------------------------


def end_of_round(table: Table, story: Story) -> Proc[None]:
    round_end_narratives(table)
    yield from settle(table, story)
    if table.ended:
        return
    for inv in table.players():
        resolve_end_of_round_tokens(table, inv)
    for inv in table.players():
        yield from keep_cards(table, inv)
        gather_and_shuffle(table, inv)
    advance_time(table)
    for companion in table.companions():
        companion.markers_used.clear()
    if not table.ended:
        table.round += 1
        table.reseed_for_round()
        story.round_ended(table)
        table.emit(RoundEnded(table.round - 1))


def keep_cards(table: Table, inv: Investigator) -> Proc[None]:
    """Cards kept in hand for the next round; the rest go back into the deck.

    "If, for some reason, you wish to keep a card or cards in your hand, you
    may do so. Those cards are still part of your hand limit for the next
    round."
    """
    while inv.hand:
        options: list[Option] = [_keep(len(inv.hand))]
        options += [_return(table, c) for c in inv.hand]
        choice = yield from ask_at_any_time(
            table,
            inv.slug,
            DecisionKind.KEEP_CARDS,
            f"{inv.name}: keep cards for the next round?",
            tuple(options),
        )
        if not isinstance(choice, ReturnCard):
            return
        card = next(c for c in inv.hand if c.id == choice.card)
        inv.hand.remove(card)
        inv.deck.append(card)
        table.emit(CardReturned(inv.slug, card.id))  # every change of the table is told


@functools.cache
def _keep(left: int) -> KeepCards:
    """The option to keep ``left`` cards, made once per count: a frozen value
    whose words say only how many (asked of every hand, every round)."""
    cards = f"the {left} cards" if left > 1 else "the one card"
    return KeepCards(label=f"Keep {cards} left in hand")


def _return(table: Table, card: Card) -> ReturnCard:
    """The option to shuffle ``card`` back, made once per table (as the
    payments' are): every card left in hand is offered again and again."""
    kept = table.return_offers.get(card.id)
    if kept is None or kept[0] is not card:
        kept = table.return_offers[card.id] = (
            card,
            ReturnCard(card.id, label=f"Shuffle back {card}"),
        )
    return kept[1]


def gather_and_shuffle(table: Table, inv: Investigator) -> None:
    """Rulebook: "Then, gather all your cards from your Play Area, from your Discard
    Pile, remaining in your Character Deck. Shuffle all these cards together.\""""
    inv.deck += inv.play_area + inv.discard
    inv.play_area, inv.discard = [], []
    table.rng.shuffle(inv.deck)
    table.emit(DeckShuffled(inv.slug, len(inv.deck), len(inv.hand)))
