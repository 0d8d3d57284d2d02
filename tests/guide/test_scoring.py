"""Step 4: the score sheet, line by line."""

from __future__ import annotations

from tales.guide.board import PlayerBoard
from tales.guide.components import Components
from tales.guide.geometry import District
from tales.guide.route import FinalRoute, facts
from tales.guide.scoring import CheckSummary, face_value, on_route_only, score
from tales.guide.terms import Character, Colour


def test_maxims_sheet_after_his_punishment(
    components: Components, maxim: tuple[PlayerBoard, FinalRoute]
) -> None:
    city = components.city
    board, route = maxim
    f = facts(city, board, route)
    board = on_route_only(board, f).without_tourists(District(2, 5))
    goals = (components.goals["winding-route"], components.goals["treasure-hunt"])
    sheet = score(city, board, f, None, goals, CheckSummary(taken=4, revealed=2))
    lines = {line.colour: (line.tourists, line.districts, line.points) for line in sheet.colours}
    # Shelters 2.1 (red, blue) and 4.5 (purple, red) are on the route.
    assert lines == {
        Colour.RED: (4, 3, 12),
        Colour.GREEN: (2, 2, 4),
        Colour.BLUE: (2, 3, 6),
        Colour.PURPLE: (1, 4, 4),
    }
    assert sheet.yellow == 2 + 4  # districts 22 and 46
    assert sheet.goals == (("winding-route", 0), ("treasure-hunt", 24))  # 7 turns, 4 caches (top)
    assert sheet.artifacts == 14
    assert sheet.total == 26 + 6 + 24 + 14


def test_the_characters_abilities(
    components: Components, maxim: tuple[PlayerBoard, FinalRoute]
) -> None:
    city = components.city
    board, route = maxim
    f = facts(city, board, route)
    check = CheckSummary(taken=4, revealed=1, high=2)
    ability = {c: score(city, board, f, c, (), check).character for c in Character}
    assert ability == {
        Character.DETECTIVE: 0,  # the Detective's tourists came during the game
        Character.WARLOCK: 0,  # no rituals were made in this summary
        Character.COLLECTOR: 8 * 4,  # revealed cards count too
        Character.BOATMAN: 10 * 1,
        Character.HUNTRESS: 10 * 2,
    }


def test_goals_count_what_they_say(
    components: Components, maxim: tuple[PlayerBoard, FinalRoute]
) -> None:
    city = components.city
    board, route = maxim
    f = facts(city, board, route)
    goals = [components.goals[g] for g in ("long-walk", "sightseeing", "big-crowd")]
    sheet = face_value(city, board, f, None, goals)
    # 13 segments (8 VP), 17 districts (8 VP), 9 + 4 shelter tourists = 13 (no tier)
    assert sheet.goals == (("long-walk", 8), ("sightseeing", 8), ("big-crowd", 0))
    assert sum(line.tourists for line in sheet.colours) == 13
