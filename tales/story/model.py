"""The storybook model: a tale and its scenarios, as the loader builds them.

Everything here is an immutable value with the source position it came from,
so the checker, the map and the playtester can point authors at a line.
The rules' own values (locations, Event board, encounters, items) are reused
as they are: the loader builds a :class:`tales.rules.scenario.Scenario`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import field

from tales.errors import UnknownName
from tales.problems import did_you_mean
from tales.records import record
from tales.rules.scenario import Scenario
from tales.rules.terms import Attribute
from tales.rules.teststate import Ease

# ``read`` effects inside read paragraphs nest Python generators; past this
# the interpreter refuses the story as a loop instead of running out of
# Python's stack. Here, not in the interpreter, so ``tales check`` (which
# warns of such a chain first) need not import all of play.
MAX_NESTED_READS = 100

# The campaign log's sections, each with the entries it declares (none
# declared: any entry may be written in it).
Sections = Mapping[str, tuple[str, ...]]


@record
class Where:
    """A position in a source file (1-based)."""

    path: str
    line: int = 1
    col: int = 1

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"


@record
class Effect:
    """One entry of the closed effect vocabulary (docs/storybook.md)."""

    kind: str
    value: object
    who: str = "actor"
    count: int = 1
    where: Where = field(default=Where(""), compare=False)
    condition: str | None = None  # ``if:``: applied only when it holds


@record
class Branch:
    """One ``{if, goto}`` of a conditional ``goto``: read ``goto`` when ``condition`` holds."""

    condition: str
    goto: int
    where: Where = field(default=Where(""), compare=False)


@record
class Outcome:
    """Where a choice or a test result leads: a paragraph, effects, or both."""

    goto: int | None = None
    effects: tuple[Effect, ...] = ()


@record
class TestDef:
    __test__ = False  # not a pytest test class
    attribute: Attribute
    need: int
    ease: Ease | None = None
    team: bool = False
    harden: Ease | None = None  # ``hardened_by``: the need raised by an item or keyword


@record
class OptionDef:
    """An activity a paragraph offers at its location."""

    label: str
    condition: str | None = None
    once: bool = False
    cost: int = 0
    goto: int | None = None
    test: TestDef | None = None
    success: Outcome | None = None
    failure: Outcome | None = None
    where: Where = field(default=Where(""), compare=False)
    # ``repeat: true``: its effects may happen each time it is taken; without
    # it, an option whose taking applies effects closes once they have.
    repeat: bool = False
    once_a_round: bool = False  # taken by anyone, closed until the next round

    def targets(self) -> list[int]:
        """Every paragraph this option can lead to."""
        found = [self.goto] if self.goto is not None else []
        for outcome in (self.success, self.failure):
            if outcome and outcome.goto is not None:
                found.append(outcome.goto)
        return found


@record
class ChoiceDef:
    """An immediate choice for the group, free of cost."""

    label: str
    condition: str | None = None
    outcome: Outcome = Outcome()
    where: Where = field(default=Where(""), compare=False)


@record
class Paragraph:
    number: int
    text: str = ""
    effects: tuple[Effect, ...] = ()
    first_time: tuple[Effect, ...] = ()
    options: tuple[OptionDef, ...] = ()
    choices: tuple[ChoiceDef, ...] = ()
    goto: int | None = None
    at: str | None = None
    once: bool = False
    end: bool = False
    where: Where = field(default=Where(""), compare=False)
    # A conditional ``goto``: the first branch whose condition holds, else ``goto``.
    branches: tuple[Branch, ...] = ()

    def targets(self) -> list[int]:
        """Every paragraph reading this one can lead to directly."""
        found = [b.goto for b in self.branches]
        found += [self.goto] if self.goto is not None else []
        for option in self.options:
            found += option.targets()
        for choice in self.choices:
            if choice.outcome.goto is not None:
                found.append(choice.outcome.goto)
        from tales.story.effects import kind_of  # the registry builds on this module

        for effect in (*self.effects, *self.first_time):
            lead = kind_of(effect.kind).leads(effect)
            if lead is not None:
                found.append(lead)
        return found


def plain_gotos(paragraphs: Mapping[int, Paragraph], number: int | None) -> Iterator[Paragraph]:
    """The paragraphs read from ``number`` on by plain ``goto``s alone, in
    order: the last is the first that asks something (options, choices, a
    conditional branch) or leads nowhere; a cycle of gotos is followed once."""
    seen: set[int] = set()
    while number is not None and number not in seen:
        paragraph = paragraphs.get(number)
        if paragraph is None:
            return
        seen.add(number)
        yield paragraph
        if paragraph.options or paragraph.choices or paragraph.branches:
            return
        number = paragraph.goto


@record
class Rate:
    """A line of the exploration table: from this percentage, read this."""

    start: int
    read: int


@record
class Interlude:
    """Paragraphs read between two scenarios, branching on the campaign log."""

    id: str
    after: str  # the scenario it follows
    start: int
    paragraphs: Mapping[int, Paragraph]
    lone_choice: bool = False  # the tale's ``lone_choice: take`` (see ScenarioBook)
    # ``before: <first scenario>``: the campaign's prologue, read once at its
    # start; ``epilogue: true``: read once the last scenario ends (``after``
    # is then empty).
    before: str = ""
    epilogue: bool = False


@record
class ScenarioBook:
    """One scenario of a tale: the rules' Scenario plus its story."""

    id: str
    scenario: Scenario
    introduction: int
    paragraphs: Mapping[int, Paragraph]
    keywords: tuple[str, ...] = ()  # the Keyword sheet
    setup_keywords: tuple[str, ...] = ()
    clues: Mapping[str, str] = field(default_factory=dict)  # slug -> name
    objectives: Mapping[str, str] = field(default_factory=dict)
    rates: tuple[Rate, ...] = ()
    endings: tuple[int, ...] = ()
    where: Mapping[str, Where] = field(default_factory=dict, compare=False)  # "kind:slug" -> source
    setup_items: tuple[str, ...] = ()  # scenario items the team starts with
    location_tokens: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    # Location -> token -> (floor, ceiling): "cannot be fully flooded".
    token_limits: Mapping[str, Mapping[str, tuple[int, int | None]]] = field(default_factory=dict)
    # The tale's ``lone_choice: take``: a paragraph whose choices are all
    # closed but one takes it without asking (off by default, so the
    # recorded games of tales written before it replay as they were played).
    lone_choice: bool = False
    # ``on_defeat: {goto: N}``: the resolution read when every investigator is
    # dead, after which the campaign goes on (without it, the campaign ends).
    on_defeat: int | None = None
    # The names cards.yaml gives the information found ("Jennet's name"); an
    # information not named there is shown by its slug's words.
    information: Mapping[str, str] = field(default_factory=dict)

    @property
    def title(self) -> str:
        return self.scenario.title


@record
class Tale:
    id: str
    title: str
    scenarios: Mapping[str, ScenarioBook]
    log_sections: tuple[str, ...] = ()
    counters: tuple[str, ...] = ()
    standalone: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    content_hash: str = ""
    interludes: Mapping[str, Interlude] = field(default_factory=dict)
    log_entries: Sections = field(default_factory=dict)
    counter_starts: Mapping[str, int] = field(default_factory=dict)  # declared other than 0

    def scenario_id(self, name: str | None) -> str:
        """``name`` (default: the first scenario), or :class:`UnknownName`
        saying which scenarios the tale has."""
        chosen = name or next(iter(self.scenarios))
        if chosen not in self.scenarios:
            raise UnknownName(
                f"{self.title} has no scenario {chosen!r}{did_you_mean(chosen, self.scenarios)} "
                f"(it has {', '.join(self.scenarios)})"
            )
        return chosen
