"""A Travel Guide game as a printable HTML page: each board and score sheet.

Jinja with autoescape: player names and every other text are escaped. The
board is the terminal's box-drawing art in a ``<pre>``, so paper and screen
show the same thing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tales.guide_ui.board_art import LEGEND, render_board
from tales.guide_ui.screens import board_words
from tales.guide_ui.session import GuideSession
from tales.guide_ui.words import score_lines, solo_verdict

_TEMPLATES = Path(__file__).with_name("templates")


def page_data(session: GuideSession) -> dict[str, Any]:
    """What the template shows, as plain values."""
    city = session.components.city
    results = {r.name: r for r in (session.engine.result or ())}
    players = []
    for seat in session.game.seats:
        board = session.view.boards[seat.name]
        result = results.get(seat.name)
        players.append(
            {
                "name": seat.name,
                "character": seat.character.value,
                "board": "\n".join(render_board(city, board)),
                "words": board_words(board),
                "sheet": score_lines(result, seat.character.value) if result else [],
            }
        )
    verdict = ""
    if len(results) == 1:
        setup = session.setup
        only = next(iter(results.values()))
        verdict = solo_verdict(only.sheet, session.components.challenge, setup.level, setup.goal)
    return {
        "seed": session.setup.seed,
        "round": session.view.round,
        "finished": session.engine.finished,
        "goals": [g.title for g in session.game.goals],
        "side": session.game.side.value,
        "players": players,
        "legend": LEGEND,
        "verdict": verdict,
    }


def export_html(session: GuideSession) -> str:
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

    env = Environment(
        loader=FileSystemLoader(_TEMPLATES),
        autoescape=select_autoescape(["html.j2"]),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
    )
    return env.get_template("guide.html.j2").render(g=page_data(session))
