"""Reading aloud (issue 20): each paragraph spoken as it is read, words only;
``stop`` and ``again``; no engine means one clear line, never a crash."""

from __future__ import annotations

import pytest

from tales.story.game import Game
from tales.ui.play import PlayLoop
from tales.ui.session import TableChoices
from tales.ui.voice import NO_ENGINE, Espeak, Narrator, VoiceChoice, find_engine, spoken_words
from tests.ui.conftest import FakeConsole


class FakeEngine:
    """Records what it was asked to say; fails on demand."""

    def __init__(self, *, broken: bool = False) -> None:
        self.said: list[str] = []
        self.stops = 0
        self.broken = broken

    def say(self, text: str) -> None:
        if self.broken:
            raise OSError("no audio device")
        self.said.append(text)

    def stop(self) -> None:
        self.stops += 1
        if self.broken:
            raise OSError("no audio device")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("**The bell** sounds.", "The bell sounds."),
        ("-- Paragraph 12 --", "Paragraph 12"),
        ("Take ezra-marsh-03 (move:ezra-marsh:nave) now", "Take now"),
        ("Tokens: skull:2 | star:1 #", "Tokens"),
        ("<b>Bold</b> and {{ keyword('SEA') }} text", "Bold and text"),
        ("It comes up \u2014 slow and thick \u2014 through the stones.",
         "It comes up, slow and thick, through the stones."),
        ('"Find out who," she said.', '"Find out who," she said.'),
        ("Ruth Pardee's Storm Lantern", "Ruth Pardee's Storm Lantern"),
        ("", ""),
    ],
)  # fmt: skip
def test_narration_speaks_words_only(text: str, words: str) -> None:
    assert spoken_words(text) == words


def test_each_paragraph_read_is_spoken(game: Game) -> None:
    engine, console = FakeEngine(), FakeConsole(["again", "stop", "quit"])
    loop = PlayLoop(game, console, narrator=Narrator(engine))
    loop.run()
    assert engine.said, "the opening paragraphs are read aloud"
    assert "Ruth Pardee met your train" in engine.said[0]
    assert not any("--" in said or "*" in said for said in engine.said)
    assert engine.said[-1] == engine.said[0], "again reads the last paragraphs once more"
    assert engine.stops >= 1


def test_a_broken_engine_never_stops_the_game(game: Game) -> None:
    console = FakeConsole(["again", "stop", "1"])
    loop = PlayLoop(game, console, narrator=Narrator(FakeEngine(broken=True)))
    assert loop.run() == 0


def test_stop_and_again_without_a_voice_say_how_to_get_one(game: Game) -> None:
    console = FakeConsole(["again", "stop"])
    PlayLoop(game, console).run()
    assert console.text.count("tales play --voice reads it") == 2


def test_no_speech_engine_is_one_clear_line() -> None:
    def no_pyttsx3() -> object:
        raise ImportError("No module named 'pyttsx3'")

    assert find_engine(VoiceChoice(), which=lambda _: None, pyttsx3_init=no_pyttsx3) is None


def test_the_voice_asked_for_without_an_engine_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("tales.ui.session.find_engine", lambda choice: None)
    narrator, lines = TableChoices(voice=True).narrator()
    assert narrator is None and [line.text for line in lines] == [NO_ENGINE]
    assert "\n" not in NO_ENGINE and "espeak-ng" in NO_ENGINE
    assert TableChoices().narrator() == (None, []), "off by default"


def test_espeak_ng_is_run_with_the_voice_and_rate_picked() -> None:
    engine = find_engine(VoiceChoice("en-gb", 150), which=lambda _: "/usr/bin/espeak-ng")
    assert isinstance(engine, Espeak)
    assert engine.command("Hello there.") == [
        "/usr/bin/espeak-ng", "-v", "en-gb", "-s", "150", "--", "Hello there."
    ]  # fmt: skip


def test_pyttsx3_is_used_when_espeak_ng_is_not_installed() -> None:
    class Driver:
        def __init__(self) -> None:
            self.properties: dict[str, object] = {}

        def setProperty(self, name: str, value: object) -> None:
            self.properties[name] = value

    driver = Driver()
    engine = find_engine(
        VoiceChoice("english", 170), which=lambda _: None, pyttsx3_init=lambda: driver
    )
    assert engine is not None and type(engine).__name__ == "Pyttsx3"
    assert driver.properties == {"voice": "english", "rate": 170}
