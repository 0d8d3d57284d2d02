"""Loading ``storybooks/guide``: the components and rulings, checked on the way in.

YAML is read with ruamel.yaml's safe loader after a pass over the parse events
that refuses any tag, so nothing in content is ever constructed as an object.
Every problem found is collected, and all are raised together.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from tales.guide.citymap import CityMap, MapSpec
from tales.guide.components import (
    CacheCard,
    Challenge,
    CharacterCard,
    Components,
    GoalCard,
    RoundBoardSide,
    TouristDie,
    TouristFace,
)
from tales.guide.errors import GuideDataError, GuideError
from tales.guide.geometry import District, Node, Point
from tales.guide.rulings import Ruling, Rulings
from tales.guide.terms import (
    Artifact,
    Bank,
    Bonus,
    BonusFace,
    Character,
    Colour,
    GoalMeasure,
    ThreatSide,
)

T = TypeVar("T")
_LETTERS = {"r": Colour.RED, "g": Colour.GREEN, "b": Colour.BLUE, "p": Colour.PURPLE}
_LETTERS |= {"y": Colour.YELLOW, "w": Colour.WHITE}


def guide_dir() -> Path:
    """The Travel Guide's content. It holds no ``dice.yaml`` or ``tale.yaml``, so
    ``tales check storybooks`` never mistakes it for storybook content."""
    return Path(__file__).resolve().parents[2] / "storybooks" / "guide"


def read_yaml(path: Path) -> Any:
    """Parse one file safely; raise :class:`GuideDataError` on a tag or bad syntax."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    yaml = YAML(typ="safe", pure=True)
    try:
        text = path.read_text(encoding="utf-8")
        for event in yaml.parse(text):
            tag = getattr(event, "tag", None)
            if tag is not None:
                line = event.start_mark.line + 1
                raise GuideDataError([f"{path}:{line}: YAML tag {tag!r} is not allowed"])
        return yaml.load(text)
    except (OSError, UnicodeDecodeError) as error:
        raise GuideDataError([f"{path}: cannot read the file: {error}"]) from None
    except YAMLError as error:
        raise GuideDataError([f"{path}: YAML syntax: {error}"]) from None


class _Collector:
    """Runs conversions, keeping every problem instead of stopping at the first."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.problems: list[str] = []

    def get(self, what: str, convert: Callable[[], T], fallback: T) -> T:
        try:
            return convert()
        except (GuideError, ValueError, KeyError, TypeError, AttributeError) as error:
            self.problems.append(f"{self.where}: {what}: {error}")
            return fallback


def _map_spec(raw: Mapping[str, Any], c: _Collector) -> MapSpec:
    rows = raw["districts"]
    colours = {
        District(x + 1, y + 1): c.get(
            f"district {x + 1}{y + 1}",
            functools.partial(_LETTERS.__getitem__, letter),
            Colour.WHITE,
        )
        for y, row in enumerate(rows)
        for x, letter in enumerate(row)
    }
    if len(colours) != 36:
        c.problems.append(f"{c.where}: districts: the map needs 6 rows of 6, not {len(colours)}")
    stars = {District.parse(str(k)): int(v) for k, v in raw["stars"].items()}
    for district in stars:
        if colours.get(district) is not Colour.YELLOW:
            c.problems.append(f"{c.where}: stars: district {district.id} is not yellow")
    river = tuple(_point(text) for text in raw["river"])
    quays = frozenset(
        (frozenset((_point(p), _point(q))), Bank(bank)) for p, q, bank in raw["quays"]
    )
    shelters = {Node.parse(str(k)): tuple(Colour(t) for t in v) for k, v in raw["shelters"].items()}
    bridges = tuple(_point(text) for text in raw["bridges"])
    return MapSpec(colours, stars, river, bridges, quays, shelters)


def _point(text: str) -> Point:
    node = Node.parse(str(text))
    return node.point


def _check_map(city: CityMap, c: _Collector) -> None:
    river = city.spec.river
    if not river or river[0].i != 0 or river[-1].i != 6:
        c.problems.append(f"{c.where}: river: it must run from the west edge (i = 0) to the sea")
    for p, q in itertools.pairwise(river):
        if abs(p.i - q.i) + abs(p.j - q.j) != 1:
            c.problems.append(f"{c.where}: river: {p.id} and {q.id} are not neighbouring points")
    for point in city.spec.bridges:
        flow = [e for e in city.river_edges if point in e]
        if len(flow) != 2 or any(len({p.j for p in e}) != 1 for e in flow):
            c.problems.append(
                f"{c.where}: bridges: {point.id} is not on a west-east stretch of the river"
            )
    for node in city.shelters:
        if node not in city.at_node:
            c.problems.append(f"{c.where}: shelters: {node.id} is not an intersection")


def _dice(
    raw: Mapping[str, Any], c: _Collector
) -> tuple[tuple[TouristDie, ...], tuple[BonusFace, ...]]:
    dice = []
    for name, faces in raw["tourist_dice"].items():
        parsed = [TouristFace.from_text(str(text)) for text in faces]
        if sorted(f.number for f in parsed) != [1, 2, 3, 4, 5, 6]:
            c.problems.append(f"{c.where}: {name}: a die shows each number 1 to 6 once")
        dice.append(TouristDie(str(name), tuple(parsed)))
    bonus = tuple(BonusFace(face) for face in raw["bonus_die"])
    return tuple(dice), bonus


def _round_board(raw: Mapping[str, Any]) -> dict[ThreatSide, RoundBoardSide]:
    cultists = raw["cultists"]
    deep = {int(k): int(v) for k, v in raw["deep-ones"]["columns"].items()}
    return {
        ThreatSide.CULTISTS: RoundBoardSide(
            ThreatSide.CULTISTS, tuple(int(s) for s in cultists["threat_slots"]), {}
        ),
        ThreatSide.DEEP_ONES: RoundBoardSide(ThreatSide.DEEP_ONES, tuple(sorted(deep)), deep),
    }


def _cards(raw: Mapping[str, Any], city: CityMap, c: _Collector) -> dict[str, Any]:
    deck = tuple(Artifact(k) for k, n in raw["artifact_deck"].items() for _ in range(int(n)))
    caches = {
        str(name): CacheCard(str(name), frozenset(Node.parse(str(n)) for n in nodes))
        for name, nodes in raw["cache_cards"].items()
    }
    for card in caches.values():
        for node in card.caches:
            if node not in city.at_node:
                c.problems.append(
                    f"{c.where}: cache card {card.name}: {node.id} is not an intersection"
                )
    goals = {
        str(name): GoalCard(
            str(name),
            str(g["title"]),
            GoalMeasure(g["measure"]),
            tuple((int(a), int(b)) for a, b in g["tiers"]),
        )
        for name, g in raw["goals"].items()
    }
    characters = {
        Character(name): CharacterCard(
            Character(name),
            str(ch["title"]),
            tuple(Bonus(b) for b in ch["bonuses"]),
            str(ch["text"]),
        )
        for name, ch in raw["characters"].items()
    }
    challenge = Challenge(
        {str(k): int(v) for k, v in raw["challenge"]["totals"].items()},
        tuple(int(g) for g in raw["challenge"]["goals"]),
    )
    effects = {Artifact(k): str(v) for k, v in raw["artifact_effects"].items()}
    if tuple(effects) != tuple(Artifact):
        c.problems.append(f"{c.where}: artifact_effects: list manuscript, dagger, amulet, tiara")
    return {
        "artifact_deck": deck,
        "artifact_effects": effects,
        "deck_colours": tuple(str(d) for d in raw["deck_colours"]),
        "cache_cards": caches,
        "goals": goals,
        "characters": characters,
        "challenge": challenge,
    }


def load_rulings(path: Path) -> Rulings:
    raw = read_yaml(path)
    problems = []
    rulings = {}
    for rid, body in raw.items():
        missing = [k for k in ("title", "default", "rationale") if k not in body]
        if missing:
            problems.append(f"{path}: ruling {rid!r} lacks {', '.join(missing)}")
            continue
        rulings[str(rid)] = Ruling(
            str(rid),
            str(body["title"]),
            body["default"],
            str(body["rationale"]).strip(),
            str(body.get("rulebook", "")).strip(),
        )
    if problems:
        raise GuideDataError(problems)
    return Rulings(rulings)


@functools.lru_cache(maxsize=4)
def load_components(directory: Path | None = None) -> Components:
    """Everything in the box, from ``storybooks/guide`` (or ``directory``)."""
    root = directory or guide_dir()
    problems: list[str] = []
    cm = _Collector(str(root / "map.yaml"))
    spec = cm.get("map", lambda: _map_spec(read_yaml(root / "map.yaml"), cm), None)
    if spec is None:
        raise GuideDataError(cm.problems)
    city = CityMap(spec)
    _check_map(city, cm)
    cd = _Collector(str(root / "die-faces.yaml"))
    no_dice: tuple[tuple[TouristDie, ...], tuple[BonusFace, ...]] = ((), ())
    dice = cd.get("dice", lambda: _dice(read_yaml(root / "die-faces.yaml"), cd), no_dice)
    cc = _Collector(str(root / "cards.yaml"))
    raw_cards = read_yaml(root / "cards.yaml")
    no_board: dict[ThreatSide, RoundBoardSide] = {}
    board = cc.get("round_board", lambda: _round_board(raw_cards["round_board"]), no_board)
    no_cards: dict[str, Any] = {}
    cards = cc.get("cards", lambda: _cards(raw_cards, city, cc), no_cards)
    problems = cm.problems + cd.problems + cc.problems
    if problems:
        raise GuideDataError(problems)
    return Components(
        city=city,
        tourist_dice=dice[0],
        bonus_die=dice[1],
        round_board=board,
        rulings=load_rulings(root / "rulings.yaml"),
        **cards,
    )
