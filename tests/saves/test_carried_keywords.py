"""The keywords a later scenario marks for what the campaign log holds
(``carry_keyword``, ruling ``carried-keywords-explored``) where they meet the
save: a round-end sheet says which marks they were, so a reloaded game rates
its exploration as the live one; a sheet naming one not on the Keyword sheet
is refused where it says so, and left as it was."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tales.errors import SheetError
from tales.rules.scoring import exploration_elements
from tales.saves.session import load_saved
from tales.saves.store import SaveFiles
from tales.story.core import Core, tale_path
from tales.story.game import GameSetup
from tales.story.model import Tale
from tests.conftest import ruling
from tests.saves.helpers import Bell, new_saved, picture, play_randomly

# Scenario III alone, on the standalone campaign its seed draws (here the
# second: Cobb commended, five marked faces).
SETTLING = GameSetup(
    "the-settling", ("ezra-marsh",), ("arthur-blackwood", "irene-dubois", "laszlo-varga"),
    "standard", 11, (("carried-keywords-explored", False),),
)  # fmt: skip


@ruling("carried-keywords-explored", value=False)
def test_the_marks_made_for_the_log_survive_a_round_end_sheet(
    core: Core, reef_ledger: Tale, saves: Path
) -> None:
    files = SaveFiles.named(saves, "settling")
    live = new_saved(core, Bell(tale_path("the-reef-ledger"), reef_ledger), SETTLING, files)
    carried = set(live.game.table.carried_keywords)
    assert carried == {"COBB", "MARKED"} and carried <= live.game.table.keywords
    rng = random.Random(3)
    while live.sheet.round_played < 1:
        play_randomly(live, rng, 1)
    assert "carried_keywords:" in files.sheet.read_text(encoding="utf-8")
    loaded, _ = load_saved(files, core)
    assert loaded.game.table.carried_keywords == live.game.table.carried_keywords == carried
    assert picture(loaded.game) == picture(live.game)
    elements = exploration_elements(loaded.game.table)
    assert elements["keyword"] == len(loaded.game.table.keywords - carried)
    loaded.close()
    live.close()


def test_a_carried_mark_not_on_the_keyword_sheet_is_refused(
    core: Core, reef_ledger: Tale, saves: Path
) -> None:
    files = SaveFiles.named(saves, "settling")
    live = new_saved(core, Bell(tale_path("the-reef-ledger"), reef_ledger), SETTLING, files)
    rng = random.Random(3)
    while live.sheet.round_played < 1:
        play_randomly(live, rng, 1)
    live.close()
    text = files.sheet.read_text(encoding="utf-8")
    typed = text.replace("carried_keywords: [", "carried_keywords: [CURFEW, ", 1)
    assert typed != text
    files.sheet.write_text(typed, encoding="utf-8")
    files.journal.unlink(missing_ok=True)
    before = files.sheet.read_bytes()
    with pytest.raises(SheetError) as refused:
        load_saved(files, core)
    assert files.sheet.read_bytes() == before
    [problem] = refused.value.problems
    assert problem.field == "digital.carried_keywords"
    assert "'CURFEW' is not marked on the Keyword sheet" in problem.message
    assert "CURFEW" in typed.splitlines()[problem.line - 1]
