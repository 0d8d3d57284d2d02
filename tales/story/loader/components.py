"""A scenario's components: its locations, enemies and encounters, and the
items, clues and objectives on its cards.

The schema has checked each file's shape; the builders here keep what is
well formed, note the paragraphs and places each names, and record where
each component was written (``tales check`` reports unused ones there).
"""

from __future__ import annotations

from typing import Any

from tales.problems import did_you_mean
from tales.rules.items import ItemCard
from tales.rules.scenario import Encounter, Enemy, Location
from tales.rules.terms import Attribute, StatusCardKind
from tales.story.loader.codes import BAD_VALUE, NO_CARD
from tales.story.loader.context import Context, is_whole, mapping, text, whole, words
from tales.story.reader import Reader

_ATTRIBUTES = frozenset(a.value for a in Attribute)
_STATUS_CARDS = frozenset(k.value for k in StatusCardKind)


def _entries(data: Any) -> list[tuple[str, dict[Any, Any]]]:
    """The ``slug: {mapping}`` entries of a component map that are mappings."""
    if not isinstance(data, dict):
        return []
    return [(str(slug), body) for slug, body in data.items() if isinstance(body, dict)]


def load_locations(context: Context) -> dict[str, Location]:
    reader, data = context.read("locations.yaml", "locations")
    raw: dict[str, tuple[str, str, list[str], int | None]] = {}
    inside: dict[str, int] = {}  # location -> its on_enter paragraph
    for slug, body in _entries(data):
        context.where[f"location:{slug}"] = context.at(reader, data, slug)
        tokens = mapping(body, "tokens")
        if all(is_whole(v) and v >= 0 for v in tokens.values()):
            context.location_tokens[slug] = {str(k): int(v) for k, v in tokens.items()}
        _limits(context, reader, slug, body)
        adjacent = words(body, "adjacent")
        for index, other in enumerate(body.get("adjacent") or ()):
            if isinstance(other, str):
                context.refs.locations.append(
                    (other, context.at_item(reader, body["adjacent"], index))
                )
        scene = whole(body, "scene")
        if scene is not None:
            context.refs.paragraphs.append((scene, context.at(reader, body, "scene")))
        entering = whole(body, "on_enter")
        if entering is not None:
            context.refs.paragraphs.append((entering, context.at(reader, body, "on_enter")))
            inside[slug] = entering
        raw[slug] = (text(body, "name") or slug, text(body, "area") or slug, adjacent, scene)
    links = {slug: set(adjacent) for slug, (_, _, adjacent, _) in raw.items()}
    for slug, neighbours in list(links.items()):
        for other in neighbours:  # adjacency is symmetric
            links.setdefault(other, set()).add(slug)
    return {
        slug: Location(slug, name, area, frozenset(links[slug] & set(raw)), scene, inside.get(slug))
        for slug, (name, area, _, scene) in raw.items()
    }


def _limits(context: Context, reader: Reader, slug: str, body: dict[Any, Any]) -> None:
    """``limits: {flood: {min: 1, max: 3}}``: the tokens a card holds stay
    within them, and the count it starts with must too."""
    found: dict[str, tuple[int, int | None]] = {}
    for token, limit in mapping(body, "limits").items():
        low, high = whole(limit, "min") or 0, whole(limit, "max")
        start = context.location_tokens.get(slug, {}).get(str(token), 0)
        where = context.at(reader, body["limits"], token)
        if high is not None and low > high:
            context.error(where, BAD_VALUE, f"{slug!r}: {token} limits min {low} above max {high}")
        elif start < low or (high is not None and start > high):
            context.error(
                where, BAD_VALUE, f"{slug!r} starts with {start} {token}, outside its limits"
            )
        else:
            found[str(token)] = (low, high)
    if found:
        context.token_limits[slug] = found


def load_encounters(context: Context) -> dict[str, Encounter]:
    """The encounters of ``encounters.yaml`` (a scenario may have none)."""
    if not (context.folder / "encounters.yaml").exists():
        return {}
    reader, data = context.read("encounters.yaml", "encounters")
    enemies = _enemies(context, reader, data.get("enemies"))
    encounters: dict[str, Encounter] = {}
    for slug, body in _entries(data.get("encounters")):
        context.where[f"encounter:{slug}"] = context.at(reader, data["encounters"], slug)
        what = f"encounter {slug!r}"
        enemy = text(body, "enemy")
        if enemy is not None and enemy not in enemies:
            context.error(
                context.at(reader, body, "enemy"),
                NO_CARD,
                f"{what}: no enemy {enemy!r}{did_you_mean(enemy, enemies)}",
            )
            continue
        stages = {}
        for stage in ("defeated", "round_end"):
            number = whole(body, stage)
            if number is not None:
                context.refs.paragraphs.append((number, context.at(reader, body, stage)))
            stages[stage] = number
        if enemy is not None:
            name = text(body, "name") or slug
            defeated, round_end = stages["defeated"], stages["round_end"]
            encounters[slug] = Encounter(slug, name, enemies[enemy], defeated, round_end)
    return encounters


def _enemies(context: Context, reader: Reader, data: Any) -> dict[str, Enemy]:
    enemies: dict[str, Enemy] = {}
    for slug, body in _entries(data):
        context.where[f"enemy:{slug}"] = context.at(reader, data, slug)
        stratagem = mapping(body, "stratagem")
        attribute, successes = text(stratagem, "attribute"), whole(stratagem, "successes")
        attacks = mapping(body, "attacks")
        wounds = whole(body, "wounds")
        fits = all(k in _STATUS_CARDS and is_whole(v) for k, v in attacks.items())
        if attribute not in _ATTRIBUTES or successes is None or wounds is None or not fits:
            continue  # the schema has reported it
        enemies[slug] = Enemy(
            slug,
            text(body, "name") or slug,
            wounds,
            Attribute(attribute),
            successes,
            tuple((StatusCardKind(k), int(v)) for k, v in attacks.items()),
        )
    return enemies


def load_cards(context: Context) -> tuple[dict[str, ItemCard], dict[str, str], dict[str, str]]:
    """The items, clues and objectives of ``cards.yaml`` (a scenario may have none)."""
    if not (context.folder / "cards.yaml").exists():
        return {}, {}, {}
    from tales.story.core import item_card  # as core items.yaml is read; imported when needed

    reader, data = context.read("cards.yaml", "cards")
    items: dict[str, ItemCard] = {}
    for slug, body in _entries(data.get("items")):
        context.where[f"item:{slug}"] = context.at(reader, data["items"], slug)
        card = item_card(reader, slug, body, f"item {slug!r}")
        if card is not None:
            items[slug] = card
    named: list[dict[str, str]] = []
    for kind in ("clues", "objectives"):
        found: dict[str, str] = {}
        for slug, body in _entries(data.get(kind)):
            context.where[f"{kind[:-1]}:{slug}"] = context.at(reader, data[kind], slug)
            found[slug] = text(body, "name") or slug
        named.append(found)
    return items, named[0], named[1]
