"""Issue 15: the prompt says what is on the table and reads input safely."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from tales.cli import cli
from tales.saves.session import load_saved, new_context, start_saved
from tales.saves.store import SaveFiles
from tales.story.cache import load_tale_cached
from tales.story.core import Core, tale_path
from tales.story.game import Game, start_game
from tales.story.model import Tale
from tales.ui import ending, views
from tales.ui.play import PlayLoop
from tales.ui.session import status_bar
from tales.ui.setup import COMPANION, Choices, complete, investigator_line
from tales.ui.words import article, count, first_sentence, plural, words
from tests.ui.conftest import FakeConsole, MakeGame

TO_PREPARED_TEST = ("story:ezra-marsh:2:0", "story:ezra-marsh:5:0")
TRANSCRIPTS = Path(__file__).resolve().parents[1] / "data" / "transcripts"


def test_words_count_and_articles() -> None:
    assert count(1, "card") == "1 card" and count(2, "card") == "2 cards"
    assert count(1, "white die") == "1 white die" and count(3, "white die") == "3 white dice"
    assert count(1, "error") == "1 error" and plural("success", 2) == "successes"
    assert article("ADVANTAGE token") == "an ADVANTAGE token"
    assert article("skull") == "a skull" and article("The Drowned Choir") == "The Drowned Choir"


def test_the_time_track_says_space_of_spaces_and_rounds_left(game: Game) -> None:
    spaces = len(game.view.scenario.board.spaces) if game.view.scenario else 0
    left = spaces - game.view.time
    assert (
        views.time_track(game.view) == f"{game.view.time} of {spaces}, {count(left, 'round')} left"
    )
    assert views.time_lines(game.view)[0].kind == "message"


def test_time_lists_the_event_board_thresholds_still_to_be_read(core: Core) -> None:
    """The board lies open on the table: a newcomer could not find what the
    next TENTACLE token would set off, and kept one that read 140. Each
    threshold still to come, with the count now; one read is gone."""
    reef, _ = load_tale_cached(tale_path("the-reef-ledger"))
    assert reef is not None
    game = start_game(core, reef, complete(core, reef, Choices(seed=3)))
    texts = [line.text for line in views.time_lines(game.view)]
    assert texts[1] == "Event board thresholds still to be read:"
    assert "  2 TENTACLE tokens (0 now): paragraph 140" in texts
    assert "  2 STAR tokens (0 now), on spaces 2 to 8: paragraph 143" in texts
    scenario = game.table.scenario
    assert scenario is not None
    first = scenario.board.thresholds[0]
    game.table.fired.add(first)
    again = [line.text for line in views.time_lines(game.view)]
    assert len(again) == len(texts) - 1
    assert f"paragraph {first.paragraph}" not in " ".join(again)


def test_time_command_and_status_show_the_track(loop: PlayLoop, console: FakeConsole) -> None:
    loop.handle("time")
    assert console.take()[0].text.startswith("Time track: space 1 of ")
    loop.handle("status")
    assert "rounds left" in console.take()[0].text


def test_no_encounter_is_said_plainly(loop: PlayLoop, console: FakeConsole) -> None:
    loop.handle("encounter")
    assert [line.text for line in console.take()] == ["No encounter is under way."]


def test_log_shows_the_campaign_log_and_counters(loop: PlayLoop, console: FakeConsole) -> None:
    loop.handle("log")
    texts = [line.text for line in console.take()]
    assert texts[0] == "Campaign log:" and texts[-1].startswith("Counters:")


def test_clues_lists_each_kind_found(loop: PlayLoop, console: FakeConsole) -> None:
    loop.handle("clues")
    texts = [line.text for line in console.take()]
    assert texts[0].startswith("Clues found:") or texts[0].startswith("Clue found:")
    assert any(t.startswith("Information found:") for t in texts)


def test_read_n_reads_a_paragraph_again_and_refuses_one_unread(
    loop: PlayLoop, console: FakeConsole, game: Game
) -> None:
    loop.run()  # shows the opening and remembers what was read
    console.take()
    loop.handle("read 1")
    shown = console.take()
    assert shown[0].text == "-- Paragraph 1 --"
    assert "Ruth Pardee met your train" in " ".join(line.text for line in shown)
    loop.handle("read 999")
    assert console.take()[0].text == "Paragraph 999 is not among those read; 'read' lists them."
    loop.handle("read twelve")
    assert "Read takes a paragraph number" in console.take()[0].text


@pytest.mark.parametrize("typed", ["3 please", "1 2"])
def test_a_number_with_more_words_is_refused_not_read_as_the_number(
    loop: PlayLoop, console: FakeConsole, game: Game, typed: str
) -> None:
    before = list(game.inputs)
    loop.handle(typed)
    lines = console.take()
    assert len(lines) == 1 and "is not read as" in lines[0].text
    assert game.inputs == before


def test_r_rolls_and_card_numbers_stay_put_in_a_test(
    loop: PlayLoop, console: FakeConsole, game: Game
) -> None:
    for option in TO_PREPARED_TEST:
        assert loop.handle(option)
    loop.show_decision(force=True)
    first = dict(loop.keys.shown)
    assert first["r"] == "roll"
    card_key = next(k for k, oid in first.items() if oid.startswith("play:"))
    loop.handle(card_key)
    loop.show_decision(force=True)
    after = loop.keys.shown
    assert card_key not in after, "the card played leaves, its number is not reused"
    assert {k: v for k, v in first.items() if v in after.values()} == {
        k: v for k, v in after.items() if k in first
    }
    loop.handle("r")
    assert game.inputs[-1] == "roll"


def test_the_activity_numbers_stay_put_when_an_ability_is_used(loop: PlayLoop, game: Game) -> None:
    """ "You may activate your Ability at any time": the team's question is
    asked again without that option, and no other option takes its number."""
    loop.show_decision(force=True)
    first = dict(loop.keys.shown)
    key = next(k for k, oid in first.items() if oid.startswith("ability:"))
    assert loop.handle(key)
    assert game.pending is not None and game.pending.prompt.startswith("Round 1")
    loop.show_decision(force=True)
    after = loop.keys.shown
    assert key not in after, "the ability used leaves, its number is not reused"
    assert all(first[k] == oid for k, oid in after.items() if k in first)


def test_the_activity_numbers_start_afresh_after_an_activity(loop: PlayLoop, game: Game) -> None:
    """Only an Ability keeps the numbers: after a real activity the new
    question is numbered from 1 again, with no gaps."""
    loop.show_decision(force=True)
    move = next(k for k, oid in loop.keys.shown.items() if oid.startswith("move:"))
    assert loop.handle(move)
    assert game.pending is not None
    loop.show_decision(force=True)
    numbers = sorted(int(k) for k in loop.keys.shown if k.isdecimal())
    assert numbers == list(range(1, len(numbers) + 1))


def test_an_unknown_command_in_a_script_fails_the_run_naming_its_line(
    tmp_path: Path,
) -> None:
    script = tmp_path / "script.txt"
    script.write_text("status\nstauts\n", encoding="utf-8")
    result = CliRunner(env={"TALES_SAVES": str(tmp_path)}).invoke(
        cli, ["play", "the-drowned-bell", "--seed", "5", "--players", "1", "--script", str(script)]
    )
    assert result.exit_code == 1
    assert "Line 2 was not understood: 'stauts'." in result.output


def test_help_lists_the_new_commands_and_the_terms(loop: PlayLoop, console: FakeConsole) -> None:
    loop.handle("help")
    text = "\n".join(line.text for line in console.take())
    for command in ("encounter", "log", "read [N]", "clues", "time"):
        assert f"  {command}" in text
    assert "Rule terms: ABILITY, ACTIONS, ADVANTAGE, ASSIST, BLEEDING" in text


def test_odds_after_the_roll_says_where_the_test_stands(
    loop: PlayLoop, console: FakeConsole, game: Game
) -> None:
    for option in (*TO_PREPARED_TEST, "r"):
        assert loop.handle(option)
    pending = game.pending
    assert pending is not None and pending.kind.in_test and pending.kind != "prepare"
    console.take()
    loop.handle("odds")
    (line,) = console.take()
    assert line.text.startswith("The dice are down: ") and "needed" in line.text


@pytest.mark.parametrize(
    ("typed", "term"),
    [
        ("stratagem", "STRATAGEM"),
        ("exploration rate", "EXPLORATION RATE"),
        ("Event-Board", "EVENT BOARD"),
        ("companion", "COMPANIONS"),
        ("HEROISM", "HEROISM"),
    ],
)
def test_help_knows_the_rulebook_terms(
    loop: PlayLoop, console: FakeConsole, typed: str, term: str
) -> None:
    loop.handle(f"help {typed}")
    (line,) = console.take()
    assert line.text.startswith(f"{term}: ") and line.kind != "warning"


def test_rule_terms_complete_after_help(loop: PlayLoop) -> None:
    offered = loop.completions()
    assert {"help STRATAGEM", "help EXPLORATION RATE", "help VITALITY"} <= set(offered)


def _into_an_encounter(core: Core, tale: Tale) -> Game:
    """The golden good-ending game, played until its first enemy is in play."""
    choices = Choices(
        scenario="bell-house",
        difficulty="standard",
        players=2,
        investigators=("ezra", "philip"),
        companions=("irene", "arthur"),
        seed=21,
    )
    game = start_game(core, tale, complete(core, tale, choices))
    loop = PlayLoop(game, FakeConsole())
    for line in (TRANSCRIPTS / "good-ending.script").read_text(encoding="utf-8").splitlines():
        loop.handle(line)
        if game.view.encounters:
            return game
    raise AssertionError("the good ending meets no enemy")


def test_encounter_shows_enemy_path_tokens_and_round_end(core: Core, tale: Tale) -> None:
    game = _into_an_encounter(core, tale)
    console = FakeConsole()
    PlayLoop(game, console).handle("encounter")
    texts = [line.text for line in console.take()]
    state = next(iter(game.view.encounters.values()))
    assert texts[0].startswith(f"{state.encounter.name} at ")
    assert f"{state.encounter.enemy.name}." in texts[0]
    assert texts[1].startswith("  Combat: deal ") and "Stratagem:" in texts[1]
    assert texts[-1].startswith("  At the end of the round: ")
    bar = status_bar(game)
    assert views.encounter_text(state) in bar and " left)" in bar


def test_the_ending_summary_adds_up_to_the_rate(core: Core, tale: Tale) -> None:
    game = _into_an_encounter(core, tale)
    lines = [line.text for line in ending.rate_lines(game.view)]
    parts = [int(t.rsplit("= ", 1)[1]) for t in lines if " x " in t]
    assert lines[-1] == f"  {sum(parts)} of the 90 points that make 100%."
    assert any("survivors x 5 = 20" in t for t in lines)
    assert plural("piece of information", 2) == "pieces of information"


def test_the_ending_summary_says_what_is_carried_and_why_own_points_stop_at_100(
    core: Core, tale: Tale
) -> None:
    """ "The most dedicated players can even exceed 100% exploration by
    carrying over their achievements from one scenario to the next": a
    scenario's own points over its 100% rate 100% (a playtest read "100%"
    beside "126 of the 120 points"), and points carried in are counted."""
    game = _into_an_encounter(core, tale)
    own = sum(int(t.rsplit("= ", 1)[1]) for t in _rates(game) if " x " in t)
    game.table.scenario = replace(
        game.table.scenario, exploration=replace(game.table.scenario.exploration, full=own - 1)
    )
    assert _rates(game)[-1].startswith("  A scenario's own points rate at most 100%")
    game.book.continues_campaign, game.book.carried_points = True, 7
    lines = _rates(game)
    assert lines[-2:] == [
        "  7 points carried from the campaign's earlier scenarios",
        f"  {own + 7} of the {own - 1} points that make 100%.",
    ]


def _rates(game: Game) -> list[str]:
    return [line.text for line in ending.rate_lines(game.view)]


@pytest.mark.parametrize(
    ("text", "first"),
    [
        (
            "Dr. Sarah Elington is at St. Mary's Hospital. She works nights.",
            "Dr. Sarah Elington is at St. Mary's Hospital.",
        ),
        ("H. P. wrote it. Then he left.", "H. P. wrote it."),
        ("One sentence only", "One sentence only"),
    ],
)
def test_the_first_sentence_is_whole(text: str, first: str) -> None:
    assert first_sentence(text) == first


def test_the_setup_lists_tracks_keyword_and_says_what_a_companion_is(core: Core) -> None:
    sarah = next(s for s in core.investigators.values() if s.name == "Sarah Elington")
    line = investigator_line("sarah", sarah)
    assert "VITALITY 5, SANITY 7; keyword MEDICINE" in line
    assert line.endswith(
        "St. Mary's Hospital in Arkham, and the one the night porters wake when "
        "something comes in that they do not like the look of."
    )
    assert COMPANION.startswith("The team is always four: a Companion is an investigator")


def test_check_counts_one_error_in_the_singular(tmp_path: Path) -> None:
    from tales.ui.words import count as counted

    assert counted(1, "error") == "1 error" and counted(0, "warning") == "0 warnings"
    result = CliRunner().invoke(cli, ["check"])
    assert result.output.splitlines()[-1].startswith("0 errors, ")


@pytest.mark.parametrize("width", [60, 120, 400])
def test_the_status_bar_shows_every_player_whatever_the_width(
    make_game: MakeGame, width: int
) -> None:
    """A playtest's bar was cut at 120 columns after the second of three
    investigators: the bar now takes the lines it needs, none wider than the
    terminal, and every player's tracks are on it."""
    game = make_game(players=3, investigators=("ezra", "sarah", "laszlo"))
    lines = status_bar(game, width).split("\n")
    assert all(len(line) <= width for line in lines)
    shown = " ".join(lines)
    for inv in game.view.players():
        first = inv.name.split()[0]
        assert f"{first} V{inv.vitality} S{inv.sanity}" in shown
    assert lines[0].startswith(" Round 1 | time 1")
    if width == 400:
        assert len(lines) == 1, "a wide terminal keeps the one line"


def test_the_log_is_shown_in_the_campaigns_order_after_a_save_and_reload(
    core: Core, tmp_path: Path
) -> None:
    """A playtest's `log` listed The Reef Ledger's sections alphabetically
    ("The eight", "The gale", ...): they come in the order the tale declares
    them, the order of the three nights, before a save and after its reload."""
    tale, problems = load_tale_cached(tale_path("the-reef-ledger"))
    assert tale is not None, problems
    choices = Choices(players=1, investigators=("ezra",), seed=3, scenario="the-settling")
    game = start_game(core, tale, complete(core, tale, choices))
    expected = [s for s in tale.log_sections if s in game.view.campaign_log]
    assert len(expected) > 3

    def shown(game: Game) -> list[str]:
        texts = [line.text for line in views.log_lines(game.view)][1:-1]
        return [text.split(":")[0].strip() for text in texts]

    assert shown(game) == [words(s).capitalize() for s in expected]
    files = SaveFiles.named(tmp_path, "order")
    root = tale_path("the-reef-ledger")
    context = new_context("order", root, "the-settling", tale.content_hash)
    start_saved(lambda: game, files, context, core).close()
    loaded, _ = load_saved(files, core)
    assert shown(loaded.game) == [words(s).capitalize() for s in expected]
    loaded.close()


def test_a_no_to_undo_or_rewind_says_nothing_changed(
    core: Core, tale: Tale, make_game: MakeGame, tmp_path: Path
) -> None:
    """A question answered no is said as such, not left silent (playtest 7)."""
    game = make_game()
    context = new_context("nay", tale_path("the-drowned-bell"), "bell-house", tale.content_hash)
    saved = start_saved(lambda: game, SaveFiles.named(tmp_path, "nay"), context, core)
    console = FakeConsole(confirm=False)
    loop = PlayLoop(saved.game, console, saved=saved)
    loop.handle("checkpoint here")
    loop.handle("1")
    loop.handle("2")
    console.take()
    loop.handle("undo 2")
    assert [line.text for line in console.take()] == ["Nothing was taken back."]
    loop.handle("rewind here")
    assert [line.text for line in console.take()] == ["Not rewound: the game goes on from here."]
    assert len(saved.game.inputs) == 2
    saved.close()


def test_an_option_that_only_tells_a_paragraph_read_says_so(game: Game) -> None:
    """Playtest 7: options that were done stay on the menu. One leading to a
    paragraph read, which only tells (no effects, nothing after it), is
    marked; a test, or an option that does something, is not."""
    from tales.ui.screens import decision_lines

    def labels() -> list[str]:
        assert game.pending is not None
        return [line.text for line in decision_lines(game.pending, game.view)[1:]]

    [look] = [o for o in game.pending.options if o.label.endswith("Gauge the tide on the bar")]
    assert not any("already read" in text for text in labels())
    game.push(look)
    marked = [text for text in labels() if text.endswith("(already read)")]
    assert marked == [f"  {labels().index(marked[0]) + 1}. {look.label} (already read)"]
