"""The vocabulary of conditions and texts: what a storybook's Jinja may ask
of the game (``keyword("DIARY")``, ``visited(40)``, ``here``, ``round``...).

Built afresh for each question, from the table and the story's memory; the
sandbox (:mod:`tales.story.conditions`) evaluates against it.
"""

from __future__ import annotations

from typing import Any

from tales.rules.investigators import Investigator
from tales.rules.table import Table
from tales.rules.terms import EventSymbol
from tales.story.map_vocabulary import map_context
from tales.story.state import StoryState, campaign_context


def story_context(
    state: StoryState,
    table: Table,
    actor: Investigator | None,
    at: str | None = None,
    encounter_at: str | None = None,
) -> dict[str, Any]:
    """The vocabulary with ``actor`` acting, standing at ``at`` if given; with
    no one standing anywhere, ``here`` is the encounter whose own narrative
    is read (``encounter_at``)."""
    where = at if at is not None or actor is None else actor.location
    present = [
        p for p in table.players() if actor is not None and (p is actor or p.location == where)
    ]
    found = table.found

    def keyword(word: str) -> bool:
        return table.keyword_validated(word) or any(p.sheet.keyword == word for p in present)

    return {
        **campaign_context(state),
        "keyword": keyword,
        "item": lambda slug: any(p.item(slug) for p in table.players()),
        "clue": lambda slug: slug in found.get("clue", ()),
        "objective": lambda slug: slug in found.get("objective", ()),
        "information": lambda slug: slug in found.get("information", ()),
        "revealed": lambda slug: slug in table.revealed,
        "playing": lambda slug: any(p.slug == slug for p in table.players()),
        "location_token": lambda place, name: table.location_tokens.get(place, {}).get(name, 0),
        "here": where if actor and where else (encounter_at or ""),
        "actor": actor.name if actor else "",
        "round": table.round,
        "time": table.time,
        "difficulty": table.difficulty,
        "players": len(table.players()),
        "tokens": {s.value: table.event_tokens[s] for s in EventSymbol},
        "vitality": actor.vitality if actor else 0,
        "sanity": actor.sanity if actor else 0,
        "energy": actor.energy if actor else 0,
        "magic": actor.magic if actor else 0,
        **map_context(table, actor),
    }
