"""An encounter's narratives belong to their encounter (tales.story.interpreter).

"Regardless of the chosen path (Combat or Stratagems), at the end of the round,
you must proceed to the narrative indicated in the Storybook" -- "In the context
of Encounters, Status cards inflicted by the enemy affect all Investigators
present in the same location." Played on *The Reef Ledger*, whose square holds
two enemies: the Night Clerk in the Ropewalk Hotel (round end 27: press on and be
attacked, or back down) and the Loungers at the bus stop (defeated 28, round
end 29: stand and be attacked, or break through and end the encounter).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tales.rules.decisions import Engine
from tales.rules.encounters import round_end_narratives, start_encounter
from tales.rules.events import ReadParagraph, StatusCardGained
from tales.rules.round import settle
from tales.rules.terms import StatusToken
from tales.story.game import Game, GameSetup, start_game
from tales.story.loader import load_tale
from tales.ui.render import map_lines, status_lines
from tests.conftest import ruling

ROOT = Path(__file__).resolve().parents[2]
EZRA, MARGARET, PHILIP = "ezra-marsh", "margaret-sinclair", "philip-harris"
HOTEL, BUS_STOP, GROCERY = "ropewalk-hotel", "bus-stop", "grocery"


@pytest.fixture(scope="module")
def ledger():
    loaded, problems = load_tale(ROOT / "storybooks" / "the-reef-ledger")
    assert loaded is not None, problems
    return loaded


def square(core, ledger, last_actor: str) -> Game:
    """Ezra on the hotel stairs with the Clerk, Margaret at the bus stop with the
    Loungers, Philip in the grocery; ``last_actor`` acted last."""
    setup = GameSetup("low-water", (EZRA, MARGARET, PHILIP), ("arthur-blackwood",), seed=3)
    game = start_game(core, ledger, setup)
    table = game.table
    for slug, where in ((EZRA, HOTEL), (MARGARET, BUS_STOP), (PHILIP, GROCERY)):
        table.investigator(slug).location = where
    assert table.scenario is not None
    start_encounter(table, table.scenario.encounters["clerk-on-the-stairs"], HOTEL)
    start_encounter(table, table.scenario.encounters["loungers-close-in"], BUS_STOP)
    game.book.state.last_actor = last_actor
    table.sink.take()
    return game


def read_round_end(game: Game, choices: dict[int, str]) -> list[object]:
    """The encounters' round-end narratives, each paragraph's choice given."""
    table = game.table
    round_end_narratives(table)
    engine = Engine(settle(table, game.book), table.sink)
    events = list(engine.opening_events)
    while engine.pending is not None:
        number = int(engine.pending.prompt.split()[1].rstrip(":"))
        events += engine.apply(choices[number])
    return events


@ruling("actorless-narratives")
@pytest.mark.parametrize("last_actor", [EZRA, MARGARET, PHILIP])
def test_a_round_end_narrative_belongs_to_its_encounter(core, ledger, last_actor):
    """Two encounters at once: the Clerk's attack strikes the hotel, and breaking
    through the Loungers' ring ends the Loungers' encounter, whoever acted last."""
    game = square(core, ledger, last_actor)
    events = read_round_end(game, {27: "choice:0", 29: "choice:1"})  # press on; break through
    assert [e.paragraph for e in events if isinstance(e, ReadParagraph)] == [27, 29]
    struck = [(e.investigator, e.kind.value) for e in events if isinstance(e, StatusCardGained)]
    assert struck == [(EZRA, "STRESS")], "the Clerk strikes the one on his stairs, no one else"
    assert list(game.table.encounters) == [HOTEL], "the Loungers' encounter is the one ended"


@ruling("actorless-narratives")
def test_an_encounter_narrative_reaches_the_investigators_at_its_location(core, ledger):
    """One encounter, the last actor elsewhere: the Loungers' defeat narrative (28)
    gives ADVANTAGE to those `here`, the ones at the bus stop."""
    game = square(core, ledger, EZRA)
    table = game.table
    del table.encounters[HOTEL]
    table.read_later(28, "The Loungers overcome", BUS_STOP)
    engine = Engine(settle(table, game.book), table.sink)
    assert engine.finished
    holders = [p.slug for p in table.players() if p.has_token(StatusToken.ADVANTAGE)]
    assert holders == [MARGARET]


@ruling("abandoned-encounter")
def test_an_encounter_the_team_has_walked_away_from_waits_unread(core, ledger):
    """Nobody at the hotel: the Clerk's round-end narrative is not read and deals no
    card; the map and status say he waits there; once Ezra is back, it is read."""
    game = square(core, ledger, MARGARET)
    table = game.table
    table.investigator(EZRA).location = GROCERY
    events = read_round_end(game, {29: "choice:0"})  # stand by the fountain
    assert [e.paragraph for e in events if isinstance(e, ReadParagraph)] == [29]
    struck = {e.investigator for e in events if isinstance(e, StatusCardGained)}
    assert struck <= {MARGARET} and HOTEL in table.encounters
    shown = [line.text for line in map_lines(game.view) if line.text.startswith("  The Ropewalk")]
    assert shown == [
        "  The Ropewalk Hotel; an encounter waits here, and no one faces it: "
        "The Night Clerk of the Ropewalk"
    ]
    status = [line.text for line in status_lines(game.view) if line.text.startswith("The Night")]
    assert status == [
        "The Night Clerk of the Ropewalk at The Ropewalk Hotel: not yet fought; left behind: "
        "no one faces it, and its narrative waits until someone comes back."
    ]

    table.investigator(EZRA).location = HOTEL
    events = read_round_end(game, {27: "choice:0", 29: "choice:0"})
    assert [e.paragraph for e in events if isinstance(e, ReadParagraph)] == [27, 29]


def test_abilities_are_offered_at_a_story_choice(core, ledger):
    """ "You may activate your Ability at any time": the Clerk's round-end choice
    offers the team's abilities too, and asks again once one is used."""
    game = square(core, ledger, EZRA)
    table = game.table
    del table.encounters[BUS_STOP]
    round_end_narratives(table)
    engine = Engine(settle(table, game.book), table.sink)
    ability = f"ability:{EZRA}:{EZRA}"
    assert engine.pending is not None and ability in engine.legal_ids()
    engine.apply(ability)
    assert table.investigator(EZRA).shatters_count_next_test
    assert engine.pending is not None and engine.pending.prompt.startswith("Paragraph 27")
    assert ability not in engine.legal_ids(), "a second use would add nothing"
