"""What can be reached in a scenario, and what the story can grant: the
graph walk behind ``tales check``'s W301 and W302, linear in the tale's size.

The walk grows what is reached and granted from the paragraphs the rules
read whatever the players choose. An option, branch, choice or effect whose
condition cannot hold yet (:func:`tales.authoring.grants.may_hold`) waits,
filed under each fact its condition asks about (``keyword("OIL")``,
``visited(12)``...); when the story grants that fact, only what waits on it
is tried again. So a chain of 100,000 options each gated by ``visited()`` of
the one before is walked once, not once per link (the walk that grew the
grants pass by pass took 10 s at 800 paragraphs), and the walk is a loop over
a work list, never recursion.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from tales.authoring.grants import Grants, may_hold
from tales.authoring.supposing import Fact, named_facts
from tales.story.effects import kind_of
from tales.story.model import Effect, Paragraph, ScenarioBook


def roots(book: ScenarioBook) -> list[int]:
    """Paragraphs the rules read whatever the players choose."""
    scenario = book.scenario
    board = scenario.board
    found = [book.introduction, *(n for n in board.spaces if n is not None)]
    found += [t.paragraph for t in board.thresholds]
    found += [board.death] if board.death is not None else []
    for encounter in scenario.encounters.values():
        found += [n for n in (encounter.defeated, encounter.round_end) if n is not None]
    found += [rate.read for rate in book.rates]
    found += [book.on_defeat] if book.on_defeat is not None else []
    return found


def read_at(book: ScenarioBook, slug: str) -> list[int]:
    """What a revealed location has read: its scene, and its ``on_enter``
    paragraph (any revealed card can be walked into, or revealed underfoot)."""
    place = book.scenario.locations[slug]
    return [n for n in (place.paragraph, place.on_enter) if n is not None]


def outcome_effects(paragraph: Paragraph) -> Iterator[Effect]:
    """The effects of a paragraph's options' outcomes and of its choices."""
    for option in paragraph.options:
        for outcome in (option.success, option.failure):
            if outcome is not None:
                yield from outcome.effects
    for choice in paragraph.choices:
        yield from choice.outcome.effects


def reachable(book: ScenarioBook, always_keywords: set[str], always_items: set[str]) -> Grants:
    """Everything that can be reached and granted, grown until it stops growing."""
    grants = Grants(
        keywords={*book.setup_keywords, *always_keywords},
        cards={("item", slug) for slug in (*always_items, *book.setup_items)},
        revealed={book.scenario.start, *book.scenario.revealed},
    )
    walk = _Walk(book, grants)
    walk.frontier += roots(book)
    walk.frontier += [n for s in sorted(grants.revealed) for n in read_at(book, s)]
    walk.run()
    return grants


class _Walk:
    """One reachability walk: a work list of paragraphs, and what waits on a fact."""

    def __init__(self, book: ScenarioBook, grants: Grants) -> None:
        self.book = book
        self.grants = grants
        self.frontier: list[int] = []
        self.waiting: dict[Fact, list[_Gated]] = {}

    def run(self) -> None:
        paragraphs = self.book.paragraphs
        while self.frontier:
            number = self.frontier.pop()
            if number in self.grants.reached or number not in paragraphs:
                continue
            self.grants.reached.add(number)
            self._released(("visited", str(number)))
            paragraph = paragraphs[number]
            for effect in (*paragraph.effects, *paragraph.first_time, *outcome_effects(paragraph)):
                if effect.condition is None:
                    self._grant(effect)
                else:
                    self._gate(effect.condition, partial(self._grant, effect))
            self._targets(paragraph)

    def _targets(self, paragraph: Paragraph) -> None:
        for branch in paragraph.branches:
            self._gate(branch.condition, self._leads_to([branch.goto]))
        if paragraph.goto is not None:
            self.frontier.append(paragraph.goto)
        for option in paragraph.options:
            targets = self._leads_to(list(option.targets()))
            if option.condition is None:
                targets()
            else:
                self._gate(option.condition, targets)
        for choice in paragraph.choices:
            goto = choice.outcome.goto
            if goto is not None:
                if choice.condition is None:
                    self.frontier.append(goto)
                else:
                    self._gate(choice.condition, self._leads_to([goto]))

    def _leads_to(self, targets: list[int]) -> Callable[[], None]:
        return lambda: self.frontier.extend(targets)

    def _gate(self, condition: str, then: Callable[[], None]) -> None:
        """Do ``then`` now if ``condition`` can hold, else when a fact it asks about is granted."""
        gated = _Gated(condition, then)
        if not gated.tried(self.grants):
            for fact in _facts(condition):
                self.waiting.setdefault(fact, []).append(gated)

    def _released(self, fact: Fact) -> None:
        for gated in self.waiting.pop(fact, ()):
            gated.tried(self.grants)

    def _learn(self, fact: Fact, known: set[Any], value: object) -> None:
        if value not in known:
            known.add(value)
            self._released(fact)

    def _grant(self, effect: Effect) -> None:
        """What reading ``effect`` gives the team, as its kind declares."""
        kind = kind_of(effect.kind)
        locations = self.book.scenario.locations
        for what, name in kind.grants(effect):
            if what == "keyword":
                self._learn(("keyword", str(name)), self.grants.keywords, str(name))
            elif what == "location" and name in locations:
                self._learn(("revealed", str(name)), self.grants.revealed, str(name))
                self.frontier += read_at(self.book, str(name))
            elif what != "location":  # an item, clue, objective or information found
                card = (what, str(name))
                self._learn(card, self.grants.cards, card)
        lead = kind.leads(effect)
        if lead is not None:
            self.frontier.append(lead)


class _Gated:
    """Something done once its condition can hold."""

    __slots__ = ("condition", "done", "then")

    def __init__(self, condition: str, then: Callable[[], None]) -> None:
        self.condition = condition
        self.then = then
        self.done = False

    def tried(self, grants: Grants) -> bool:
        """Done now or before; False while the condition cannot hold."""
        if not self.done and may_hold(self.condition, grants):
            self.done = True
            self.then()
        return self.done


def _facts(condition: str) -> set[Fact]:
    return set(named_facts(condition))
