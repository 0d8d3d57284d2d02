"""What the Travel Guide's prompt shows: pure functions of the session's state."""

from __future__ import annotations

from tales.guide.board import PlayerBoard
from tales.guide.citymap import CityMap
from tales.guide.components import CacheCard
from tales.guide.endgame import PlayerResult, winners
from tales.guide.geometry import SIZE, District
from tales.guide.kinds import Decision, Kind
from tales.guide.options import DiePick, shown
from tales.guide.view import TableView
from tales.guide_ui.board_art import LEGEND, render_board
from tales.guide_ui.session import GuideSession
from tales.guide_ui.words import say, score_lines, solo_verdict
from tales.rules.events import Event
from tales.ui.render import Line

SHOWN_OPTIONS = 12  # more are listed by ``options``
BOARD_KINDS = (
    Kind.DISTRICT,
    Kind.DRAW,
    Kind.ADJUST,
    Kind.BONUS_SEGMENT,
    Kind.TOURIST,
    Kind.ROUTE,
)


def board_words(board: PlayerBoard) -> list[str]:
    """The board in words, for plain mode and screen readers."""
    tourists = " ".join(
        f"{d.id}:{''.join(c.value[0].upper() for c in t)}"
        for d, t in sorted(board.tourists.items())
    )
    segments = " ".join(sorted(s.id for s in board.segments))
    threats = " ".join(d.id for d in board.threats)
    bonuses = ", ".join(b.value for b in board.bonuses)
    return [
        f"Tourists: {tourists or 'none'}.",
        f"Route segments: {segments or 'none'}.",
        f"Threat symbols: {threats or 'none'}.",
        f"Bonuses circled: {bonuses or 'none'}.",
    ]


def city_lines(city: CityMap, cache_card: CacheCard) -> list[Line]:
    """The printed map in words, for plain mode and screen readers, who have
    no drawing to plan a route on: each district's colour and stars, row by
    row, the shelters and their tourists, the bridges and this game's caches."""
    lines = [Line("The city map (district x then y: its colour, and stars if any)", "heading")]
    for y in range(1, SIZE + 1):
        row = []
        for x in range(1, SIZE + 1):
            district = District(x, y)
            stars = city.stars.get(district, 0)
            shown = f"{district.id} {city.colours[district].value}"
            row.append(shown + (f" {stars} star{'s' * (stars != 1)}" if stars else ""))
        lines.append(Line(f"  {', '.join(row)}."))
    shelters = ", ".join(
        f"{node.id} ({'+'.join(c.value for c in colours)})"
        for node, colours in sorted(city.shelters.items(), key=lambda kv: kv[0].id)
    )
    bridges = ", ".join(point.id for point in sorted(city.spec.bridges))
    caches = ", ".join(sorted(node.id for node in cache_card.caches))
    lines.append(Line(f"Shelters: {shelters or 'none'}."))
    river = " ".join(point.id for point in city.spec.river)
    lines.append(Line(f"The river runs along points {river}, west to the sea."))
    lines.append(Line(f"Bridges over the river: {bridges or 'none'}."))
    lines.append(Line(f"Caches ({cache_card.name}): {caches or 'none'}."))
    return lines


def board_lines(city: CityMap, name: str, board: PlayerBoard, *, art: bool) -> list[Line]:
    lines = [Line(f"{name}'s board", "heading")]
    if art:
        lines += [Line(text, "narrative") for text in (*render_board(city, board), *LEGEND)]
        lines += [Line(text, "message") for text in board_words(board)[3:]]
    else:
        lines += [Line(text, "narrative") for text in board_words(board)]
    return lines


def event_lines(events: tuple[Event, ...]) -> list[Line]:
    return [Line(text, "message") for e in events if (text := say(e)) is not None]


def dice_line(view: TableView, decision: Decision) -> list[Line]:
    """The faces of the dice a draft decision offers: a die's number alone says little."""
    rolled = view.rolled
    if rolled is None or decision.kind not in (Kind.TAKE_DIE, Kind.REMOVE_DIE):
        return []
    offered = {o.die for o in decision.options if isinstance(o, DiePick)}
    faces = [r.label for r in rolled.dice if r.die in offered]
    return [Line(f"Dice: {', '.join(faces)}; bonus die: {rolled.bonus.value}.", "dice")]


def decision_lines(
    decision: Decision, view: TableView | None = None, *, all_options: bool = False
) -> list[Line]:
    who = f"{decision.actor}: " if decision.actor else ""
    listed = [shown(o) for o in decision.options]
    more = ""
    if len(listed) > SHOWN_OPTIONS and not all_options:
        more = f" ... and {len(listed) - SHOWN_OPTIONS} more (type 'options')"
        listed = listed[:SHOWN_OPTIONS]
    return [
        Line(f"{who}{decision.prompt}", "heading"),
        *(dice_line(view, decision) if view is not None else []),
        Line(f"Choices: {', '.join(listed)}{more}", "option"),
    ]


def completions(decision: Decision | None) -> list[str]:
    words = ["help", "undo", "board", "city", "options", "quit"]
    if decision is not None and decision.kind is Kind.ROUTE:
        words.append("best")
    return words if decision is None else [*(shown(o) for o in decision.options), *words]


def end_lines(session: GuideSession, *, art: bool) -> list[Line]:
    """The end of the game: each board, each score sheet explained, the result."""
    results: tuple[PlayerResult, ...] = session.engine.result or ()
    lines: list[Line] = [Line("The end of the game", "heading")]
    city = session.components.city
    characters = {s.name: s.character.value for s in session.game.seats}
    for result in results:
        lines += board_lines(city, result.name, session.view.boards[result.name], art=art)
        lines += [Line(t, "narrative") for t in score_lines(result, characters[result.name])]
    if len(results) == 1:
        setup = session.setup
        verdict = solo_verdict(
            results[0].sheet, session.components.challenge, setup.level, setup.goal
        )
        lines.append(Line(verdict, "heading"))
    elif results:
        lines.append(Line(f"Winner: {' and '.join(winners(results))}.", "heading"))
    return lines
