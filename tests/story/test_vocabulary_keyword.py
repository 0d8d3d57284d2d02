"""``keyword("WORD")`` in conditions: on the Keyword sheet, a Companion's own
keyword ("The keyword SEA is also counted as validated"), or the sheet
keyword of a living player standing where the actor stands."""

from __future__ import annotations

from tales.story.core import Core
from tales.story.state import StoryState
from tales.story.vocabulary import Vocabulary
from tests.conftest import table_for


def _keyword(vocabulary: Vocabulary, word: str) -> bool:
    return bool(vocabulary["keyword"](word))


def test_keyword_reads_the_sheet_companions_and_players_where_the_actor_stands(
    core: Core,
) -> None:
    table = table_for(core, ["arthur-blackwood", "ezra-marsh"], ["irene-dubois"])
    arthur, ezra, irene = (
        table.investigator(s) for s in ("arthur-blackwood", "ezra-marsh", "irene-dubois")
    )
    arthur.location, ezra.location = "dock", "dock"
    state = StoryState()
    by_arthur = Vocabulary(state, table, arthur)
    nobody = Vocabulary(state, table, None)
    assert _keyword(by_arthur, arthur.sheet.keyword)  # the actor's own
    assert _keyword(by_arthur, ezra.sheet.keyword)  # beside the actor
    assert _keyword(by_arthur, irene.sheet.keyword) and _keyword(nobody, irene.sheet.keyword)
    assert not _keyword(nobody, ezra.sheet.keyword)  # no one acting: no one stands anywhere
    ezra.location = "church"
    assert not _keyword(by_arthur, ezra.sheet.keyword)  # elsewhere
    assert _keyword(Vocabulary(state, table, arthur, at="church"), ezra.sheet.keyword)
    ezra.location, ezra.dead = "dock", True
    assert not _keyword(by_arthur, ezra.sheet.keyword)  # a dead player's keyword is gone
    assert not _keyword(by_arthur, "LANTERN")
    table.keywords.add("LANTERN")
    assert _keyword(by_arthur, "LANTERN") and _keyword(nobody, "LANTERN")
