"""Write the script of the golden transcript ``campaign-through-saves``: the
campaign-tale fixture played by the sensible bot from its prologue to its
epilogue, one ``tales play`` a scenario, each loading the sheet the one
before saved between scenarios (tests/data/transcripts/campaign-through-saves.*).

    python tools/make_campaign_script.py     # then: python tools/record_transcripts.py

The keys are the ones the prompt shows (tales.ui.keys), so the script reads
as a player would type it. Run it again only when the fixture changes.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tales.authoring.bots import POLICIES  # noqa: E402
from tales.saves.session import SavedGame, load_saved, new_context, start_saved  # noqa: E402
from tales.saves.store import SaveFiles  # noqa: E402
from tales.story.cache import load_tale_cached  # noqa: E402
from tales.story.core import load_core  # noqa: E402
from tales.story.game import start_game  # noqa: E402
from tales.ui.keys import Keys  # noqa: E402
from tales.ui.setup import Choices, complete  # noqa: E402

CASE = ROOT / "tests" / "data" / "transcripts" / "campaign-through-saves"
TALE = ROOT / "tests" / "data" / "campaign-tale"
TEAM = ("ezra", "philip")
COMPANIONS = ("irene", "laszlo")
SEED = 56  # its sensible players board the boat, carry the harbour key on, free the boy
NEXT = "--- next"  # the line between two invocations' commands


def _keys_played(saved: SavedGame, rng: random.Random) -> list[str]:
    keys, typed = Keys(), []
    while (pending := saved.game.pending) is not None:
        chosen = POLICIES["sensible"](pending, saved.game.view, rng)
        key = next(k for k, oid in _shown(keys, pending).items() if oid == chosen.id)
        typed.append(key)
        saved.apply(chosen.id)
    return typed


def _shown(keys: Keys, pending: object) -> dict[str, str]:
    keys.assign(pending)  # type: ignore[arg-type]
    return keys.shown


def main() -> None:
    core = load_core()
    tale, problems = load_tale_cached(TALE)
    assert tale is not None, problems
    choices = Choices(None, None, "standard", 2, TEAM, COMPANIONS, SEED)
    setup = complete(core, tale, choices)
    rng = random.Random(SEED)
    sections: list[list[str]] = []
    with tempfile.TemporaryDirectory() as folder:
        files = SaveFiles.named(Path(folder), "campaign")
        context = new_context("campaign", TALE, setup.scenario, tale.content_hash)
        saved = start_saved(lambda: start_game(core, tale, setup), files, context, core)
        sections.append(_keys_played(saved, rng))
        while saved.game.next_scenario is not None:
            saved, _ = load_saved(files, core)
            sections.append(_keys_played(saved, rng))
    script = f"\n{NEXT}\n".join("\n".join(keys) for keys in sections) + "\n"
    CASE.with_suffix(".script").write_text(script, encoding="utf-8")
    print(f"wrote {len(sections)} sections, {sum(map(len, sections))} inputs")


if __name__ == "__main__":
    main()
