"""Digital -> printed -> typed -> digital keeps the game (issue 20): a game's
round-end sheet is exported as the paper sheet shows it, typed back in from
what the print shows (names as printed), and loads as the same game."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from tales.authoring.bots import POLICIES
from tales.saves.catalog import read_named
from tales.saves.export import export, view
from tales.saves.session import load_saved
from tales.saves.store import SaveFiles
from tales.story.core import Core
from tests.saves.helpers import load_bell, new_saved, setup_for


def _played_to_round_end(core: Core, saves: Path, rounds: int = 2) -> SaveFiles:
    bell = load_bell()
    files = SaveFiles.named(saves, "printed")
    saved = new_saved(core, bell, setup_for(5), files)
    rng = random.Random(5)
    while saved.game.pending is not None and saved.sheet.round_played < rounds:
        saved.apply(POLICIES["sensible"](saved.game.pending, saved.game.view, rng).id)
    assert saved.sheet.round_played == rounds
    since = len(saved.inputs) - saved.sheet.after
    if since:
        saved.undo(since)  # back to the round end itself
    saved.close()
    return files


def _typed(shown: dict[str, Any], tale: str) -> dict[str, Any]:
    """The sheet a player types from the print: every value as printed."""
    players = {}
    for p in shown["players"]:
        players[p["name"]] = {
            "Location card": p["location"],
            **{t: p[t] for t in ("VITALITY", "SANITY", "ENERGY", "MAGIC")},
            **{f"{k} cards": n for k, n in p["status_cards"].items()},
            "Item cards": {name: uses for uses, names in p["items_by_uses"] for name in names},
            "Clue cards": p["clues"],
            "Status tokens": {
                t.split(" x")[0]: int(t.split(" x")[1]) if " x" in t else 1 for t in p["tokens"]
            },
            "Special cards": p["special_cards"],
        }
    return {
        "Session name": shown["session"],
        "Tale": tale,
        "Scenario number": 1,
        "Round in which you are saving the game": shown["round"],
        "time": shown["time"],
        "Number of Event board tokens": shown["event_tokens"],
        "Discovered Location cards": shown["revealed"],
        "Players": players,
        "Characters not controlled by any player": {
            c["name"]: {"ENERGY": c["ENERGY"], "MAGIC": c["MAGIC"]} for c in shown["companions"]
        },
        "Keyword sheet": shown["keywords"],
        "encounters": [
            {k: e[k] for k in ("location", "encounter", "path", "tokens")}
            for e in shown["encounters"]
        ],
        "campaign": {
            "log": _log(shown["log"]),
            "counters": dict(shown["counters"]),
        },
    }


def _log(rows: list[tuple[str, str, str]]) -> dict[str, dict[str, str]]:
    log: dict[str, dict[str, str]] = {}
    for section, entry, mark in rows:
        log.setdefault(section, {})[entry] = mark
    return log


def _people(table: Any) -> dict[str, Any]:
    return {
        slug: (
            (inv.vitality, inv.sanity, inv.energy, inv.magic),
            inv.location,
            sorted((i.slug, i.uses) for i in inv.items),
            dict(inv.tokens),
            sorted(c.status.value for c in inv.all_cards() if c.status is not None),
        )
        for slug, inv in table.investigators.items()
    }


def test_digital_printed_typed_digital_keeps_the_game(core: Core, saves: Path) -> None:
    files = _played_to_round_end(core, saves)
    loaded = read_named(saves, "printed")
    shown = view(loaded)
    printed = export(loaded, "md")
    assert any(p["items_by_uses"] for p in shown["players"]), "the team holds items"
    for p in shown["players"]:
        for _, names in p["items_by_uses"]:
            assert all(name in printed for name in names), "items by their card names"
    typed = SaveFiles.named(saves, "typed")
    with typed.sheet.open("w", encoding="utf-8") as out:
        YAML().dump(_typed(shown, "The Drowned Bell"), out)
    original, _ = load_saved(files, core)
    again, warnings = load_saved(typed, core)
    assert any("no format_version" in w for w in warnings)
    a, b = original.game.table, again.game.table
    assert (a.round, a.time, a.revealed, dict(a.event_tokens)) == (
        b.round,
        b.time,
        b.revealed,
        dict(b.event_tokens),
    )
    assert a.keywords == b.keywords
    assert _people(a) == _people(b)
    assert {w: e.encounter.slug for w, e in a.encounters.items()} == {
        w: e.encounter.slug for w, e in b.encounters.items()
    }
    assert original.game.book.state.log == again.game.book.state.log
    assert original.game.book.state.counters == again.game.book.state.counters
