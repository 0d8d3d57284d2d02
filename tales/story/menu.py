"""What the menu of a scene shows: which options stay open once taken, and
how an option is described.

"An option's effects happen once unless the storybook says it may repeat":
an option whose taking applies effects (its own success's, or those of the
paragraph it leads to, and for a test that paragraph's ``first_time`` ones)
closes once they have happened; ``repeat: true`` keeps it open. A failed
test may be tried again (ruling ``test-once-a-round``), its failure being
the price of the try.
"""

from __future__ import annotations

from collections.abc import Mapping

from tales.records import record
from tales.story.compiled import Closure
from tales.story.conditions import condition_closure
from tales.story.model import Effect, OptionDef, Paragraph, ScenarioBook, plain_gotos

# Effects that take the story somewhere rather than change the table: an
# option may lead there again (a way down to the cellar stays a way down).
PASSAGE = frozenset({"move", "reveal", "read", "end"})


def lasting(book: ScenarioBook, option: OptionDef, leads: int | None) -> bool:
    """Whether taking ``option`` (to paragraph ``leads``) applies effects
    that must not happen again: its success's own, or its paragraph's. For
    a test, its paragraph's ``first_time`` effects too: once they have
    happened, passing again would cost cards and dice to tell the same text
    (a newcomer paid a test to read the harbormaster's log a second time)."""
    if option.repeat:
        return False
    outcome = option.success if option.test is not None else None
    paragraph = book.paragraphs.get(leads) if leads is not None else None
    effects = (*(outcome.effects if outcome else ()), *(paragraph.effects if paragraph else ()))
    if option.test is not None and paragraph is not None:
        effects += paragraph.first_time
    return any(effect.kind not in PASSAGE for effect in effects)


def begins_encounter(paragraphs: Mapping[int, Paragraph], option: OptionDef) -> bool:
    return any(
        effect.kind == "encounter"
        for target in option.targets()
        for effect in paragraphs[target].effects
    )


@record
class MenuEntry:
    """What never changes about one option of a scene, worked out once: a
    decision then asks only what the table and the story's memory say now."""

    index: int
    option: OptionDef
    described: str  # describe(option)
    begins_encounter: bool  # closed while an encounter is under way there
    read_once: int | None  # the read-once paragraph its ``goto`` leads to
    # Its ``if:`` compiled (tales.story.compiled); None: only the sandbox asks it.
    closure: Closure | None = None
    # Neither a test, a cost nor an ``if:``: open wherever the story's memory leaves it.
    plain: bool = False


@record
class Menu:
    """A scene paragraph's options, worked out once."""

    entries: tuple[MenuEntry, ...]
    costly: bool  # some option costs Actions: the hand is counted
    conditional: bool  # some option has an ``if:``: the vocabulary is asked


def menu_of(paragraphs: Mapping[int, Paragraph], scene: int) -> Menu:
    """The menu of scene paragraph ``scene``: its options' entries, in their order."""
    entries = []
    for index, option in enumerate(paragraphs[scene].options):
        leads = option.goto if option.test is None else None
        once = leads is not None and paragraphs[leads].once
        entries.append(
            MenuEntry(
                index,
                option,
                describe(option, ending_of(paragraphs, option)),
                begins_encounter(paragraphs, option),
                leads if once else None,
                condition_closure(option.condition) if option.condition is not None else None,
                option.test is None and not option.cost and option.condition is None,
            )
        )
    return Menu(
        tuple(entries),
        costly=any(entry.option.cost for entry in entries),
        conditional=any(entry.option.condition is not None for entry in entries),
    )


def describe(option: OptionDef, ending: str = "") -> str:
    """The option's words with what it asks (Actions, a test) and, where
    taking it ends the scenario for the whole team, that (``ending``,
    :func:`ending_of`): one player's choice must not end everyone's game
    unannounced."""
    parts = [option.label]
    if option.cost:
        parts.append(f"{option.cost} Action{'s' if option.cost > 1 else ''}")
    if option.test:
        team = "team " if option.test.team else ""
        parts.append(f"{team}{option.test.attribute} test, {option.test.need} needed")
    if ending:
        parts.append(ending)
    return parts[0] + (f" ({'; '.join(parts[1:])})" if len(parts) > 1 else "")


def ending_of(paragraphs: Mapping[int, Paragraph], option: OptionDef) -> str:
    """What the menu says of an option that ends the scenario: "ends the
    scenario", "a success ends the scenario", or the failure's; "" where it
    does not, or only may (a choice, a branch or a condition on the way)."""
    if option.test is None:
        return "ends the scenario" if _ends(paragraphs, option.goto) else ""
    success = option.success is not None and (
        _ending_effects(option.success.effects) or _ends(paragraphs, option.success.goto)
    )
    failure = option.failure is not None and (
        _ending_effects(option.failure.effects) or _ends(paragraphs, option.failure.goto)
    )
    if success and failure:
        return "ends the scenario"
    if success or failure:
        return f"a {'success' if success else 'failure'} ends the scenario"
    return ""


def _ends(
    paragraphs: Mapping[int, Paragraph], number: int | None, path: frozenset[int] = frozenset()
) -> bool:
    """Whether reading ``number`` surely ends the scenario: an ending, or a
    chain of plain ``goto``s to one, each paragraph on the way asking nothing,
    or to a conditional ``goto`` whose every way (its fallback too) surely
    ends it (The Settling's bus out: the ending the objectives choose)."""
    last: Paragraph | None = None
    for p in plain_gotos(paragraphs, number):
        if p.end or _ending_effects((*p.effects, *p.first_time)):
            return True
        last = p
    if last is None or not last.branches or last.options or last.choices:
        return False
    if last.goto is None or last.number in path:
        return False  # no branch may hold, and then the reading stops; or a cycle
    ways = [*(branch.goto for branch in last.branches), last.goto]
    return all(_ends(paragraphs, way, path | {last.number}) for way in ways)


def _ending_effects(effects: tuple[Effect, ...]) -> bool:
    return any(effect.kind == "end" and effect.condition is None for effect in effects)
