"""The interpreter: a scenario's storybook played through the rules engine.

:class:`Book` is the rules' :class:`~tales.rules.round.Story`: it offers the
options of each location's scene to the investigators standing there, runs
their costs and tests through the rules, reads paragraphs (texts rendered in
the sandbox, effects applied) and ends the scenario with its exploration
rate. :func:`play` is the whole scenario as one procedure for the Engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tales.errors import RulesError, StoryExpressionError, StoryLoop
from tales.rules.abilities import ask_at_any_time, kept_ability_listing
from tales.rules.activities import gain_item, pay_actions
from tales.rules.decisions import Decision, DecisionKind, Proc
from tales.rules.eventboard import end_scenario
from tales.rules.exploration import change_location_tokens, mark_keyword, reveal_location
from tales.rules.investigators import Investigator
from tales.rules.options import Option, UseAbility
from tales.rules.pieces import set_out
from tales.rules.round import deaths_before_the_end, play_scenario, settle
from tales.rules.scoring import exploration_rate
from tales.rules.setup import revealed_in_reading_order
from tales.rules.skilltest import TestSpec, skill_test
from tales.rules.table import Table
from tales.rules.teamtests import team_test
from tales.rules.teststate import eased
from tales.story import branching, plans
from tales.story.conditions import evaluate, render, templated
from tales.story.effect_play import StoryInPlay
from tales.story.effects import kind_of
from tales.story.entering import enter_where_standing, entering_actor, entering_lead
from tales.story.menu import lasting
from tales.story.model import MAX_NESTED_READS as MAX_NESTED_READS
from tales.story.model import Effect, OptionDef, Outcome, ScenarioBook
from tales.story.offers import Offers
from tales.story.options import StoryChoice, StoryOption
from tales.story.plans import Plan
from tales.story.state import StoryState as StoryState  # where it long lived
from tales.story.state import campaign_context as campaign_context
from tales.story.state import trier
from tales.story.story_events import ExplorationRated as ExplorationRated
from tales.story.story_events import StoryDeadEnd as StoryDeadEnd
from tales.story.story_events import StoryRead as StoryRead
from tales.story.story_events import StoryWarning as StoryWarning
from tales.story.vocabulary import Vocabularies

MAX_READS = 1000  # paragraphs read without a decision before the story counts as a loop


def read_bound(paragraphs: int) -> int:
    """Paragraphs read with no decision between before a story of
    ``paragraphs`` counts as looping: a ``goto`` chain through all of them
    (which ``tales check`` passes) and :data:`MAX_READS` more."""
    return MAX_READS + paragraphs


class Book:
    """A scenario's storybook, bound to a table."""

    def __init__(self, book: ScenarioBook, state: StoryState | None = None) -> None:
        self.book = book
        self.state = state or StoryState()
        # A campaign's later scenario: points carried in may take the rate past
        # 100% (ruling ``exploration-carry``).
        self.carried_points = 0
        self.continues_campaign = False
        self.fallen: tuple[str, ...] = ()  # dead in the campaign's earlier scenarios
        # Items carried in from the scenario before: each keeps its own card,
        # even where this scenario prints another under its slug.
        self.carried_in: tuple[str, ...] = ()
        self.rate = ""  # the exploration rate reached, "p/q", once the scenario ends
        self._reading = 0  # the paragraph whose effects are being applied
        self._reads = 0  # paragraphs read since the last decision
        self._read_bound = read_bound(len(book.paragraphs))
        self._nested = 0  # reads under way inside one another
        self._asked: Decision | None = None  # the planned question asked last
        # Bound once per actor and standpoint, read live; the encounter whose own
        # narrative is being read is theirs (``encounter_at``). The offers keep
        # them, not this Book: no cycle, a finished game is freed at once.
        self._words = Vocabularies(self.state)
        self.offers = Offers(book.paragraphs, self.state, self._words.context, self._holds)
        self._plans = plans.plans_for(book.paragraphs)  # shared by every game of the storybook

    # The Story protocol -------------------------------------------------------------

    def options(self, table: Table) -> list[Option]:
        return self.offers.options(table)

    def leads_at(self, table: Table, inv: Investigator, place: str) -> list[OptionDef]:
        """The options that would be open to ``inv`` at ``place`` now and lead
        somewhere unread: where a playtest bot should head next."""
        scene = self.state.scenes.get(place)
        if scene is None:
            return []
        if unread := entering_lead(table, place):
            return unread
        return [  # asked as if ``inv`` stood at ``place``; nothing on the table moves
            option
            for index, option in enumerate(self.book.paragraphs[scene].options)
            if any(t not in self.state.visited for t in option.targets())
            and self.offers.open(table, inv, scene, index, at=place)
        ]

    def perform(self, table: Table, chosen: Option) -> Proc[None]:
        if not isinstance(chosen, StoryOption):
            raise RulesError(f"{chosen.id!r} is not an option of the storybook")
        inv, scene, index = table.investigator(chosen.investigator), chosen.scene, chosen.index
        option = self.book.paragraphs[scene].options[index]
        if not self.offers.open(table, inv, scene, index):
            raise RulesError(f"{inv.name} cannot take {option.label!r} now")
        self.state.last_actor = inv.slug
        self._reads = 0
        if option.cost and not (
            yield from pay_actions(table, inv, option.cost, option.label, companions=True)
        ):
            return
        if option.once or (option.test is None and lasting(self.book, option, option.goto)):
            self.state.taken.add((scene, index))
        self.state.spend(scene, index, option, table)  # once_a_round
        if option.test is None:
            yield from self.read_as(table, option.goto, inv)
            return
        self.state.tried[(scene, index, trier(inv.slug, option.test.team))] = table.round
        test = option.test
        members = [p for p in table.players() if p.location == inv.location] if test.team else [inv]
        # hardened_by: known before any die is rolled, so the need the rules see is raised.
        harder = test.harden.by if test.harden and eased(table, members, test.harden) else 0
        spec = TestSpec(test.attribute, test.need + harder, test.ease)
        if test.team:
            passed = (yield from team_test(table, spec, members)).passed
        else:
            passed = (yield from skill_test(table, inv, spec)).passed
        if not table.rulings.flag("narrative-timing"):
            yield from settle(table, self)  # the clock interrupts: read what the test called for
            if table.ended:
                return
        if passed and lasting(self.book, option, option.success.goto if option.success else None):
            self.state.taken.add((scene, index))  # a success's effects happen once
        yield from self.follow(table, option.success if passed else option.failure, inv)

    def read(self, table: Table, paragraph: int, at: str | None = None) -> Proc[None]:
        """A paragraph the rules call for (Event board, death, encounter); an
        encounter's own (``at`` its location) speaks to those there: "Status
        cards inflicted by the enemy affect all Investigators present"."""
        self._reads = 0
        if at is None:
            yield from self.read_as(table, paragraph, self._actor(table, None))
            return
        if (inside := entering_actor(table, at, paragraph)) is not None:
            yield from self.read_as(table, paragraph, inside, place=at)  # going in: no encounter's
            return
        self._words.encounter_at = at
        try:
            yield from self.read_as(table, paragraph, self._facing(table, at), place=at)
        finally:
            self._words.encounter_at = None

    def round_ended(self, table: Table) -> None:
        # A storybook test may be tried once a round: last round's tries are spent.
        self.state.tried = {k: r for k, r in self.state.tried.items() if r >= table.round}

    # Reading --------------------------------------------------------------------

    def begin(self, table: Table) -> Proc[None]:
        """The introduction, the setup keywords and the scenes of the Location
        cards on the table at the start."""
        for word in self.book.setup_keywords:
            mark_keyword(table, word)
        set_out(table)  # barriers, vehicles, prisoners, the Group token
        # Laid out as the cards print them, each count told as an event.
        table.location_tokens = {place: {} for place in self.book.location_tokens}
        for place, tokens in self.book.location_tokens.items():
            for token, count in tokens.items():
                change_location_tokens(table, place, token, count)
        players = table.players()
        for slug in self.book.setup_items:  # the team's: the first player carries them
            # One card of an item: one carried in is not dealt again.
            held = any(inv.item(slug) is not None for inv in table.investigators.values())
            if players and table.scenario is not None and not held:
                gain_item(table, players[0], table.scenario.items[slug])
        self._reads = 0
        yield from self.read_as(table, self.book.introduction, None)
        for slug in revealed_in_reading_order(table):
            yield from self._read_scene(table, slug)
        due = len(table.to_read)
        enter_where_standing(table, table.revealed)  # the team stands on the start location
        if len(table.to_read) > due:
            yield from settle(table, self)

    def read_as(
        self, table: Table, number: int | None, actor: Investigator | None, place: str | None = None
    ) -> Proc[None]:
        """Read ``number`` and what it leads to, ``actor`` acting."""
        self._nested += 1
        try:
            if self._nested > MAX_NESTED_READS:
                raise StoryLoop(
                    f"paragraph {number} is read inside {MAX_NESTED_READS} other readings: "
                    "the story loops (run 'tales check' on it)"
                )
            yield from self._read_on(table, number, actor, place)
        finally:
            self._nested -= 1

    def _read_on(
        self, table: Table, number: int | None, actor: Investigator | None, place: str | None
    ) -> Proc[None]:
        listing: tuple[Option, ...] | None = None  # the abilities offered beside the last choice
        while number is not None and not table.ended:
            self._count_read(number)
            plan = self._plans[number]
            if plan is not None:  # only keywords, counters and choices: the direct path
                number, listing = yield from self._read_planned(table, plan, actor, listing)
                continue
            listing = None  # a paragraph read in full may change what abilities are usable
            paragraph = self.book.paragraphs[number]
            if paragraph.end and table.to_read:
                yield from deaths_before_the_end(table, self)
            first = number not in self.state.visited
            self.state.visited.add(number)
            text = self._text(table, number, paragraph.text, actor)
            table.emit(StoryRead(number, text.strip()))
            self._reading = number
            effects = paragraph.effects + paragraph.first_time if first else paragraph.effects
            if effects:
                yield from self.apply(table, effects, actor)
                if table.ended:  # an effect ended it (an `end` effect, the last death)
                    return
            if paragraph.options:
                where = paragraph.at or place or (actor.location if actor else None)
                if where is not None:
                    self.state.scenes[where] = number
            if paragraph.end:
                self.finish(table, number)
                return
            holds = self._holder(table, number, actor)
            if paragraph.choices:
                outcome, asked = yield from branching.choose(
                    paragraph, holds, self.book.lone_choice, self._ask(table)
                )
                self._reads = 0 if asked else self._reads
                if outcome is None and paragraph.goto is None and not paragraph.branches:
                    table.emit(StoryDeadEnd(number))
                if outcome is not None:
                    if outcome.effects:
                        yield from self.apply(table, outcome.effects, actor)
                    number = branching.after_choice(paragraph, outcome, holds)
                    continue
            number = branching.goto(paragraph, holds)

    def _read_planned(
        self,
        table: Table,
        plan: Plan,
        actor: Investigator | None,
        listing: tuple[Option, ...] | None,
    ) -> Proc[tuple[int | None, tuple[Option, ...] | None]]:
        """Paragraph ``plan`` and the planned ones it leads to, read as the
        general reading above reads them, by what was worked out once
        (:mod:`tales.story.plans`). One loop reads the whole run: no procedure
        is made per paragraph or per question (a walk is mostly such runs).
        Returns the first paragraph the general reading must read (or None)
        and the abilities last offered (:func:`plans.ask_again`)."""
        state, known, visited = self.state, self._plans, self.state.visited
        emit = table.sink.emit  # Table.emit, without the call in between
        words: Mapping[str, Any] | None = None  # the vocabulary, bound at the first condition
        while True:  # the paragraph marked, told, its effects' steps run
            number = plan.number
            first = number not in visited
            visited.add(number)
            read = plan.read
            emit(read if read is not None else self._told(table, plan, actor))
            self._reading = number
            for step in plan.first_steps if first else plan.steps:
                step(table, state)
            goto = plan.goto
            if plan.choices:
                if plan.conditional:  # one actor, one table: one vocabulary for the run
                    if words is None:
                        words = self._words.context(table, actor)
                    chosen, mask = plans.choices_now(
                        plan, table, words, self._holds, self.book.lone_choice
                    )
                else:  # choices_now's answer when no choice has an ``if:``
                    chosen, mask = None, plan.full
                if mask:
                    if listing is None:
                        listing = kept_ability_listing(table)
                    asked = plans.asking(plan, mask, listing, self._asked)
                    self._asked = asked
                    choice = yield asked
                    if type(choice) is not StoryChoice:  # an ability used: the choice asked again
                        assert isinstance(choice, UseAbility)  # the only other options offered
                        offered = plans.offered(plan, mask)
                        choice, listing = yield from plans.ask_again(table, plan, offered, choice)
                    chosen = plan.choices[choice.index]
                    self._reads = 0
                if chosen is not None:
                    for step in chosen.steps:
                        step(table, state)
                    goto = chosen.goto
            if goto is None or table.ended:
                return goto, listing
            plan_next = known[goto]
            if plan_next is None:  # the general reading's, counted there
                return goto, listing
            self._reads += 1  # as _count_read counts, without the call
            if self._reads > self._read_bound:
                self._count_read(goto, 0)  # raises: the story loops
            plan = plan_next

    def _told(self, table: Table, plan: Plan, actor: Investigator | None) -> StoryRead:
        """A planned paragraph's templated text, rendered as it stands now."""
        return StoryRead(plan.number, self._text(table, plan.number, plan.text, actor).strip())

    def _count_read(self, number: int, counted: int = 1) -> None:
        """``counted`` more paragraphs read with no decision between (0: already
        counted): past the bound, the story loops."""
        self._reads += counted
        if self._reads > self._read_bound:
            raise StoryLoop(
                f"paragraph {number} was reached after {self._read_bound:,} paragraphs read "
                "with no decision between: the story loops (run 'tales check' on it)"
            )

    def follow(self, table: Table, outcome: Outcome | None, actor: Investigator) -> Proc[None]:
        if outcome is None:  # "If no Failure text is provided, the test simply fails."
            return
        yield from self.apply(table, outcome.effects, actor)
        yield from self.read_as(table, outcome.goto, actor)

    def _holder(self, table: Table, number: int, actor: Investigator | None) -> branching.Holds:
        """Conditions asked at paragraph ``number``, each against the table as it is then."""
        return lambda condition: self._holds(table, number, condition, self.context(table, actor))

    def _ask(self, table: Table) -> branching.Ask:
        """A story choice asked with the abilities usable now beside it
        ("at any time")."""

        def ask(prompt: str, options: tuple[Option, ...]) -> Proc[Option]:
            return ask_at_any_time(table, None, DecisionKind.STORY_CHOICE, prompt, options)

        return ask

    def finish(self, table: Table, number: int) -> None:
        """End the scenario at a storybook ending and rate it."""
        end_scenario(table, f"the story ends at paragraph {number}")
        self.assess(table, number)

    def assess(self, table: Table, ending: int | None = None) -> None:
        """Rate an ended scenario once, however it ended: "Every Scenario ends
        with an Epilogue or death of all the team members ... Once Scenario
        ends, flip the Keyword sheet and assess your exploration rate following
        the presented table." The rate's consequence is read at once, unless it
        is the ending just read."""
        if self.rate or not table.ended:
            return
        rate = exploration_rate(
            table, carried=self.carried_points, campaign=self.continues_campaign
        )
        self.rate = exact = f"{rate.numerator}/{rate.denominator}"
        fitting = [r for r in self.book.rates if r.start <= rate]
        consequence = fitting[-1].read if fitting else None
        table.emit(ExplorationRated(float(rate), exact, consequence))
        if consequence is not None and consequence != ending and not self.state.lost:
            paragraph = self.book.paragraphs[consequence]
            text = self._text(table, consequence, paragraph.text, None)
            first = consequence not in self.state.visited
            self.state.visited.add(consequence)
            table.emit(StoryRead(consequence, text.strip()))
            # The table is put away, but what the epilogue writes in the
            # campaign log stays for the scenarios to come.
            effects = (*paragraph.effects, *(paragraph.first_time if first else ()))
            holds = self._holder(table, consequence, None)
            for effect in branching.applying(effects, holds):
                record = kind_of(effect.kind).record
                if record is not None:
                    record(self.state, table.sink, effect)

    def _read_scene(self, table: Table, slug: str) -> Proc[None]:
        scene = table.scenario.locations[slug].paragraph if table.scenario else None
        if scene is not None and slug not in self.state.scenes:
            yield from self.read_as(table, scene, None, place=slug)
            # A card on the table has a scene even with nothing to do there yet
            # (an outside view, its inside read on going in: ``on_enter``).
            self.state.scenes.setdefault(slug, scene)

    # Options ----------------------------------------------------------------------

    # A storybook mistake that only shows in play must not stop the game: a
    # condition that fails counts as closed, a text that fails says so.

    @staticmethod  # a plain function: what keeps it (the offers) keeps no Book
    def _holds(table: Table, number: int, condition: str, context: Mapping[str, Any]) -> bool:
        try:
            return evaluate(condition, context)
        except StoryExpressionError as error:
            table.emit(StoryWarning(number, str(error)))
            return False

    def _text(self, table: Table, number: int, source: str, actor: Investigator | None) -> str:
        if not source:
            return ""
        try:  # plain prose asks nothing of the table (render never reads it)
            return render(source, self.context(table, actor) if templated(source) else {})
        except StoryExpressionError as error:
            table.emit(StoryWarning(number, str(error)))
            return "[This paragraph's text could not be shown.]"

    # Conditions ---------------------------------------------------------------------

    def context(
        self, table: Table, actor: Investigator | None, at: str | None = None
    ) -> Mapping[str, Any]:
        """The words a condition or text may use (:mod:`tales.story.vocabulary`);
        ``at``: where ``actor`` is taken to stand, if not where they do."""
        return self._words.context(table, actor, at)

    # Effects ------------------------------------------------------------------------

    def _actor(self, table: Table, actor: Investigator | None) -> Investigator | None:
        """With no one acting (an Event board or death narrative), ``actor``
        means whoever acted last, else the first living player (ruling
        ``actorless-narratives``); an encounter's narrative never reaches
        past its own location."""
        if actor is not None and actor.active:
            return actor
        if (at := self._words.encounter_at) is not None:
            return self._facing(table, at)
        last = table.investigators.get(self.state.last_actor or "")
        if last is not None and last.active:
            return last
        players = table.players()
        return players[0] if players else None

    def _who(self, table: Table, effect: Effect, actor: Investigator | None) -> list[Investigator]:
        if effect.who == "all":
            return table.players()
        if effect.who not in ("actor", "here"):  # an investigator named: if still playing
            return [p for p in table.players() if p.slug == effect.who]
        if actor is not None and actor.dead:
            # Ruling dead-actor-effects: died while this was read, so what is
            # theirs falls on no one, and "here" is where they fell.
            return [] if effect.who == "actor" else self._here(table, actor.location)
        actor = self._actor(table, actor)
        if actor is None:
            return []
        if effect.who == "here":
            return self._here(table, actor.location)
        return [actor]

    def _here(self, table: Table, place: str | None) -> list[Investigator]:
        return [p for p in table.players() if p.location == place]

    def apply(
        self, table: Table, effects: Iterable[Effect], actor: Investigator | None
    ) -> Proc[None]:
        holds = self._holder(table, self._reading, actor)
        for effect in branching.applying(effects, holds):
            if table.ended:
                return
            yield from self._apply(table, effect, actor)

    def _apply(self, table: Table, effect: Effect, actor: Investigator | None) -> Proc[None]:
        assert table.scenario is not None  # a Book plays on a scenario's table
        then = kind_of(effect.kind).run(StoryInPlay(self, table, actor), effect)
        if then is not None:
            yield from then

    def _facing(self, table: Table, at: str) -> Investigator | None:
        """ "You" in the narrative of the encounter at ``at``: the last actor if there."""
        here = [p for p in table.players() if p.location == at]
        last = [p for p in here if p.slug == self.state.last_actor]
        return next(iter(last or here), None)

    def _encounter_place(self, table: Table, doer: Investigator | None) -> str | None:
        """The encounter an effect means: in an encounter's own narrative,
        that encounter; else the one where the actor stands, or, with no one
        acting, the only one in play (ruling ``actorless-narratives``)."""
        at = self._words.encounter_at
        if at is not None:
            return at if at in table.encounters else None
        if doer is not None and doer.location in table.encounters:
            return doer.location
        return next(iter(table.encounters)) if len(table.encounters) == 1 else None

    def _reveal(self, table: Table, slug: str) -> Proc[None]:
        if reveal_location(table, slug):
            yield from self._read_scene(table, slug)
            enter_where_standing(table, (slug,))


def play(table: Table, book: Book) -> Proc[str]:
    """A whole scenario: the introduction, then rounds until it ends."""
    yield from book.begin(table)
    return (yield from play_scenario(table, book))
