"""Loading the core components from ``storybooks/core/``.

Dice faces, investigators with their decks, starting items, the supply and
the rulings are data; this module checks them and builds the rules' value
objects, reporting every problem with file:line:col at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tales.errors import ContentError, FaceError, TalesError
from tales.problems import Problem, did_you_mean
from tales.rules.abilities import EFFECTS
from tales.rules.cards import Card, attribute_card
from tales.rules.dice import DiceSet, Face
from tales.rules.investigators import InvestigatorSheet
from tales.rules.items import ItemCard
from tales.rules.rulings import Ruling, RulingKind, Rulings
from tales.rules.supply import SupplyCounts
from tales.rules.terms import Attribute, EventSymbol, StatusCardKind, StatusToken, Track
from tales.story.core_files import CORE_ENTRIES as CORE_ENTRIES
from tales.story.core_files import core_dir as core_dir
from tales.story.core_files import storybooks_dir as storybooks_dir
from tales.story.core_files import strays as strays
from tales.story.reader import BAD_VALUE, Reader

DECK_SIZE = 15


@dataclass(frozen=True, slots=True)
class Core:
    dice: DiceSet
    investigators: dict[str, InvestigatorSheet]
    items: dict[str, ItemCard]
    supply: SupplyCounts
    rulings: Rulings


def load_core(root: Path | None = None) -> Core:
    """Load and check every core file; raise :class:`ContentError` listing
    every problem found.

    Read first with the C parser, several times quicker (every start of
    ``tales play`` pays for it); only a core with problems is read again
    with positions, so that each problem has its file:line:col. Cached by
    the hash of its files (:func:`tales.story.cache.load_core_cached`)."""
    from tales.story.cache import load_core_cached  # the cache reads through this module

    return load_core_cached(root or core_dir(), _load_core)


def _load_core(root: Path) -> Core:
    core, problems = read_core(root, fast=True)
    if core is None:
        core, problems = read_core(root)
    if core is None:
        raise ContentError(problems)
    return core


def read_core(root: Path, *, fast: bool = False) -> tuple[Core | None, list[Problem]]:
    """The core components under ``root`` and every problem found in them;
    the core is ``None`` when any problem is an error. Read by libyaml
    with positions; ``fast`` is kept for older callers and reads the same."""
    problems: list[Problem] = []

    def reader(path: Path) -> Reader:
        return Reader(path, problems)

    dice = _load_dice(reader(root / "dice.yaml"))
    items = _load_items(reader(root / "items.yaml"))
    investigators: dict[str, InvestigatorSheet] = {}
    folder = root / "investigators"
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        sheet = _load_investigator(reader(path), items)
        if sheet is not None:
            investigators[sheet.slug] = sheet
    if not investigators:
        problems.append(Problem(str(folder), 1, 1, "E110", "no investigator files were found"))
    supply = _load_supply(reader(root / "supply.yaml"))
    rulings = load_rulings(reader(root / "rulings.yaml"))
    problems += strays(root)
    problems.sort()
    if any(p.severity == "error" for p in problems) or dice is None or supply is None:
        return None, problems
    return Core(dice, investigators, items, supply, rulings), problems


def _load_dice(reader: Reader) -> DiceSet | None:
    data = reader.mapping(reader.load(), "the dice file")
    if data is None:
        return None
    reader.only_keys(data, ("white", "red"), "the dice file")
    dice = [_load_die(reader, data, kind) for kind in ("white", "red")]
    if any(d is None for d in dice):
        return None
    (white, white_count), (red, red_count) = dice  # type: ignore[misc]
    try:
        return DiceSet(white, red, white_count, red_count)
    except FaceError as error:
        reader.error(reader.at(data, "white"), BAD_VALUE, str(error))
        return None


_DICE_IN_BOX = {"white": 6, "red": 2}  # "All 8 dice (6 white and 2 red)"


def _load_die(
    reader: Reader, data: dict[str, Any], kind: str
) -> tuple[tuple[Face, ...], int] | None:
    """One kind of die: its faces and how many the box holds."""
    what = f"the {kind} die"
    die = reader.get(data, kind, dict, what="the dice file")
    if die is None:
        return None
    reader.only_keys(die, ("faces", "count"), what)
    words = reader.get(die, "faces", list, what=what)
    count = reader.get(die, "count", int, what=what, required=False)
    if count is None and "count" not in die:
        count = _DICE_IN_BOX[kind]
    elif count is not None and count < 1:
        reader.error(reader.at(die, "count"), BAD_VALUE, f"{what}: the box holds at least 1")
        count = None
    faces = None
    try:
        faces = tuple(Face.parse(str(w)) for w in words) if words is not None else None
    except FaceError as error:
        reader.error(reader.at(die, "faces"), BAD_VALUE, str(error))
    if faces is None or count is None:
        return None
    return faces, count


def _attribute(reader: Reader, value: Any, where: tuple[int, int]) -> Attribute | None:
    try:
        return Attribute(str(value))
    except ValueError:
        hint = did_you_mean(str(value).upper(), [a.value for a in Attribute])
        reader.error(where, BAD_VALUE, f"{value!r} is not an attribute{hint}")
        return None


_INVESTIGATOR_KEYS = (
    "name",
    "keyword",
    "biography",
    "tracks",
    "ability",
    "ability_effect",
    "starting_item",
    "companion",
    "deck",
)


def _load_investigator(reader: Reader, items: dict[str, ItemCard]) -> InvestigatorSheet | None:
    data = reader.mapping(reader.load(), "an investigator file")
    if data is None:
        return None
    slug = reader.path.stem
    what = f"investigator {slug!r}"
    reader.only_keys(data, _INVESTIGATOR_KEYS, what)
    name = reader.get(data, "name", str, what=what)
    keyword = reader.get(data, "keyword", str, what=what)
    ability = reader.get(data, "ability", str, what=what)
    effect = reader.get(data, "ability_effect", str, what=what)
    if effect is not None and effect not in EFFECTS:
        reader.error(
            reader.at(data, "ability_effect"),
            BAD_VALUE,
            f"{what}: no ability effect {effect!r}{did_you_mean(effect, EFFECTS)}",
        )
    biography = reader.get(data, "biography", str, what=what, required=False) or ""
    item = reader.get(data, "starting_item", str, what=what)
    if item is not None and items and item not in items:
        reader.error(
            reader.at(data, "starting_item"),
            BAD_VALUE,
            f"{what}: no item {item!r} in items.yaml{did_you_mean(item, items)}",
        )
    maxima = _tracks(reader, reader.get(data, "tracks", dict, what=what), what)
    deck = _deck(reader, reader.get(data, "deck", list, what=what), slug)
    companion = reader.get(data, "companion", dict, what=what)
    markers: list[Attribute] = []
    if companion is not None:
        for i, value in enumerate(reader.get(companion, "markers", list, what=what) or []):
            attr = _attribute(reader, value, reader.at_item(companion["markers"], i))
            if attr:
                markers.append(attr)
        if len(set(markers)) != 3:
            reader.error(
                reader.at(companion, "markers"),
                BAD_VALUE,
                f"{what}: a Companion side shows 3 different attribute markers",
            )
    if None in (name, keyword, ability, effect, maxima, deck) or len(set(markers)) != 3:
        return None
    assert name and keyword and ability and effect and maxima is not None and deck is not None
    return InvestigatorSheet(
        slug,
        name,
        keyword,
        maxima,
        " ".join(ability.split()),
        tuple(deck),
        tuple(markers),
        item or "",
        biography.strip(),
        effect,
    )


def _tracks(reader: Reader, data: dict[str, Any] | None, what: str) -> dict[Track, int] | None:
    if data is None:
        return None
    reader.only_keys(data, [t.value for t in Track], f"{what} tracks")
    maxima: dict[Track, int] = {}
    for track in Track:
        value = reader.get(data, track.value, int, what=f"{what} tracks")
        if value is not None and value < 1:
            reader.error(
                reader.at(data, track.value),
                BAD_VALUE,
                f"{what}: the {track} maximum must be at least 1",
            )
        elif value is not None:
            maxima[track] = value
    return maxima if len(maxima) == len(Track) else None


def _deck(reader: Reader, data: list[Any] | None, slug: str) -> list[Card] | None:
    if data is None:
        return None
    if len(data) != DECK_SIZE:
        reader.error(
            reader.at_item(data, 0),
            BAD_VALUE,
            f"a character deck holds {DECK_SIZE} cards, not {len(data)}",
        )
    cards: list[Card] = []
    for index, entry in enumerate(data):
        where = reader.at_item(data, index)
        if not isinstance(entry, dict):
            reader.error(where, BAD_VALUE, "a deck card is a mapping of attribute, dice and action")
            continue
        reader.only_keys(entry, ("attribute", "dice", "action"), "a deck card")
        attribute = _attribute(reader, entry.get("attribute"), where)
        dice = [_attribute(reader, d, where) for d in entry.get("dice") or []]
        if attribute is None or None in dice:
            continue
        icons = frozenset(d for d in dice if d is not None)
        if len(icons) != 2 or attribute in icons:
            reader.error(
                where, BAD_VALUE, "an attribute card shows 2 die icons of other attributes"
            )
            continue
        action = entry.get("action")
        if not isinstance(action, bool):
            reader.error(where, BAD_VALUE, "a deck card's 'action' is true or false")
            continue
        cards.append(attribute_card(f"{slug}-{index + 1:02d}", attribute, icons, action=action))
    return cards if len(cards) == len(data) else None


# ``bound`` is read by a scenario's cards.yaml (tales.story.loader.components).
_ITEM_KEYS = (
    "name", "owner", "kind", "hands", "uses", "attribute", "damage", "effect", "text", "bound",
)  # fmt: skip


def _load_items(reader: Reader) -> dict[str, ItemCard]:
    data = reader.mapping(reader.load(), "the items file")
    items: dict[str, ItemCard] = {}
    for slug, body, what in reader.entries(data, "item", None):
        card = item_card(reader, slug, body, what)
        if card is not None:
            items[slug] = card
    return items


def item_card(reader: Reader, slug: str, card: dict[str, Any], what: str) -> ItemCard | None:
    """One Item or Weapon card, as core items.yaml and a scenario's cards.yaml
    write it."""
    reader.only_keys(card, _ITEM_KEYS, what)
    name = reader.get(card, "name", str, what=what)
    kind = reader.get(card, "kind", str, what=what)
    uses = reader.get(card, "uses", int, what=what)
    hands = reader.get(card, "hands", int, what=what, required=False) or 0
    attribute = None
    if kind == "weapon":
        attribute = _attribute(reader, card.get("attribute"), reader.at(card, "attribute"))
        if hands not in (1, 2):
            reader.error(
                reader.at(card, "hands"), BAD_VALUE, f"{what}: a weapon needs 1 or 2 hands"
            )
    elif kind != "item":
        reader.error(
            reader.at(card, "kind"), BAD_VALUE, f"{what}: kind is 'weapon' or 'item', not {kind!r}"
        )
    if name is None or kind is None or uses is None:
        return None
    return ItemCard(
        slug,
        name,
        kind,
        uses,
        hands,
        attribute,
        reader.get(card, "damage", int, what=what, required=False) or 0,
        dict(reader.get(card, "effect", dict, what=what, required=False) or {}),
        (reader.get(card, "text", str, what=what, required=False) or "").strip(),
        reader.get(card, "owner", str, what=what, required=False) or "",
    )


def _counts(reader: Reader, data: dict[str, Any], key: str, names: list[str]) -> dict[str, int]:
    table = reader.get(data, key, dict, what="the supply file") or {}
    reader.only_keys(table, names, f"supply {key}")
    counts: dict[str, int] = {}
    for name in names:
        value = reader.get(table, name, int, what=f"supply {key}")
        counts[name] = max(0, value or 0)
    return counts


def _load_supply(reader: Reader) -> SupplyCounts | None:
    data = reader.mapping(reader.load(), "the supply file")
    if data is None:
        return None
    cards = _counts(reader, data, "status_cards", [k.value for k in StatusCardKind])
    tokens = _counts(reader, data, "status_tokens", [t.value for t in StatusToken])
    events = _counts(reader, data, "event_tokens", [e.value for e in EventSymbol])
    heroism = reader.get(data, "heroism_cards", int, what="the supply file") or 0
    return SupplyCounts(
        {StatusCardKind(k): n for k, n in cards.items()},
        {StatusToken(k): n for k, n in tokens.items()},
        {EventSymbol(k): n for k, n in events.items()},
        heroism,
    )


_RULING_KEYS = ("title", "kind", "default", "rationale", "rulebook")


def load_rulings(reader: Reader) -> Rulings:
    data = reader.mapping(reader.load(), "the rulings file")
    rulings: dict[str, Ruling] = {}
    for ruling_id, body, what in reader.entries(data, "ruling", _RULING_KEYS):
        title = reader.get(body, "title", str, what=what)
        rationale = reader.get(body, "rationale", str, what=what)
        kind = _ruling_kind(reader, body, what)
        if "default" not in body:
            reader.error(reader.at(data, ruling_id), "E101", f"{what} lacks 'default'")
        if title is None or rationale is None or kind is None or "default" not in body:
            continue
        default = _plain(body["default"])
        # A switch is what a group flips; a boolean reading would invite a flip
        # the engine does not honour.
        if (kind is RulingKind.SWITCH) != isinstance(default, bool):
            reader.error(
                reader.at(body, "default"),
                BAD_VALUE,
                f"{what}: a switch's default is true or false, and only a switch's is",
            )
            continue
        quote = reader.get(body, "rulebook", str, what=what, required=False) or ""
        rulings[str(ruling_id)] = Ruling(
            str(ruling_id),
            title,
            default,
            " ".join(rationale.split()),
            " ".join(quote.split()),
            kind,
        )
    return Rulings(rulings)


def _ruling_kind(reader: Reader, body: Any, what: str) -> RulingKind | None:
    kind = reader.get(body, "kind", str, what=what)
    if kind is None:
        return None
    kinds = [k.value for k in RulingKind]
    if kind not in kinds:
        reader.error(
            reader.at(body, "kind"),
            BAD_VALUE,
            f"{what}: kind {kind!r} is not one of {', '.join(kinds)}{did_you_mean(kind, kinds)}",
        )
        return None
    return RulingKind(kind)


def _plain(value: Any) -> object:
    """ruamel's commented containers as plain lists and dicts."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


DEFAULT_TALE = "the-reef-ledger"  # what `tales play` plays when no tale is named


def tale_path(name: str | None) -> Path:
    """A tale by folder path, or by name under the storybooks folder."""
    if name is None:
        name = DEFAULT_TALE
    path = Path(name)
    if (path / "tale.yaml").is_file():
        return path
    bundled = storybooks_dir() / name
    if (bundled / "tale.yaml").is_file():
        return bundled
    known = sorted(p.name for p in storybooks_dir().iterdir() if (p / "tale.yaml").is_file())
    raise TalesError(f"there is no tale {name!r}; the bundled tales are {', '.join(known)}")
