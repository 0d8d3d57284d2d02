"""The sensible bot plays whole games, and the playtest sums them up."""

from __future__ import annotations

import random

from tales.guide.board import PlayerBoard
from tales.guide.bots import SensibleBot
from tales.guide.components import Components
from tales.guide.geometry import District, Segment
from tales.guide.kinds import Decision, Kind
from tales.guide.options import DistrictPick, DrawPick, Skip
from tales.guide.playtest import play_one, playtest
from tales.guide.terms import Colour
from tales.guide.view import TableView


def test_the_bot_extends_its_route_past_tourists(components: Components) -> None:
    city = components.city
    board = PlayerBoard().with_segments([city.road(Segment.parse("33n")).segment])
    board = board.with_tourists(District(3, 2), [Colour.RED])
    view = TableView({"bot": board})
    joined = DrawPick((city.road(Segment.parse("32w")).segment,))
    apart = DrawPick((city.road(Segment.parse("66n")).segment,))
    decision = Decision("bot", Kind.DRAW, "Draw route segments", (apart, joined))
    assert SensibleBot(city, random.Random(1)).choose(view, decision) == joined


def test_the_bot_avoids_threatened_districts_and_skips_threats(components: Components) -> None:
    city = components.city
    view = TableView({"bot": PlayerBoard().with_threat(District(2, 2))})
    options = (DistrictPick(District(2, 2)), DistrictPick(District(2, 3)))
    bot = SensibleBot(city, random.Random(1))
    assert bot.choose(view, Decision("bot", Kind.DISTRICT, "?", options)) == options[1]
    skip = Decision("bot", Kind.SKIP, "?", (Skip(False), Skip(True)))
    assert bot.choose(view, skip) == Skip(True)


def test_a_bot_game_ends_with_a_score_and_replays_from_its_seed(components: Components) -> None:
    played = play_one(components, 11)
    assert played.total > 0 and played.character
    assert play_one(components, 11) == played


def test_the_playtest_counts_every_game_in_every_table(components: Components) -> None:
    report = playtest(components, 3, 5)
    assert report.overall.games == 3
    assert sum(s.games for s in report.by_character.values()) == 3
    assert sum(s.games for s in report.by_goals.values()) == 3
    assert sum(s.games for s in report.by_both.values()) == 3
    easiest = report.win_rates["beginner"][16]
    assert all(0 <= r <= easiest for cells in report.win_rates.values() for r in cells.values())
