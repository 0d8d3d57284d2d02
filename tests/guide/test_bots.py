"""The sensible bot plays whole games, and the playtest sums them up."""

from __future__ import annotations

import random

from tales.guide.board import PlayerBoard
from tales.guide.bot_check import dice_score
from tales.guide.bots import SensibleBot
from tales.guide.components import Components
from tales.guide.draft import DiceRolled, Rolled
from tales.guide.geometry import District, Segment
from tales.guide.kinds import Decision, Kind
from tales.guide.options import DicePick, DiePick, DistrictPick, DrawPick, Skip
from tales.guide.outlook import outlook, parts
from tales.guide.playtest import play_one, playtest
from tales.guide.terms import BonusFace, Character, Colour
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


def test_the_playtest_report_is_the_same_in_two_processes_as_in_one(
    components: Components,
) -> None:
    assert playtest(components, 2, 9, jobs=2) == playtest(components, 2, 9, jobs=1)


def test_the_outlook_values_the_best_connected_part_of_the_drawing(
    components: Components,
) -> None:
    city = components.city
    joined = [city.road(Segment.parse(s)).segment for s in ("33n", "32w")]
    board = PlayerBoard().with_segments(joined).with_tourists(District(3, 2), [Colour.RED])
    alone = board.with_segments([city.road(Segment.parse("66n")).segment])
    assert outlook(city, alone) == outlook(city, board) > 0
    assert len(parts([city.road(s) for s in alone.segments])) == 2


def test_the_bot_takes_the_die_whose_tourists_its_route_pays_for(
    components: Components,
) -> None:
    city = components.city
    board = PlayerBoard().with_segments([city.road(Segment.parse("33n")).segment])
    colours = {city.colours[d] for d in city.road(Segment.parse("33n")).along}
    faces = [(n, f) for n, die in enumerate(components.tourist_dice, 1) for f in die.faces]
    paid = next((n, f) for n, f in faces if len(f.tourists) == 1 and f.tourists[0] in colours)
    unpaid = next(
        (n, f)
        for n, f in faces
        if len(f.tourists) == 1 and f.tourists[0] not in colours and n != paid[0]
    )
    rolled = DiceRolled(
        "bot", (Rolled(paid[0], paid[1]), Rolled(unpaid[0], unpaid[1])), BonusFace.BLANK
    )
    view = TableView({"bot": board}, rolled=rolled)
    options = (DiePick(unpaid[0]), DiePick(paid[0]))
    decision = Decision("bot", Kind.TAKE_DIE, "?", options)
    assert SensibleBot(city, random.Random(1)).choose(view, decision) == DiePick(paid[0])


def test_the_bot_plays_its_artifacts_where_they_turn_failures_into_successes() -> None:
    values = (2, 6, 4, 1)  # fail below 5: dice 0, 2 and 3
    reroll = dice_score(Kind.REROLL, values, None)
    assert max([DicePick((0, 2, 3)), DicePick((0,)), DicePick(())], key=reroll) == DicePick(
        (0, 2, 3)
    )
    dagger = dice_score(Kind.DAGGER, values, None)
    pairs = [DicePick((0, 1)), DicePick((1, 3)), DicePick((2, 3))]
    # +2 turns the 4 into a success; the 2, the 6 and the 1 gain nothing.
    assert max(pairs, key=dagger) == DicePick((2, 3))
    tiara = dice_score(Kind.TIARA, values, None)
    assert max([DicePick((i,)) for i in range(4)], key=tiara) == DicePick((3,))
    assert dice_score(Kind.REROLL, values, Character.HUNTRESS)(DicePick((0, 3))) == 0
