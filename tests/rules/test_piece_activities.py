"""The engine's own activities about a storybook's pieces, so that none is
stranded: an Investigation token taken back by whoever stands where it lies
(ruling ``investigation-take-back-free``), a freed prisoner in no one's
charge taken on by whoever stands where they are (ruling
``prisoner-escort-falls``). The fixture tale tests/data/map-tale's
``flooded-quarter``; its net loft holds Old Obed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tales.rules.decisions import Engine
from tales.rules.encounters import start_encounter
from tales.rules.events import InvestigatorRemoved, PrisonerChanged
from tales.rules.options import Option, TakeBackToken, TakeOnPrisoner
from tales.rules.prisoners import escorted, free, place_investigation, prisoner_at
from tales.rules.round import activity_options, perform
from tales.rules.scenario import Encounter, Enemy
from tales.rules.statuses import change_track
from tales.rules.terms import Attribute, Track
from tales.story.game import Game, GameSetup, start_game
from tales.story.loader import load_tale
from tales.story.model import Tale
from tests.conftest import ruling

MAP_TALE = Path(__file__).resolve().parents[2] / "tests" / "data" / "map-tale"
EZRA, PHILIP = "ezra-marsh", "philip-harris"
COMPANIONS = ("irene-dubois", "arthur-blackwood")
SETUP = GameSetup("flooded-quarter", (EZRA, PHILIP), COMPANIONS, "standard", 3)
WATCH = Encounter("watch", "The Watch", Enemy("watchman", "A Watchman", 3, Attribute.POWER, 3))
TAKE_ON = TakeOnPrisoner(PHILIP, "old-obed")


@pytest.fixture(scope="module")
def tale() -> Tale:
    loaded, problems = load_tale(MAP_TALE)
    assert loaded is not None and not problems, problems
    return loaded


def quarter(core, tale: Tale, **overrides: bool) -> Game:
    game = start_game(core, tale, SETUP)
    for ruling_id, value in overrides.items():
        game.table.rulings = game.table.rulings.overriding({ruling_id: value})
    while game.pending is not None and game.pending.kind != "activity":
        game.apply("draw" if "draw" in game.pending.ids else game.pending.ids[0])
    return game


def offered(game: Game) -> list[Option]:
    """The activities open now (asked again: the tests set the table by hand)."""
    return list(activity_options(game.table, game.book))


def do(game: Game, option: Option) -> list[object]:
    """Carry out an activity, paying with the first Action card offered."""
    engine = Engine(perform(game.table, game.book, option), game.table.sink)
    events = list(engine.opening_events)
    while not engine.finished:
        assert engine.pending is not None and engine.pending.kind == "pay"
        events += engine.apply(next(i for i in engine.pending.ids if i.startswith("pay:")))
    return events


def escorted_by_ezra_who_dies(game: Game) -> list[object]:
    table = game.table
    ezra, philip = table.investigator(EZRA), table.investigator(PHILIP)
    ezra.location = philip.location = "net-loft"
    assert free(table, ezra, "old-obed")
    ezra.location = "quay"
    table.sink.take()
    change_track(table, ezra, Track.VITALITY, -ezra.vitality, "the flood")
    return list(table.sink.take())


@ruling("investigation-take-back-free", value=True)
def test_a_token_lying_where_one_stands_can_always_be_taken_back_free(core, tale):
    game = quarter(core, tale)
    table = game.table
    table.investigator(EZRA).location = "street"
    assert place_investigation(table, "street")  # laid by no option that will take it back
    option = next(o for o in offered(game) if o == TakeBackToken(EZRA))
    assert option.label == "Ezra Marsh takes back the Investigation token from Water Street"
    assert TakeBackToken(PHILIP) not in offered(game), "Philip stands on the quay"
    hand = len(table.investigator(EZRA).hand)
    do(game, TakeBackToken(EZRA))
    assert table.location_tokens["street"]["investigation"] == 0
    assert len(table.investigator(EZRA).hand) == hand, "no Action paid"
    assert TakeBackToken(EZRA) not in offered(game)


@ruling("investigation-take-back-free", value=False)
def test_a_group_may_make_taking_a_token_back_an_action(core, tale):
    game = quarter(core, tale, **{"investigation-take-back-free": False})
    table = game.table
    ezra = table.investigator(EZRA)
    assert place_investigation(table, ezra.location or "")
    option = next(o for o in offered(game) if o == TakeBackToken(EZRA))
    assert option.label.endswith("(1 Action)")
    hand = len(ezra.hand)
    do(game, option)
    assert len(ezra.hand) == hand - 1
    assert table.location_tokens[ezra.location or ""]["investigation"] == 0


@ruling("prisoner-escort-falls")
def test_an_escort_who_dies_leaves_the_prisoner_where_they_fell_and_says_so(core, tale):
    game = quarter(core, tale)
    events = escorted_by_ezra_who_dies(game)
    removed = next(i for i, e in enumerate(events) if isinstance(e, InvestigatorRemoved))
    assert PrisonerChanged("old-obed", "freed", "quay", None) in events[removed:]
    said = [line.text for e in events for line in render_lines(game, e)]
    assert "Old Obed: left at The Quay, in no one's charge." in said


def render_lines(game: Game, event: object) -> list:
    from tales.ui.render import render_event

    return render_event(event, game.view)  # type: ignore[arg-type]


@ruling("prisoner-escort-falls")
def test_another_investigator_there_may_take_them_on(core, tale):
    game = quarter(core, tale)
    escorted_by_ezra_who_dies(game)
    table = game.table
    table.investigator(PHILIP).location = "street"
    assert TAKE_ON not in offered(game), "Philip is not where Old Obed fell"
    table.investigator(PHILIP).location = "quay"
    option = next(o for o in offered(game) if o == TAKE_ON)
    assert option.label == "Philip Harris takes on Old Obed"
    do(game, option)
    assert table.prisoners["old-obed"].escort == PHILIP and escorted(table, "old-obed")
    assert TAKE_ON not in offered(game)
    table.investigator(PHILIP).location = "street"
    assert prisoner_at(table, "old-obed") == "street"


@ruling("prisoner-escort-falls")
def test_a_prisoner_may_be_taken_on_with_an_encounter_under_way_there_or_elsewhere(core, tale):
    game = quarter(core, tale)
    escorted_by_ezra_who_dies(game)
    table = game.table
    table.investigator(PHILIP).location = "quay"
    start_encounter(table, WATCH, "street")
    assert TAKE_ON in offered(game)
    start_encounter(table, WATCH, "quay")
    assert TAKE_ON in offered(game), "taking an arm is no fight"


def test_a_held_prisoner_is_freed_by_the_story_not_taken_on(core, tale):
    game = quarter(core, tale)
    game.table.investigator(PHILIP).location = "net-loft"
    assert TAKE_ON not in offered(game), "Old Obed is held: the story frees him"


@ruling("prisoner-escort-falls")
def test_a_prisoner_left_by_a_dead_escort_is_still_there_to_take_on_after_a_reload(
    core, tale, tmp_path
):
    from tales.saves.fields import Fields
    from tales.saves.load import read_sheet
    from tales.saves.restore import restore
    from tales.saves.session import new_context, start_saved
    from tales.saves.store import SaveFiles

    files = SaveFiles.named(tmp_path, "quarter")
    context = new_context("quarter", MAP_TALE, SETUP.scenario, tale.content_hash)
    saved = start_saved(lambda: quarter(core, tale), files, context, core)
    escorted_by_ezra_who_dies(saved.game)
    saved.game.table.investigator(PHILIP).location = "quay"
    while saved.game.pending is not None and saved.game.table.round == 1:
        pending = saved.game.pending
        saved.apply("end-round" if "end-round" in pending.ids else pending.ids[0])
    fields = Fields(str(files.sheet))
    back = restore(read_sheet(files, core).data, fields, core, tale, fresh_seed=0)
    assert back is not None, [str(p) for p in fields.problems]
    obed = back.table.prisoners["old-obed"]
    assert (obed.at, obed.escort, obed.fate) == ("quay", None, "freed")
    assert TAKE_ON in activity_options(back.table, back.book)
