"""Hand-typed map pieces that cannot stand on a table are refused at their
line and column, the file left byte for byte as it was: a seat taken twice,
a passenger standing elsewhere than the boat, a driver not aboard, a
companion (who has no figure on the map) in a seat, an escort who is dead
or who stands elsewhere than the prisoner, a flood above what its Location
card allows, a barrier across two locations the map does not connect.

Each was loaded, before, into a table the rules never make: the boat left
its passengers behind at the next Move, or a prisoner walked with a dead man.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tales.errors import SheetError
from tales.saves.session import load_saved
from tales.saves.store import SaveFiles
from tales.story.core import Core
from tales.story.model import Tale
from tests.saves.reef_sheets import gannet_aboard, settling_pieces

ABOARD = "aboard: [Arthur Blackwood, Elizabeth Hawthorne]"
ABEL = "Abel Wick: {fate: freed, at: wicks-garage, with: Arthur Blackwood}"
DEAD = "    special_cards: []\n    dead: true\n  Elizabeth"


@pytest.fixture(scope="module")
def sheets(core: Core, reef_ledger: Tale, tmp_path_factory: pytest.TempPathFactory) -> dict:
    folder = tmp_path_factory.mktemp("reef")
    return {
        "gannet": gannet_aboard(core, reef_ledger, folder).sheet.read_text(encoding="utf-8"),
        "settle": settling_pieces(core, reef_ledger, folder).sheet.read_text(encoding="utf-8"),
    }


def paper(text: str) -> str:
    return text.split("\ndigital:")[0] + "\n"


# (sheet, what is typed over, what is typed instead, the line's new text, what is said)
CASES = {
    "a-seat-taken-twice": (
        "gannet", ABOARD, "aboard: [Arthur Blackwood, Arthur Blackwood]", "aboard:",
        "Arthur Blackwood sits in The boat twice",
    ),
    "aboard-two-vehicles": (
        "gannet", "picket-boat\n    aboard: []", "picket-boat\n    aboard: [Arthur Blackwood]",
        "aboard: [Arthur", "Arthur Blackwood is already aboard The boat",
    ),
    "a-companion-aboard": (
        "gannet", ABOARD, "aboard: [Arthur Blackwood, Ezra Marsh]", "aboard:",
        "there is no player 'Ezra Marsh'",
    ),
    "the-boat-away-from-its-passengers": (
        "gannet", "at: boatyard\n    aboard", "at: chandlery\n    aboard", "at: chandlery",
        "Arthur Blackwood stands at boatyard, not where The boat is (chandlery)",
    ),
    "a-driver-not-aboard": (
        "gannet", ABOARD + "\n    driver: Arthur Blackwood",
        "aboard: [Arthur Blackwood]\n    driver: Elizabeth Hawthorne", "driver:",
        "Elizabeth Hawthorne drives The boat but is not aboard",
    ),
    "an-empty-boat-on-an-unrevealed-card": (
        "gannet", "at: picket-boat\n", "at: north-ledge\n", "at: north-ledge",
        "north-ledge is not revealed",
    ),
    "a-flood-over-its-card": (
        "gannet", "north-ledge: {flood: 2}", "north-ledge: {flood: 9}", "north-ledge:",
        "9 flood is above what north-ledge holds, 3",
    ),
    "a-barrier-across-no-connection": (
        "gannet", "[stern-cabin, wreck-deck, 1]", "[stern-cabin, boatyard, 1]", "barriers:",
        "the map has no connection between 'stern-cabin' and 'boatyard'",
    ),
    "a-barrier-from-a-card-to-itself": (
        "gannet", "[stern-cabin, wreck-deck, 1]", "[stern-cabin, stern-cabin, 1]", "barriers:",
        "the map has no connection between 'stern-cabin' and 'stern-cabin'",
    ),
    "an-escort-elsewhere": (
        "settle", ABEL, ABEL.replace("at: wicks-garage", "at: old-depot"), "Abel Wick:",
        "Abel Wick is with Arthur Blackwood, who stands at wicks-garage, not old-depot",
    ),
    "an-escort-of-a-held-prisoner": (
        "settle", ABEL, ABEL.replace("freed", "held"), "Abel Wick:",
        "a prisoner in someone's charge is freed, not held",
    ),
    "an-escort-of-a-rescued-prisoner": (
        "settle", ABEL, ABEL.replace("freed", "rescued"), "Abel Wick:",
        "a prisoner in someone's charge is freed, not rescued",
    ),
    "the-group-on-an-unrevealed-card": (
        "settle", "group: {at: wicks-garage", "group: {at: town-lockup", "group:",
        "the Group token stands at town-lockup, which is not revealed",
    ),
    "water-over-its-card": (
        "settle", "hall-cellar: {water: 0}", "hall-cellar: {water: 4}", "hall-cellar:",
        "4 water is above what hall-cellar holds, 3",
    ),
}  # fmt: skip


@pytest.mark.parametrize("part", ["full", "paper"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_piece_the_table_cannot_hold_is_refused_at_its_line(
    sheets: dict, saves: Path, core: Core, case: str, part: str
) -> None:
    sheet, old, new, line_text, says = CASES[case]
    text = sheets[sheet] if part == "full" else paper(sheets[sheet])
    assert old in text, old
    typed = text.replace(old, new, 1)
    files = SaveFiles.named(saves, case)
    files.sheet.write_text(typed, encoding="utf-8")
    before = files.sheet.read_bytes()
    with pytest.raises(SheetError) as refused:
        load_saved(files, core)
    assert files.sheet.read_bytes() == before
    found = [p for p in refused.value.problems if says in p.message]
    assert found, [str(p) for p in refused.value.problems]
    lines = typed.splitlines()
    expected = next(
        n for n, t in enumerate(lines, 1) if line_text in t and n >= _first_changed(text, typed)
    )
    assert (found[0].line, found[0].col > 0) == (expected, True), str(found[0])


def _first_changed(text: str, typed: str) -> int:
    """The number of the first line ``typed`` changed (a problem may name a
    line a little above it, where the piece's mapping starts)."""
    pairs = zip(text.splitlines(), typed.splitlines(), strict=False)
    changed = next(n for n, (a, b) in enumerate(pairs, 1) if a != b)
    return max(1, changed - 2)


def test_a_dead_passenger_keeps_no_seat_yet_the_sheet_loads(
    sheets: dict, saves: Path, core: Core
) -> None:
    """One who died aboard keeps the seat on the sheet the game writes
    (the rules count only the living: ruling ``vehicle-driver``): it loads, and
    the boat is driven by the next living seated."""
    from tales.rules.vehicles import driver_of, riders

    typed = paper(sheets["gannet"]).replace("    special_cards: []\n  Elizabeth", DEAD, 1)
    files = SaveFiles.named(saves, "dead-aboard")
    files.sheet.write_text(typed, encoding="utf-8")
    table = load_saved(files, core)[0].table
    assert riders(table, "boat") == ("elizabeth-hawthorne",)
    assert driver_of(table, "boat") == "elizabeth-hawthorne"


def test_a_prisoner_in_the_charge_of_a_dead_escort_is_refused(
    sheets: dict, saves: Path, core: Core
) -> None:
    """The game puts a fallen escort's prisoner down where they fell (ruling
    ``prisoner-escort-falls``); a sheet still giving them in the dead man's
    charge says what the table cannot be."""
    typed = paper(sheets["settle"]).replace("    special_cards: []\n  Elizabeth", DEAD, 1)
    files = SaveFiles.named(saves, "dead-escort")
    files.sheet.write_text(typed, encoding="utf-8")
    before = files.sheet.read_bytes()
    with pytest.raises(SheetError) as refused:
        load_saved(files, core)
    assert files.sheet.read_bytes() == before
    [problem] = refused.value.problems
    assert "Arthur Blackwood is dead, so Abel Wick is in no one's charge" in problem.message
    assert problem.field == "prisoners.Abel Wick.with"  # the whole path, as every sheet problem
    assert problem.line == next(n for n, t in enumerate(typed.splitlines(), 1) if ABEL in t)


@pytest.mark.parametrize("part", ["full", "paper"])
def test_an_encounter_the_story_began_off_the_revealed_map_loads(
    sheets: dict, saves: Path, core: Core, part: str
) -> None:
    """The Gannet Light's 192 ("The town puts out after you") begins the
    whaleboat at the whistle buoy, a card not yet revealed: the round-end
    sheet wrote it, and loading refused "there is no revealed location
    'whistle-buoy'", so the save was lost (found by test_reef_roundtrip at
    game seed 0, bot seed 0)."""
    text = sheets["gannet"] if part == "full" else paper(sheets["gannet"])
    typed = text.replace(
        "encounters: []", "encounters:\n  - {location: whistle-buoy, encounter: the-whaleboat}", 1
    )
    files = SaveFiles.named(saves, "whaleboat")
    files.sheet.write_text(typed, encoding="utf-8")
    table = load_saved(files, core)[0].table
    assert "whistle-buoy" not in table.revealed
    assert table.encounters["whistle-buoy"].encounter.slug == "the-whaleboat"
    misspelt = SaveFiles.named(saves, "whaleboat-misspelt")
    misspelt.sheet.write_text(typed.replace("n: whistle-buoy", "n: whistle-bouy"), encoding="utf-8")
    with pytest.raises(SheetError) as refused:
        load_saved(misspelt, core)
    assert "did you mean 'whistle-buoy'?" in str(refused.value)


@pytest.mark.parametrize("key", ["vehicles", "marks", "prisoners", "investigation"])
def test_a_map_field_that_is_not_a_mapping_is_refused_at_its_line(
    sheets: dict, saves: Path, core: Core, key: str
) -> None:
    """Each map field read as a mapping says so, at its own line, when typed
    as a list (``Fields.mapping``), rather than being read as no pieces."""
    from ruamel.yaml import YAML

    from tales.saves.sheet import dump

    data = YAML(typ="safe").load(paper(sheets["settle"]))
    data[key] = ["boatyard"]
    typed = dump(data)
    files = SaveFiles.named(saves, f"not-a-mapping-{key}")
    files.sheet.write_text(typed, encoding="utf-8")
    with pytest.raises(SheetError) as refused:
        load_saved(files, core)
    found = [p for p in refused.value.problems if p.field == key]
    assert [p.message for p in found] == ["expected a mapping, found a list"], refused.value
    line = next(n for n, t in enumerate(typed.splitlines(), 1) if t.startswith(f"{key}: ["))
    assert found[0].line == line
