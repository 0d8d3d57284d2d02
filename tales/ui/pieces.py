"""A storybook's pieces on the map, in words, for ``status`` and ``map``:
the Group token, the Prisoner markers, the Investigation tokens and the
barriers. Each is shown only when the scenario has it, by the names the
scenario prints, never by slug."""

from __future__ import annotations

from tales.rules.prisoners import FATES
from tales.story.view import PrisonerView, TableView
from tales.ui.text import Line, name_of, place
from tales.ui.words import count, words

INVESTIGATION = "investigation"  # the Location card token an Investigation token is


def _group(table: TableView) -> str:
    group = table.group
    if group is None:
        return ""
    cover = "hidden" if group.hidden else "in the open"
    return f"The group (Group token) is at {place(table, group.at)}, {cover}."


def fate_words(table: TableView, prisoner: PrisonerView) -> str:
    """Where a prisoner is and how they stand, without spoiling a place unseen."""
    where = place(table, prisoner.at)
    if prisoner.fate == "held":
        seen = prisoner.at in table.revealed
        return f"held at {where}" if seen else "held somewhere not yet found"
    if prisoner.fate == "freed" and prisoner.escort:
        return f"freed, in {name_of(table, prisoner.escort)}'s charge, at {where}"
    if prisoner.fate == "freed":
        return f"freed, in no one's charge, at {where}"
    return prisoner.fate  # rescued or lost: off the map


def _tokens_on_the_map(table: TableView) -> list[tuple[str, int]]:
    return sorted(
        (slug, tokens[INVESTIGATION])
        for slug, tokens in table.location_tokens.items()
        if tokens.get(INVESTIGATION, 0) > 0
    )


def _investigation(table: TableView) -> str:
    scenario = table.scenario
    if scenario is None or not scenario.investigation_tokens:
        return ""
    laid = ", ".join(
        place(table, slug) + (f" ({n})" if n > 1 else "") for slug, n in _tokens_on_the_map(table)
    )
    return (
        f"Investigation tokens: {table.investigation_supply} of "
        f"{scenario.investigation_tokens} in the supply; on the map: {laid or 'none'}."
    )


def _barriers(table: TableView) -> str:
    if not table.barriers:
        return ""
    each = [
        f"{count(n, 'barrier')} between {place(table, a)} and {place(table, b)}"
        for (a, b), n in sorted(table.barriers.items())
    ]
    return f"Barriers: {'; '.join(each)}."


def piece_status_lines(table: TableView) -> list[Line]:
    """The pieces' lines of ``status``: none for a scenario without them."""
    lines = [
        Line(text) for text in (_group(table), _investigation(table), _barriers(table)) if text
    ]
    prisoners = table.prisoners
    unfound = [p.name for p in prisoners if p.fate == "held" and p.at not in table.revealed]
    if prisoners:
        lines.append(Line("Prisoners:"))
        lines += [
            Line(f"  {p.name}: {fate_words(table, p)}.") for p in prisoners if p.name not in unfound
        ]
    if unfound:
        lines.append(Line(f"  Held somewhere not yet found: {', '.join(unfound)}."))
    return lines


def pieces_at(table: TableView, slug: str) -> str:
    """What lies on a location, for its line of ``map`` ("" for nothing)."""
    parts: list[str] = []
    group = table.group
    if group is not None and group.at == slug:
        parts.append(f"the group is here ({'hidden' if group.hidden else 'in the open'})")
    tokens = table.location_tokens.get(slug, {}).get(INVESTIGATION, 0)
    if tokens:
        parts.append(count(tokens, "Investigation token"))
    parts += [
        f"{p.name} ({_briefly(table, p)})"
        for p in table.prisoners
        if p.at == slug and p.fate in ("held", "freed")
    ]
    return "".join(f"; {part}" for part in parts)


def _briefly(table: TableView, prisoner: PrisonerView) -> str:
    if prisoner.fate == "held":
        return "held"
    if prisoner.escort:
        return f"freed, with {name_of(table, prisoner.escort)}"
    return "freed, in no one's charge"


def exit_words(table: TableView, here: str, there: str) -> str:
    """A neighbour on ``map``, with the barriers across the way to it."""
    barred = table.barriers.get((here, there), 0) or table.barriers.get((there, here), 0)
    name = place(table, there)
    return f"{name} ({count(barred, 'barrier')} across)" if barred else name


def map_footer(table: TableView) -> list[Line]:
    """The supply, below the map: what no location shows."""
    text = _investigation(table)
    return [Line(text.split(";")[0] + ".")] if text else []


def entry_words(table: TableView, section: str, entry: str) -> str:
    """A campaign log entry in words; a prisoner's fate by the name the
    marker prints ("Lavinia Hoxie freed"), one name for one prisoner."""
    scenario = table.scenario
    if scenario is not None:
        for slug, prisoner in scenario.prisoners.items():
            fate = entry.removeprefix(f"{slug}-")
            if prisoner.log == section and fate != entry and fate in FATES:
                return f"{prisoner.name} {fate}"
    return words(entry)
