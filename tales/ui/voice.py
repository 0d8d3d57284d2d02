"""Reading the storybook aloud (``tales play --voice``).

Each paragraph is spoken as it is read, in words only: :func:`spoken_words`
strips symbols, ids and markup. The speech engine is espeak-ng run directly
when it is installed, else whatever the system offers through pyttsx3 (the
optional extra ``tales[voice]``); with neither, one line says so and the
game goes on silent. ``stop`` at the prompt silences the voice, ``again``
reads the last paragraph once more.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from tales.records import record

if TYPE_CHECKING:  # run only when a paragraph is read aloud (--voice)
    import subprocess

NO_ENGINE = (
    "No speech engine is installed, so the game is not read aloud: install espeak-ng "
    "(apt-get install espeak-ng) or pip install 'tales[voice]'."
)

_MARKUP = re.compile(r"<[^>]*>|\{[{%#].*?[}%#]\}|\[[^\]]*\]\([^)]*\)")
_ID = re.compile(r"\b[\w-]+(?::[\w+,-]+)+|\b[a-z]+(?:-[a-z0-9]+)*-\d+\b")
_SYMBOLS = re.compile(r"[^\w\s.,;:!?'\"()-]|_")
_DASHES = re.compile(r"\s-{2,}\s*|\s-\s")


def spoken_words(text: str) -> str:
    """What the voice says of ``text``: words and the punctuation that
    paces them; no markup, no ids (``ezra-marsh-03``, ``move:a:b``), no
    symbols (``*``, ``#``, ``|``), one space between words."""
    text = _MARKUP.sub(" ", text)
    text = _ID.sub(" ", text)
    text = re.sub(r"\(\s*\)", " ", text)  # the brackets an id stood in
    text = text.replace("\u2014", ", ").replace("\u2013", ", ")
    text = _SYMBOLS.sub(" ", text)
    text = _DASHES.sub(", ", f" {text} ")
    text = re.sub(r"\s+([.,;:!?])", r"\1", text)
    text = re.sub(r"([,;:])(?:\s*[,;:])+", r"\1", text)
    return " ".join(text.split()).strip(" ,;:")


class SpeechEngine(Protocol):
    """Something that speaks: espeak-ng, pyttsx3, or a test's fake."""

    def say(self, text: str) -> None:
        """Start speaking ``text``, stopping what was being said."""
        ...

    def stop(self) -> None: ...


@record
class VoiceChoice:
    """The voice the player picked: a voice name and words a minute."""

    name: str | None = None
    rate: int | None = None


class Espeak:
    """espeak-ng, run directly; each paragraph a process that can be stopped."""

    def __init__(self, binary: str, choice: VoiceChoice) -> None:
        self.binary, self.choice = binary, choice
        self.process: subprocess.Popen[bytes] | None = None

    def command(self, text: str) -> list[str]:
        args = [self.binary]
        if self.choice.name:
            args += ["-v", self.choice.name]
        if self.choice.rate:
            args += ["-s", str(self.choice.rate)]
        return [*args, "--", text]

    def say(self, text: str) -> None:
        import subprocess  # only with --voice: not on every start of tales play

        self.stop()
        self.process = subprocess.Popen(
            self.command(text), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait()
        self.process = None


class Pyttsx3:
    """The system's speech through pyttsx3, speaking on a thread of its own."""

    def __init__(self, engine: object, choice: VoiceChoice) -> None:
        self.engine: object = engine
        if choice.name:
            getattr(engine, "setProperty")("voice", choice.name)  # noqa: B009 - untyped library
        if choice.rate:
            getattr(engine, "setProperty")("rate", choice.rate)  # noqa: B009
        self.thread: threading.Thread | None = None

    def say(self, text: str) -> None:
        self.stop()
        engine = self.engine

        def speak() -> None:
            getattr(engine, "say")(text)  # noqa: B009
            getattr(engine, "runAndWait")()  # noqa: B009

        self.thread = threading.Thread(target=speak, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        if self.thread is not None and self.thread.is_alive():
            getattr(self.engine, "stop")()  # noqa: B009


def find_engine(
    choice: VoiceChoice,
    which: Callable[[str], str | None] = shutil.which,
    pyttsx3_init: Callable[[], object] | None = None,
) -> SpeechEngine | None:
    """espeak-ng when present, else pyttsx3, else None (never raises)."""
    binary = which("espeak-ng")
    if binary is not None:
        return Espeak(binary, choice)
    try:
        if pyttsx3_init is None:
            import pyttsx3  # type: ignore[import-not-found,unused-ignore]

            pyttsx3_init = pyttsx3.init
        assert pyttsx3_init is not None
        return Pyttsx3(pyttsx3_init(), choice)
    except Exception:
        return None


class Narrator:
    """Speaks each paragraph read; remembers the last for ``again``."""

    def __init__(self, engine: SpeechEngine) -> None:
        self.engine = engine
        self.last = ""

    def paragraphs(self, texts: list[str]) -> None:
        """Speak the paragraphs just read, one after the other."""
        words = " ".join(w for w in map(spoken_words, texts) if w)
        if words:
            self.last = words
            self._say(words)

    def again(self) -> bool:
        if not self.last:
            return False
        self._say(self.last)
        return True

    def stop(self) -> None:
        with contextlib.suppress(Exception):  # a speech failure never stops the game
            self.engine.stop()

    def _say(self, words: str) -> None:
        with contextlib.suppress(Exception):  # nor does a voice that fails to start
            self.engine.say(words)


def voice_commands(
    narrator: Narrator | None, say: Callable[[str], None]
) -> dict[str, Callable[[str], None]]:
    """``stop`` and ``again`` at the prompt."""

    def stop(_: str) -> None:
        if narrator is None:
            say("The game is not being read aloud; tales play --voice reads it")
        else:
            narrator.stop()

    def again(_: str) -> None:
        if narrator is None:
            say("The game is not being read aloud; tales play --voice reads it")
        elif not narrator.again():
            say("Nothing has been read aloud yet")

    return {"stop": stop, "again": again}
