"""Views of the table a player asks for: the encounter, the time track, the
campaign log, the clues found. Pure functions of the read-only TableView."""

from __future__ import annotations

from tales.rules.decisions import Decision, DecisionKind
from tales.rules.scenario import Threshold
from tales.story.view import EncounterView, TableView
from tales.ui.pieces import entry_words
from tales.ui.screens import NEAR_END, rounds_left, time_track
from tales.ui.text import Line, name_of, place
from tales.ui.words import count, plural, words

__all__ = ["rounds_left", "time_track"]


def time_lines(table: TableView) -> list[Line]:
    """The time track, and the Event board's thresholds still to be read:
    the board lies open on the table, and a player choosing which red die to
    keep needs to know what the next token would set off."""
    left = rounds_left(table)
    kind = "warning" if left is not None and left <= NEAR_END else "message"
    lines = [Line(f"Time track: space {time_track(table)}.", kind)]
    ahead = table.thresholds_ahead()
    if ahead:
        lines.append(Line("Event board thresholds still to be read:"))
        lines += [Line(f"  {_threshold(table, t)}") for t in ahead]
    return lines


def difficulty_lines(table: TableView) -> list[Line]:
    """What the chosen difficulty changes, told at the start: the rulebook's
    difficulty moves only the Time marker's first space, and a storybook may
    set its thresholds by difficulty too (a playtest thought easy did
    nothing: it read the same time track as standard)."""
    scenario, chosen = table.scenario, table.difficulty
    if scenario is None or len(scenario.board.start) < 2:
        return []
    start, levels = scenario.board.start, list(scenario.board.start)
    others = ", ".join(f"{level} {start[level]}" for level in levels if level != chosen)
    parts = [f"the Time marker starts on space {start[chosen]} ({others})"]
    # Each threshold narrative by the tokens it takes at each level it is on the board.
    counts: dict[tuple[str, int], dict[str, int]] = {}
    for t in scenario.board.thresholds:
        for level in levels:
            if t.applies_at(level):
                counts.setdefault((t.symbol.value.upper(), t.paragraph), {})[level] = t.count
    for (symbol, paragraph), by_level in sorted(counts.items()):
        if len(by_level) == len(levels) and len(set(by_level.values())) == 1:
            continue  # the same at every level
        if chosen not in by_level:
            parts.append(f"no {symbol} tokens read paragraph {paragraph}")
            continue
        rest = ", ".join(f"{level} {n}" for level, n in by_level.items() if level != chosen)
        reads = "reads" if by_level[chosen] == 1 else "read"
        parts.append(
            f"{count(by_level[chosen], f'{symbol} token')} {reads} paragraph {paragraph}"
            + (f" ({rest})" if rest else "")
        )

    # Nothing is said of what else plays alike: the story may ask the difficulty.
    told = f"Difficulty {chosen}: {'; '.join(parts)}."
    return [Line(told)]


def _threshold(table: TableView, threshold: Threshold) -> str:
    """ "3 SKULL tokens (2 now), on spaces 2 to 8: paragraph 141"."""
    now = table.event_tokens.get(threshold.symbol, 0)
    symbol = threshold.symbol.value.upper()
    text = f"{count(threshold.count, f'{symbol} token')} ({now} now)"
    if threshold.spaces:
        text += f", on {_spaces(sorted(threshold.spaces))}"
    return f"{text}: paragraph {threshold.paragraph}"


def _spaces(spaces: list[int]) -> str:
    if len(spaces) == 1:
        return f"space {spaces[0]}"
    if spaces == list(range(spaces[0], spaces[-1] + 1)):
        return f"spaces {spaces[0]} to {spaces[-1]}"
    return "spaces " + ", ".join(str(s) for s in spaces)


def encounter_text(encounter: EncounterView) -> str:
    """One line for the status bar: the enemy and the tokens placed."""
    enemy = encounter.encounter.enemy
    target = enemy.successes if encounter.path == "stratagem" else enemy.wounds
    return f"{enemy.name} {encounter.tokens}/{target}"


def encounter_lines(table: TableView) -> list[Line]:
    if not table.encounters:
        return [Line("No encounter is under way.")]
    lines: list[Line] = []
    for where, state in sorted(table.encounters.items()):
        card, enemy = state.encounter, state.encounter.enemy
        lines.append(Line(f"{card.name} at {place(table, where)}: {enemy.name}.", "heading"))
        lines.append(
            Line(
                f"  Combat: deal {count(enemy.wounds, 'wound')}; Stratagem: "
                f"{count(enemy.successes, enemy.stratagem.value + ' success')}."
            )
        )
        if state.path is None:
            lines.append(Line("  No path is chosen yet: the first blow chooses it."))
        else:
            target = enemy.successes if state.path == "stratagem" else enemy.wounds
            lines.append(
                Line(
                    f"  Path: {state.path.capitalize()}; {count(state.tokens, 'Encounter token')} "
                    f"placed of {target}, {target - state.tokens} to go."
                )
            )
        lines += _once_a_round(table, state)
        attacks = ", ".join(count(n, f"{kind.value} card") for kind, n in enemy.attacks)
        if attacks:
            lines.append(Line(f"  Its attacks give everyone here {attacks}."))
        end = (
            f"paragraph {card.round_end} is read, even if the path is not covered"
            if card.round_end
            else "nothing more happens"
        )
        lines.append(Line(f"  At the end of the round: {end}."))
    return lines


def _once_a_round(table: TableView, state: EncounterView) -> list[Line]:
    """Ruling ``stratagem-once-a-round``: who has had this round's try, while
    the Stratagem is still a path to this enemy."""
    if state.path not in (None, "stratagem") or not table.ruling("stratagem-once-a-round"):
        return []
    tried = [name_of(table, slug) for slug in table.investigators if slug in state.outwitted]
    again = f"; tried this round: {', '.join(tried)} (again next round)" if tried else ""
    return [Line(f"  Each investigator may try the Stratagem once a round{again}.")]


def log_lines(table: TableView) -> list[Line]:
    lines = [Line("Campaign log:", "heading")]
    for section, entries in table.campaign_log.items():  # the campaign's order
        shown = [
            entry_words(table, section, e) + (" (crossed out)" if crossed else "")
            for e, crossed in entries.items()
        ]
        lines.append(Line(f"  {words(section).capitalize()}: {', '.join(shown) or 'nothing'}."))
    if len(lines) == 1:
        lines.append(Line("  Nothing is recorded yet."))
    counters = ", ".join(f"{words(c)} {n}" for c, n in sorted(table.counters.items()))
    lines.append(Line(f"Counters: {counters or 'none'}."))
    return lines


def clues_lines(table: TableView) -> list[Line]:
    names = table.element_names
    found = table.found
    lines: list[Line] = []
    for kind in ("clue", "objective", "information"):
        got = sorted(names.get(slug, words(slug)) for slug in found.get(kind, ()))
        label = plural(kind.capitalize(), len(got)) if kind != "information" else "Information"
        lines.append(Line(f"{label} found: {', '.join(got) or 'none'}."))
    if table.scenario is not None:
        # how many of the storybook's clues and objectives remain, never which
        open_ = [s for s in names if not any(s in v for v in found.values())]
        lines.append(Line(f"Clues and objectives still to find: {len(open_)}."))
    return lines


def odds_lines(decision: Decision, table: TableView) -> list[Line]:
    """The chance of passing while cards are committed; once the dice are
    down (a reroll, a red die to keep...), where the test stands."""
    state = decision.context
    if state is None or not decision.kind.in_test:
        return []
    need, tally = table.need(state), state.spec.tally
    # A blow or a Stratagem has no need to meet: say what its successes do.
    goal = f" for {need} needed" if tally is None else f"; {tally.what_successes_do()}"
    if decision.kind is DecisionKind.ENTER_DICE:  # a physical table: the dice are in hand
        needed = count(need, "success") + " needed" if tally is None else tally.what_successes_do()
        return [Line(f"The dice are being rolled at the table; {needed}.")]
    if decision.kind is DecisionKind.PREPARE:
        chance = table.chance(state)
        white = state.white_pool(table.dice.white_count)
        aim = "to pass" if tally is None else "to finish the encounter"
        return [
            Line(
                f"If you rolled now: {float(chance):.1%} {aim} "
                f"({chance.numerator}/{chance.denominator}), with {count(white, 'white die')} "
                f"and {count(state.card_successes, 'sure success')}{goal}."
            )
        ]
    have = state.successes()
    if tally is not None:
        return [Line(f"The dice are down: {count(have, 'success')}; {tally.standing(have)}.")]
    where = (
        "the test passes as the dice stand"
        if have >= need
        else f"{count(need - have, 'more success')} needed to pass"
    )
    return [Line(f"The dice are down: {count(have, 'success')}, {need} needed; {where}.")]
