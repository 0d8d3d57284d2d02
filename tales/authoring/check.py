"""Checks over a whole scenario's story graph, one code per check.

The loader already refuses broken structure and references; these checks
need the graph: what can be reached from where the story starts (aware of
the conditions that gate options), what is never used, goto loops that
never reach a decision, and options read where nobody could take them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from tales.authoring.grants import Grants, may_hold
from tales.authoring.reach import outcome_effects, reachable, roots
from tales.problems import Problem
from tales.story.conditions import called_with
from tales.story.effects import kind_of
from tales.story.loader.codes import (
    DEFEAT_MID_FIGHT,
    GOTO_LOOP,
    NO_BRANCH,
    NOWHERE_TO_STAND,
    UNREACHABLE,
    UNUSED,
)
from tales.story.model import (
    MAX_NESTED_READS,
    Effect,
    Interlude,
    Outcome,
    Paragraph,
    ScenarioBook,
    Tale,
    Where,
)


def check_tale(tale: Tale, always_keywords: set[str], always_items: set[str]) -> list[Problem]:
    """Graph problems of every scenario. ``always_keywords`` are keywords any
    game may have without the story granting them (investigators' own);
    ``always_items`` likewise (starting items)."""
    problems: list[Problem] = []
    for book in tale.scenarios.values():
        problems += check_scenario(book, always_keywords, always_items)
    for interlude in tale.interludes.values():
        problems += check_interlude(interlude)
    return sorted(problems)


def check_interlude(interlude: Interlude) -> list[Problem]:
    """Every paragraph reachable from its start; no reading in circles."""
    seen: set[int] = set()
    frontier = [interlude.start]
    while frontier:
        number = frontier.pop()
        if number in seen or number not in interlude.paragraphs:
            continue
        seen.add(number)
        frontier += interlude.paragraphs[number].targets()
    problems = [
        _problem(p.where, UNREACHABLE, f"interlude paragraph {n} can never be read", "warning")
        for n, p in sorted(interlude.paragraphs.items())
        if n not in seen
    ]
    grants = Grants(reached=seen)
    closed = _no_branch({n: interlude.paragraphs[n] for n in seen}, grants)
    return sorted([*problems, *_goto_loops(interlude.paragraphs), *closed])


def check_scenario(
    book: ScenarioBook, always_keywords: set[str], always_items: set[str]
) -> list[Problem]:
    grants = reachable(book, always_keywords, always_items)
    return sorted(
        [
            *_unreachable(book, grants),
            *_unused(book, grants),
            *_goto_loops(book.paragraphs),
            *_deep_reads(book.paragraphs),
            *_options_nobody_can_take(book),
            *_no_branch(book.paragraphs, grants),
            *_defeat_read_mid_fight(book),
        ]
    )


# Reachability -------------------------------------------------------------------------


# The checks ---------------------------------------------------------------------------


def _problem(where: Where, code: str, message: str, severity: str) -> Problem:
    return Problem(where.path, where.line, where.col, code, message, severity)


def _unreachable(book: ScenarioBook, grants: Grants) -> Iterator[Problem]:
    for number, paragraph in sorted(book.paragraphs.items()):
        if number not in grants.reached:
            yield _problem(
                paragraph.where,
                UNREACHABLE,
                f"paragraph {number} can never be read: nothing leads to it, or only "
                "options whose conditions can never hold",
                "warning",
            )


def _unused(book: ScenarioBook, grants: Grants) -> Iterator[Problem]:
    used_keywords = set(grants.keywords)
    for paragraph in book.paragraphs.values():
        for source in _sources(paragraph):
            used_keywords |= set(called_with(source, "keyword", template=True))
    sheet_where = book.where.get("keywords", Where(""))
    for word in book.keywords:
        if word not in used_keywords:
            yield _problem(
                sheet_where,
                UNUSED,
                f"keyword {word!r} is on the Keyword sheet but nothing marks or asks for it",
                "warning",
            )
    for kind, names in (
        ("item", book.scenario.items),
        ("clue", book.clues),
        ("objective", book.objectives),
        ("information", book.information),
    ):
        for slug in names:
            if (kind, slug) not in grants.cards:
                yield _problem(
                    book.where.get(f"{kind}:{slug}", Where("")),
                    UNUSED,
                    f"{kind} {slug!r} is never found in the story",
                    "warning",
                )
    for slug in book.scenario.locations:
        if slug not in grants.revealed:
            yield _problem(
                book.where.get(f"location:{slug}", Where("")),
                UNUSED,
                f"location {slug!r} is never revealed",
                "warning",
            )
    started = {
        str(name)
        for p in book.paragraphs.values()
        if p.number in grants.reached
        for e in (*p.effects, *p.first_time, *outcome_effects(p))
        for what, name in kind_of(e.kind).refs(e)
        if what == "encounter"
    }
    fought = {e.enemy.slug for e in book.scenario.encounters.values()}
    for key, where in sorted(book.where.items()):
        slug = key.removeprefix("enemy:")
        if slug != key and slug not in fought:
            yield _problem(where, UNUSED, f"enemy {slug!r} is in no encounter", "warning")
    for slug in book.scenario.encounters:
        if slug not in started:
            yield _problem(
                book.where.get(f"encounter:{slug}", Where("")),
                UNUSED,
                f"encounter {slug!r} never begins",
                "warning",
            )


def _no_branch(paragraphs: Mapping[int, Paragraph], grants: Grants) -> Iterator[Problem]:
    """Reached paragraphs where no branch can be taken: every choice closed
    with no ``goto`` to go on by (the story would stop where a decision was
    meant), or a conditional ``goto`` none of whose conditions can hold."""
    for number in sorted(grants.reached & set(paragraphs)):
        paragraph = paragraphs[number]
        choices = [c.condition for c in paragraph.choices]
        fallback = paragraph.goto is not None or paragraph.branches
        if choices and not fallback and all(c and not may_hold(c, grants) for c in choices):
            yield _problem(
                paragraph.where,
                NO_BRANCH,
                f"no choice of paragraph {number} can ever be open, and it has no goto",
                "warning",
            )
        branches = paragraph.branches
        if branches and not any(may_hold(b.condition, grants) for b in branches):
            yield _problem(
                branches[0].where,
                NO_BRANCH,
                f"no 'if' of paragraph {number}'s goto can ever hold",
                "warning",
            )


def _defeat_read_mid_fight(book: ScenarioBook) -> Iterator[Problem]:
    """An encounter's defeat narrative is read once its card is gone; an
    option or a choice that also leads there may be taken while the card is
    in play (Gannet Light's countersign in the watch-shed fight), and the
    narrative would tell the enemy beaten with its card still on the table,
    unless the paragraph ends the encounter itself."""
    defeats = {e.defeated: e for e in book.scenario.encounters.values() if e.defeated}
    for number, paragraph in sorted(book.paragraphs.items()):
        for label, where, outcome in _ways_on(paragraph):
            encounter = defeats.get(outcome.goto) if outcome.goto is not None else None
            told = book.paragraphs.get(outcome.goto) if outcome.goto is not None else None
            if encounter is None or told is None:
                continue
            if _ends_encounter(outcome.effects) or _ends_encounter(told.effects + told.first_time):
                continue
            yield _problem(
                where,
                DEFEAT_MID_FIGHT,
                f"paragraph {number}'s {label!r} leads to {outcome.goto}, where "
                f"{encounter.slug!r} is overcome; taken while it is in play, its card "
                f"would stay: give {outcome.goto} the effect {{end_encounter: true}}",
                "warning",
            )


def _ways_on(paragraph: Paragraph) -> Iterator[tuple[str, Where, Outcome]]:
    """Each option's and choice's label, place and outcomes: a plain
    option's ``goto`` as an outcome with no effects."""
    for option in paragraph.options:
        if option.goto is not None:
            yield option.label, option.where, Outcome(option.goto)
        for outcome in (option.success, option.failure):
            if outcome is not None:
                yield option.label, option.where, outcome
    for choice in paragraph.choices:
        yield choice.label, choice.where, choice.outcome


def _ends_encounter(effects: tuple[Effect, ...]) -> bool:
    return any(e.kind == "end_encounter" and e.condition is None for e in effects)


def _sources(paragraph: Paragraph) -> Iterator[str]:
    yield paragraph.text
    for option in paragraph.options:
        if option.condition:
            yield "{{ " + option.condition + " }}"
    for choice in paragraph.choices:
        if choice.condition:
            yield "{{ " + choice.condition + " }}"
    for branch in paragraph.branches:
        yield "{{ " + branch.condition + " }}"
    for effect in (*paragraph.effects, *paragraph.first_time, *outcome_effects(paragraph)):
        if effect.condition:
            yield "{{ " + effect.condition + " }}"


def _read_next(paragraph: Paragraph) -> list[int]:
    """Paragraphs read straight after this one with nobody deciding anything:
    its ``read`` effects always, its ``goto`` unless choices or an ending stop
    the reading first. (Options do not stop it: they become the scene and
    the reading goes on.)"""
    reads = _leads(paragraph)
    if paragraph.goto is not None and not (paragraph.choices or paragraph.end):
        reads.append(paragraph.goto)
    return reads


def _leads(paragraph: Paragraph) -> list[int]:
    """The paragraphs its effects read (a ``read`` effect), in order."""
    leads = (kind_of(e.kind).leads(e) for e in (*paragraph.effects, *paragraph.first_time))
    return [lead for lead in leads if lead is not None]


def _goto_loops(paragraphs: Mapping[int, Paragraph]) -> Iterator[Problem]:
    """Paragraphs that read each other round in a circle with no decision
    between: the game would read forever. A depth-first search with its own
    stack, not Python's: a chain of 100,000 paragraphs is a tale, not a crash."""
    reported: set[int] = set()
    state: dict[int, int] = {}  # 1: on the current path, 2: done
    for first in sorted(paragraphs):
        if first in state:
            continue
        state[first] = 1
        path = [first]
        stack = [iter(_read_next(paragraphs[first]))]
        while stack:
            target = next(stack[-1], None)
            if target is None:
                stack.pop()
                state[path.pop()] = 2
            elif target not in paragraphs:
                continue
            elif state.get(target) == 1 and target not in reported:
                loop = path[path.index(target) :]
                reported.update(loop)
                yield _problem(
                    paragraphs[target].where,
                    GOTO_LOOP,
                    "these paragraphs read each other with no decision between: "
                    + " -> ".join(map(str, [*loop, target])),
                    "error",
                )
            elif target not in state:
                state[target] = 1
                path.append(target)
                stack.append(iter(_read_next(paragraphs[target])))


def _deep_reads(paragraphs: Mapping[int, Paragraph]) -> Iterator[Problem]:
    """A ``read`` effect reads inside the paragraph that has it; play refuses
    readings nested past MAX_NESTED_READS as a loop, so the checker says so
    first. Depths are found without recursion; loops are E211's to report."""
    depth: dict[int, int] = {}
    for first in sorted(paragraphs):
        stack, on_stack = [first], {first}
        while stack:
            number = stack[-1]
            leads = [n for n in _leads(paragraphs[number]) if n in paragraphs]
            waiting = [n for n in leads if n not in depth and n not in on_stack]
            if waiting:
                stack.append(waiting[0])
                on_stack.add(waiting[0])
                continue
            on_stack.discard(stack.pop())
            depth[number] = 1 + max((depth.get(n, 0) for n in leads), default=0)
    for number in sorted(depth):
        below = [depth.get(n, 0) for n in _leads(paragraphs[number]) if n in paragraphs]
        if depth[number] > MAX_NESTED_READS >= max(below, default=0):  # the chain's top only
            yield _problem(
                paragraphs[number].where,
                GOTO_LOOP,
                f"paragraph {number} starts 'read' effects nested {depth[number]} deep, "
                f"past the {MAX_NESTED_READS} play allows: end a paragraph with 'goto' instead",
                "error",
            )


def _options_nobody_can_take(book: ScenarioBook) -> Iterator[Problem]:
    """Paragraphs read with no acting investigator (the introduction, the
    Event board, a death, an encounter's stage) that offer options without
    saying where (``at``): nobody would stand where they are offered."""
    frontier = [n for n in roots(book)]
    seen: set[int] = set()
    while frontier:
        number = frontier.pop()
        if number in seen or number not in book.paragraphs:
            continue
        seen.add(number)
        paragraph = book.paragraphs[number]
        if paragraph.options and paragraph.at is None:
            yield _problem(
                paragraph.where,
                NOWHERE_TO_STAND,
                f"paragraph {number} is read with no acting investigator (from the "
                "introduction, the Event board, a death or an encounter), so its options "
                "need 'at: <location>' or should be 'choices'",
                "error",
            )
        frontier += [b.goto for b in paragraph.branches]
        if paragraph.goto is not None:
            frontier.append(paragraph.goto)
        frontier += [c.outcome.goto for c in paragraph.choices if c.outcome.goto is not None]
        frontier += _leads(paragraph)


def scenario_stats(book: ScenarioBook) -> dict[str, int]:
    """The contract's per-scenario stats for ``tales check --json``."""
    words = sum(len(p.text.split()) for p in book.paragraphs.values())
    enemies = {e.enemy.slug for e in book.scenario.encounters.values()}
    return {
        "paragraphs": len(book.paragraphs),
        "locations": len(book.scenario.locations),
        "enemies": len(enemies),
        "encounters": len(book.scenario.encounters),
        "clues": len(book.clues),
        "objectives": len(book.objectives),
        "items": len(book.scenario.items),
        "words": words,
    }
