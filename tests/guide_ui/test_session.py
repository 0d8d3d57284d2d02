"""What players type at the Travel Guide's prompt: short forms, refusals, undo, saves."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tales.errors import IllegalInput, SaveNameError, TalesError
from tales.guide.bots import SensibleBot
from tales.guide.components import Components
from tales.guide.errors import (
    IllegalDrawingError,
    IllegalRouteError,
    NoSuchRoadError,
    NotationError,
)
from tales.guide.kinds import Kind
from tales.guide_ui.export import export_html
from tales.guide_ui.saving import GuideSaveError, load_session, read_save, write_save
from tales.guide_ui.screens import dice_line
from tales.guide_ui.session import GuideSession, GuideSetup, GuideSetupError


def to_kind(session: GuideSession, kind: Kind) -> None:
    """Play on with the sensible bot until ``kind`` is asked."""
    bot = SensibleBot(session.components.city, random.Random(0))
    while session.pending is not None and session.pending.kind is not kind:
        session.play(bot.choose(session.view, session.pending).id)


def test_short_forms_name_the_pending_options(components: Components) -> None:
    session = GuideSession(components, GuideSetup(seed=3), [])
    assert session.translate("5") == "tourist-die:5"
    assert session.translate("tourist-die:5") == "tourist-die:5"
    session.play("5")
    session.play("4")
    assert session.pending is not None and session.pending.kind is Kind.DISTRICT
    assert session.translate(" 55 ") == "district:55"


def test_a_drawing_is_named_in_any_order_of_names_and_refused_with_its_rule(
    components: Components,
) -> None:
    session = GuideSession(components, GuideSetup(seed=3), ["tourist-die:5", "tourist-die:4"])
    session.play("55")
    assert session.pending is not None and session.pending.kind is Kind.DRAW
    # 65w is also called 55e: the prompt writes the canonical name.
    assert session.translate("55e") == session.translate("draw:65w")
    with pytest.raises(IllegalDrawingError, match="phase 4 a: the first route segment"):
        session.translate("33n 66w")
    with pytest.raises(NoSuchRoadError, match="rounded"):
        session.translate("11n")
    with pytest.raises(IllegalInput, match="name the route segments"):
        session.translate("  ")


def test_an_unknown_choice_is_refused_with_the_choices(components: Components) -> None:
    session = GuideSession(components, GuideSetup(seed=3), [])
    with pytest.raises(IllegalInput, match=r"'9' is not a legal choice.*the choices are 5, 4, 1"):
        session.translate("9")


def test_undo_replays_the_log_without_its_last_input(components: Components) -> None:
    session = GuideSession(components, GuideSetup(seed=3), [])
    with pytest.raises(IllegalInput, match="nothing to undo"):
        session.undo()
    session.play("5")
    asked = session.pending
    session.play("4")
    session.undo()
    assert session.inputs == ["tourist-die:5"]
    assert session.pending == asked


def test_in_private_turns_a_player_undoes_only_their_own_input(components: Components) -> None:
    session = GuideSession(components, GuideSetup(players=2, seed=7), [])
    first = session.pending
    assert first is not None
    session.play(first.ids[0])
    assert session.pending is not None and session.pending.actor != first.actor
    with pytest.raises(IllegalInput, match="only their own"):
        session.undo(private=True)
    session.undo()  # a script or the pass screen may
    assert session.inputs == []


def test_the_setup_is_checked(components: Components) -> None:
    with pytest.raises(GuideSetupError, match="no cell legendary:17"):
        GuideSession(components, GuideSetup(level="legendary", goal=17), [])
    with pytest.raises(GuideSetupError, match="1 to 4 players, not 5"):
        GuideSession(components, GuideSetup(players=5), [])


def test_a_save_holds_the_setup_and_the_log_and_replays(
    components: Components, tmp_path: Path
) -> None:
    session = GuideSession(components, GuideSetup(players=2, seed=7), [])
    to_kind(session, Kind.DRAW)
    write_save(tmp_path, "friday", session)
    assert read_save(tmp_path, "friday") == (session.setup, session.inputs)
    again = load_session(components, tmp_path, "friday")
    assert again.pending == session.pending and again.view.boards == session.view.boards
    assert not list(tmp_path.glob(".*")), "the temporary file is renamed, not left"


def test_bad_saves_are_refused_with_a_sentence(components: Components, tmp_path: Path) -> None:
    with pytest.raises(GuideSaveError, match="no Travel Guide save named 'nope'"):
        load_session(components, tmp_path, "nope")
    with pytest.raises(SaveNameError):
        load_session(components, tmp_path, "../etc")
    (tmp_path / "broken.guide.json").write_text("{}", encoding="utf-8")
    with pytest.raises(GuideSaveError, match="is not a Travel Guide save"):
        load_session(components, tmp_path, "broken")
    data = {"format": 1, "players": 1, "advanced": False, "seed": 3}
    data |= {"challenge": "beginner:16", "inputs": ["tourist-die:9"]}
    (tmp_path / "stale.guide.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(TalesError, match="no longer replays"):
        load_session(components, tmp_path, "stale")
    data |= {"challenge": "beginner"}
    (tmp_path / "cellless.guide.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GuideSaveError, match="'beginner' is not a challenge cell") as refused:
        load_session(components, tmp_path, "cellless")
    assert "\n" not in str(refused.value)


def test_a_save_writes_its_challenge_cell_as_the_command_line_does(
    components: Components, tmp_path: Path
) -> None:
    setup = GuideSetup(seed=3, level="experienced", goal=32)
    write_save(tmp_path, "cell", GuideSession(components, setup, []))
    saved = json.loads((tmp_path / "cell.guide.json").read_text(encoding="utf-8"))
    assert saved["challenge"] == "experienced:32"
    assert read_save(tmp_path, "cell")[0] == setup


def test_the_html_export_shows_each_board_and_sheet(components: Components) -> None:
    session = GuideSession(components, GuideSetup(seed=3), [])
    to_kind(session, Kind.REVEAL)
    to_kind(session, Kind.PUNISH)  # played to the end: no decision of that kind is left
    page = export_html(session)
    assert "<pre>" in page and "Score sheet" in page and "Solo challenge beginner" in page
    assert "&lt;" not in page.split("<body>")[0]  # the head is the template's own
    assert "Traveller (" in page


def test_the_final_route_is_best_or_written_out(components: Components) -> None:
    session = GuideSession(components, GuideSetup(seed=3), [])
    to_kind(session, Kind.ROUTE)
    decision = session.pending
    assert decision is not None
    assert session.translate("best") == decision.ids[0]
    assert session.translate(decision.ids[0].removeprefix("route:")) == decision.ids[0]
    with pytest.raises(NotationError, match="is not an intersection"):
        session.translate("9.9 33n")
    with pytest.raises(IllegalRouteError):
        session.translate("0.0 66n")


def test_districts_are_refused_with_the_rule_of_phase_two(components: Components) -> None:
    session = GuideSession(components, GuideSetup(seed=3), ["tourist-die:5", "tourist-die:4"])
    with pytest.raises(IllegalInput, match="do not name district 11"):
        session.translate("11")
    with pytest.raises(NotationError, match="is not a district"):
        session.translate("77")
    session.play("55")
    to_kind(session, Kind.DISTRICT)
    with pytest.raises(IllegalInput, match="district 55 already has tourists"):
        session.translate("55")


def test_bonus_and_adjustment_segments_are_refused_with_their_rules(
    components: Components,
) -> None:
    session = GuideSession(components, GuideSetup(seed=3), [])
    to_kind(session, Kind.ADJUST)
    assert session.pending is not None, "seed 3 rolls a Route adjustment with segments drawn"
    board = session.view.boards["Traveller"]
    undrawn = next(s for s in components.city.roads if s not in board.segments)
    with pytest.raises(IllegalDrawingError, match="is not drawn, so cannot be erased"):
        session.translate(undrawn.id)
    to_kind(session, Kind.BONUS_SEGMENT)  # the warlock's Diagonal route segment
    assert session.pending is not None
    with pytest.raises(IllegalDrawingError, match="drawn diagonally through a district"):
        session.translate("12w")


def test_the_view_starts_from_the_boards_the_game_starts_from(components: Components) -> None:
    session = GuideSession(components, GuideSetup(players=2, seed=7), [])
    for seat in session.game.seats:
        board = session.view.boards[seat.name]
        assert board.bonuses == components.characters[seat.character].bonuses
        assert board.caches == session.game.cache_card.caches


def test_a_draft_decision_shows_the_faces_of_the_dice_it_offers(components: Components) -> None:
    session = GuideSession(components, GuideSetup(players=2, seed=7), ["tourist-die:3"])
    assert session.pending is not None
    (line,) = dice_line(session.view, session.pending)
    assert "die 3" not in line.text, "the die taken is no longer offered"
    assert line.text.startswith("Dice: die 1 showing 2 (green)")
