"""A location's ``on_enter`` paragraph: what is met inside, read once, the
first time an investigator stands there; its ``scene`` stays what is seen of
it from outside, read when the card is revealed. On edits of the tiny tale
(tests/data/tiny-tale): the beach is where the team starts, the cave is
revealed from the beach and walked into by paragraph 4."""

from __future__ import annotations

from pathlib import Path

import pytest

from tales.authoring.check import check_tale
from tales.rules.events import ReadParagraph
from tales.saves.fields import Fields
from tales.saves.restore import restore
from tales.saves.sheet import SheetContext, capture
from tales.story.game import Game, GameSetup, start_game
from tales.story.interpreter import StoryRead
from tales.story.model import Tale
from tests.story.playing import to_activity
from tests.story.test_loader import LOCATIONS, PARAGRAPHS, append, load_edited, replace

INSIDE = """
20:
  text: Inside the cave mouth the air is cold and smells of weed.
  options:
    - label: Feel along the wall
      goto: 22
21: Your boots sink into the beach.
22: A ledge, and nothing on it.
"""
CAVE = "cave:\n  name: The Cave\n  area: shore\n  scene: 7\n"
BEACH = "  scene: 2\n"


def inside_tale(tmp_path: Path) -> Tale:
    loaded = load_edited(
        tmp_path,
        replace(LOCATIONS, CAVE, CAVE + "  on_enter: 20\n"),
        replace(LOCATIONS, BEACH, BEACH + "  on_enter: 21\n"),
        append(PARAGRAPHS, INSIDE),
    )
    assert loaded.tale is not None and loaded.problems == [], loaded.problems
    return loaded.tale


def new_game(core, tale: Tale) -> Game:
    return start_game(
        core,
        tale,
        GameSetup(
            "cove", ("ezra-marsh", "philip-harris"), ("irene-dubois", "arthur-blackwood"), seed=4
        ),
    )


def read(game: Game) -> list[int]:
    return [e.paragraph for e in game.events if isinstance(e, StoryRead)]


def take(game: Game, words: str) -> None:
    """On to the activity decision, take the option named, pay for it and
    read on to the next activity decision."""
    to_activity(game)
    assert game.pending is not None
    chosen = [o.id for o in game.pending.options if words in o.label]
    assert chosen, [o.label for o in game.pending.options]
    game.apply(chosen[0])
    to_activity(game)


def test_the_start_location_is_entered_at_setup_after_the_scenes(core, tmp_path):
    game = new_game(core, inside_tale(tmp_path))
    to_activity(game)
    assert read(game)[:4] == [1, 3, 2, 21], "introduction, its choice, outside, then inside"
    assert game.table.entered == {"beach": "ezra-marsh"}


def test_a_revealed_card_is_read_outside_and_its_inside_on_first_entering(core, tmp_path):
    game = new_game(core, inside_tale(tmp_path))
    take(game, "Enter the cave")  # 4 reveals the cave (7 is read) and walks everyone in
    order = read(game)
    assert order[-3:] == [4, 7, 20], "outside on reveal, then inside once the move is resolved"
    assert game.book.state.scenes["cave"] == 20, "the inside's options are the cave's now"
    take(game, "Feel along the wall")
    assert read(game)[-1] == 22


def test_the_inside_is_read_once_however_often_the_card_is_entered(core, tmp_path):
    game = new_game(core, inside_tale(tmp_path))
    take(game, "Enter the cave")
    take(game, "moves to The Beach")
    take(game, "moves to The Cave")
    assert read(game).count(20) == 1 and read(game).count(21) == 1


def test_a_save_sheet_keeps_which_locations_were_entered(core, tmp_path):
    tale = inside_tale(tmp_path)
    game = new_game(core, tale)
    take(game, "Enter the cave")
    sheet = capture(
        game.table, game.book, SheetContext("s", "tiny-tale", "cove", tale.content_hash, {})
    )
    for mid_round in ("decks", "hands"):  # cards in hand mid-round: dealt afresh
        sheet["digital"].pop(mid_round, None)
    fields = Fields("sheet")
    back = restore(sheet, fields, core, tale, fresh_seed=1)
    assert back is not None, [str(p) for p in fields.problems]
    assert set(back.table.entered) == {"beach", "cave"}


def test_tales_check_reaches_an_inside_and_refuses_a_missing_one(tmp_path):
    tale = inside_tale(tmp_path)
    problems = check_tale(tale, set(), set())
    assert not [p for p in problems if p.code == "W301"], "20 and 22 are read by going in"
    broken = load_edited(tmp_path / "broken", replace(LOCATIONS, CAVE, CAVE + "  on_enter: 99\n"))
    broken.expect("E202", LOCATIONS, "on_enter: 99", ["99"])


def test_a_bot_heads_for_a_card_nobody_has_gone_into(core, tmp_path):
    game = new_game(core, inside_tale(tmp_path))
    take(game, "Enter the cave")
    inv = game.table.investigator("ezra-marsh")
    inside = game.book.leads_at(game.table, inv, "cave")
    assert [o.label for o in inside] == ["Feel along the wall"], "entered: its own options"
    game.table.entered.pop("cave")
    assert [o.goto for o in game.book.leads_at(game.table, inv, "cave")] == [20]


def test_the_team_arriving_together_is_told_by_all_its_names(core, tmp_path):
    """Both players start on the beach: its inside is read as the first
    one's ("you"), and the line before it names both, not only him."""
    game = new_game(core, inside_tale(tmp_path))
    to_activity(game)
    why = [e.why for e in game.events if isinstance(e, ReadParagraph) and e.paragraph == 21]
    assert why == ["Ezra Marsh and Philip Harris arrive at The Beach"]
    assert game.table.entered == {"beach": "ezra-marsh"}, "the narrative is still Ezra's"


@pytest.mark.parametrize("scenario", ["low-water", "gannet-light", "the-settling"])
def test_the_cards_revealed_at_setup_are_read_from_where_the_team_stands(
    core, reef_ledger, scenario
):
    """The standing card's scene first, then the others as the setup lists
    them: by name, The Gannet Light read the boatyard, the chandlery and
    the custom house before the wharf the team stood on, and The Settling
    the depot down the line before the cutting."""
    book = reef_ledger.scenarios[scenario]
    setup = GameSetup(scenario, ("philip-harris", "sarah-elington"), ("ezra-marsh", "irene-dubois"))
    game = start_game(core, reef_ledger, setup)
    to_activity(game)
    cards = book.scenario.locations
    listed = list(dict.fromkeys([book.scenario.start, *book.scenario.revealed]))
    scenes = [cards[slug].paragraph for slug in listed]
    order = [p for p in read(game) if p in scenes]
    assert order[: len(scenes)] == scenes
