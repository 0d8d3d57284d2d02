"""A physical table: the players roll the dice and draw the cards, the
program keeps the books (issue 20, pokerkit's Automation as the model).

The strongest check is a whole game: the good-ending playthrough entered at
a physical table with the faces and cards its digital dice and decks gave
comes to the same end, paragraph for paragraph; every refusal says why and
the game goes on; a physical game saved, loaded and replayed is the same.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from tales.authoring.physical import physical_inputs, physical_setup, typed_faces
from tales.errors import IllegalInput
from tales.rules.automation import Source
from tales.rules.decisions import DecisionKind
from tales.rules.dice import Face
from tales.rules.entries import DiceEntry
from tales.rules.randomness import SourceChanged
from tales.saves.session import load_saved, new_context, start_saved
from tales.saves.store import SaveFiles
from tales.story.core import Core
from tales.story.game import Game, GameSetup, replay, start_game
from tales.story.loader import load_tale
from tales.story.model import Tale

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "golden" / "drowned-bell-good-ending.yaml"


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    data: dict[str, Any] = YAML(typ="safe", pure=True).load(GOLDEN.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def tale(golden: dict[str, Any]) -> Tale:
    tale, problems = load_tale(ROOT / golden["tale"])
    assert tale is not None, problems
    return tale


def _setup(golden: dict[str, Any]) -> GameSetup:
    s = golden["setup"]
    return GameSetup(
        s["scenario"], tuple(s["players"]), tuple(s["companions"]), s["difficulty"], s["seed"]
    )


def _physical_game(core: Core, tale: Tale, golden: dict[str, Any]) -> tuple[Game, list[str]]:
    entries = physical_inputs(core, tale, _setup(golden), golden["inputs"])
    inputs = [e.option_id for e in entries]
    return replay(core, tale, physical_setup(_setup(golden)), inputs), inputs


def _to_first(game: Game, kind: DecisionKind, inputs: list[str]) -> None:
    for option_id in inputs:
        if game.pending is not None and game.pending.kind is kind:
            return
        game.apply(option_id)
    assert game.pending is not None and game.pending.kind is kind


def test_a_physical_game_with_the_digital_dice_and_cards_comes_to_the_same_end(
    core: Core, tale: Tale, golden: dict[str, Any]
) -> None:
    game, inputs = _physical_game(core, tale, golden)
    digital = replay(core, tale, _setup(golden), golden["inputs"])
    assert game.engine.finished
    summary, expected = game.summary(), digital.summary()
    assert summary["inputs"] > expected["inputs"], "the players typed every face and card"
    del summary["inputs"], expected["inputs"]
    assert summary == expected
    assert summary["ended"] == golden["expected"]["ended"]
    assert any(i.startswith("faces:") for i in inputs) and any(
        i.startswith("drew:") for i in inputs
    )
    # The same cards everywhere; only the order of a deck is the players' own shuffle.
    assert _unshuffled(game) == _unshuffled(digital)


def _unshuffled(game: Game) -> dict[str, Any]:
    people = game.table.snapshot()["investigators"]
    return {slug: {**inv, "deck": sorted(inv["deck"])} for slug, inv in people.items()}


def test_the_entries_typed_as_a_player_types_them_play_the_same_game(
    core: Core, tale: Tale, golden: dict[str, Any]
) -> None:
    entries = physical_inputs(core, tale, _setup(golden), golden["inputs"])
    typed = [e.typed for e in entries]
    assert any(" / " in t for t in typed), "faces by short code, red after '/'"
    game = start_game(core, tale, physical_setup(_setup(golden)))
    for text in typed:
        game.apply(text)
    assert game.inputs == [e.option_id for e in entries], "the log holds each entry's id"
    assert game.engine.finished


def test_faces_are_typed_as_short_codes() -> None:
    white = (Face.parse("success"), Face(), Face.parse("explode"))
    assert typed_faces(white, (Face.parse("skull"),)) == "s b e / k"
    assert typed_faces((Face.parse("shatter"),), ()) == "h"


def test_wrong_faces_are_refused_with_the_reason_and_the_game_goes_on(
    core: Core, tale: Tale, golden: dict[str, Any]
) -> None:
    _, inputs = _physical_game(core, tale, golden)
    game = start_game(core, tale, physical_setup(_setup(golden)))
    _to_first(game, DecisionKind.ENTER_DICE, inputs)
    pending = game.pending
    assert pending is not None and pending.entry is not None
    entry = pending.entry
    assert isinstance(entry, DiceEntry) and entry.red == 1 and entry.white > 1
    whites = " ".join(["s"] * entry.white)
    assert f"{entry.white} white and 1 red" in pending.prompt
    refusals = {
        f"{whites[:-1]}k / k": "a white die has no skull face; its faces are blank, success",
        f"{whites} / q": "'q' is not a die face",
        f"{whites} / e": "a red die has no explode face",
        f"{whites} / s s s": "1 red die was rolled, and 3 red faces typed: one for each die",
        "s / k": f"{entry.white} white dice were rolled, and 1 white face typed",
        whites: "type the white faces, then '/' and the red face",
        f"{whites} / k / k": "type '/' once",
    }
    for typed, reason in refusals.items():
        with pytest.raises(IllegalInput, match=re.escape(reason)):
            game.apply(typed)
        assert game.pending is pending, "a refused entry changes nothing"
    game.apply(f"{whites} / k")
    assert game.pending is not None and game.pending.kind is not DecisionKind.ENTER_DICE


def test_a_card_in_play_or_not_in_the_deck_is_refused_with_the_reason(
    core: Core, tale: Tale, golden: dict[str, Any]
) -> None:
    game = start_game(core, tale, physical_setup(_setup(golden)))
    pending = game.pending
    assert pending is not None and pending.kind is DecisionKind.ENTER_CARD
    inv = game.table.investigators[str(pending.actor)]
    first = inv.deck[-1]
    game.apply(first.id)  # the card's own id, typed
    assert first in inv.hand
    with pytest.raises(
        IllegalInput, match=re.escape(f"that {first} is in {inv.name}'s hand, not in the deck")
    ):
        game.apply(first.id)
    with pytest.raises(IllegalInput, match=r"that is no card of .* deck; it holds: .*STRENGTH"):
        game.apply("philip-harris-01" if inv.slug != "philip-harris" else "ezra-marsh-01")
    with pytest.raises(IllegalInput, match="no card of"):
        game.apply("stress card")  # no status card is in a deck at the start
    heroism = [c for c in inv.deck if "Heroism" in str(c)]
    if heroism:
        game.apply("Heroism card")  # the name the game prints
        assert heroism[0] in inv.hand


def test_a_printed_name_shared_by_different_cards_asks_which(
    core: Core, tale: Tale, golden: dict[str, Any]
) -> None:
    game = start_game(core, tale, physical_setup(_setup(golden)))
    with pytest.raises(IllegalInput, match="could be any of: STRENGTH card"):
        game.apply("strength")


def test_the_dice_switched_to_digital_during_a_roll_are_rolled_by_the_program(
    core: Core, tale: Tale, golden: dict[str, Any]
) -> None:
    _, inputs = _physical_game(core, tale, golden)
    game = start_game(core, tale, physical_setup(_setup(golden)))
    _to_first(game, DecisionKind.ENTER_DICE, inputs)
    events = game.apply("dice-by:digital")
    assert SourceChanged.__name__ in {type(e).__name__ for e in events}
    assert game.table.automation.dice is Source.DIGITAL
    assert game.pending is not None and game.pending.kind is DecisionKind.AFTER_ROLL
    assert "dice-by:digital" in game.inputs
    again = replay(core, tale, physical_setup(_setup(golden)), list(game.inputs))
    assert again.table.snapshot() == game.table.snapshot()


def test_a_setting_is_legal_at_any_decision_and_the_digital_game_is_unchanged(
    core: Core, tale: Tale, golden: dict[str, Any]
) -> None:
    game = start_game(core, tale, _setup(golden))
    before = game.pending
    game.apply("cards-by:physical")
    assert game.pending is before
    assert game.table.automation.cards is Source.PHYSICAL
    with pytest.raises(IllegalInput):
        game.apply("dice-by:sometimes")


def test_a_physical_game_saved_and_loaded_replays_identically(
    core: Core, tale: Tale, golden: dict[str, Any], tmp_path: Path
) -> None:
    _, inputs = _physical_game(core, tale, golden)
    setup = physical_setup(_setup(golden))
    files = SaveFiles.named(tmp_path, "at-the-table")
    context = new_context("at-the-table", ROOT / golden["tale"], setup.scenario, tale.content_hash)
    saved = start_saved(lambda: start_game(core, tale, setup), files, context, core)
    played = inputs[: len(inputs) * 2 // 3]
    for option_id in played:
        saved.apply(option_id)
    assert "at_the_table: {dice: physical, cards: physical}" in files.sheet.read_text()
    loaded, warnings = load_saved(files, core)
    assert warnings == []
    assert loaded.game.table.automation.dice is Source.PHYSICAL
    assert loaded.game.table.snapshot() == saved.game.table.snapshot()
    for option_id in inputs[len(played) :]:
        loaded.apply(option_id)
    assert loaded.game.engine.finished
    assert loaded.undo(1) == 1


def test_a_face_word_may_be_written_in_full_or_by_code() -> None:
    from tales.rules.entries import face_key

    assert face_key("s") == "success"
    assert face_key("S+K") == "success+skull"
    assert face_key("expl") == "explode"
    assert face_key("sh") == "shatter"
    assert face_key("blank") == "blank"
    assert face_key("zz") is None
    assert str(Face.parse(face_key("t") or "")) == "tentacle"
