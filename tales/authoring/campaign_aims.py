"""Where a campaign simulation aims its goal bots once a wave has been played.

Each scenario a goal bot plays gets one paragraph to make for first (see
:func:`tales.authoring.bots.aimed_at`), a seeded choice among:

- the scenario's unread paragraphs one step of the story map from a read one
  (its frontier: a bot aimed deeper has to find the way through unread
  paragraphs first, and most often does not), or every unread one if none
  is that near;
- or, when a later scenario's or interlude's unread paragraph is gated on a
  campaign log entry the earlier games hardly ever wrote (*tithe-freed*
  before Gannet Light's forepeak), a paragraph of this scenario that writes
  it: what is unread in Scenario II may need what was rare in Scenario I.

A paragraph whose gate asks for a log entry (the forepeak, 169, asks
*tithe-freed*) is an aim only in a campaign whose log holds the entry when
the scenario begins: aimed at it in every campaign, a Gannet Light bot
spent its night making for a door that was shut in all but the few games
whose Low Water had freed the tithe, and the bot of those few was most
often aimed elsewhere. So each goal bot also gets a paragraph gated on the
log (:func:`gated_aims_for`), taken in place of its plain aim when the log
holds what the gate asks (:func:`aim_now`), and a plain aim whose gate the
log can no longer open is dropped.

Aims only rank a bot's legal options; a paragraph counts as read only when a
game read it. The choice is drawn from the run's seed and what the earlier
waves read, both fixed before the wave is played; which one a bot takes is
decided by the campaign log its own run wrote, so a replay takes it again.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping

from tales.authoring.lookahead import story_map
from tales.story.condition_calls import wanted_true
from tales.story.conditions import asked_in
from tales.story.model import Effect, Paragraph, Tale

Entry = tuple[str, str]  # (section, entry) of the campaign log
# The share of runs from which a log entry counts as commonly written; an
# entry rarer than that is worth sending a bot to write.
COMMON_SHARE = 0.1


def frontier(tale: Tale, scenario: str, unread: set[int]) -> list[int]:
    """The unread paragraphs one step from a read one (else every unread one)."""
    book = tale.scenarios[scenario]
    chart = story_map(book.paragraphs, book.scenario)
    near = {s.target for s in chart.steps if s.target in unread and s.source not in unread}
    return sorted(near or unread)


def asked_entries(condition: str | None) -> set[Entry]:
    """The log entries a gate asks to be written (not those it asks to be
    absent), read from Jinja's parse: each call's own section and entry."""
    if not condition:
        return set()
    return {(a[0], a[1]) for a in wanted_true(asked_in(condition), "log") if len(a) == 2}


def gates_into(paragraphs: Mapping[int, Paragraph], wanted: set[int]) -> Iterator[str | None]:
    """The conditions of the branches, options and choices that lead
    straight to one of the ``wanted`` paragraphs (None: no gate)."""
    for paragraph in paragraphs.values():
        for branch in paragraph.branches:
            if branch.goto in wanted:
                yield branch.condition
        for option in paragraph.options:
            if wanted & set(option.targets()):
                yield option.condition
        for choice in paragraph.choices:
            if choice.outcome.goto in wanted:
                yield choice.condition


def gates_before(paragraphs: Mapping[int, Paragraph], wanted: set[int]) -> set[Entry]:
    """The log entries asked by the gates that lead straight to one of the
    ``wanted`` paragraphs."""
    return {entry for gate in gates_into(paragraphs, wanted) for entry in asked_entries(gate)}


_WRITERS: dict[int, tuple[Mapping[int, Paragraph], dict[Entry, set[int]]]] = {}


def writers(paragraphs: Mapping[int, Paragraph]) -> dict[Entry, set[int]]:
    """Each log entry, and the paragraphs whose reading writes it (for an
    option's or a choice's outcome, the paragraph it goes on to, if any);
    found once per storybook and process."""
    held = _WRITERS.get(id(paragraphs))
    if held is None or held[0] is not paragraphs:
        held = (paragraphs, _writers(paragraphs))
        _WRITERS[id(paragraphs)] = held
    return held[1]


def _writers(paragraphs: Mapping[int, Paragraph]) -> dict[Entry, set[int]]:
    found: dict[Entry, set[int]] = {}

    def note(effects: Iterable[Effect], number: int) -> None:
        for effect in effects:
            value = effect.value
            if effect.kind == "log" and isinstance(value, dict):
                entry = (str(value.get("section")), str(value.get("entry")))
                found.setdefault(entry, set()).add(number)

    for number, paragraph in paragraphs.items():
        note((*paragraph.effects, *paragraph.first_time), number)
        for option in paragraph.options:
            for outcome in (option.success, option.failure):
                if outcome is not None:
                    note(outcome.effects, outcome.goto or option.goto or number)
        for choice in paragraph.choices:
            note(choice.outcome.effects, choice.outcome.goto or paragraph.goto or number)
    return found


def aims_for(
    policies: tuple[str, ...],
    tale: Tale,
    unread: Mapping[str, set[int]],
    seed: int,
    commonly_written: frozenset[Entry] = frozenset(),
) -> tuple[tuple[str, int], ...]:
    """For each scenario a goal bot plays, the paragraph it is aimed at (none
    once nothing is unread and no rare entry is wanted of it). ``unread``:
    the scenarios' and interludes' paragraphs no earlier game read (none: the
    first wave, not aimed); ``commonly_written``: the log entries written in
    at least :data:`COMMON_SHARE` of the earlier games, not worth aiming for."""
    if not unread:
        return ()
    names = list(tale.scenarios)
    aims: list[tuple[str, int]] = []
    for k, (scenario, policy) in enumerate(zip(names, policies, strict=False)):
        if policy != "goal":
            continue
        rng = random.Random(f"aim {seed} {scenario}")
        own = frontier(tale, scenario, unread.get(scenario, set()))
        wanted = _asked_later(tale, names[k + 1 :], scenario, unread) - commonly_written
        written = writers(tale.scenarios[scenario].paragraphs)
        helping = sorted({n for entry in wanted for n in written.get(entry, ())})
        pool = helping if helping and (not own or rng.random() < 0.5) else own
        if pool:
            aims.append((scenario, rng.choice(pool)))
    return tuple(aims)


def _asked_later(
    tale: Tale, later: list[str], scenario: str, unread: Mapping[str, set[int]]
) -> set[Entry]:
    """The entries gating unread paragraphs of the scenarios after ``scenario``
    and of the interludes read after it or later."""
    asked: set[Entry] = set()
    for name in later:
        asked |= gates_before(tale.scenarios[name].paragraphs, unread.get(name, set()))
    following = {scenario, *later}
    for name, interlude in tale.interludes.items():
        if interlude.after in following or interlude.epilogue:
            asked |= gates_before(interlude.paragraphs, unread.get(name, set()))
    return asked


Log = Mapping[str, Mapping[str, bool]]  # the campaign log: section -> entry -> crossed out


def log_gated(paragraphs: Mapping[int, Paragraph], numbers: Iterable[int]) -> list[int]:
    """Those of ``numbers`` that every way in asks a log entry of."""
    gated = []
    for number in sorted(numbers):
        gates = list(gates_into(paragraphs, {number}))
        if gates and all(asked_entries(gate) for gate in gates):
            gated.append(number)
    return gated


def log_opens(paragraphs: Mapping[int, Paragraph], number: int, log: Log) -> bool:
    """Whether some way into ``number`` asks only log entries that ``log``
    holds (not crossed out) or that the scenario itself writes; a paragraph
    no gate leads into (an ending the clock reads, ``on_defeat``) is open."""
    written = writers(paragraphs)
    gates = list(gates_into(paragraphs, {number}))

    def held(entry: Entry) -> bool:
        return log.get(entry[0], {}).get(entry[1]) is False or entry in written

    return not gates or any(all(held(e) for e in asked_entries(gate)) for gate in gates)


def gated_aims_for(
    policies: tuple[str, ...], tale: Tale, unread: Mapping[str, set[int]], seed: int
) -> tuple[tuple[str, int], ...]:
    """For each scenario a goal bot plays, an unread paragraph that every way
    in gates on the campaign log (nearest the read ones first, as
    :func:`frontier` finds them), if there is one: the aim taken in place of
    the plain one where the log holds what it asks (:func:`aim_now`)."""
    aims: list[tuple[str, int]] = []
    for scenario, policy in zip(tale.scenarios, policies, strict=False):
        left = unread.get(scenario, set())
        if policy != "goal" or not left:
            continue
        paragraphs = tale.scenarios[scenario].paragraphs
        gated = log_gated(paragraphs, frontier(tale, scenario, left)) or log_gated(paragraphs, left)
        if gated:
            rng = random.Random(f"gated aim {seed} {scenario}")
            aims.append((scenario, rng.choice(gated)))
    return tuple(aims)


def aim_now(
    tale: Tale,
    scenario: str,
    aims: Iterable[tuple[str, int]],
    gated: Iterable[tuple[str, int]],
    log: Log,
) -> int | None:
    """The paragraph a scenario's goal bot makes for as it begins, the
    campaign's log as it stands: its gated aim if the log opens the way, else
    its plain aim if the log does not shut it, else none (its usual goals)."""
    book = tale.scenarios.get(scenario)
    if book is None:
        return None
    for place, number in (*gated, *aims):
        if place == scenario and log_opens(book.paragraphs, number, log):
            return number
    return None
