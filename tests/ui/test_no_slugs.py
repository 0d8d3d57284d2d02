"""Issue 15, "Words, not ids": the player never reads a slug (``stress-03``,
``pocket-pistol``, ``low-water``) in what the game prints."""

from __future__ import annotations

import re
from pathlib import Path

from tales.story.cache import load_tale_cached
from tales.story.core import Core, tale_path

TRANSCRIPTS = Path(__file__).resolve().parents[1] / "data" / "transcripts"
NUMBERED = re.compile(r"\b[a-z]+(?:-[a-z]+)*-\d+\b")  # a card id: stress-03, ezra-marsh-12
# Lines that quote what the player chose or typed: the input echo, a save's name,
# the command line a transcript of several invocations shows before each.
QUOTED = ("> ", "Saved as ", "Loaded '", "$ tales ")


def _known_slugs(core: Core) -> set[str]:
    """Every hyphenated slug of the core box and the bundled tales, but for
    those the stories use as words ("the bus-stop step")."""
    slugs = {*core.investigators, *core.items}
    prose = ""
    for name in ("the-drowned-bell", "the-reef-ledger"):
        tale, _ = load_tale_cached(tale_path(name))
        assert tale is not None
        slugs.add(tale.id)
        for book in tale.scenarios.values():
            scenario = book.scenario
            slugs |= {book.id, *scenario.locations, *scenario.items, *scenario.encounters}
            slugs |= {*book.clues, *book.objectives}
            prose += " ".join(p.text for p in book.paragraphs.values())
    return {s for s in slugs if "-" in s and s not in prose}


def _player_lines() -> list[tuple[str, int, str]]:
    lines = []
    for golden in sorted(TRANSCRIPTS.glob("*.txt")):
        for number, line in enumerate(golden.read_text(encoding="utf-8").splitlines(), 1):
            if not line.startswith(QUOTED) and "--load" not in line:
                lines.append((golden.name, number, line))
    return lines


def test_no_card_id_is_printed() -> None:
    found = [f"{g}:{n}: {line}" for g, n, line in _player_lines() if NUMBERED.search(line)]
    assert not found, "\n".join(found[:10])


def test_no_slug_of_the_box_or_the_tales_is_printed(core: Core) -> None:
    slugs = _known_slugs(core)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(slugs))) + r")(?![\w-])")
    found = [f"{g}:{n}: {line}" for g, n, line in _player_lines() if pattern.search(line)]
    assert not found, "\n".join(found[:10])


def test_the_scan_sees_a_slug_when_there_is_one(core: Core) -> None:
    """The test can fail: a slug in a line is caught."""
    assert NUMBERED.search("Ezra Marsh draws a stress-03.")
    assert "flensing-spade" in _known_slugs(core) or "pocket-pistol" in _known_slugs(core)
