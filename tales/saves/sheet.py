"""Writing a save sheet: the state at a round end, in the paper sheet's terms.

The top of the sheet is the rulebook's Save sheet and Keyword sheet, field
for field ("Scenario number, round in which you are saving the game, Number
of Event board tokens placed on the board, and discovered Location cards";
per player the Location card, VITALITY, SANITY, ENERGY, MAGIC, the STRESS,
INJURY, PANIC and POISON cards in the deck, Item cards by uses left, Clue
cards, Status tokens and Special cards; for Companions ENERGY and MAGIC).
The map's pieces follow: barriers, vehicles, marks, the Group token, the
Prisoner markers and the tokens on Location cards (tales.saves.map_sheet),
each when the scenario has them. The ``digital`` part holds what a paper
sheet cannot: deck order, the seed, the storybook's memory. A sheet typed in
by hand leaves it out.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from datetime import UTC, datetime
from typing import Any

from tales.records import record
from tales.rules.cards import CardKind
from tales.rules.investigators import Investigator
from tales.rules.items import HAND, ItemCard
from tales.rules.table import Table
from tales.rules.terms import EventSymbol, StatusCardKind
from tales.saves.map_sheet import write_map
from tales.saves.sheet_fields import campaign_extras, write_table
from tales.story.campaign import NextScenario
from tales.story.game import GameSetup
from tales.story.interpreter import Book

FORMAT_VERSION = 3
HEROISM = "Heroism"  # the only Special card a character can hold

HEADER = """\
# Miskatonic Tales save sheet, written by tales. It may be edited by hand:
# `tales play --load NAME` checks every field and says what is wrong.
# Everything above `digital:` is the paper Save sheet and Keyword sheet; a
# sheet copied from a paper game leaves `digital:` out.
"""


@record
class SheetContext:
    """What a sheet records beside the table: who saved what, under which content."""

    session: str
    tale: str  # the tale's folder name when bundled, else its path
    scenario: str
    content_hash: str
    content_files: dict[str, str]
    notes: str = ""


def capture(
    table: Table, book: Book, context: SheetContext, *, at_setup: bool = False
) -> dict[str, Any]:
    """The save sheet of ``table`` as plain data, in the order it is written.
    ``at_setup``: a sheet of a game not yet begun (no round played): only
    the setup is recorded, and loading it starts the scenario afresh."""
    players = [i for i in table.investigators.values() if not i.companion]
    companions = [i for i in table.investigators.values() if i.companion]
    sheet: dict[str, Any] = {
        **_heading(context),
        "scenario": context.scenario,
        "difficulty": table.difficulty,
        **_house_rules(table),
        **write_table(table.automation),
    }
    if at_setup:
        sheet["round"] = 0
        sheet["players"] = [p.name for p in players]
        sheet["companions"] = [c.name for c in companions]
        sheet["notes"] = context.notes
        sheet["digital"] = {"seed": table.seed, **_content(context)}
        return sheet
    sheet.update(
        {
            "round": table.round - 1,  # the round just played; play resumes with the next
            "time": table.time,
            "event_tokens": {s.value: table.event_tokens[s] for s in EventSymbol},
            "revealed": sorted(table.revealed),
            "notes": context.notes,
            "players": {p.name: _player(p) for p in players},
            "companions": {c.name: {"ENERGY": c.energy, "MAGIC": c.magic} for c in companions},
            "keywords": sorted(table.keywords),
            "found": {kind: sorted(ids) for kind, ids in sorted(table.found.items()) if ids},
            "encounters": [
                {
                    "location": where,
                    "encounter": state.encounter.slug,
                    "path": state.path,
                    "tokens": state.tokens,
                }
                # In the order they began: their round-end narratives are read in it.
                for where, state in table.encounters.items()
            ],
            **write_map(table, book.book.location_tokens),
            "campaign": {
                "log": _log(book.state.log),
                "counters": dict(sorted(book.state.counters.items())),
                **({"points": book.carried_points} if book.continues_campaign else {}),
                **({"fallen": list(book.fallen)} if book.fallen else {}),
                **({"carried": list(book.carried_in)} if book.carried_in else {}),
                **campaign_extras(book.state.shuffles, _carried_cards(table, book.carried_in)),
            },
            "digital": _digital(table, book, context),
        }
    )
    return sheet


def capture_between(table: Table, going_on: NextScenario, context: SheetContext) -> dict[str, Any]:
    """The sheet between two scenarios of a campaign: the next scenario's
    setup, with the campaign log, the items carried and the points carried."""
    names = {i.slug: i.name for i in table.investigators.values()}
    campaign = going_on.campaign
    return {
        **_heading(context),
        "scenario": going_on.scenario,
        "after": going_on.after,
        "difficulty": table.difficulty,
        **_house_rules(table),
        **write_table(table.automation),
        "round": 0,
        # The next team: a newcomer sits where the dead sat (ruling dead-replaced).
        "players": [names.get(slug, slug) for slug in going_on.players],
        "companions": [names.get(slug, slug) for slug in going_on.companions],
        "notes": context.notes,
        "carried": {names[slug]: item for slug, item in campaign.carried.items()},
        "campaign": {
            "log": _log(campaign.log),
            "counters": dict(sorted(campaign.counters.items())),
            "points": campaign.points,
            **({"fallen": list(campaign.fallen)} if campaign.fallen else {}),
            **campaign_extras(campaign.shuffles, list(campaign.cards.values())),
        },
        "digital": {"seed": going_on.seed, **_content(context)},
    }


def capture_finished(
    table: Table, book: Book, setup: GameSetup, finished: str, context: SheetContext
) -> dict[str, Any]:
    """The campaign's final state: a sheet that says the campaign is over
    (``finished``: how it ended), with its log, counters and shuffled sets,
    and the team that played its last scenario. It loads for ``tales saves
    show``, never to play on."""
    names = {i.slug: i.name for i in table.investigators.values()}
    fallen = (*book.fallen, *(i.slug for i in table.investigators.values() if i.dead))
    return {
        **_heading(context),
        "scenario": setup.scenario,
        "after": setup.scenario,
        "finished": finished,
        "difficulty": table.difficulty,
        **_house_rules(table),
        "round": 0,
        "players": [names[slug] for slug in setup.players],
        "companions": [names[slug] for slug in setup.companions],
        "notes": context.notes,
        "campaign": {
            "log": _log(book.state.log),
            "counters": dict(sorted(book.state.counters.items())),
            **({"fallen": [names.get(s, s) for s in fallen]} if fallen else {}),
            **campaign_extras(book.state.shuffles, []),
        },
        "digital": {"seed": setup.seed, **_content(context)},
    }


def _heading(context: SheetContext) -> dict[str, Any]:
    """The lines every sheet opens with: its format, whose game, when, which tale."""
    return {
        "format_version": FORMAT_VERSION,
        "session": context.session,
        "saved": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "tale": context.tale,
    }


def _carried_cards(table: Table, carried: tuple[str, ...]) -> list[ItemCard]:
    """The cards of the items carried in, as the team holds them now."""
    held = [h.card for inv in table.investigators.values() for h in inv.items]
    return [card for card in held if card.slug in carried]


def _house_rules(table: Table) -> dict[str, Any]:
    """The switches the group set away from the defaults; none, no field."""
    house = table.rulings.house_rules()
    return {"rulings": house} if house else {}


def _log(log: dict[str, dict[str, bool]]) -> dict[str, dict[str, str]]:
    """The campaign log in the order it was written, as the paper log is read
    (sorted, a game loaded from its sheet listed it otherwise than played on)."""
    return {
        section: {
            entry: ("crossed out" if crossed else "recorded") for entry, crossed in entries.items()
        }
        for section, entries in log.items()
    }


def _player(inv: Investigator) -> dict[str, Any]:
    cards = Counter(c.status.value for c in inv.all_cards() if c.status is not None)
    entry: dict[str, Any] = {
        "location": inv.location,
        "VITALITY": inv.vitality,
        "SANITY": inv.sanity,
        "ENERGY": inv.energy,
        "MAGIC": inv.magic,
        "status_cards": {k.value: cards[k.value] for k in StatusCardKind},
        "items": {held.slug: held.uses for held in inv.items},
        "in_hands": [held.slug for held in inv.items if held.place == HAND],
        "status_tokens": {t.value: n for t, n in sorted(inv.tokens.items()) if n},
        "special_cards": [HEROISM for c in inv.all_cards() if c.kind is CardKind.HEROISM],
    }
    if inv.dead:
        entry["dead"] = True
    return entry


def _content(context: SheetContext) -> dict[str, Any]:
    return {"content": {"hash": context.content_hash, "files": dict(context.content_files)}}


def _digital(table: Table, book: Book, context: SheetContext) -> dict[str, Any]:
    """Exactly what the paper sheet leaves to the players' memory and the box."""
    players = [i for i in table.investigators.values() if not i.companion]
    scenario = table.scenario
    thresholds = list(scenario.board.thresholds) if scenario is not None else []
    state = book.state
    # A card moved after its owner's deck was gathered at the round's end (an
    # ability used while a later player chose what to keep) lies in a discard
    # pile or play area until the next round's end; written only when one does.
    piles = {
        name: cards
        for name, cards in (
            ("discards", {p.slug: [c.id for c in p.discard] for p in players if p.discard}),
            ("play_areas", {p.slug: [c.id for c in p.play_area] for p in players if p.play_area}),
        )
        if cards
    }
    return {
        "seed": table.seed,
        **_content(context),
        "decks": {p.slug: [c.id for c in p.deck] for p in players},  # top card last
        "hands": {p.slug: [c.id for c in p.hand] for p in players if p.hand},
        **piles,
        "supply": {k.value: [c.id for c in table.supply.status_cards[k]] for k in StatusCardKind},
        "waiting": {
            p.slug: {"white_dice": p.bonus_white_dice, "shatters": p.shatters_count_next_test}
            for p in players
            if p.bonus_white_dice or p.shatters_count_next_test
        },
        "fired": sorted(thresholds.index(t) for t in table.fired if t in thresholds),
        "visited": sorted(state.visited),
        "scenes": dict(sorted(state.scenes.items())),
        "taken": sorted([p, i] for p, i in state.taken),
        "last_actor": state.last_actor,
        # The marks made for what the campaign log holds (ruling
        # carried-keywords-explored); none, and the field is not written.
        **({"carried_keywords": sorted(table.carried_keywords)} if table.carried_keywords else {}),
    }


def dump(sheet: dict[str, Any]) -> str:
    """The sheet as YAML text: one field a line, short lists and mappings of
    plain values on one line, as a person would write them. Our own small
    emitter: the sheet's shapes are few, and it is many times quicker than a
    general YAML writer on the round-end path."""
    return HEADER + "".join(_block(sheet, 0))


_RESERVED = frozenset({"yes", "no", "true", "false", "null", "on", "off", "y", "n", "~"})
_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9 ._/'@()-]*")


def _scalar(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if _PLAIN.fullmatch(text) and text.lower() not in _RESERVED and not text.endswith(" "):
        return text
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a YAML double-quoted one


def _flat(value: Any) -> bool:
    return not isinstance(value, dict | list)


def _inline(value: Any) -> str | None:
    """A mapping or list written on one line, or None when it needs a block."""
    if isinstance(value, dict) and all(_flat(v) for v in value.values()) and len(value) <= 6:
        return "{" + ", ".join(f"{_scalar(k)}: {_scalar(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list) and all(_flat(v) for v in value):
        return "[" + ", ".join(_scalar(v) for v in value) + "]"
    if isinstance(value, list) and all(isinstance(v, list) and all(map(_flat, v)) for v in value):
        return "[" + ", ".join("[" + ", ".join(map(_scalar, v)) + "]" for v in value) + "]"
    return None


def _block(mapping: dict[Any, Any], indent: int) -> list[str]:
    pad, lines = " " * indent, []
    for key, value in mapping.items():
        inline = _scalar(value) if _flat(value) else _inline(value)
        if inline is not None:
            lines.append(f"{pad}{_scalar(key)}: {inline}\n")
        elif isinstance(value, dict):
            lines.append(f"{pad}{_scalar(key)}:\n")
            lines += _block(value, indent + 2)
        else:
            lines.append(f"{pad}{_scalar(key)}:\n")
            for entry in value:
                item = _block(entry, indent + 4) if isinstance(entry, dict) else [_scalar(entry)]
                first = item[0].lstrip() if isinstance(entry, dict) else f"{item[0]}\n"
                lines.append(f"{pad}  - {first}")
                lines += item[1:] if isinstance(entry, dict) else []
    return lines
