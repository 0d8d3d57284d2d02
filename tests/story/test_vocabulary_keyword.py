"""``keyword("WORD")`` in conditions: on the Keyword sheet, a Companion's own
keyword ("The keyword SEA is also counted as validated"), or the sheet
keyword of a living player standing where the actor stands."""

from __future__ import annotations

from tales.story.core import Core
from tales.story.state import StoryState
from tales.story.vocabulary import Vocabularies, Vocabulary
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


def test_a_games_vocabularies_are_kept_per_actor_and_read_the_table_live(core: Core) -> None:
    """``Vocabularies`` keeps one vocabulary per actor, standpoint and
    encounter, keyed on those and checked against the very table, actor and
    story memory it was bound to: a change between two questions is seen
    (the words read live), another table or actor gets its own."""
    table = table_for(core, ["arthur-blackwood", "ezra-marsh"])
    arthur, ezra = table.investigator("arthur-blackwood"), table.investigator("ezra-marsh")
    arthur.location, ezra.location = "dock", "church"
    words = Vocabularies(StoryState())
    first = words.context(table, arthur)
    assert words.context(table, arthur) is first  # kept
    assert not first["keyword"]("LANTERN") and first["here"] == "dock"
    table.keywords.add("LANTERN")
    arthur.location = "church"
    assert words.context(table, arthur) is first
    assert first["keyword"]("LANTERN") and first["here"] == "church"  # seen at once
    assert words.context(table, ezra) is not first
    assert words.context(table, arthur, at="dock")["here"] == "dock"  # a standpoint's own
    words.encounter_at = "church"
    assert words.context(table, None)["here"] == "church"  # the encounter's narrative
    words.encounter_at = None
    other = table_for(core, ["arthur-blackwood", "ezra-marsh"])
    assert words.context(other, arthur) is not first  # another table (same slugs): rebound
    assert words.context(other, other.investigator("arthur-blackwood")).table is other
    words.state = StoryState()
    assert words.context(table, arthur) is not first  # another story memory: rebound
