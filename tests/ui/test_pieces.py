"""``status``, ``map`` and ``help`` show a storybook's pieces (issue 18):
the Group token, the prisoners, the Investigation tokens and the barriers,
in words, only where the scenario has them. Screens read as a player
would: the lines as printed."""

from __future__ import annotations

import pytest

from tales.rules.prisoners import free, place_investigation
from tales.rules.statuses import change_track
from tales.rules.terms import Track
from tales.story.core import Core, load_core
from tales.story.game import Game, GameSetup, start_game
from tales.story.model import Tale
from tales.ui.play import PlayLoop
from tests.ui.conftest import FakeConsole, MakeGame

ARTHUR, ELIZABETH = "arthur-blackwood", "elizabeth-hawthorne"


@pytest.fixture
def settling(core: Core, reef_ledger: Tale) -> Game:
    setup = GameSetup(
        "the-settling", (ARTHUR, ELIZABETH), ("ezra-marsh", "irene-dubois"), "easy", 7
    )
    return start_game(core, reef_ledger, setup)


def shown(game: Game, command: str) -> list[str]:
    console = FakeConsole()
    PlayLoop(game, console).handle(command)
    return [line.text for line in console.take()]


def at_the_garage(game: Game) -> None:
    """Both at Wick's Garage, hidden, Abel Wick freed in Arthur's charge,
    a token in Deacon Orne's study."""
    table = game.table
    table.revealed |= {"wicks-garage", "deacons-house", "fountain-square", "old-depot"}
    for inv in table.players():
        inv.location = "wicks-garage"
    assert table.group is not None
    table.group.at, table.group.hidden = "wicks-garage", True
    assert free(table, table.investigator(ARTHUR), "abel-wick")
    assert place_investigation(table, "deacons-house")


def test_status_shows_the_group_the_supply_the_barriers_and_each_prisoner(settling):
    at_the_garage(settling)
    lines = shown(settling, "status")
    pieces = lines[lines.index("The group (Group token) is at Wick's Garage, hidden.") :]
    assert pieces[:4] == [
        "The group (Group token) is at Wick's Garage, hidden.",
        "Investigation tokens: 2 of 3 in the supply; on the map: Deacon Orne's House.",
        "Barriers: 1 barrier between The Culvert Mouth and The Packet Wharf; "
        "2 barriers between The Fellowship Hall and The Hall Cellar.",
        "Prisoners:",
    ]
    assert "  Abel Wick: freed, in Arthur Blackwood's charge, at Wick's Garage." in pieces
    assert pieces[-1] == (
        "  Held somewhere not yet found: Dan Hollis, Hannah Pease, Nell Dunning, "
        "Lavinia Hoxie, Lucy Gedney, Enoch Lunt, Mercy Sargent."
    )


def test_map_shows_who_and_what_lies_at_each_place(settling):
    at_the_garage(settling)
    lines = shown(settling, "map")
    assert (
        "  Wick's Garage; here: Arthur Blackwood, Elizabeth Hawthorne; the group is here "
        "(hidden); Abel Wick (freed, with Arthur Blackwood)"
    ) in lines
    assert "  Deacon Orne's House; 1 Investigation token" in lines
    assert lines[-1] == "Investigation tokens: 2 of 3 in the supply."


def test_a_dead_escorts_prisoner_is_shown_in_no_ones_charge(settling):
    at_the_garage(settling)
    arthur = settling.table.investigator(ARTHUR)
    change_track(settling.table, arthur, Track.VITALITY, -arthur.vitality, "a test")
    assert "  Abel Wick: freed, in no one's charge, at Wick's Garage." in shown(settling, "status")
    assert any("Abel Wick (freed, in no one's charge)" in line for line in shown(settling, "map"))


def test_a_barrier_on_the_map_is_said_on_the_way_it_closes(settling):
    table = settling.table
    table.revealed |= {"fellowship-hall", "hall-cellar"}
    lines = shown(settling, "map")
    hall = lines.index("  The Fellowship Hall")
    assert "The Hall Cellar (2 barriers across)" in lines[hall + 1]


def test_a_scenario_without_pieces_shows_none(make_game: MakeGame):
    game = make_game()
    text = "\n".join(shown(game, "status") + shown(game, "map"))
    for word in ("Group token", "Prisoners", "Investigation", "Barriers", "barrier"):
        assert word not in text


@pytest.mark.parametrize(
    ("topic", "term"),
    [
        ("group", "GROUP"),
        ("prisoner", "PRISONER"),
        ("investigation", "INVESTIGATION"),
        ("barrier", "BARRIER"),
        ("investigation token", "INVESTIGATION"),
        ("prisoners", "PRISONER"),
    ],
)
def test_help_explains_each_piece(make_game: MakeGame, topic: str, term: str):
    (line,) = shown(make_game(), f"help {topic}")
    assert line.startswith(f"{term}: ") and "Did you mean" not in line


def test_help_describes_an_item_card_by_its_name(make_game: MakeGame):
    """`help Trench Shotgun` gave no help; `items` shows only "Trench Shotgun
    (3 uses, hand)". Rulebook, Weapons: its attribute and base damage."""
    game = make_game(players=2, investigators=("arthur", "ezra"))
    for topic in ("Trench Shotgun", "the trench shotgun", "trench-shotgun"):
        lines = shown(game, f"help {topic}")
        assert lines[0] == (
            "Trench Shotgun: a two-handed weapon; each attack with it is a STRENGTH test, "
            "deals its base Damage of 2 plus 1 for each Success, and spends a use; "
            "3 uses when found."
        ), lines
        assert lines[1].startswith("The card: A pump gun brought home from France")
        assert lines[2] == "Arthur Blackwood carries it in hand, 3 uses left."
    # Carried by no one, a starting item is still the box's card, with its
    # owner's name on the back: it is told (a scenario's card is not, below).
    box = PlayLoop(make_game(), FakeConsole(), box=load_core())
    box.handle("help Trench Shotgun")
    lines = [line.text for line in box.console.take()]  # type: ignore[attr-defined]
    assert lines[0].startswith("Trench Shotgun: a two-handed weapon")
    assert lines[2] == "Arthur Blackwood's starting item; no one carries it now."
    assert shown(make_game(), "help Trench Shotgun")[0].startswith("No help on"), "no box"


def test_help_names_a_story_item_once_found_even_after_it_has_left_the_team(
    make_game: MakeGame,
):
    """A storybook's item card is named by help once found this scenario,
    carried or not (a key spent, a clapper given up); before, it is a card
    the team has yet to find and help does not name it."""
    from tales.rules.activities import gain_item, lose_item
    from tales.rules.exploration import find_element

    game = make_game()
    table = game.table
    topic = "help the Tongue of Patience"
    assert shown(game, topic)[0].startswith("No help on"), "not found yet"
    clapper = table.scenario.items["bell-clapper"]
    ezra = table.investigator("ezra-marsh")
    find_element(table, "item", "bell-clapper")
    gain_item(table, ezra, clapper)
    lines = shown(game, topic)
    assert lines[0] == (
        "The Tongue of Patience: an item; spend a use for 1 more white die in a POWER test; "
        "2 uses when found."
    )
    assert lines[1].startswith("The card: An iron clapper")
    assert lines[2] == "Ezra Marsh carries it in the backpack, 2 uses left."
    lose_item(table, ezra, "bell-clapper")
    assert shown(game, topic)[2] == "Found in this scenario; no one carries it now."


def test_help_lists_the_pieces(make_game: MakeGame):
    lines = shown(make_game(), "help")
    assert (
        "Storybook pieces: BARRIER, GROUP, INVESTIGATION, LOCATION TOKEN, PRISONER, VEHICLE."
    ) in lines


def test_each_prisoner_of_the_settling_has_one_name(reef_ledger):
    """The marker's name, the log's words and the slug agree: "Lavinia Hoxie:
    freed" was followed by "eliza hoxie freed" (playtest 6)."""
    from tales.ui.words import words

    prisoners = reef_ledger.scenarios["the-settling"].scenario.prisoners
    assert len(prisoners) == 8
    for slug, prisoner in prisoners.items():
        assert words(slug) == prisoner.name.lower(), slug


def test_a_prisoners_fate_is_logged_in_the_name_the_marker_prints(settling):
    from tales.story.state import LogEntryRecorded
    from tales.ui.render import render_event

    (line,) = render_event(LogEntryRecorded("the-eight", "lavinia-hoxie-freed"), settling.view)
    assert line.text == "Recorded in the campaign log under The eight: Lavinia Hoxie freed."
    settling.book.state.log["the-eight"] = {"lavinia-hoxie-freed": False}
    assert "  The eight: Lavinia Hoxie freed." in shown(settling, "log")
