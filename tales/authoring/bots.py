"""Players for playtesting: policies that pick one legal option per decision.

``random`` picks uniformly. ``sensible`` plays like a careful group: it
commits every helpful card to a test, rolls Exploding Successes while the
test is not yet passed, heads for locations whose scene still offers
something new, takes options that lead to unread paragraphs, rests when out
of ENERGY, and ends the round when nothing new is left. Both draw every
choice from the ``random.Random`` they are given, so a seed replays.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tales.rules.activities import distances
from tales.rules.decisions import Decision, Option
from tales.rules.table import Table
from tales.rules.teststate import TestState
from tales.story.effects import kind_of
from tales.story.interpreter import Book

Policy = Callable[[Decision, Table, Book | None, random.Random], str]


def random_policy(decision: Decision, table: Table, book: Book | None, rng: random.Random) -> str:
    return rng.choice(decision.options).id


def sensible_policy(decision: Decision, table: Table, book: Book | None, rng: random.Random) -> str:
    ids = decision.ids
    if decision.kind == "prepare":
        return _prepare(decision)
    if decision.kind == "after-roll":
        state = decision.context
        if (
            "explode" in ids
            and isinstance(state, TestState)
            and state.successes() < state.need(table)
        ):
            return "explode"
        return "accept"
    if decision.kind == "keep-red":
        return _best_red(decision)
    if decision.kind == "keep-cards":
        return "keep"
    if decision.kind == "activity":
        return _activity(decision, table, book, rng)
    # Elsewhere (paying, drawing, choices...): never back out of what was begun.
    return rng.choice([i for i in ids if i != "back"] or list(ids))


POLICIES: dict[str, Policy] = {"random": random_policy, "sensible": sensible_policy}


def _prepare(decision: Decision) -> str:
    for prefix in ("play:", "assist:", "marker:"):
        for option in decision.options:
            if option.id.startswith(prefix) and "no die" not in option.label:
                return option.id
    return "roll"


def _best_red(decision: Decision) -> str:
    state = decision.context
    if isinstance(state, TestState):
        best = max(range(len(state.red)), key=lambda i: state.red[i].successes)
        return f"keep-red:{best}"
    return decision.ids[0]


def _activity(decision: Decision, table: Table, book: Book | None, rng: random.Random) -> str:
    options = decision.options
    fights = [o for o in options if o.id.startswith(("combat:", "stratagem:"))]
    if fights:
        return rng.choice(fights).id
    fresh = [
        o for o in options if o.id.startswith("story:") and book and _promising(o, table, book)
    ]
    if fresh:
        return rng.choice(fresh).id
    toward = _step_toward_news(options, table, book)
    if toward is not None:
        return toward
    for option in options:  # heal when low
        if option.id.startswith("use:"):
            investigator = table.investigator(option.id.split(":")[1])
            if min(investigator.vitality, investigator.sanity) <= 2:
                return option.id
    rests = [o for o in options if o.id.startswith("rest:")]
    for option in rests:
        investigator = table.investigator(option.id.split(":")[1])
        if investigator.energy < 2:
            return option.id
    return "end-round"


def _promising(option: Option, table: Table, book: Book) -> bool:
    """Whether taking ``option`` could move the story on: it leads to an
    unread paragraph, or its success reveals, finds or marks something new."""
    _, _, scene, index = option.id.split(":")
    definition = book.book.paragraphs[int(scene)].options[int(index)]
    if any(target not in book.state.visited for target in definition.targets()):
        return True
    success = definition.success.effects if definition.success else ()
    return any(kind_of(effect.kind).news(effect, table) for effect in success)


def _step_toward_news(options: tuple[Option, ...], table: Table, book: Book | None) -> str | None:
    """A move that brings someone nearer a scene where a lead would be open to them."""
    if book is None:
        return None
    best: tuple[int, str] | None = None
    wanted: dict[str, set[str]] = {}
    for option in options:
        if not option.id.startswith("move:"):
            continue
        _, slug, destination = option.id.split(":")
        if slug not in wanted:
            inv = table.investigator(slug)
            wanted[slug] = {
                place
                for place in book.state.scenes
                if place != inv.location and book.leads_at(table, inv, place)
            }
        reach = distances(table, destination)
        score = min((reach.get(place, 99) for place in wanted[slug]), default=99)
        if score < 99 and (best is None or score < best[0]):
            best = (score, option.id)
    return best[1] if best else None
