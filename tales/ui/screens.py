"""What the prompt shows on request: status, hands, items, keywords, the
map, the time track and the pending decision. Pure functions of the view."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

from tales.rules.decisions import Decision, DecisionKind
from tales.rules.options import Option
from tales.rules.terms import Track
from tales.story.options import StoryOption
from tales.story.view import EncounterView, InvestigatorView, TableView
from tales.ui.pieces import exits, map_footer, piece_status_lines, pieces_at
from tales.ui.text import Line, place
from tales.ui.words import count

NEAR_END = 2  # rounds left at which the time track warns


def rounds_left(table: TableView) -> int | None:
    """Rounds before the time marker reaches the track's last space."""
    if table.scenario is None:
        return None
    return max(0, len(table.scenario.board.spaces) - table.time)


def time_track(table: TableView) -> str:
    """ "7 of 12, 5 rounds left"; a warning when the end is near."""
    left = rounds_left(table)
    if table.scenario is None or left is None:
        return f"{table.time}"
    spaces = len(table.scenario.board.spaces)
    text = f"{table.time} of {spaces}, {count(left, 'round')} left"
    if left == 0:
        return text + " (this is the last round)"
    if left <= NEAR_END:
        return text + " (the end is near)"
    return text


def status_lines(table: TableView) -> list[Line]:
    heading = f"Round {table.round}, time space {time_track(table)}" + _next_narrative(table)
    lines = [Line(heading, "heading")]
    tokens = ", ".join(f"{s.value} {n}" for s, n in sorted(table.event_tokens.items()) if n)
    lines.append(Line(f"Event board tokens: {tokens or 'none'}."))
    for inv in table.investigators.values():
        if inv.companion:
            markers = ", ".join(inv.markers_left()) or "none"
            lines.append(
                Line(
                    f"{inv.name} (Companion): MAGIC {inv.magic}, ENERGY {inv.energy}; "
                    f"markers left: {markers}."
                )
            )
            continue
        if inv.dead:
            lines.append(Line(f"{inv.name}: dead."))
            continue
        tokens = ", ".join(
            f"{t.value}" + (f" x{n}" if n > 1 else "") for t, n in inv.tokens.items() if n
        )
        play = ", ".join(f"{c.status}" for c in inv.play_area if c.status) or "none"
        lines.append(
            Line(
                f"{inv.name} at {place(table, inv.location or '')}: "
                f"VITALITY {inv.vitality}/{inv.sheet.maxima[Track.VITALITY]}, "
                f"SANITY {inv.sanity}/{inv.sheet.maxima[Track.SANITY]}, "
                f"ENERGY {inv.energy}, MAGIC {inv.magic}; "
                f"{count(len(inv.hand), 'card')} in hand, {len(inv.deck)} in deck; "
                f"statuses: {tokens or 'none'}; "
                f"status cards in play: {play}"
                + (" (PANIC: no help)" if inv.panicked else "")
                + "."
            )
        )
    return lines + _who_faces(table) + piece_status_lines(table)


def _facing(table: TableView, state: EncounterView) -> list[InvestigatorView]:
    """The investigators at the encounter's location: those it speaks to."""
    return [p for p in table.players() if p.location == state.location]


def _fight(table: TableView, slug: str) -> str:
    """An encounter on the map: fought, or waiting for someone to come back
    (ruling ``abandoned-encounter``)."""
    state = table.encounters.get(slug)
    if state is None:
        return ""
    if _facing(table, state):
        return "; an encounter is under way"
    # The encounter is the subject: an enemy's name may be plural ("Deacons of...").
    return f"; an encounter waits here, and no one faces it: {state.encounter.enemy.name}"


def _who_faces(table: TableView) -> list[Line]:
    """Each encounter in play, its progress and who faces it, or that it waits."""
    lines: list[Line] = []
    for slug, state in sorted(table.encounters.items()):
        enemy, path = state.encounter.enemy, state.path
        progress = f"{state.tokens} of {state.target(path)} by {path}" if path else "not yet fought"
        names = ", ".join(p.name for p in _facing(table, state))
        who = (
            f"facing it: {names}"
            if names
            else "left behind: no one faces it, and its narrative waits until someone comes back"
        )
        lines.append(Line(f"{enemy.name} at {place(table, slug)}: {progress}; {who}."))
    return lines


def _next_narrative(table: TableView) -> str:
    if table.scenario is None:
        return "."
    for space in range(table.time + 1, len(table.scenario.board.spaces) + 1):
        if table.scenario.board.narrative_at(space):
            return f"; the next timed narrative is at space {space}."
    return "."


def hand_lines(table: TableView, slug: str | None = None) -> list[Line]:
    lines: list[Line] = []
    for inv in table.players():
        if slug and inv.slug != slug:
            continue
        lines.append(Line(f"{inv.name}'s hand ({len(inv.hand)}):", "heading"))
        lines += [Line(f"  {c}") for c in inv.hand] or [Line("  (empty)")]
    return lines


def items_lines(table: TableView) -> list[Line]:
    lines = []
    for inv in table.players():
        held = [f"{i.card.name} ({count(i.uses, 'use')}, {i.place})" for i in inv.items]
        lines.append(Line(f"{inv.name}: {', '.join(held) or 'nothing'}."))
    return lines


def keywords_lines(table: TableView, sheet: Iterable[str]) -> list[Line]:
    """The Keyword sheet, and the keywords printed on the investigators'
    boards that ease a test without a mark (ruling ease-who-counts)."""
    marked = sorted(table.keywords)
    open_words = [w for w in sheet if w not in table.keywords]
    lines = [
        Line(f"Keywords marked: {', '.join(marked) or 'none'}."),
        Line(f"Still unmarked on the sheet: {', '.join(open_words) or 'none'}."),
    ]

    def own(people: Iterable[InvestigatorView]) -> str:
        return ", ".join(
            f"{i.sheet.keyword} ({i.name})" for i in people if i.sheet.keyword not in marked
        )

    if companions := own(table.companions()):
        # "The keyword SEA is also counted as validated."
        lines.append(Line(f"A Companion's keyword also counts as validated: {companions}."))
    if players := own(table.players()):
        lines.append(Line(f"A player's keyword counts in the tests they take part in: {players}."))
    return lines


def map_lines(table: TableView) -> list[Line]:
    """The revealed locations by area, their neighbours and who stands where."""
    if table.scenario is None:
        return [Line("There is no map: no scenario is in play.")]
    scenario = table.scenario
    lines: list[Line] = []
    areas: dict[str, list[str]] = {}
    for slug in sorted(table.revealed):
        areas.setdefault(scenario.locations[slug].area, []).append(slug)
    for area, slugs in sorted(areas.items()):
        lines.append(Line(f"[{area.replace('-', ' ')}]", "heading"))
        for slug in slugs:
            location = scenario.locations[slug]
            here = [i.name for i in table.players() if i.location == slug]
            who = f"; here: {', '.join(here)}" if here else ""
            fight = _fight(table, slug)
            lines.append(Line(f"  {location.name}{who}{fight}{pieces_at(table, slug)}"))
            lines.append(Line(f"      leads to: {exits(table, slug)}"))
    return lines + map_footer(table)


def percent(chance: Fraction) -> str:
    """A chance in whole percent that never rounds a possibility away."""
    if 0 < chance < Fraction(1, 200):
        return "under 1%"
    if Fraction(199, 200) < chance < 1:
        return "over 99%"
    return f"{float(chance):.0%}"


def decision_lines(
    decision: Decision, table: TableView, keys: Mapping[str, str] | None = None
) -> list[Line]:
    """The question and its options, each with the key that picks it
    (``keys``: key -> option id; numbered in order without it)."""
    lines = [Line(decision.prompt, "heading")]
    state = decision.context
    if decision.kind is DecisionKind.PREPARE and state is not None:
        chance = table.chance(state)
        # A blow or a Stratagem has no pass: its chance is of finishing the enemy.
        goal = "to pass" if state.spec.tally is None else "that this test finishes the encounter"
        lines.append(Line(f"Chance {goal} if you roll now: {percent(chance)}.", "dice"))
    by_id = {o.id: o for o in decision.options}
    shown = keys or {str(n): o.id for n, o in enumerate(decision.options, 1)}
    lines += [
        Line(f"{k:>3}. {by_id[i].label}{_read_mark(by_id[i], table)}", "option")
        for k, i in shown.items()
    ]
    return lines


def _read_mark(option: Option, table: TableView) -> str:
    """ " (already read)" on a location's option (not a test) leading to a
    paragraph the team has read that only tells (no effects but its
    first-time ones, nothing after it): it may be taken again, and the
    player sees it holds nothing new (playtest 7: "options that were done
    stay on the menu")."""
    if not isinstance(option, StoryOption):
        return ""
    offered = table.option(option)
    goto = offered.goto
    if offered.test is not None or goto is None or not table.was_read(goto):
        return ""
    told = table.paragraphs.get(goto)
    if told is None or told.effects or told.goto is not None or told.branches:
        return ""  # it does something or leads on: an action, not a look
    return "" if told.options or told.choices or told.end else " (already read)"
