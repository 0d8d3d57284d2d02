"""The map's pieces on the paper part of a save sheet (tales/saves/map_sheet.py,
people_sheet.py): a Settling sheet with its ``digital:`` part cut off keeps
the Group token, the prisoners, the Investigation tokens and the barriers.

Playtest 6: "Loading The Settling's sheet with `digital:` cut off put the
group back at the railroad cut and every prisoner back to `held`, while the
campaign log it loaded said two were freed." The rulebook's Scenario III box
prints "8 Prisoner markers", "1 Group token" and "3 Investigation tokens",
and its Save sheet notes what is on the table: a paper game writes them down.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tales.errors import SheetError
from tales.saves.session import SavedGame, load_saved, new_context, start_saved
from tales.saves.store import SaveFiles
from tales.story.core import Core, tale_path
from tales.story.game import GameSetup, start_game
from tales.story.loader import load_tale
from tests.saves.reef_sheets import arrange_settling

SETTLING = GameSetup(
    "the-settling", ("arthur-blackwood", "elizabeth-hawthorne"),
    ("ezra-marsh", "irene-dubois"), "easy", 7,
)  # fmt: skip


@pytest.fixture(scope="module")
def round_end_sheet(core: Core, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The Settling played to the end of round 1, the group moved and hidden,
    Abel Wick freed in Arthur's charge, an Investigation token laid and a
    barrier taken away: the sheet written at that round end."""
    root = tale_path("the-reef-ledger")
    tale, problems = load_tale(root, fast=True)
    assert tale is not None, problems
    files = SaveFiles.named(tmp_path_factory.mktemp("saves"), "settle")
    context = new_context("settle", root, SETTLING.scenario, tale.content_hash)
    saved = start_saved(lambda: start_game(core, tale, SETTLING), files, context, core)
    _to(saved, "activity")
    table = saved.table
    assert table.group is not None and table.barriers, "the Settling has both"
    arrange_settling(table)
    table.barriers.pop(sorted(table.barriers)[0])
    while table.round == 1:
        assert saved.game.pending is not None
        ids = saved.game.pending.ids
        saved.apply("end-round" if "end-round" in ids else ids[0])
    return files.sheet.read_text(encoding="utf-8")


def _to(saved: SavedGame, kind: str) -> None:
    while saved.game.pending is not None and saved.game.pending.kind != kind:
        ids = saved.game.pending.ids
        saved.apply("draw" if "draw" in ids else ids[0])


def _load(saves: Path, name: str, text: str, core: Core) -> SavedGame:
    files = SaveFiles.named(saves, name)
    files.sheet.write_text(text, encoding="utf-8")
    return load_saved(files, core)[0]


def paper_part(text: str) -> str:
    return text.split("\ndigital:")[0] + "\n"


def test_the_paper_part_lists_the_settlings_pieces(round_end_sheet: str) -> None:
    paper = paper_part(round_end_sheet)
    assert "group: {at: wicks-garage, hidden: true}" in paper
    assert "Abel Wick: {fate: freed, at: wicks-garage, with: Arthur Blackwood}" in paper
    assert "investigation: {wicks-garage: 1}" in paper
    assert "\nbarriers: " in paper and "\nprisoners:" in paper


def test_a_sheet_cut_to_its_paper_part_keeps_the_table(
    round_end_sheet: str, saves: Path, core: Core
) -> None:
    full = _load(saves, "full", round_end_sheet, core).table
    paper = _load(saves, "paper", paper_part(round_end_sheet), core).table
    assert paper.group == full.group and full.group is not None and full.group.hidden
    assert paper.prisoners == full.prisoners
    assert full.prisoners["abel-wick"].fate == "freed"
    assert paper.barriers == full.barriers
    assert paper.location_tokens == full.location_tokens
    assert {i.slug: i.location for i in paper.players()} == {
        i.slug: i.location for i in full.players()
    }


def test_the_paper_sheet_offers_the_same_moves_as_the_full_one(
    round_end_sheet: str, saves: Path, core: Core
) -> None:
    """The hands differ (a paper sheet's decks are shuffled afresh), the map's
    choices do not: the same moves for the group, from the same place."""

    def moves(saved: SavedGame) -> set[str]:
        _to(saved, "activity")
        assert saved.game.pending is not None
        return {i for i in saved.game.pending.ids if i.startswith(("move", "run"))}

    full = _load(saves, "full", round_end_sheet, core)
    paper = _load(saves, "paper", paper_part(round_end_sheet), core)
    assert moves(paper) == moves(full)


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("Abel Wick: {", "Abel Wik: {", "there is no prisoner of this scenario 'Abel Wik'; "
         "did you mean 'Abel Wick'?"),
        ("group: {at: wicks-garage", "group: {at: wicks-garag",
         "group.at: there is no location 'wicks-garag'; did you mean 'wicks-garage'?"),
        ("with: Arthur Blackwood", "with: Artur Blackwood", "did you mean 'Arthur Blackwood'?"),
        ("fate: freed", "fate: fred", "there is no fate 'fred'; did you mean 'freed'?"),
    ],
)  # fmt: skip
def test_a_misspelt_piece_is_one_clear_line(
    round_end_sheet: str, saves: Path, core: Core, old: str, new: str, says: str
) -> None:
    paper = paper_part(round_end_sheet)
    assert old in paper
    files = SaveFiles.named(saves, "typed")
    files.sheet.write_text(paper.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(SheetError) as refused:
        load_saved(files, core)
    [problem] = refused.value.problems
    line = (
        paper.replace(old, new, 1)
        .splitlines()
        .index(next(t for t in paper.replace(old, new, 1).splitlines() if new in t))
    )
    assert says in str(problem)
    assert problem.line == line + 1 and problem.col > 1


def test_a_format_2_sheet_with_the_pieces_under_digital_still_loads(
    round_end_sheet: str, saves: Path, core: Core
) -> None:
    """Format 2 wrote the pieces under ``digital`` only, in slugs, the escort
    as ``escort``; the upgrade step map-pieces-onto-the-paper-sheet reads it."""
    from ruamel.yaml import YAML

    from tales.saves.sheet import dump

    data = YAML(typ="safe").load(round_end_sheet)
    digital = data.pop("digital")
    for key in ("barriers", "group"):
        digital[key] = data.pop(key)
    digital["prisoners"] = {
        slug: {
            "at": "wicks-garage" if slug == "abel-wick" else None,
            "escort": None,
            "fate": "held",
        }
        for slug in ("abel-wick",)
    }
    digital["prisoners"]["abel-wick"].update(escort="arthur-blackwood", fate="freed")
    prisoners = data.pop("prisoners")
    assert "Abel Wick" in prisoners
    digital["location_tokens"] = {
        p: {"investigation": n} for p, n in data.pop("investigation").items()
    }
    data.pop("location_tokens", None)
    data["format_version"] = 2
    data["digital"] = digital
    old = _load(saves, "old", dump(data).split("\n", 4)[-1], core)
    full = _load(saves, "full", round_end_sheet, core).table
    assert old.table.group == full.group
    assert old.table.prisoners["abel-wick"] == full.prisoners["abel-wick"]
    assert old.table.barriers == full.barriers
    assert old.table.location_tokens["wicks-garage"] == {"investigation": 1}
