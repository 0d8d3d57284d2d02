"""The prompt loop: the board drawn at a terminal, hot-seat turns behind a pass screen."""

from __future__ import annotations

from tales.guide.components import Components
from tales.guide.options import body
from tales.guide_ui.loop import Loop
from tales.guide_ui.session import GuideSession, GuideSetup
from tales.ui.render import Line


class Typed:
    """A console that answers from a list and keeps what it was shown."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = answers
        self.shown: list[str] = []
        self.asked: list[str] = []

    def show(self, lines: list[Line]) -> None:
        self.shown += [line.text for line in lines]

    def ask(self, prompt: str, completions: list[str]) -> str | None:
        self.asked.append(prompt)
        return self.answers.pop(0) if self.answers else None


def test_a_terminal_draws_the_board_and_redraws_it_after_a_drawing(
    components: Components,
) -> None:
    session = GuideSession(components, GuideSetup(seed=3), [])
    console = Typed(["5", "4", "55", "55n 65w"])
    assert Loop(session, console, art=True, private=False).run() == 0
    boards = [i for i, text in enumerate(console.shown) if text == "Traveller's board"]
    assert len(boards) >= 3
    drawn = console.shown[boards[-1] + 1 : boards[-1] + 21]
    assert any("▄▄▄▄▄" in line for line in drawn), "55n: the south bank road"
    assert any("┃" in line for line in drawn), "65w"
    assert "Traveller draws 55n 65w." in console.shown


def test_hot_seat_turns_are_handed_over_behind_a_pass_screen(components: Components) -> None:
    session = GuideSession(components, GuideSetup(players=2, seed=7), [])
    first = session.pending
    assert first is not None
    cleared: list[int] = []
    console = Typed([body(first.options[0]), ""])
    loop = Loop(session, console, art=False, private=True, clear=lambda: cleared.append(1))
    loop.run()
    assert any(p.startswith(f"{first.actor}: your turn is over") for p in console.asked)
    assert cleared, "the screen is cleared before the next player looks"


def test_the_pass_screen_lets_the_last_player_undo(components: Components) -> None:
    session = GuideSession(components, GuideSetup(players=2, seed=7), [])
    first = session.pending
    assert first is not None
    console = Typed([body(first.options[0]), "undo"])
    Loop(session, console, art=False, private=True).run()
    assert session.inputs == [] and "Your last input is taken back." in console.shown
    assert console.asked[-1] == f"{first.actor}> ", "the first player is asked again"


def _boards_between_inputs(console: Typed) -> list[int]:
    """How many boards were shown before each question, in the order asked."""
    counts, count = [], 0
    for text in console.shown:
        if text == "Traveller's board":
            count += 1
        elif text.startswith("Traveller: "):  # a question's heading: one input's screen ends
            counts.append(count)
            count = 0
    return counts


def test_the_board_is_shown_once_per_input_and_only_when_it_changed(
    components: Components,
) -> None:
    session = GuideSession(components, GuideSetup(seed=3), [])
    console = Typed(["5", "4", "55", "55n 65w", "board", "board"])
    Loop(session, console, art=False, private=False).run()
    assert max(_boards_between_inputs(console)) == 1, "never two boards for one input"
    shown = [i for i, text in enumerate(console.shown) if text == "Traveller's board"]
    boards = [console.shown[i + 1 : i + 3] for i in shown]
    changed = [b for b, before in zip(boards[1:], boards, strict=False) if b != before]
    assert len(boards) - len(changed) == 3, "the same board again only when asked (twice)"


def test_full_width_and_other_scripts_digits_are_read_as_ascii(components: Components) -> None:
    """An input method left in full width types U+FF15 for 5 and U+FF15 U+FF15
    U+FF4E for 55n: the ids are read as the same ASCII ones (Arabic-Indic
    U+0664 is 4), and so are the loop's own words (a full-width undo)."""
    typed = GuideSession(components, GuideSetup(seed=3), [])
    full_width_undo = "\uff55\uff4e\uff44\uff4f"
    drawing = "\uff15\uff15\uff4e 65\uff57"  # 55n 65w
    console = Typed(["\uff15", "\u0664", "\uff15\uff15", drawing, full_width_undo])
    Loop(typed, console, art=False, private=False).run()
    plain = GuideSession(components, GuideSetup(seed=3), [])
    for text in ("5", "4", "55"):
        plain.play(text)
    assert typed.inputs == plain.inputs, "the drawing was taken back by the full-width undo"
    assert "Your last input is taken back." in console.shown


def test_a_loaded_game_opens_on_its_round_so_far_not_the_first(components: Components) -> None:
    """A playtest loaded a game saved in round 4 and was shown round 1's
    header and dice: what a loaded game tells first is its own round, from
    the header on."""
    played = GuideSession(components, GuideSetup(players=2, seed=7), [])
    while played.view.round < 3:
        assert played.pending is not None
        played.play(body(played.pending.options[0]))
    loaded = GuideSession(components, GuideSetup(players=2, seed=7), list(played.inputs))
    console = Typed([])
    Loop(loaded, console, art=False, private=False).run()
    headers = [text for text in console.shown if text.startswith("-- Round ")]
    assert headers == ["-- Round 3 of 10 --"]
    assert console.shown[0] == "-- Round 3 of 10 --"


def test_the_city_map_is_told_in_words(components: Components) -> None:
    """Plain mode has no drawing to plan a route on (a playtest could not see
    colours or stars): 'city' tells the map, row by row, with this game's caches."""
    session = GuideSession(components, GuideSetup(seed=1), [])
    console = Typed(["city"])
    Loop(session, console, art=False, private=False).run()
    start = console.shown.index("The city map (district x then y: its colour, and stars if any)")
    rows = console.shown[start + 1 : start + 7]
    assert rows[0].startswith("  11 red, 21 green") and "51 yellow 3 stars" in rows[0]
    assert all(len(row.split(", ")) == 6 for row in rows)
    assert f"Caches ({session.game.cache_card.name}):" in " ".join(console.shown)
