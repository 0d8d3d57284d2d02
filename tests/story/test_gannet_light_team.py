"""The Gannet Light with the team split by the boat (playtest 6, defect 6):
the boat takes only those at the steps, so the option to put out says it
goes without the others and a scene names them and asks first (302, 303);
the clock (176) and the endings (200-204) say where each one is; and the
keeper is logged ashore when he lands, not when he agrees to come
(defect 14)."""

from __future__ import annotations

from typing import Any

from tales.rules.decisions import Engine
from tales.rules.scoring import exploration_elements
from tales.story.effects import parse_effect
from tales.story.game import Game, start_game
from tales.story.model import Tale, Where
from tales.story.options import StoryOption
from tales.story.story_events import StoryRead
from tests.conftest import ruling
from tests.story.test_gannet_light_map import (
    CREW,
    EZRA,
    IRENE,
    PHILIP,
    SARAH,
    afloat,
    offered,
    option_index,
    read,
    take,
)
from tests.story.test_map_tale import to_activity

ALONE = "Put out from the wharf steps without the others"
HOME = "Put off for Innsmouth with the Tally, and leave the light to burn"
HOME_ALONE = "Put off for Innsmouth with the Tally, without the others"


def texts(events: list[Any]) -> dict[int, str]:
    return {e.paragraph: e.text for e in events if isinstance(e, StoryRead)}


def flat(text: str) -> str:
    """A paragraph's text on one line, as the prompt rewraps it."""
    return " ".join(text.split())


def choose(game: Game, who: str, scene: int, label: str, answer: str) -> list[Any]:
    """Take a scene's option, then answer the choice it reads with ``answer``."""
    engine = Engine(
        game.book.perform(game.table, StoryOption(who, scene, option_index(game, scene, label))),
        game.table.sink,
    )
    events = [*engine.opening_events]
    assert engine.pending is not None
    (picked,) = [o for o in engine.pending.options if o.label.startswith(answer)]
    events += engine.apply(picked.id)
    return [*events, *game.table.sink.take()]


def grant(game: Game, effect: dict[str, Any], who: str = PHILIP) -> None:
    parsed, _ = parse_effect(effect, Where("test"))
    assert parsed is not None
    Engine(game.book.apply(game.table, [parsed], game.table.investigator(who)), game.table.sink)


def at_the_wharf_without_ezra(core, tale: Tale) -> Game:  # type: ignore[no-untyped-def]
    game = start_game(core, tale, CREW)
    to_activity(game)
    read(game, 39)  # Eli Sawyer's catboat at the wharf steps
    game.table.investigator(EZRA).location = "boatyard"
    return game


@ruling("left-behind-by-the-vehicle")
def test_the_boat_names_who_stays_ashore_and_asks_first(core, reef_ledger) -> None:
    """Ezra is in the boatyard: the wharf offers only to put out without the
    others; 302 names him, and waiting keeps everyone ashore. Put out without
    him, 45 says he is left in the town; he stays in the team, and alive at
    the end he is a survivor ("the survival of your team members")."""
    game = at_the_wharf_without_ezra(core, reef_ledger)
    table, boat = game.table, game.table.vehicles["boat"]
    assert not offered(game, PHILIP, 20, "Put out in the boat from the wharf steps")
    assert offered(game, PHILIP, 20, ALONE)
    events = choose(game, PHILIP, 20, ALONE, "Hold the boat")
    assert "the count comes out short: Ezra Marsh is not here." in flat(texts(events)[302])
    assert boat.at == "packet-wharf" and boat.aboard == []
    assert offered(game, PHILIP, 20, ALONE), "waiting leaves the way open"
    events = choose(game, PHILIP, 20, ALONE, "Put out without them")
    put_out = flat(texts(events)[45])
    assert "Not all of you: Ezra Marsh is still somewhere in the town" in put_out
    assert boat.at == "harbor-mouth" and EZRA not in boat.aboard and len(boat.aboard) == 3
    assert table.investigator(EZRA).location == "boatyard"
    assert exploration_elements(table)["survivor"] == 4


def test_with_everyone_at_the_steps_the_boat_just_puts_out(core, reef_ledger) -> None:
    game = start_game(core, reef_ledger, CREW)
    to_activity(game)
    read(game, 39)
    assert not offered(game, PHILIP, 20, ALONE)
    events = take(game, PHILIP, 20, "Put out in the boat from the wharf steps")
    assert "Not all of you" not in texts(events)[45]
    assert len(game.table.vehicles["boat"].aboard) == 4


def landed(core, tale: Tale) -> Game:  # type: ignore[no-untyped-def]
    """The four across and up the slip (59, 64)."""
    game = afloat(core, tale)
    take(game, EZRA, 50, "Pull out for the whistle buoy")
    read(game, 59)
    read(game, 64)
    assert {p.location for p in game.table.players()} == {"boat-slip"}
    return game


def test_the_six_o_clock_lanterns_are_seen_from_where_each_one_stands(core, reef_ledger) -> None:
    """176: from the island, the lanterns are beads along the shore; one left
    on that shore sees them closer; with all ashore, all hear the list."""
    game = landed(core, reef_ledger)
    whole = flat(texts(read(game, 176))[176])
    assert "From the island you can see them" in whole and "on that shore" not in whole
    game.table.investigator(EZRA).location = "packet-wharf"
    split = flat(texts(read(game, 176))[176])
    assert "From the island you can see them" in split
    assert "Ezra Marsh, on that shore, can see them closer" in split
    for player in game.table.players():
        player.location = "packet-wharf"
    ashore = flat(texts(read(game, 176))[176])
    assert "From the island" not in ashore and "It is not a hymn. It is a list." in ashore


def test_put_off_for_home_names_who_is_left_on_the_island_and_who_waits_ashore(
    core, reef_ledger
) -> None:
    """Sarah is at the foot of the tower and Ezra never left the wharf: the slip
    asks first (303, naming both as not at the slip), and the ending (201)
    leaves Sarah on the island until Eli Sawyer fetches her at noon, and
    finds Ezra waiting on the shingle."""
    game = landed(core, reef_ledger)
    grant(game, {"objective": "take-the-tally"})
    table = game.table
    table.investigator(SARAH).location = "tower-door"
    table.investigator(EZRA).location = "packet-wharf"
    assert not offered(game, IRENE, 70, HOME)
    events = choose(game, IRENE, 70, HOME_ALONE, "Put off without them")
    asked = flat(texts(events)[303])
    assert "Sarah Elington is still somewhere on the island" in asked
    ending = flat(texts(events)[201])
    assert "where Sarah Elington must keep out of the way" in ending
    assert "You find Ezra Marsh waiting on the shingle" in ending
    assert "takes Sarah Elington off the slip" in ending
    assert exploration_elements(table)["survivor"] == 4


def test_the_keeper_is_logged_ashore_when_he_lands_not_when_he_agrees(core, reef_ledger) -> None:
    """107 (he gives up the book and will come) marks KEEPER only; the log has
    him ashore when the boat brings him home (201), which The Settling's
    JOTHAM and the interlude's 927 read."""
    game = landed(core, reef_ledger)
    read(game, 107)
    log = game.book.state.log
    assert "KEEPER" in game.table.keywords
    assert "jotham-came-ashore" not in log.get("the-island", {}), "still up the tower"
    grant(game, {"objective": "take-the-tally"})
    take(game, PHILIP, 70, HOME)
    assert log["the-island"]["jotham-came-ashore"] is False  # recorded, not crossed out


def test_a_keeper_who_stays_with_his_light_never_comes_ashore(core, reef_ledger) -> None:
    game = landed(core, reef_ledger)
    grant(game, {"objective": "take-the-tally"})
    take(game, PHILIP, 70, HOME)
    assert "jotham-came-ashore" not in game.book.state.log.get("the-island", {})


def test_the_keeper_is_met_once_in_the_watch_room(core, reef_ledger) -> None:
    """108 told his back to the room three times ("He does not look round",
    then "without looking round" in both of its letters); after Ezra has
    spoken to him (129), 109 does not have him see Ezra for the first time."""
    paragraphs = reef_ledger.scenarios["gannet-light"].paragraphs
    assert "without looking round" not in paragraphs[108].text
    game = landed(core, reef_ledger)
    table = game.table
    for player in table.players():
        player.location = "watch-room"
    game.book.state.log.setdefault("the-ten-days", {})["jotham-sent-for-ezra"] = False
    met = flat(texts(read(game, 108, EZRA))[108])
    assert met.count("look round") == 1 and "says to the page" in met
    read(game, 129, EZRA)
    again = flat(texts(read(game, 109, EZRA))[109])
    assert "seeing him" not in again and "I've said what I had to say to you, boy" in again


# The clock's narratives that say where the team stands: (paragraph, what
# is said on the island, what is said to one left on the town shore).
ISLAND_OR_SHORE = (
    (177, "On the island the whole rock hums", "where Ezra Marsh must wait out the night"),
    (190, "On the island it gets into the keeper's house", "Ezra Marsh, in the lee of the sheds"),
    (191, "On the island you see them", "where Ezra Marsh must keep out of the lamplight"),
)


def test_the_clock_tells_the_island_and_the_town_shore_apart(core, reef_ledger) -> None:
    game = landed(core, reef_ledger)
    for number, island, shore in ISLAND_OR_SHORE:
        game.table.investigator(EZRA).location = "boat-slip"
        whole = flat(texts(read(game, number))[number])
        assert island in whole and "Ezra Marsh" not in whole, number
        game.table.investigator(EZRA).location = "packet-wharf"
        split = flat(texts(read(game, number))[number])
        assert island in split and shore in split, number
