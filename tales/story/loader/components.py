"""A scenario's components: its locations, enemies and encounters, and the
items, clues and objectives on its cards.

The schema has checked each file's shape; the builders here keep what is
well formed, note the paragraphs and places each names, and record where
each component was written (``tales check`` reports unused ones there).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tales.problems import did_you_mean
from tales.rules.items import ItemCard
from tales.rules.prisoners import FATES
from tales.rules.scenario import Barrier, Encounter, Enemy, Location, Prisoner, Vehicle
from tales.rules.terms import Attribute, StatusCardKind
from tales.story.loader.codes import BAD_VALUE, NO_CARD, NO_CONNECTION
from tales.story.loader.context import (
    Context,
    flag,
    listing,
    mapping,
    text,
    whole,
    words,
)
from tales.story.reader import Reader
from tales.story.yamlio import is_whole

_ATTRIBUTES = frozenset(a.value for a in Attribute)
_STATUS_CARDS = frozenset(k.value for k in StatusCardKind)


def _entries(data: Any) -> list[tuple[str, dict[Any, Any]]]:
    """The ``slug: {mapping}`` entries of a component map that are mappings."""
    if not isinstance(data, dict):
        return []
    return [(str(slug), body) for slug, body in data.items() if isinstance(body, dict)]


_LINKS = ("adjacent", "by_vehicle", "by_story")  # walked, driven, only told


def load_locations(context: Context) -> dict[str, Location]:
    reader, data = context.read("locations.yaml", "locations")
    raw: dict[str, tuple[str, str, int | None, int]] = {}
    links: dict[str, dict[str, set[str]]] = {key: {} for key in _LINKS}
    inside: dict[str, int] = {}  # location -> its on_enter paragraph
    for slug, body in _entries(data):
        context.where[f"location:{slug}"] = context.at(reader, data, slug)
        tokens = mapping(body, "tokens")
        if all(is_whole(v) and v >= 0 for v in tokens.values()):
            context.location_tokens[slug] = {str(k): int(v) for k, v in tokens.items()}
        _limits(context, reader, slug, body)
        for key in _LINKS:
            links[key][slug] = set(_linked(context, reader, slug, body, key))
        scene = whole(body, "scene")
        if scene is not None:
            context.refs.paragraphs.append((scene, context.at(reader, body, "scene")))
        entering = whole(body, "on_enter")
        if entering is not None:
            context.refs.paragraphs.append((entering, context.at(reader, body, "on_enter")))
            inside[slug] = entering
        name, area = text(body, "name") or slug, text(body, "area") or slug
        raw[slug] = (name, area, scene, whole(body, "only_with") or 0)
    for linked in links.values():
        for slug, neighbours in list(linked.items()):
            for other in neighbours:  # every connection is symmetric
                linked.setdefault(other, set()).add(slug)
    known = set(raw)
    return {
        slug: Location(
            slug,
            name,
            area,
            frozenset(links["adjacent"][slug] & known),
            scene,
            on_enter=inside.get(slug),
            by_vehicle=frozenset(links["by_vehicle"].get(slug, set()) & known),
            by_story=frozenset(links["by_story"].get(slug, set()) & known),
            only_with=only_with,
        )
        for slug, (name, area, scene, only_with) in raw.items()
    }


def _linked(
    context: Context, reader: Reader, slug: str, body: dict[Any, Any], key: str
) -> list[str]:
    """The locations a card's ``adjacent``, ``by_vehicle`` or ``by_story`` names."""
    for index, other in enumerate(listing(body, key)):
        if isinstance(other, str):
            where = context.at_item(reader, body[key], index)
            context.refs.locations.append((other, where))
            if other == slug:
                context.error(where, NO_CONNECTION, f"{slug!r} is connected to itself")
    return words(body, key)


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


def _bind(context: Context, reader: Reader, raw: Any, items: dict[str, ItemCard]) -> None:
    """``bound: [idol]``: bound both ways, like adjacency; each a scenario item."""
    links: dict[str, set[str]] = {slug: set() for slug in items}
    for slug, body in _entries(raw):
        for index, other in enumerate(listing(body, "bound")):
            if other in items and other != slug and slug in items:
                links[slug].add(other)
                links[other].add(slug)
            else:
                context.error(
                    context.at_item(reader, body["bound"], index),
                    NO_CARD,
                    f"item {slug!r} is bound to {other!r}, which is not another item of "
                    f"this scenario{did_you_mean(str(other), items)}",
                )
    for slug, others in links.items():
        if others:
            items[slug] = replace(items[slug], bound=tuple(sorted(others)))


Named = dict[str, str]  # slug -> the name it is shown by
# The named sections of cards.yaml, by the kind their ``where`` keys say.
_NAMED_CARDS = (("clues", "clue"), ("objectives", "objective"), ("information", "information"))


def load_cards(context: Context) -> tuple[dict[str, ItemCard], Named, Named, Named]:
    """The items, clues, objectives and information names of ``cards.yaml``
    (a scenario may have none)."""
    if not (context.folder / "cards.yaml").exists():
        return {}, {}, {}, {}
    from tales.story.core import item_card  # as core items.yaml is read; imported when needed

    reader, data = context.read("cards.yaml", "cards")
    items: dict[str, ItemCard] = {}
    for slug, body in _entries(data.get("items")):
        context.where[f"item:{slug}"] = context.at(reader, data["items"], slug)
        card = item_card(reader, slug, body, f"item {slug!r}")
        if card is not None:
            items[slug] = replace(card, origin=context.folder.name)
    _bind(context, reader, data.get("items"), items)
    named: list[Named] = []
    for kind, one in _NAMED_CARDS:
        found: Named = {}
        for slug, body in _entries(data.get(kind)):
            context.where[f"{one}:{slug}"] = context.at(reader, data[kind], slug)
            found[slug] = text(body, "name") or slug
        named.append(found)
    return items, named[0], named[1], named[2]


@dataclass(frozen=True)
class Pieces:
    """A scenario's pieces on the map beyond its cards."""

    vehicles: dict[str, Vehicle]
    prisoners: dict[str, Prisoner]
    investigation_tokens: int  # the supply
    group: str | None  # where the Group token starts, if there is one


def load_pieces(context: Context, reader: Reader, data: dict[Any, Any]) -> Pieces:
    """Vehicles, prisoners, Investigation tokens and the Group token
    (``group: {at: quay}``) of ``scenario.yaml``."""
    group = text(mapping(data, "group"), "at")
    if group is not None:
        context.refs.locations.append((group, context.at(reader, data["group"], "at")))
    vehicles, prisoners = (
        load_vehicles(context, reader, data),
        load_prisoners(context, reader, data),
    )
    return Pieces(vehicles, prisoners, whole(data, "investigation_tokens") or 0, group)


def load_vehicles(context: Context, reader: Reader, data: dict[Any, Any]) -> dict[str, Vehicle]:
    """The vehicles of ``scenario.yaml`` (``vehicles: {launch: {name, at, seats}}``)."""
    vehicles: dict[str, Vehicle] = {}
    for slug, body in _entries(data.get("vehicles")):
        context.where[f"vehicle:{slug}"] = context.at(reader, data["vehicles"], slug)
        at = text(body, "at")
        if at is None:
            continue  # the schema has said so
        context.refs.locations.append((at, context.at(reader, body, "at")))
        name, seats = text(body, "name") or slug, whole(body, "seats") or 1
        vehicles[slug] = Vehicle(slug, name, at, seats, flag(body, "independent"))
    return vehicles


def load_prisoners(context: Context, reader: Reader, data: dict[Any, Any]) -> dict[str, Prisoner]:
    """``prisoners: {log: fates, markers: {obed: {name, at}}}``: each fate is
    written in the ``log`` section as ``<slug>-<fate>``, so the section must
    exist (and declare those entries, if it declares any)."""
    given = mapping(data, "prisoners")
    section = text(given, "log")
    if section is None:
        return {}  # the schema has said so, if there were prisoners
    where = context.at(reader, given, "log")
    context.refs.logs.append((section, where))
    found: dict[str, Prisoner] = {}
    for slug, body in _entries(given.get("markers")):
        context.where[f"prisoner:{slug}"] = context.at(reader, given["markers"], slug)
        at = text(body, "at")
        if at is None:
            continue
        context.refs.locations.append((at, context.at(reader, body, "at")))
        for fate in FATES[1:]:
            context.refs.logs.append((f"{section}/{slug}-{fate}", where))
        found[slug] = Prisoner(slug, _marker_name(context, reader, body, slug, found), at, section)
    return found


def _marker_name(
    context: Context, reader: Reader, body: dict[Any, Any], slug: str, found: dict[str, Prisoner]
) -> str:
    """The name the marker prints: the paper sheet lists prisoners by it, so
    it is never empty and no two are alike (one would be lost on the sheet)."""
    name = text(body, "name")
    if name is None:
        return slug  # the schema has said so
    where = context.at(reader, body, "name")
    if not name.strip():
        message = f"prisoner {slug!r} has an empty name: the marker prints one"
        context.error(where, BAD_VALUE, message)
        return slug
    spoken = _spoken(name)
    for other in found.values():
        if _spoken(other.name) == spoken:
            pair = " and ".join(repr(s) for s in sorted((other.slug, slug)))
            context.error(where, BAD_VALUE, f"prisoners {pair} are both named {name}")
    return name


def _spoken(name: str) -> str:
    """A name as it is heard: case, hyphens and spacing aside."""
    return " ".join(name.casefold().replace("-", " ").split())


def load_barriers(context: Context, reader: Reader, setup: dict[Any, Any]) -> tuple[Barrier, ...]:
    """``setup: {barriers: [{between: [a, b], count: 2}]}``: laid at the start."""
    found: list[Barrier] = []
    listed = listing(setup, "barriers")
    for index, body in enumerate(listed):
        between, count = listing(body, "between"), whole(body, "count") or 1
        if len(between) != 2 or not all(isinstance(s, str) for s in between):
            continue  # the schema has said so
        where = context.at_item(reader, listed, index)
        a, b = str(between[0]), str(between[1])
        context.refs.locations += [(a, where), (b, where)]
        context.refs.connections.append((a, b, where))
        found.append(Barrier((a, b), count))
    return tuple(found)
