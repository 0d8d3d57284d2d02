"""The Gannet Light's death paragraph (195) says where the death happened:
in the boat on the crossing, on the town's shore, or on the island. A
playtest (7) had an investigator die at the tiller in the harbor mouth and
read of "the rock" and "the lee of the wall" on an island no one had reached.
The price of each choice is the same in every place."""

from __future__ import annotations

import pytest

from tales.rules.decisions import Engine
from tales.rules.exploration import reveal_location
from tales.story.effects import parse_effect
from tales.story.game import Game, GameSetup, start_game
from tales.story.interpreter import StoryRead
from tales.story.model import Where
from tests.story.test_map_tale import to_activity

PHILIP = "philip-harris"
CREW = GameSetup(
    "gannet-light", (PHILIP,), ("ezra-marsh", "irene-dubois", "sarah-elington"), "standard", 5
)


def death_read_at(game: Game, place: str) -> tuple[str, list[str]]:
    """Paragraph 195 read by an investigator standing at ``place``: its text
    and the labels of its choices."""
    table = game.table
    reveal_location(table, place)
    reader = table.investigator(PHILIP)
    reader.location = place
    effect, _ = parse_effect({"read": 195}, Where("test"))
    assert effect is not None
    engine = Engine(game.book.apply(table, [effect], reader), table.sink)
    events = [*engine.opening_events, *table.sink.take()]
    [text] = [e.text for e in events if isinstance(e, StoryRead) and e.paragraph == 195]
    assert engine.pending is not None
    abilities = [o.label for o in engine.pending.options if "'s ability on " in o.label]
    return text, [o.label for o in engine.pending.options if o.label not in abilities]


@pytest.mark.parametrize(
    ("place", "says", "care"),
    [
        ("harbor-mouth", "The boat rides lighter by one", "lay them in the bottom of the boat"),
        ("north-channel", "The bottom boards are awash", "lay them in the bottom of the boat"),
        ("packet-wharf", "a plank\nof the wharf that gives", "carry them in out of the rain"),
        ("north-ledge", "on this island every grave is empty", "the lee of the wall"),
        ("boat-slip", "a sea\ncoming over the rock", "the lee of the wall"),
    ],
)
def test_the_death_is_told_where_it_happened(core, reef_ledger, place, says, care) -> None:  # type: ignore[no-untyped-def]
    game = start_game(core, reef_ledger, CREW)
    to_activity(game)
    text, labels = death_read_at(game, place)
    assert says in text
    assert [label for label in labels if label.startswith("Take the time")] == [
        next(label for label in labels if care in label)
    ], labels
    assert labels[-1] == "Leave them where they fell, and go on"
    assert len(labels) == 2, labels
    at_sea = place in ("harbor-mouth", "north-channel")
    assert ("lighter by one" in text) == at_sea
    assert ("every grave is empty" in text) == (place in ("north-ledge", "boat-slip"))
