"""A storybook's pieces on the map, in words, for ``status`` and ``map``:
the Group token, the Prisoner markers, the Investigation tokens, the
barriers, the vehicles and the tokens a storybook keeps on its Location cards
(a flood level, water in a hold). Each is shown only when the scenario has
it, by the names the scenario prints, never by slug."""

from __future__ import annotations

from tales.rules.prisoners import FATES
from tales.story.view import PrisonerView, TableView, VehicleView
from tales.ui.text import Line, name_of, place
from tales.ui.words import count, sentence, words

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


def _supply(table: TableView) -> str:
    """ "Investigation tokens: 2 of 3 in the supply" ("" for a scenario without them)."""
    scenario = table.scenario
    if scenario is None or not scenario.investigation_tokens:
        return ""
    return (
        f"Investigation tokens: {table.investigation_supply} of "
        f"{scenario.investigation_tokens} in the supply"
    )


def _investigation(table: TableView) -> str:
    supply = _supply(table)
    if not supply:
        return ""
    laid = ", ".join(
        place(table, slug) + (f" ({n})" if n > 1 else "") for slug, n in _tokens_on_the_map(table)
    )
    return f"{supply}; on the map: {laid or 'none'}."


def _barriers(table: TableView) -> str:
    if not table.barriers:
        return ""
    each = [
        f"{count(n, 'barrier')} between {place(table, a)} and {place(table, b)}"
        for (a, b), n in sorted(table.barriers.items())
    ]
    return f"Barriers: {'; '.join(each)}."


def _seen_vehicles(table: TableView) -> list[VehicleView]:
    """Vehicles standing on revealed cards: one the team has not found is no news."""
    return [v for v in table.vehicles if v.at in table.revealed]


def riders_words(table: TableView, vehicle: VehicleView) -> str:
    """ "aboard: Arthur Blackwood (at the wheel), Elizabeth Hawthorne; 2 seats free"."""
    if not vehicle.aboard:
        return f"empty, {count(vehicle.seats, 'seat')}"
    seated = ", ".join(
        name_of(table, s) + (" (at the wheel)" if s == vehicle.driver else "")
        for s in vehicle.aboard
    )
    return f"aboard: {seated}; {count(vehicle.seats - len(vehicle.aboard), 'seat')} free"


def _vehicles(table: TableView) -> list[str]:
    return [
        f"{sentence(v.name)} (vehicle) is at {place(table, v.at)}, {riders_words(table, v)}."
        for v in _seen_vehicles(table)
    ]


def in_a_sentence(name: str) -> str:
    """A printed name inside a sentence: "The boat" is "the boat", "Eli's Catboat" stays."""
    return "the" + name[3:] if name.startswith("The ") else name


def limit_words(floor: int, ceiling: int | None) -> str:
    """What a card's ``limits`` allow a token: " (3 at most)", " (1 to 3)"."""
    if ceiling is not None:
        return f" ({floor} to {ceiling})" if floor else f" ({ceiling} at most)"
    return f" ({floor} at least)" if floor else ""


def card_tokens(table: TableView, slug: str) -> list[str]:
    """A Location card's own tokens, by the storybook's names ("1 flood token
    (3 at most)"): any laid, and on a revealed card a level at 0 too, since
    the level is the news (one on a card not yet found was told as it came)."""
    limits = table.token_limits(slug)
    return [
        count(n, f"{words(token)} token") + limit_words(*limits.get(token, (0, None)))
        for token, n in sorted(table.location_tokens.get(slug, {}).items())
        if token != INVESTIGATION and (n or slug in table.revealed)
    ]


def _location_tokens(table: TableView) -> str:
    each = [
        f"{place(table, slug)}, {', '.join(tokens)}"
        for slug in sorted(table.location_tokens)
        if (tokens := card_tokens(table, slug))
    ]
    return f"Tokens on Location cards: {'; '.join(each)}." if each else ""


def piece_status_lines(table: TableView) -> list[Line]:
    """The pieces' lines of ``status``: none for a scenario without them."""
    texts = (_group(table), _investigation(table), _barriers(table), _location_tokens(table))
    lines = [Line(text) for text in (*texts, *_vehicles(table)) if text]
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
    parts += card_tokens(table, slug)
    parts += [
        f"{in_a_sentence(v.name)} is here ({riders_words(table, v)})"
        for v in table.vehicles
        if v.at == slug
    ]
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


def exits(table: TableView, slug: str) -> str:
    """Where a revealed card leads on ``map``: walked, then crossed only aboard a vehicle."""
    assert table.scenario is not None
    card = table.scenario.locations[slug]
    walked = [exit_words(table, slug, a) for a in sorted(card.adjacent) if a in table.revealed]
    walked += [
        exit_words(table, slug, a, by_vehicle=True)
        for a in sorted(card.by_vehicle)
        if a in table.revealed
    ]
    return ", ".join(walked) or "nowhere yet"


def exit_words(table: TableView, here: str, there: str, *, by_vehicle: bool = False) -> str:
    """A neighbour on ``map``, with the barriers across the way to it, and
    whether only a vehicle crosses to it."""
    barred = table.barriers.get((here, there), 0) or table.barriers.get((there, here), 0)
    notes = [
        *(["by vehicle"] if by_vehicle else []),
        *([f"{count(barred, 'barrier')} across"] if barred else []),
    ]
    return place(table, there) + (f" ({', '.join(notes)})" if notes else "")


def map_footer(table: TableView) -> list[Line]:
    """The supply, below the map: what no location shows."""
    supply = _supply(table)
    return [Line(f"{supply}.")] if supply else []


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
