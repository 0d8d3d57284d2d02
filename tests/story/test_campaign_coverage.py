"""The Reef Ledger's paragraphs that the campaign's bots never read, because
the content could not get there: each test plays the way in and fails if the
gate that shut it comes back (issues 17 and 18: "every paragraph and
interlude reached")."""

from __future__ import annotations

from tales.rules.decisions import Engine, EventSink
from tales.story.game import Game, GameSetup, start_game
from tales.story.interlude import play_interlude
from tales.story.model import Tale
from tales.story.story_events import InterludeRead


def gannet_game(core, tale: Tale) -> Game:  # type: ignore[no-untyped-def]
    companions = ("irene-dubois", "philip-harris", "sarah-elington")
    return start_game(
        core, tale, GameSetup("gannet-light", ("ezra-marsh",), companions, "standard", 5)
    )


def interlude_reads(tale: Tale, name: str, game: Game) -> list[int]:
    sink = EventSink()
    engine = Engine(play_interlude(tale.interludes[name], game.book.state, sink), sink)
    events = list(engine.opening_events)
    while not engine.finished:  # the first answer to each choice: the branches asked are gotos
        events += engine.apply(engine.legal_ids()[0])
    return sorted({e.paragraph for e in events if isinstance(e, InterludeRead)})


def test_the_keeper_who_burned_his_light_is_remembered_drowned(core, reef_ledger) -> None:  # type: ignore[no-untyped-def]
    """928 (the twenty-five days: "Jotham Marsh went down with the sea off
    Gannet") asks for ``jotham-drowned``, and 927 ("came ashore with you")
    for ``jotham-came-ashore``. The light is burned (202) only by a keeper
    who would have come with the team (KEEPER), but he never lands: the log
    has him ashore only when the boat brings him in (200, 201, 203, 204)."""
    game = gannet_game(core, reef_ledger)
    for number in (107, 202):  # the keeper will come with the team, then burns his light
        Engine(game.book.read(game.table, number), game.table.sink)
    log = game.book.state.log["the-island"]
    assert "jotham-came-ashore" not in log and log["jotham-drowned"] is False
    read = interlude_reads(reef_ledger, "the-twenty-five-days", game)
    assert 928 in read and 927 not in read
