"""Read chains and goto chains without Python recursion: a self-reading
paragraph and 600 nested reads are a check error and a clean stop in play;
long goto chains check without error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.hostile.conftest import SECONDS, _bounded, no_traceback, tales

PARAGRAPH = "cove/paragraphs/cove.yaml"
LAMP = "  text: The lamp burns.\n  effects: [{keyword: LAMP}]"


def _edit(tale: Path, new: str, extra: str = "") -> None:
    path = tale / PARAGRAPH
    text = path.read_text(encoding="utf-8")
    assert LAMP in text
    path.write_text(text.replace(LAMP, new) + extra, encoding="utf-8")


def test_a_paragraph_that_reads_itself(tale: Path) -> None:
    _edit(tale, LAMP.replace("LAMP}]", "LAMP}, {read: 3}]"))
    checked = tales("check", str(tale))
    assert (
        checked.returncode == 1 and "error[E211]" in checked.stdout and "3 -> 3" in checked.stdout
    )
    played = tales("play", str(tale), "--no-save", "--seed", "1", stdin="1\n")
    assert "the story loops" in played.stdout + played.stderr
    # The game cannot go on from a broken story, and says why rather than
    # "The game is over: ." (issue 21).
    assert "The game is over: it cannot go on, paragraph" in played.stdout, played.stdout
    assert "The game is over: ." not in played.stdout
    for result in (checked, played):
        no_traceback(result)


def test_600_nested_reads(tale: Path) -> None:
    chain = "".join(
        f"{n}:\n  text: Deeper.\n  effects: [{{read: {n + 1}}}]\n" for n in range(1001, 1600)
    )
    _edit(tale, LAMP.replace("LAMP}]", "LAMP}, {read: 1001}]"), chain + "1600: The bottom.\n")
    checked = tales("check", str(tale))
    assert checked.returncode == 1 and "nested 101 deep" in checked.stdout
    played = tales("play", str(tale), "--no-save", "--seed", "1", stdin="1\n")
    assert "the story loops" in played.stdout + played.stderr
    for result in (checked, played):
        no_traceback(result)


def test_a_1500_paragraph_goto_chain_checks(tale: Path) -> None:
    _edit(tale, LAMP + "\n  goto: 1001")
    chain = "".join(f"{n}: {{text: On., goto: {n + 1}}}\n" for n in range(1001, 2500))
    (tale / "cove/paragraphs/chain.yaml").write_text(chain + "2500: The end.\n")
    result = tales("check", str(tale))
    assert result.returncode == 0, result.stdout
    no_traceback(result)


_CHAIN = """
from tales.authoring.check import _deep_reads, _goto_loops
from tales.story.model import Effect, Paragraph
count = 100_000
chain = {n: Paragraph(n, "On.", goto=n + 1) for n in range(1, count)}
chain[count] = Paragraph(count, "The end.")
assert list(_goto_loops(chain)) == [] and list(_deep_reads(chain)) == []
chain[count] = Paragraph(count, "Back.", goto=1)
assert len(list(_goto_loops(chain))) == 1
reads = {n: Paragraph(n, "In.", effects=(Effect("read", n + 1),)) for n in range(1, count)}
reads[count] = Paragraph(count, "The bottom.")
assert len(list(_deep_reads(reads))) == 1
print("ok")
"""


def test_a_100000_paragraph_chain_is_checked_without_recursion() -> None:
    """The graph checks themselves, on 100,000 paragraphs (the round-trip
    YAML reader, not these checks, is what makes such a tale slow to load)."""
    done = subprocess.run(
        [sys.executable, "-c", _CHAIN],
        capture_output=True,
        text=True,
        timeout=SECONDS,
        preexec_fn=_bounded,
        check=False,
    )
    assert done.stdout.strip() == "ok", done.stderr[-2000:]


def test_a_1500_paragraph_goto_chain_plays_to_its_end(tale: Path) -> None:
    """What `tales check` passes plays: a goto chain longer than a thousand
    paragraphs is read to its end, not refused as a loop (issue 16)."""
    _edit(tale, LAMP + "\n  goto: 1001")
    chain = "".join(f"{n}: {{text: Step {n}., goto: {n + 1}}}\n" for n in range(1001, 2500))
    (tale / "cove/paragraphs/chain.yaml").write_text(chain + "2500: The chain ends here.\n")
    played = tales("play", str(tale), "--no-save", "--seed", "1", stdin="1\n")
    assert "The chain ends here." in played.stdout, played.stdout[-2000:]
    assert "the story loops" not in played.stdout + played.stderr
    no_traceback(played)
