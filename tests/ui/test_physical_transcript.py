"""The golden transcript of a physical table (tests/data/transcripts/physical-table):
the good-ending game with every face and card typed in, played to its ending,
and the wrong entries in it refused with the reason while the game goes on."""

from __future__ import annotations

from pathlib import Path

CASE = Path(__file__).resolve().parents[1] / "data" / "transcripts" / "physical-table"


def test_the_physical_game_plays_to_the_same_ending_as_the_digital_one() -> None:
    physical = CASE.with_suffix(".txt").read_text(encoding="utf-8")
    digital = CASE.with_name("good-ending.txt").read_text(encoding="utf-8")
    ending = "The game is over: the story ends at paragraph 22."
    assert ending in physical and ending in digital
    assert physical.split(ending)[1] == digital.split(ending)[1], "the same summary"
    assert "At the table: the players handle the dice and the cards ('help table'" in physical


def test_each_wrong_entry_is_refused_with_its_reason() -> None:
    lines = CASE.with_suffix(".txt").read_text(encoding="utf-8").splitlines()
    after = {lines[i]: lines[i + 1] for i in range(len(lines) - 1) if lines[i].startswith("> ")}
    assert after["> k k / k"].startswith("A white die has no skull face")
    assert (
        after["> s s / k"] == "5 white dice were rolled, and 2 white faces typed: one for each die"
    )
    assert after["> ezra-marsh-03"].startswith("That AGILITY card (die for POWER and STRENGTH)")
    assert after["> ezra-marsh-03"].endswith("is in Ezra Marsh's hand, not in the deck")
    assert after["> irene-dubois-01"].startswith("That is no card of Ezra Marsh's deck; it holds")
    assert "could be any of" in after["> strength"]
