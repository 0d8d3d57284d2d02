"""Write the script of the physical-table golden transcript from a digital
golden playthrough: the same game, with every face and card typed in where
the program asks, and a few wrong entries the game must refuse with the
reason and go on after (issue 20).

    python tools/make_physical_script.py        # writes tests/data/transcripts/physical-table.*
    python tools/record_transcripts.py physical-table

The game's own inputs come from tests/data/golden/drowned-bell-good-ending.yaml.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ruamel.yaml import YAML  # noqa: E402

from tales.authoring.physical import Entry, physical_inputs  # noqa: E402
from tales.story.core import load_core  # noqa: E402
from tales.story.game import GameSetup  # noqa: E402
from tales.story.loader import load_tale  # noqa: E402

GOLDEN = ROOT / "tests" / "data" / "golden" / "drowned-bell-good-ending.yaml"
CASE = ROOT / "tests" / "data" / "transcripts" / "physical-table"
ARGS = (
    "the-drowned-bell --scenario bell-house --difficulty standard --seed 21 --players 2 "
    "--investigator ezra --investigator philip --companion irene --companion arthur "
    "--dice physical --cards physical\n"
)


def script_lines(entries: list[Entry]) -> list[str]:
    """Each entry as typed, with wrong entries before the first roll and
    the second draw: a face no white die has, the wrong count of dice, a
    card already in hand, a card of another deck, a name two cards share."""
    lines: list[str] = ["codes"]
    first_card: str | None = None
    cards = rolls = 0
    for entry in entries:
        if entry.option_id.startswith("faces:"):
            rolls += 1
            if rolls == 1:
                lines += ["k k / k", "s s / k"]
        elif entry.option_id.startswith("drew:"):
            cards += 1
            if cards == 1:
                first_card = entry.option_id.removeprefix("drew:")
            elif cards == 2 and first_card is not None:
                lines += [first_card, "irene-dubois-01", "strength"]
        lines.append(entry.typed)
    return lines


def main() -> None:
    golden = YAML(typ="safe", pure=True).load(GOLDEN.read_text(encoding="utf-8"))
    tale, problems = load_tale(ROOT / golden["tale"])
    if tale is None:
        raise SystemExit("\n".join(map(str, problems)))
    s = golden["setup"]
    setup = GameSetup(
        s["scenario"], tuple(s["players"]), tuple(s["companions"]), s["difficulty"], s["seed"]
    )
    entries = physical_inputs(load_core(), tale, setup, golden["inputs"])
    CASE.with_suffix(".args").write_text(ARGS, encoding="utf-8")
    text = "\n".join(script_lines(entries)) + "\n"
    CASE.with_suffix(".script").write_text(text, encoding="utf-8")
    print(f"wrote {CASE.with_suffix('.script')} ({len(entries)} inputs)")


if __name__ == "__main__":
    main()
