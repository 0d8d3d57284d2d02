"""Seeded randomness in the story, the rest of it (issue 14): a shuffled
set laid out from the game's seed and asked by position, and a random
standalone preset; each drawn from the seed, on the sheet, replayed
identically, and every outcome checked by ``tales check``."""

from __future__ import annotations

from pathlib import Path

from tales.authoring.grants import Grants, may_hold
from tales.saves.fields import Fields
from tales.saves.restore import restore
from tales.saves.session import new_context
from tales.saves.setup_sheet import read_setup
from tales.saves.sheet import capture
from tales.story.campaign import CampaignState, standalone_campaign
from tales.story.game import start_game
from tales.story.loader import load_tale
from tales.story.state import SetShuffled
from tests.story.campaign_tale import CAMPAIGN, campaign_tale, edited_campaign, play, setup

KEYS = {"silver-key", "iron-key", "bone-key"}


def _open_cabinet(core, seed: int):
    game = start_game(core, campaign_tale(), setup("harbour", seed), CampaignState())
    play(game, ["Go into the boathouse", "Open the key cabinet", "Take the boat out"], seed)
    return game


def test_a_shuffled_set_is_drawn_from_the_seed_and_asked_by_position(core) -> None:
    orders = {}
    for seed in range(12):
        game = _open_cabinet(core, seed)
        (shuffled,) = [e for e in game.events if isinstance(e, SetShuffled)]
        assert shuffled.name == "keys" and set(shuffled.order) == KEYS
        orders[seed] = shuffled.order
        read = [e.paragraph for e in game.events if type(e).__name__ == "StoryRead"]
        first = shuffled.order[0] == "silver-key"
        assert (22 in read) == first and (23 in read) == (not first), "position() branches"
    assert len(set(orders.values())) > 1, "the seed decides the order"
    again = _open_cabinet(core, 5)
    assert again.book.state.shuffles["keys"] == orders[5], "the same seed, the same order"


def test_a_replay_lays_out_the_same_set(core) -> None:
    game = _open_cabinet(core, 7)
    again = start_game(core, campaign_tale(), game.setup, CampaignState())
    for option_id in game.inputs:
        again.apply(option_id)
    assert again.book.state.shuffles == game.book.state.shuffles


def test_a_shuffled_set_is_on_the_round_end_sheet_and_comes_back(core) -> None:
    tale = campaign_tale()
    game = start_game(core, tale, setup("harbour", 2), CampaignState())
    game.book.state.shuffles["keys"] = ("bone-key", "silver-key", "iron-key")
    context = new_context("s", CAMPAIGN, "harbour", tale.content_hash)
    sheet = capture(game.table, game.book, context)
    assert sheet["campaign"]["shuffles"] == {"keys": ["bone-key", "silver-key", "iron-key"]}
    restored = restore(sheet, Fields("sheet"), core, tale, fresh_seed=1)
    assert restored is not None
    assert restored.book.state.shuffles == {"keys": ("bone-key", "silver-key", "iron-key")}


def test_check_takes_every_position_as_possible() -> None:
    grants = Grants()
    assert may_hold('position("keys", "silver-key") == 1', grants)
    assert may_hold('position("keys", "silver-key") != 1', grants)


def test_a_random_standalone_preset_is_drawn_from_the_seed() -> None:
    tale = campaign_tale()
    drawn = {seed: standalone_campaign(tale, "archive", seed).log for seed in range(20)}
    culprits = {next(iter(log["culprit"])) for log in drawn.values()}
    assert culprits == {"warden", "keeper"}, "both presets are drawn"
    assert all(standalone_campaign(tale, "archive", s).log == log for s, log in drawn.items())
    warden = next(s for s, log in drawn.items() if "warden" in log["culprit"])
    assert standalone_campaign(tale, "archive", warden).counters["resolve"] == 2


def test_a_loaded_setup_sheet_draws_the_same_preset(core) -> None:
    """The sheet written at setup records the seed; loading it draws the same
    preset again, and the first round-end sheet writes the log it gave."""
    tale = campaign_tale()
    game = start_game(core, tale, setup("archive", 4))
    context = new_context("s", CAMPAIGN, "archive", tale.content_hash)
    sheet = capture(game.table, game.book, context, at_setup=True)
    read = read_setup(sheet, Fields("sheet"), core, tale)
    assert read is not None
    again = start_game(core, tale, *read)
    assert (
        again.book.state.log == game.book.state.log == standalone_campaign(tale, "archive", 4).log
    )
    later = capture(again.table, again.book, context)
    culprit = next(iter(game.book.state.log["culprit"]))
    assert later["campaign"]["log"]["culprit"] == {culprit: "recorded"}


def test_every_random_preset_is_checked(tmp_path: Path) -> None:
    edit = ("tale.yaml", "{log: {culprit: [keeper]", "{log: {culprit: [keepr]")
    tale, problems = load_tale(edited_campaign(tmp_path, edit))
    assert tale is None
    (problem,) = [p for p in problems if "keepr" in p.message]
    assert problem.code == "E209" and "did you mean 'keeper'" in problem.message


def test_a_random_preset_lists_two_or_more(tmp_path: Path) -> None:
    edit = ("tale.yaml", "      - {log: {culprit: [keeper], fates: [key-kept]}}\n", "")
    _, problems = load_tale(edited_campaign(tmp_path, edit))
    assert [p.code for p in problems if "two or more" in p.message] == ["E104"]


def test_a_position_of_a_set_or_item_no_shuffle_lays_out_is_an_error(tmp_path: Path) -> None:
    root = edited_campaign(
        tmp_path,
        ("harbour/paragraphs/harbour.yaml", '"silver-key") == 3', '"silver-kye") == 3'),
        ("interludes/after-archive.yaml", 'position("keys"', 'position("kyes"'),
    )
    tale, problems = load_tale(root)
    assert tale is None
    told = sorted((p.code, p.message) for p in problems if "position()" in p.message)
    assert told == [
        ("E209", "position(): no shuffle lays out a set 'kyes'; did you mean 'keys'?"),
        ("E209", "position(): no shuffle puts 'silver-kye' in the set 'keys'; did you mean "
         "'silver-key'?"),
    ]  # fmt: skip
