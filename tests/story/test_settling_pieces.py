"""The Settling's own pieces where they meet the rest of the game (issue 18):
the Group token through moves and the curfew's encounters, the Investigation
tokens on a searched house, the prisoners when their escort falls. The
playtest of 2026-12-01 found each of these broken at a seam."""

from __future__ import annotations

from tales.rules.decisions import Engine
from tales.rules.terms import EventSymbol
from tales.story.game import Game, GameSetup, start_game
from tales.story.interpreter import StoryRead
from tales.story.model import Tale
from tales.story.options import StoryOption
from tests.conftest import ruling
from tests.story.playing import take_option

SCENARIO = "the-settling"
PHILIP, ELIZABETH = "philip-harris", "elizabeth-hawthorne"
SEARCH = 'location_token(here, "investigation") > 0'  # a search option's condition


def game_of(core, tale: Tale) -> Game:
    setup = GameSetup(SCENARIO, (PHILIP, ELIZABETH), ("irene-dubois", "ezra-marsh"), "standard", 3)
    game = start_game(core, tale, setup)
    while game.pending is not None and game.pending.kind != "activity":
        game.apply("draw" if "draw" in game.pending.ids else game.pending.ids[0])
    return game


def stand(game: Game, place: str, scene: int | None = None) -> None:
    """Everyone, and the Group token, at ``place`` (its inside ``scene`` read)."""
    for inv in game.table.players():
        inv.location = place
    assert game.table.group is not None
    game.table.group.at = place
    game.table.revealed.add(place)
    if scene is not None:
        game.book.state.scenes[place] = scene
        game.book.state.visited.add(scene)


def labels(game: Game) -> list[str]:
    return [o.label for o in game.book.options(game.table)]


def read(game: Game, number: int, time: int) -> None:
    game.table.time = time
    Engine(game.book.read(game.table, number), game.table.sink)


@ruling("group-moves-together")
def test_a_group_hidden_at_the_garage_is_in_the_open_once_it_walks_to_the_square(core, reef_ledger):
    game = game_of(core, reef_ledger)
    stand(game, "wicks-garage", 52)
    take_option(game, PHILIP, 52, labels_index(game, 52, "Get down between the dead cars"))
    group = game.table.group
    assert group is not None and group.hidden
    game.table.revealed.add("fountain-square")
    from tales.rules.group import move_group

    move_group(game.table, "fountain-square")
    assert not group.hidden, "the group walked out of its cover"
    read(game, 176, 3)  # seven o'clock: the first sweep
    assert 171 in game.book.state.visited and 172 not in game.book.state.visited


@ruling("group-moves-together")
def test_a_group_hidden_where_it_stands_is_passed_by_the_sweep(core, reef_ledger):
    game = game_of(core, reef_ledger)
    stand(game, "fountain-square", 26)
    take_option(game, PHILIP, 26, labels_index(game, 26, "Get into the shadow of the dry fountain"))
    read(game, 176, 3)
    assert 172 in game.book.state.visited and not game.table.encounters


def test_the_second_sweep_marks_a_group_in_the_open_once_the_curfew_men_are_beaten(
    core, reef_ledger
):
    """A playtest beat the Curfew Men (29) and then stood in the open on
    Fountain Square at 8:30: the sweep with the dog (179) found nothing, so
    the cover just paid for was wasted and the street was safe. The dog now
    finds them (198): the hall is told, `marked` rises by 1 and a skull is
    placed. Hidden, the sweep passes them by as before (172)."""
    game = game_of(core, reef_ledger)
    stand(game, "fountain-square", 26)
    game.book.state.visited.add(29)
    marked = game.book.state.counters.get("marked", 0)
    skulls = game.table.event_tokens[EventSymbol.SKULL]
    read(game, 179, 6)
    assert 198 in game.book.state.visited and 171 not in game.book.state.visited
    assert game.book.state.counters["marked"] == marked + 1
    assert game.table.event_tokens[EventSymbol.SKULL] == skulls + 1
    hidden = game_of(core, reef_ledger)
    stand(hidden, "fountain-square", 26)
    hidden.book.state.visited.add(29)
    take_option(hidden, PHILIP, 26, labels_index(hidden, 26, "Get into the shadow"))
    read(hidden, 179, 6)
    assert 172 in hidden.book.state.visited and 198 not in hidden.book.state.visited


@ruling("group-moves-together")
def test_the_fountain_hides_no_one_while_the_curfew_men_stand_over_it(core, reef_ledger):
    game = game_of(core, reef_ledger)
    stand(game, "fountain-square", 26)
    read(game, 176, 3)  # found in the open: The Curfew Men
    assert "fountain-square" in game.table.encounters
    assert not any("dry fountain" in label for label in labels(game))


HIDES = "group_may_hide and group_at == here"  # a cover option's condition


def test_every_cover_of_the_settling_costs_an_action(reef_ledger):
    """A playtest found cover free: the team hid at the end of every round
    and came out at the start of the next, so no curfew sweep ever found it
    and hiding was no choice at all. Getting into cover takes an Action;
    coming out of it is free (and the sweep that passes brings it out)."""
    covers = [
        option
        for paragraph in reef_ledger.scenarios[SCENARIO].paragraphs.values()
        for option in paragraph.options
        if option.condition == HIDES
    ]
    assert len(covers) == 11
    assert all(option.cost == 1 for option in covers), [o.label for o in covers if o.cost != 1]


@ruling("group-moves-together")
def test_cover_is_paid_for_and_not_offered_to_a_team_with_no_action_left(core, reef_ledger):
    game = game_of(core, reef_ledger)
    stand(game, "fountain-square", 26)
    philip = game.table.investigator(PHILIP)

    def spare() -> int:  # Action cards in Philip's hand, and Companions' markers
        return sum(1 for card in philip.hand if card.action) + sum(
            len(c.markers_left()) for c in game.table.companions()
        )

    before = spare()
    take_option(game, PHILIP, 26, labels_index(game, 26, "Get into the shadow of the dry fountain"))
    assert spare() == before - 1, "one Action, from a card or a marker"
    take_option(game, PHILIP, 26, labels_index(game, 26, "Come out from cover"))
    assert game.table.group is not None and not game.table.group.hidden
    assert any("dry fountain" in label for label in labels(game)), "still able to pay"
    for inv in game.table.players():
        inv.hand = [card for card in inv.hand if not card.action]
    for companion in game.table.companions():
        companion.markers_used.update(companion.markers_left())
    assert not any("dry fountain" in label for label in labels(game))


def labels_index(game: Game, scene: int, start: str) -> int:
    """The index, in the paragraph, of the option whose label starts so."""
    options = game.book.book.paragraphs[scene].options
    return next(i for i, o in enumerate(options) if o.label.startswith(start))


@ruling("investigation-supply")
def test_deacon_ornes_study_takes_no_token_once_it_is_searched(core, reef_ledger):
    game = game_of(core, reef_ledger)
    stand(game, "deacons-house", 93)
    take_option(game, PHILIP, 93, labels_index(game, 93, "Lay an Investigation token"))
    assert game.table.location_tokens["deacons-house"]["investigation"] == 1
    take_option(game, PHILIP, 93, labels_index(game, 93, "Search the study"))
    assert game.table.location_tokens["deacons-house"]["investigation"] == 0
    assert not any("Lay an Investigation token" in label for label in labels(game))


def test_every_lay_option_of_the_settling_closes_with_its_search(reef_ledger):
    """A token laid where the search is done could never be searched for."""
    paragraphs = reef_ledger.scenarios[SCENARIO].paragraphs
    lays = 0
    for paragraph in paragraphs.values():
        options = paragraph.options
        searches = [o for o in options if SEARCH in (o.condition or "")]
        for lay in (o for o in options if o.label.startswith("Lay an Investigation token")):
            lays += 1
            assert searches, lay.label
            for search in searches:
                assert search.goto is not None
                assert f"not visited({search.goto})" in (lay.condition or ""), lay.label
    assert lays == 6


def test_the_bus_out_with_abel_alone_counts_no_one_but_him(core, reef_ledger):
    """A newcomer freed Abel Wick in round 1 and drove straight out: 22 told
    of counting "them" up the bus steps past Abel, with no one but Abel
    there. It counts him alone, and the menu said beforehand that the bus
    ends the scenario."""
    game = game_of(core, reef_ledger)
    stand(game, "wicks-garage", 52)
    take_option(game, PHILIP, 52, labels_index(game, 52, "Untie Abel Wick"))
    assert any(
        label.endswith("drive out of Innsmouth (ends the scenario)") for label in labels(game)
    )
    bus = StoryOption(PHILIP, 52, labels_index(game, 52, "Get into the bus"))
    engine = Engine(game.book.perform(game.table, bus), game.table.sink)
    events = list(engine.opening_events)
    while not engine.finished:
        events += engine.apply(engine.legal_ids()[0])
    told = " ".join(
        " ".join(e.text.split()) for e in events if isinstance(e, StoryRead) and e.paragraph == 22
    )
    assert "no one to count up the bus steps behind Abel" in told
    assert "counted him out" in told and "past Abel" not in told
