"""The play loop (tales/ui/play.py) driven through a fake console.

From the issue: "No input at the prompt, however malformed, crashes the game
or loses progress" and "end of input quits cleanly, exit 0". A number picks
that option, an option id works, a bad line gets one line with a hint.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest

from tales.rules.teststate import TestState
from tales.story.game import Game
from tales.ui.play import HELP, TERMS, PlayLoop
from tales.ui.render import Line
from tests.ui.conftest import FakeConsole, MakeGame

# Irene alone, seed 3: ending every round plays out the time track (paragraph 25).
TIME_RUNS_OUT = ["end-round", "1", "end-round", "1", "1"] + ["end-round", "1"] * 4
TO_PREPARED_TEST = ("story:ezra-marsh:2:0", "story:ezra-marsh:5:0")


def state(game: Game) -> tuple[dict[str, Any], int]:
    """Everything a line could change: the table and the inputs recorded."""
    return game.table.snapshot(), len(game.inputs)


def test_a_number_chooses_that_option(game: Game, loop: PlayLoop, console: FakeConsole) -> None:
    pending = game.pending
    assert pending is not None
    assert loop.handle("1") is True
    assert game.inputs == [pending.options[0].id] == ["story:ezra-marsh:2:0"]
    assert "Ezra Marsh goes to The Boat Shed." in console.text


def test_an_option_id_works_as_a_command(game: Game, loop: PlayLoop) -> None:
    assert loop.handle("  move:ezra-marsh:nave ") is True
    assert game.inputs == ["move:ezra-marsh:nave"]
    pending = game.pending
    assert pending is not None and pending.prompt == "Move to The Bethel Nave: pay 1 Action"


@pytest.mark.parametrize(
    ("line", "warning"),
    [
        ("0", "There is no option 0: choose 1 to 7."),
        ("8", "There is no option 8: choose 1 to 7."),
        ("123456789", "There is no option 123456789: choose 1 to 7."),
        ("\uff18", "There is no option 8: choose 1 to 7."),  # a full-width 8, read as 8
        ("-1", "'-1' is neither an option number nor a command. Type 'help'."),
        ("1.5", "'1.5' is neither an option number nor a command. Type 'help'."),
        ("xyzzy", "'xyzzy' is neither an option number nor a command. Type 'help'."),
        ("MOVE:EZRA-MARSH:NAVE", None),
        ("\x1b[2J\x07", None),
        ("\u4f60\u597d \U0001f991 caf\u00e9", None),
    ],
)
def test_a_bad_line_gives_one_warning_and_changes_nothing(
    game: Game, loop: PlayLoop, console: FakeConsole, line: str, warning: str | None
) -> None:
    """Out-of-range numbers and gibberish: one warning line, the game unchanged."""
    before = state(game)
    assert loop.handle(line) is True
    shown = console.take()
    assert len(shown) == 1 and shown[0].kind == "warning", shown
    if warning is not None:
        assert shown[0].text == warning
    assert state(game) == before


def test_did_you_mean_for_a_misspelt_command(loop: PlayLoop, console: FakeConsole) -> None:
    """Issue: "bad input -> one line with did-you-mean"."""
    assert loop.handle("hnd") is True
    assert console.take() == [
        Line(
            "'hnd' is neither an option number nor a command. Did you mean 'hand'? Type 'help'.",
            "warning",
        )
    ]


def test_did_you_mean_an_option_id(loop: PlayLoop, console: FakeConsole) -> None:
    loop.handle("end-rond")
    assert "Did you mean 'end-round'?" in console.take()[0].text


def test_help_lists_every_command(loop: PlayLoop, console: FakeConsole) -> None:
    loop.handle("help")
    lines = console.take()
    assert lines[0] == Line(
        "Type an option's number to choose it (r rolls in a test). Commands:", "heading"
    )
    assert [line.text for line in lines[1:-3]] == [f"  {text}" for text in HELP.values()]
    assert "help BLEEDING" in lines[-3].text
    assert lines[-2].text.startswith("Rule terms: ")
    assert lines[-1].text.startswith("Storybook pieces: ")


@pytest.mark.parametrize("topic", ["BLEEDING", "bleeding", "  Bleeding "])
def test_help_on_a_rule_term(loop: PlayLoop, console: FakeConsole, topic: str) -> None:
    loop.handle(f"help {topic}")
    assert console.take() == [Line(f"BLEEDING: {TERMS['BLEEDING']}.")]


def test_help_end_of_round_says_cards_may_be_kept(loop: PlayLoop, console: FakeConsole) -> None:
    """Rulebook, End of Round: "If, for some reason, you wish to keep a card or
    cards in your hand, you may do so. Those cards are still part of your hand
    limit for the next round." The help said every card was shuffled back, and
    then the game asked "keep cards for the next round?"."""
    loop.handle("help END OF ROUND")
    (line,) = console.take()
    assert "may keep cards left in hand for the next round" in line.text
    assert "count toward its hand limit" in line.text
    assert "every card is shuffled back" not in line.text


@pytest.mark.parametrize("topic", ["eased", "EASED BY", "hardened"])
def test_help_explains_eased_and_hardened_tests(
    loop: PlayLoop, console: FakeConsole, topic: str
) -> None:
    """`help eased` said "No help on 'eased'" though tests are announced as eased."""
    loop.handle(f"help {topic}")
    (line,) = console.take()
    assert line.kind != "warning" and ("EASED:" in line.text or "HARDENED:" in line.text)
    assert "Item" in line.text and "keyword" in line.text


def test_help_on_a_command(loop: PlayLoop, console: FakeConsole) -> None:
    loop.handle("help odds")
    assert console.take() == [Line(HELP["odds"])]


def test_help_on_nonsense_says_so(game: Game, loop: PlayLoop, console: FakeConsole) -> None:
    before = state(game)
    loop.handle("help nonsense")
    assert console.take() == [
        Line("No help on 'nonsense'. 'help' lists the rule terms it knows.", "warning")
    ]
    loop.handle("help BLEEDNG")
    assert console.take() == [Line("No help on 'BLEEDNG'. Did you mean BLEEDING?", "warning")]
    assert state(game) == before


@pytest.mark.parametrize(
    "command", ["status", "hand", "map", "keywords", "items", "log", "options"]
)
def test_every_view_shows_something_and_changes_nothing(
    game: Game, loop: PlayLoop, console: FakeConsole, command: str
) -> None:
    before = state(game)
    assert loop.handle(command) is True
    junk = "" if command == "hand" else " with junk after it"  # hand takes a name
    assert loop.handle(command.upper() + junk) is True
    lines = console.take()
    assert lines and not any(line.kind == "warning" for line in lines)
    assert state(game) == before


def test_hand_of_one_player_or_a_warning_for_a_stranger(
    make_game: MakeGame, console: FakeConsole
) -> None:
    loop = PlayLoop(make_game(players=2, investigators=("ezra", "arthur")), console)
    loop.handle("hand arthur")
    text = [line.text for line in console.take()]
    assert text[0].startswith("Arthur Blackwood's hand") and not any("Ezra" in t for t in text)
    loop.handle("hand nobody")
    lines = console.take()
    assert lines[0] == Line(
        "No player's investigator is called 'nobody'; showing every hand.", "warning"
    )
    assert sum(line.kind == "heading" for line in lines) == 2


def test_odds_outside_a_test_says_so(game: Game, loop: PlayLoop, console: FakeConsole) -> None:
    before = state(game)
    loop.handle("odds")
    assert console.take() == [
        Line(
            "There is no test under way; odds are shown at each step of a test.",
            "warning",
        )
    ]
    assert state(game) == before


def test_odds_in_a_prepared_test_prints_the_exact_chance(
    game: Game, loop: PlayLoop, console: FakeConsole
) -> None:
    for option in (*TO_PREPARED_TEST, "play:ezra-marsh-09", "play:ezra-marsh-12"):
        assert loop.handle(option)
    pending = game.pending
    assert pending is not None and pending.kind == "prepare"
    assert isinstance(pending.context, TestState)
    chance = pending.context.chance(game.table)
    console.take()
    before = state(game)
    loop.handle("odds")
    (line,) = console.take()
    found = re.search(r"\((\d+)/(\d+)\)", line.text)
    assert found is not None, line
    assert Fraction(int(found[1]), int(found[2])) == chance == Fraction(961, 23328)
    assert line.text == (
        "If you rolled now: 4.1% to pass (961/23328), with 2 white dice and "
        "0 sure successes for 4 needed."
    )
    assert state(game) == before


def test_an_empty_line_shows_the_options_again(
    game: Game, loop: PlayLoop, console: FakeConsole
) -> None:
    before = state(game)
    loop.handle("   ")
    lines = console.take()
    pending = game.pending
    assert pending is not None
    assert lines[0] == Line(pending.prompt, "heading")
    assert sum(line.kind == "option" for line in lines) == len(pending.options)
    assert state(game) == before


def test_quit_confirmed_ends_the_game(game: Game) -> None:
    console = FakeConsole(["quit", "1"], confirm=True)
    assert PlayLoop(game, console).run() == 0
    assert console.questions == ["Leave the game? It is not being saved."]
    assert console.commands == ["1"], "nothing is read after leaving"
    assert game.inputs == []


def test_quit_not_confirmed_goes_on(game: Game) -> None:
    console = FakeConsole(["quit", "1"], confirm=False)
    assert PlayLoop(game, console).run() == 0
    assert len(console.questions) == 1
    assert game.inputs == ["story:ezra-marsh:2:0"]
    assert console.lines[-1] == Line("End of input: the game stops here.")


def test_end_of_input_returns_zero(game: Game) -> None:
    """Issue: "end of input quits cleanly, exit 0"."""
    console = FakeConsole([])
    assert PlayLoop(game, console).run() == 0
    assert console.prompts == ["[1 to 7 or a command] > "]
    assert console.lines[-1] == Line("End of input: the game stops here.")
    assert "-- Paragraph 1 --" in console.text, "the opening paragraphs are shown first"


def test_a_game_played_to_its_end_says_so(make_game: MakeGame) -> None:
    game = make_game(seed=3, investigators=("irene",))
    console = FakeConsole([*TIME_RUNS_OUT, "never read"])
    assert PlayLoop(game, console).run() == 0
    assert game.engine.finished
    over = Line("The game is over: the story ends at paragraph 25.", "heading")
    summary = console.lines[console.lines.index(over) + 1 :]
    texts = [line.text for line in summary]
    assert texts[0].startswith("Lived: ") and texts[1].startswith("Died: ")
    assert "Exploration, element by element:" in texts
    assert any(t.endswith("of the 90 points that make 100%.") for t in texts)
    assert console.commands == ["never read"]


def test_read_lists_the_paragraphs_read(game: Game) -> None:
    console = FakeConsole(["read"])
    PlayLoop(game, console).run()
    start = console.text.index("Paragraphs read so far ('read N' reads one again):")
    log = console.text[start:].splitlines()[1:5]
    assert [line.split(":")[0].strip() for line in log] == ["1", "2", "7", "12"]
    assert log[0] == "  1: Ruth Pardee met your train at the Ipswich..."


def test_completions_offer_commands_option_ids_names_and_terms(loop: PlayLoop) -> None:
    offered = loop.completions()
    assert {"status", "help", "quit", "odds"} <= set(offered)
    assert {"end-round", "move:ezra-marsh:nave", "ezra-marsh", "BLEEDING"} <= set(offered)


def test_a_huge_number_is_a_bad_option_not_a_crash(
    game: Game, loop: PlayLoop, console: FakeConsole
) -> None:
    """Issue: "No input at the prompt, however malformed, crashes the game"."""
    before = state(game)
    assert loop.handle("9" * 5000) is True
    shown = console.take()
    assert len(shown) == 1 and shown[0].kind == "warning"
    assert state(game) == before
