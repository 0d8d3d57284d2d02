"""Players for playtesting: policies that pick one legal option per decision.

``random`` picks uniformly. ``sensible`` plays like a careful group: it
commits every helpful card to a test, rolls Exploding Successes while the
test is not yet passed, heads for locations whose scene still offers
something new, takes options that lead to unread paragraphs, rests when out
of ENERGY, and ends the round when nothing new is left. Both draw every
choice from the ``random.Random`` they are given, so a seed replays.

A policy sees the game as any player does: the pending decision and the
read-only :class:`~tales.story.view.TableView`, never the interpreter's table
or storybook, so a bot cannot change the game except by the option it picks.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from tales.authoring.aiming import active_aim, choice_of, ends_elsewhere
from tales.authoring.appointments import clock_plan, keep_appointment, spoils
from tales.authoring.leads import leads_for
from tales.authoring.lookahead import (
    FAR,
    FIGHT,
    Clock,
    StoryMap,
    costs,
    head_start,
    holds,
    option_grants,
    story_map,
)
from tales.authoring.reckless import aims_at_death, reckless_policy
from tales.rules.decisions import Decision, DecisionKind
from tales.rules.options import (
    Accept,
    Assist,
    Back,
    Combat,
    EndRound,
    Explode,
    HelpMarker,
    KeepCards,
    KeepRed,
    Move,
    Option,
    PlayCard,
    Rest,
    Roll,
    Stratagem,
    UseAbility,
    UseItem,
)
from tales.rules.teststate import TestState
from tales.story.model import ChoiceDef, Paragraph
from tales.story.options import StoryChoice, StoryOption
from tales.story.view import TableView

Policy = Callable[[Decision, TableView, random.Random], Option]
"""A player: picks one of the decision's own options."""

OptionT = TypeVar("OptionT", bound=Option)


def random_policy(decision: Decision, view: TableView, rng: random.Random) -> Option:
    return rng.choice(decision.options)


def sensible_policy(decision: Decision, view: TableView, rng: random.Random) -> Option:
    state = decision.context
    if decision.kind is DecisionKind.PREPARE and state is not None:
        return _prepare(decision, view, state)
    if decision.kind is DecisionKind.AFTER_ROLL and state is not None:
        explodes = any(isinstance(o, Explode) for o in decision.options)
        if explodes and state.successes() < view.need(state):
            return _first(decision, Explode)
        return _first(decision, Accept)
    if decision.kind is DecisionKind.KEEP_RED:
        return _best_red(decision)
    if decision.kind is DecisionKind.KEEP_CARDS:
        return _first(decision, KeepCards)
    if decision.kind is DecisionKind.ACTIVITY:
        return _activity(decision, view, rng)
    # Elsewhere (paying, drawing, choices...): never back out of what was begun.
    options = decision.options
    # Nor spend ENERGY on an ability offered "at any time" beside the question.
    kept = [o for o in options if not isinstance(o, Back | UseAbility)]
    return rng.choice(kept or list(options))


def goal_policy(
    decision: Decision, view: TableView, rng: random.Random, aim: int | None = None
) -> Option:
    """Plays like ``sensible`` in tests, but picks its way through the story
    toward its goals: the true ending first, then what opens the way to it
    (the keywords and items its gates ask for) and the objectives, then
    anything unread (see :mod:`tales.authoring.lookahead`). ``aim``: a
    paragraph to make for first, until it is read (see :func:`aimed_at`)."""
    scenario, aim = view.scenario, active_aim(aim, view)
    if aims_at_death(aim, view) and scenario is not None:
        chart = story_map(view.paragraphs, scenario)
        return reckless_policy(decision, view, rng, chart)
    if decision.kind not in _PLANNED or scenario is None or not view.paragraphs:
        return sensible_policy(decision, view, rng)
    chart = story_map(view.paragraphs, scenario)
    plan = clock_plan(chart, aim) if aim is not None else None
    plan = plan if plan is not None and view.time < plan.space else None
    if plan is not None and plan.waiting(view) and decision.kind is DecisionKind.ACTIVITY:
        waited = keep_appointment(plan, decision, view)
        if waited is not None:
            return waited
    cost = costs(chart, view, aim, plan.asks if plan else frozenset())
    offered = [
        o
        for o in decision.options
        if not ends_elsewhere(o, decision, view, chart, cost, aim)
        and not spoils(o, view, chart, plan)
    ]
    scored = [
        (score, option)
        for option in offered
        if (score := _option_cost(option, decision, view, chart, cost)) < FAR
    ]
    if not scored:
        # Nothing leads on now: do what a careful group would, but nobody
        # walks away from a place nearer the goals (waiting for a window,
        # for the hour or for the rest of the team), and no team test is
        # tried alone while the others are on their way.
        kept = tuple(o for o in offered if not _held_back(o, view, chart, cost))
        return sensible_policy(replace(decision, options=kept or decision.options), view, rng)
    best = min(score for score, _ in scored)
    return rng.choice([option for score, option in scored if score == best])


def _held_back(option: Option, view: TableView, chart: StoryMap, cost: dict[int, int]) -> bool:
    if isinstance(option, Move):
        here = view.investigator(option.investigator).location
        return here is not None and _place_cost(here, view, cost) <= _place_cost(
            option.destination, view, cost
        )
    if not isinstance(option, StoryOption):
        return False
    return _waits_for_team(option, view, chart, cost) or _ends_short(option, view, chart, cost)


def _ends_short(
    option: StoryOption, view: TableView, chart: StoryMap, cost: dict[int, int]
) -> bool:
    """An option that can only end the game at another ending (or at a way
    out that reads one whatever is chosen, the fire in the hall), while the
    true ending is still within reach of where it is offered."""
    targets = chart.option_targets(view.option(option))
    others = (set(chart.endings) | chart.bound) - {chart.true_ending}
    return bool(targets) and set(targets) <= others and cost.get(option.scene, FAR) < FAR


def _waits_for_team(
    option: StoryOption, view: TableView, chart: StoryMap, cost: dict[int, int]
) -> bool:
    """A team test (all who stand there roll together) is put off while a
    teammate elsewhere is still making for the goals, until the true
    ending's deadline."""
    test = view.option(option).test
    if test is None or not test.team or view.time >= chart.closing(Clock.of(view)):
        return False
    here = view.investigator(option.investigator).location
    return any(
        other.location is not None
        and other.location != here
        and _place_cost(other.location, view, cost) < FAR
        for other in view.players()
    )


_PLANNED = frozenset({DecisionKind.ACTIVITY, DecisionKind.STORY_CHOICE})


def _option_cost(
    option: Option, decision: Decision, view: TableView, chart: StoryMap, cost: dict[int, int]
) -> int:
    """How far taking ``option`` leaves the team from its nearest goal (FAR: not a step)."""
    if isinstance(option, StoryOption):
        if _waits_for_team(option, view, chart, cost):
            return FAR
        definition = view.option(option)
        granted = {f for f in option_grants(definition) & chart.wanted if not holds(f, view)}
        targets = chart.option_targets(definition)
        near = min((cost.get(t, FAR) for t in targets), default=FAR)
        if granted:
            return min(near + 1, head_start(granted, chart))
        if any(not view.was_read(t) for t in targets):
            return near + 1
        # Only read paragraphs ahead: worth an Action if they are nearer the
        # goals than this scene; a free option would be taken again and again,
        # unless it carries someone on (a boat put out, a landing): where
        # they stand then changes, and the costs only fall along the way.
        moves = definition.cost > 0 or any(t in chart.movers for t in targets)
        nearer = moves and near < _standing_cost(option, view, cost)
        return near + 1 if nearer else FAR
    if isinstance(option, StoryChoice):
        found = choice_of(option, decision, view)
        if found is None:
            return FAR
        choice, paragraph = found
        targets = chart.choice_targets(choice, paragraph) or _fight_on(choice, paragraph, view)
        return min((cost.get(t, FAR) for t in targets), default=FAR)
    if isinstance(option, Combat | Stratagem):
        # A blow at the enemy where the fighter stands: worth what its defeat reads.
        where = view.investigator(option.investigator).location
        fight = view.encounters.get(where or "")
        beaten = fight.encounter.defeated if fight else None
        return cost.get(beaten, FAR) + 1 if beaten is not None else FAR
    if isinstance(option, Move):
        here = view.investigator(option.investigator).location
        there = _place_cost(option.destination, view, cost)
        # A move must bring the mover nearer a scene worth reaching, or as
        # near and into a card nobody has gone into (its inside is read then).
        if here is None or there < _place_cost(here, view, cost):
            return there + 1
        inside = _unentered(option.destination, view)
        nearer_in = inside is not None and cost.get(inside, FAR) < there
        return there + 1 if nearer_in and there < FAR else FAR
    return FAR


def _standing_cost(option: StoryOption, view: TableView, cost: dict[int, int]) -> int:
    """How far the one offered ``option`` stands from the goals where they
    are: the scene's cost, or, with an encounter under way there, its
    defeat's and the fight's. The scene's own steps do not count the fight
    (the Mehitable's deck, 160, leads back into the boat; only boarding her,
    63, began the fight), and the free way off the deck and the free way
    back aboard each looked nearer than where the other lands, round after
    round with nobody fighting."""
    standing = cost.get(option.scene, FAR)
    where = view.investigator(option.investigator).location
    fight = view.encounters.get(where or "")
    beaten = fight.encounter.defeated if fight else None
    if beaten is None:
        return standing
    return min(standing, cost.get(beaten, FAR) + FIGHT)


def _fight_on(choice: ChoiceDef, paragraph: Paragraph, view: TableView) -> list[int]:
    """Where a round end's choice that leads nowhere leads: on to the
    encounter's defeat while the fight goes on (push into the doorway), to
    nothing if it ends the encounter (go back down the steps)."""
    if any(effect.kind == "end_encounter" for effect in choice.outcome.effects):
        return []
    return [
        fight.encounter.defeated
        for fight in view.encounters.values()
        if fight.encounter.round_end == paragraph.number and fight.encounter.defeated is not None
    ]


def _unentered(place: str, view: TableView) -> int | None:
    """The inside (``on_enter``) of a card nobody has gone into yet."""
    card = view.scenario.locations.get(place) if view.scenario else None
    inside = card.on_enter if card is not None else None
    return inside if inside is not None and not view.was_read(inside) else None


def _place_cost(place: str, view: TableView, cost: dict[int, int]) -> int:
    """How far someone standing at ``place`` is from the goals: the moves to
    a scene, and the scene's own cost."""
    scenes = view.scenes
    return min(
        (
            cost.get(scenes[p], FAR) + moves
            for p, moves in view.distances(place).items()
            if p in scenes
        ),
        default=FAR,
    )


def aimed_at(paragraph: int) -> Policy:
    """The goal bot planning toward ``paragraph`` before its usual goals."""
    return functools.partial(goal_policy, aim=paragraph)


POLICIES: dict[str, Policy] = {
    "random": random_policy,
    "sensible": sensible_policy,
    "goal": goal_policy,
}


def _first(decision: Decision, kind: type[OptionT]) -> OptionT:
    """The first option of ``kind`` offered (the caller knows there is one)."""
    return next(o for o in decision.options if isinstance(o, kind))


def _prepare(decision: Decision, view: TableView, state: TestState) -> Option:
    """Commit every card that adds a success or a die, then the Companions'
    markers, then roll."""
    box = view.dice.white_count
    room = state.white_pool(box) < box  # a card's die would still be rolled
    hands = {c.id: c for inv in view.investigators.values() for c in inv.hand}
    for kind in (PlayCard, Assist):
        for option in decision.options:
            if isinstance(option, kind) and (
                room or hands[option.card].successes_for(state.attribute)
            ):
                return option
    markers = [o for o in decision.options if isinstance(o, HelpMarker)]
    return markers[0] if markers else _first(decision, Roll)


def _best_red(decision: Decision) -> Option:
    state = decision.context
    if state is not None:
        best = max(range(len(state.red)), key=lambda i: state.red[i].successes)
        return next(o for o in decision.options if isinstance(o, KeepRed) and o.index == best)
    return decision.options[0]


def _activity(decision: Decision, view: TableView, rng: random.Random) -> Option:
    options = decision.options
    fights = [o for o in options if isinstance(o, Combat | Stratagem)]
    if fights:
        return rng.choice(fights)
    fresh = [o for o in options if isinstance(o, StoryOption) and _promising(o, view)]
    if fresh:
        return rng.choice(fresh)
    toward = _step_toward_news(options, view)
    if toward is not None:
        return toward
    for option in options:  # heal when low
        if isinstance(option, UseItem):
            investigator = view.investigator(option.investigator)
            if min(investigator.vitality, investigator.sanity) <= 2:
                return option
    for option in options:
        if isinstance(option, Rest) and view.investigator(option.investigator).energy < 2:
            return option
    return _first(decision, EndRound)


def _promising(option: StoryOption, view: TableView) -> bool:
    """Whether taking ``option`` could move the story on: it leads to an
    unread paragraph, or its success reveals, finds or marks something new."""
    definition = view.option(option)
    if any(not view.was_read(target) for target in definition.targets()):
        return True
    success = definition.success.effects if definition.success else ()
    return any(view.is_news(effect) for effect in success)


def _step_toward_news(options: tuple[Option, ...], view: TableView) -> Option | None:
    """A move that brings someone nearer a scene where a lead would be open
    to them: the first such move among those that come nearest.

    Leads are asked nearest first and the first open one decides, so the
    scenes farther away are never asked; the answer is the one asking every
    scene gives (:mod:`tales.authoring.leads`)."""
    leads = leads_for(view)
    here: dict[str, str | None] = {}
    near: list[tuple[int, int, str, Move]] = []  # moves, destination, scene, the option
    for index, option in enumerate(options):
        if not isinstance(option, Move):
            continue
        slug = option.investigator
        if slug not in here:
            here[slug] = view.investigator(slug).location
        reach = view.distances(option.destination)
        near += [
            (moves, index, place, option)
            for place in view.scenes
            if place != here[slug] and (moves := reach.get(place, _AWAY)) < _AWAY
        ]
    near.sort(key=lambda candidate: candidate[:2])
    asked: dict[tuple[str, str], bool] = {}
    for _, _, place, option in near:
        key = (option.investigator, place)
        if key not in asked:
            asked[key] = leads.open_at(*key)
        if asked[key]:
            return option
    return None


_AWAY = 99  # moves: a scene not reachable through revealed locations
