"""The Travel Guide on a real prompt_toolkit session: Tab completes, Ctrl-D asks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from prompt_toolkit.completion import CompleteEvent, WordCompleter
from prompt_toolkit.document import Document
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

from tales.guide.components import Components
from tales.guide.kinds import Kind
from tales.guide_ui.helptext import FOR_KIND, TOPICS, help_lines
from tales.guide_ui.loop import Loop
from tales.guide_ui.screens import completions
from tales.guide_ui.session import GuideSession, GuideSetup
from tales.ui.consoles import TerminalConsole
from tales.ui.render import Line

ENTER, CTRL_D = "\r", "\x04"


class Recorded(TerminalConsole):
    def __init__(self, keyboard: PipeInput) -> None:
        super().__init__(session_options={"input": keyboard, "output": DummyOutput()})
        self.lines: list[str] = []

    def show(self, lines: list[Line]) -> None:
        self.lines += [line.text for line in lines]
        super().show(lines)


@pytest.fixture
def keyboard() -> Iterator[PipeInput]:
    with create_pipe_input() as pipe:
        yield pipe


def test_choices_complete_and_ctrl_d_leaves_once_confirmed(
    components: Components, keyboard: PipeInput
) -> None:
    session = GuideSession(components, GuideSetup(seed=3), [])
    console = Recorded(keyboard)
    keyboard.send_text("help" + ENTER + "5" + ENTER + CTRL_D + "y" + ENTER)
    keyboard.close()
    assert Loop(session, console, art=True, private=True).run() == 0
    assert TOPICS["dice"] in console.lines, "help: the rule of the draft"
    assert session.inputs == ["tourist-die:5"]
    completer = console.session.completer  # the last decision's: the second die
    assert isinstance(completer, WordCompleter)

    def complete(text: str) -> list[str]:
        document = Document(text, len(text))
        return [c.text for c in completer.get_completions(document, CompleteEvent())]

    assert complete("hel") == ["help"] and complete("4") == ["4"] and complete("5") == []


def test_every_decision_and_every_ruling_has_help(components: Components) -> None:
    assert set(FOR_KIND) == set(Kind)
    rulings = components.rulings
    for kind in Kind:
        assert help_lines("", rulings, kind)[0] == TOPICS[FOR_KIND[kind]]
    for ruling in rulings.rulings.values():
        assert help_lines(ruling.id, rulings, None)[1] == ruling.rationale
    assert "no help on 'xyzzy'" in help_lines("xyzzy", rulings, None)[0]


def test_the_dice_help_tells_the_draft_as_the_rules_do() -> None:
    """1.3: "In a two-player game the second player moves both dice"; 1.4:
    the first player takes the second die. The help once said each player
    takes one."""
    said = TOPICS["dice"]
    assert "the second player sets two aside" in said
    assert "the first player takes a second die" in said and "each takes one" not in said


def test_drawings_complete_as_they_are_typed(components: Components) -> None:
    session = GuideSession(components, GuideSetup(seed=3), ["tourist-die:5", "tourist-die:4"])
    session.play("55")
    words = completions(session.pending)
    assert "55n 65w" in words and not any("+" in w for w in words)
    assert session.translate("55n 65w") == "draw:55n+65w"
