"""Rules for map pieces the scenario does not have (E216).

A storybook prints its pieces in ``scenario.yaml`` (``vehicles``, ``group``,
``investigation_tokens``) and uses them on its map and in its paragraphs. A
crossing ``by_vehicle`` on a map with no vehicle is one no one can ever
make; ``move_group`` or ``hide_group`` with no Group token, or an
Investigation token laid with none in the box, is an effect that silently
does nothing at the table. Each is an author's mistake, said where it is
written.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from tales.rules.scenario import Location
from tales.story.loader.codes import NO_PIECE
from tales.story.model import Where

if TYPE_CHECKING:
    from tales.story.loader.components import Pieces
    from tales.story.loader.context import Context

LACKING = {
    "group": "the scenario has no Group token (give scenario.yaml `group: {at: ...}`)",
    "investigation": "the scenario has no Investigation tokens "
    "(give scenario.yaml `investigation_tokens: N`)",
}


def check_pieces(context: Context, pieces: Pieces, locations: Mapping[str, Location]) -> None:
    has = {"group": pieces.group is not None, "investigation": pieces.investigation_tokens > 0}
    for piece, kind, where in context.refs.pieces:
        if not has.get(piece, True):
            context.error(where, NO_PIECE, f"{kind}: {LACKING[piece]}")
    if pieces.vehicles:
        return
    crossed: set[frozenset[str]] = set()
    for slug, card in locations.items():
        for other in sorted(card.by_vehicle):
            pair = frozenset((slug, other))
            if pair in crossed:
                continue  # said once, at the first card that names it
            crossed.add(pair)
            context.error(
                context.where.get(f"location:{slug}", Where("")),
                NO_PIECE,
                f"{slug!r} is crossed by_vehicle to {other!r}, but the scenario has no vehicle",
            )
