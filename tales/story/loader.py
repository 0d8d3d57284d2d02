"""Loading a tale: YAML files to a checked :class:`Tale`, every problem at once.

Structure and references are checked here (a missing field, a ``goto`` to a
paragraph that does not exist, a keyword not on the Keyword sheet...); the
checks that need the whole story graph (unreachable paragraphs, unused
names, goto loops) live in :mod:`tales.authoring.check`.
"""

from __future__ import annotations

import gc
import hashlib
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tales.problems import Problem, did_you_mean
from tales.rules.items import ItemCard
from tales.rules.scenario import (
    DIFFICULTIES,
    Encounter,
    Enemy,
    EventBoard,
    ExplorationTable,
    Location,
    Scenario,
    Threshold,
)
from tales.rules.terms import Attribute, EventSymbol, StatusCardKind
from tales.rules.teststate import Ease
from tales.story.conditions import analyse, source_line
from tales.story.effects import KINDS, kind_of, parse_effect
from tales.story.model import (
    ChoiceDef,
    Effect,
    Interlude,
    OptionDef,
    Outcome,
    Paragraph,
    Rate,
    ScenarioBook,
    Tale,
    TestDef,
    Where,
)
from tales.story.reader import BAD_VALUE, Reader

DUPLICATE = "E201"
NO_PARAGRAPH = "E202"
NO_LOCATION = "E203"
NO_CARD = "E204"
NO_KEYWORD = "E205"
BAD_EXPRESSION = "E206"
BAD_EFFECT = "E207"
NO_OUTCOME = "E208"
NO_LOG = "E209"
NO_PLACE = "E210"

_PARAGRAPH_KEYS = (
    "text",
    "effects",
    "first_time",
    "options",
    "choices",
    "goto",
    "at",
    "once",
    "end",
)
_OPTION_KEYS = ("label", "if", "once", "cost", "goto", "test", "success", "failure")
_CHOICE_KEYS = ("label", "if", "goto", "effects")
_TEST_KEYS = ("attribute", "need", "eased_by", "team")
_OUTCOME_KEYS = ("goto", "effects")


def load_tale(root: Path, *, fast: bool = False) -> tuple[Tale | None, list[Problem]]:
    """The tale in ``root`` and every problem found; the tale is ``None``
    when any problem is an error. ``fast`` skips positions (see
    :func:`tales.story.yamlio.read_yaml`)."""
    with gc_paused():
        return _load_tale(root, fast)


@contextmanager
def gc_paused() -> Iterator[None]:
    """Loading builds many objects and no garbage cycles; the cyclic
    collector would only rescan them again and again (a large tale loaded
    several times slower than linear)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _load_tale(root: Path, fast: bool) -> tuple[Tale | None, list[Problem]]:
    problems: list[Problem] = []
    reader = Reader(root / "tale.yaml", problems, fast=fast)
    data = reader.mapping(reader.load(), "the tale file") or {}
    reader.only_keys(data, ("title", "scenarios", "log", "counters", "standalone"), "the tale")
    title = reader.get(data, "title", str, what="the tale") or root.name
    order = reader.get(data, "scenarios", list, what="the tale") or []
    log = reader.get(data, "log", dict, what="the tale", required=False) or {}
    reader.only_keys(log, ("sections",), "the campaign log")
    sections = tuple(
        str(s)
        for s in reader.get(log, "sections", list, what="the campaign log", required=False) or []
    )
    counters = tuple(
        str(c) for c in reader.get(data, "counters", list, what="the tale", required=False) or []
    )
    standalone = reader.get(data, "standalone", dict, what="the tale", required=False) or {}
    books: dict[str, ScenarioBook] = {}
    for index, name in enumerate(order):
        folder = root / str(name)
        if not (folder / "scenario.yaml").is_file():
            reader.error(
                reader.at_item(order, index),
                NO_PLACE,
                f"scenario {name!r} has no folder with a scenario.yaml",
            )
            continue
        book = _ScenarioLoader(folder, problems, sections, counters, fast).load()
        if book is not None:
            books[str(name)] = book
    for name, preset in standalone.items():
        if not isinstance(preset, dict):
            reader.error(
                reader.at(standalone, name),
                BAD_VALUE,
                f"the standalone preset for {name!r} is a mapping of log and counters",
            )
        elif name not in order:
            reader.error(
                reader.at(standalone, name),
                NO_PLACE,
                f"standalone preset for {name!r}, which is not a scenario of this tale"
                f"{did_you_mean(str(name), map(str, order))}",
            )
    interludes = _load_interludes(root, problems, sections, counters, [str(n) for n in order], fast)
    problems.sort()
    tale = Tale(
        root.name,
        title,
        books,
        sections,
        counters,
        {str(k): dict(v) for k, v in standalone.items() if isinstance(v, dict)},
        content_hash(root),
        interludes,
    )
    if any(p.severity == "error" for p in problems) or len(books) != len(order):
        return None, problems
    return tale, problems


INTERLUDE_EFFECTS = frozenset(name for name, kind in KINDS.items() if kind.interlude)
INTERLUDE_NAMES = frozenset({"log", "counter", "visited"})
NOT_IN_INTERLUDE = "E213"


def _load_interludes(
    root: Path,
    problems: list[Problem],
    sections: tuple[str, ...],
    counters: tuple[str, ...],
    order: list[str],
    fast: bool,
) -> dict[str, Interlude]:
    """``interludes/*.yaml``: paragraphs read between scenarios. With no
    table in play, they use only the campaign log, counters and choices."""
    folder = root / "interludes"
    interludes: dict[str, Interlude] = {}
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        loader = _ScenarioLoader(folder, problems, sections, counters, fast)
        reader = Reader(path, problems, fast=fast)
        data = reader.mapping(reader.load(), "an interlude file")
        if data is None:
            continue
        reader.only_keys(data, ("after", "start", "paragraphs"), "an interlude")
        after = reader.get(data, "after", str, what="an interlude")
        if after is not None and after not in order:
            reader.error(
                reader.at(data, "after"),
                NO_PLACE,
                f"an interlude after {after!r}, which is not a scenario of this tale"
                f"{did_you_mean(after, order)}",
            )
        start = reader.get(data, "start", int, what="an interlude")
        listed = reader.get(data, "paragraphs", dict, what="an interlude") or {}
        paragraphs: dict[int, Paragraph] = {}
        for number in listed:
            where = loader.at(reader, listed, number)
            if not isinstance(number, int) or number < 1:
                loader.error(where, BAD_VALUE, f"paragraphs are numbered from 1, not {number!r}")
                continue
            paragraph = loader._paragraph(reader, listed, number, where)
            if paragraph is not None:
                paragraphs[number] = paragraph
                _check_interlude_paragraph(loader, paragraph)
        if start is not None:
            loader.refs.paragraphs.append((start, loader.at(reader, data, "start")))
        for number, where in loader.refs.paragraphs:
            if number not in paragraphs:
                loader.error(where, NO_PARAGRAPH, f"the interlude has no paragraph {number}")
        loader._check_log_refs()
        if after is not None and start is not None:
            interludes[path.stem] = Interlude(path.stem, after, start, paragraphs)
    return interludes


def _check_interlude_paragraph(loader: _ScenarioLoader, paragraph: Paragraph) -> None:
    if paragraph.options or paragraph.at:
        loader.error(
            paragraph.where,
            NOT_IN_INTERLUDE,
            f"paragraph {paragraph.number} is in an interlude, where nobody stands anywhere: "
            "offer 'choices', not 'options'",
        )
    outcomes = (e for c in paragraph.choices for e in c.outcome.effects)
    for effect in (*paragraph.effects, *paragraph.first_time, *outcomes):
        if effect.kind not in INTERLUDE_EFFECTS:
            loader.error(
                effect.where,
                NOT_IN_INTERLUDE,
                f"{effect.kind!r} needs a scenario in play; an interlude may use "
                f"{', '.join(sorted(INTERLUDE_EFFECTS))}",
            )
    sources = [(paragraph.text, True)]
    sources += [(c.condition, False) for c in paragraph.choices if c.condition]
    for source, template in sources:
        for name in sorted(analyse(source, template=template).names - INTERLUDE_NAMES):
            loader.error(
                paragraph.where,
                NOT_IN_INTERLUDE,
                f"{name!r} needs a scenario in play; an interlude may ask "
                f"{', '.join(sorted(INTERLUDE_NAMES))}",
            )


def content_hash(root: Path) -> str:
    """A hash of every YAML file of a tale, by relative path and bytes."""
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*.yaml") if p.is_file()):  # not a folder.yaml/
        digest.update(str(path.relative_to(root)).encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@dataclass
class _Refs:
    """Every name a scenario's story mentions, with where, for checking."""

    paragraphs: list[tuple[int, Where]] = field(default_factory=list)
    locations: list[tuple[str, Where]] = field(default_factory=list)
    keywords: list[tuple[str, Where]] = field(default_factory=list)
    cards: list[tuple[str, str, Where]] = field(default_factory=list)  # (kind, slug, where)
    logs: list[tuple[str, Where]] = field(default_factory=list)
    counters: list[tuple[str, Where]] = field(default_factory=list)


class _ScenarioLoader:
    def __init__(
        self,
        folder: Path,
        problems: list[Problem],
        sections: tuple[str, ...],
        counters: tuple[str, ...],
        fast: bool,
    ) -> None:
        self.folder = folder
        self.problems = problems
        self.sections = sections
        self.counters = counters
        self.fast = fast
        self.refs = _Refs()
        self.where: dict[str, Where] = {}
        self.location_tokens: dict[str, dict[str, int]] = {}

    def reader(self, name: str) -> Reader:
        return Reader(self.folder / name, self.problems, fast=self.fast)

    def at(self, reader: Reader, node: Any, key: Any) -> Where:
        line, col = reader.at(node, key)
        return Where(str(reader.path), line, col)

    def at_item(self, reader: Reader, node: Any, index: int) -> Where:
        line, col = reader.at_item(node, index)
        return Where(str(reader.path), line, col)

    def error(self, where: Where, code: str, message: str) -> None:
        self.problems.append(Problem(where.path, where.line, where.col, code, message))

    # The scenario file ---------------------------------------------------------------

    def load(self) -> ScenarioBook | None:
        reader = self.reader("scenario.yaml")
        data = reader.mapping(reader.load(), "the scenario file") or {}
        keys = (
            "title",
            "introduction",
            "setup",
            "event_board",
            "keywords",
            "exploration",
            "endings",
        )
        reader.only_keys(data, keys, "the scenario")
        title = reader.get(data, "title", str, what="the scenario") or self.folder.name
        introduction = reader.get(data, "introduction", int, what="the scenario")
        if introduction is not None:
            self.refs.paragraphs.append((introduction, self.at(reader, data, "introduction")))
        keywords = tuple(
            str(k) for k in reader.get(data, "keywords", list, what="the scenario") or []
        )
        self.where["keywords"] = self.at(reader, data, "keywords")
        for index, word in enumerate(keywords):
            if not word.isupper():
                self.error(
                    self.at_item(reader, data["keywords"], index),
                    BAD_VALUE,
                    f"keyword {word!r} should be written in capitals",
                )
        setup = reader.get(data, "setup", dict, what="the scenario") or {}
        reader.only_keys(setup, ("start", "revealed", "keywords", "items"), "the setup")
        setup_items = [
            str(i) for i in reader.get(setup, "items", list, what="the setup", required=False) or []
        ]
        for index, slug in enumerate(setup_items):
            self.refs.cards.append(("item", slug, self.at_item(reader, setup["items"], index)))
        start = reader.get(setup, "start", str, what="the setup")
        if start is not None:
            self.refs.locations.append((start, self.at(reader, setup, "start")))
        revealed = [
            str(r)
            for r in reader.get(setup, "revealed", list, what="the setup", required=False) or []
        ]
        for index, slug in enumerate(revealed):
            self.refs.locations.append((slug, self.at_item(reader, setup["revealed"], index)))
        setup_keywords = [
            str(k)
            for k in reader.get(setup, "keywords", list, what="the setup", required=False) or []
        ]
        for index, word in enumerate(setup_keywords):
            self.refs.keywords.append((word, self.at_item(reader, setup["keywords"], index)))
        board = self._board(
            reader, reader.get(data, "event_board", dict, what="the scenario") or {}
        )
        exploration, rates = self._exploration(reader, data)
        endings = [
            int(e)
            for e in reader.get(data, "endings", list, what="the scenario", required=False) or []
            if isinstance(e, int)
        ]
        for index, number in enumerate(endings):
            self.refs.paragraphs.append((number, self.at_item(reader, data["endings"], index)))

        locations = self._locations()
        _, encounters = self._encounters()
        items, clues, objectives = self._cards()
        paragraphs = self._paragraphs()
        self._check_refs(keywords, locations, encounters, items, clues, objectives, paragraphs)
        if introduction is None or start is None or board is None or start not in locations:
            return None
        scenario = Scenario(
            self.folder.name,
            title,
            locations,
            start,
            frozenset(revealed),
            board,
            encounters,
            items,
            exploration,
        )
        ending_set = sorted({*endings, *(n for n, p in paragraphs.items() if p.end)})
        return ScenarioBook(
            self.folder.name,
            scenario,
            introduction,
            paragraphs,
            keywords,
            tuple(setup_keywords),
            clues,
            objectives,
            rates,
            tuple(ending_set),
            dict(self.where),
            tuple(setup_items),
            dict(self.location_tokens),
        )

    def _board(self, reader: Reader, data: dict[str, Any]) -> EventBoard | None:
        what = "the Event board"
        reader.only_keys(data, ("length", "start", "spaces", "thresholds", "death"), what)
        length = reader.get(data, "length", int, what=what)
        start = reader.get(data, "start", dict, what=what) or {}
        for level, space in start.items():
            if level not in DIFFICULTIES:
                self.error(
                    self.at(reader, start, level),
                    BAD_VALUE,
                    f"{level!r} is not a difficulty{did_you_mean(str(level), DIFFICULTIES)}",
                )
            elif not isinstance(space, int) or length is None or not 1 <= space <= length:
                self.error(
                    self.at(reader, start, level),
                    BAD_VALUE,
                    f"the {level} start must be a space from 1 to {length}",
                )
        wrong_start = standard_start_problem(start)
        if wrong_start is not None:
            self.error(self.at(reader, start, "standard"), BAD_VALUE, wrong_start)
        spaces_data = reader.get(data, "spaces", dict, what=what, required=False) or {}
        spaces: list[int | None] = [None] * (length or 0)
        for space, paragraph in spaces_data.items():
            where = self.at(reader, spaces_data, space)
            if not isinstance(space, int) or length is None or not 1 <= space <= length:
                self.error(
                    where, BAD_VALUE, f"space {space!r} is not on a track of {length} spaces"
                )
            elif isinstance(paragraph, int):
                spaces[space - 1] = paragraph
                self.refs.paragraphs.append((paragraph, where))
            else:
                self.error(
                    where, BAD_VALUE, f"space {space} reads a paragraph number, not {paragraph!r}"
                )
        thresholds: list[Threshold] = []
        listed = reader.get(data, "thresholds", list, what=what, required=False) or []
        for index, entry in enumerate(listed):
            where = self.at_item(reader, listed, index)
            if not isinstance(entry, dict):
                self.error(where, BAD_VALUE, "a threshold is {symbol, count, read}")
                continue
            reader.only_keys(
                entry, ("symbol", "count", "read", "spaces", "difficulties"), "a threshold"
            )
            symbol, count, read = entry.get("symbol"), entry.get("count"), entry.get("read")
            if symbol not in [s.value for s in EventSymbol]:
                self.error(
                    where,
                    BAD_VALUE,
                    f"{symbol!r} is not an Event board symbol"
                    f"{did_you_mean(str(symbol), [s.value for s in EventSymbol])}",
                )
                continue
            if not isinstance(count, int) or not isinstance(read, int) or count < 1:
                self.error(
                    where,
                    BAD_VALUE,
                    "a threshold needs a count of at least 1 and a paragraph to read",
                )
                continue
            self.refs.paragraphs.append((read, where))
            listed_on = entry.get("spaces") or []
            if not isinstance(listed_on, list) or not all(isinstance(s, int) for s in listed_on):
                self.error(where, BAD_VALUE, "a threshold's spaces are a list of space numbers")
                continue
            on = frozenset(listed_on)
            levels = entry.get("difficulties") or []
            if not isinstance(levels, list) or not set(levels) <= set(DIFFICULTIES):
                self.error(
                    where,
                    BAD_VALUE,
                    f"a threshold's difficulties are some of {', '.join(DIFFICULTIES)}",
                )
                continue
            thresholds.append(Threshold(EventSymbol(symbol), count, read, on, frozenset(levels)))
        death = reader.get(data, "death", int, what=what, required=False)
        if death is not None:
            self.refs.paragraphs.append((death, self.at(reader, data, "death")))
        if length is None or not start:
            return None
        return EventBoard(
            tuple(spaces),
            tuple(thresholds),
            {str(k): int(v) for k, v in start.items() if isinstance(v, int)},
            death,
        )

    def _exploration(
        self, reader: Reader, data: dict[str, Any]
    ) -> tuple[ExplorationTable, tuple[Rate, ...]]:
        table = reader.get(data, "exploration", dict, what="the scenario") or {}
        reader.only_keys(table, ("points", "full", "rates"), "the exploration table")
        points = reader.get(table, "points", dict, what="the exploration table") or {}
        from tales.rules.scoring import ELEMENTS

        reader.only_keys(points, ELEMENTS, "the exploration points")
        full = reader.get(table, "full", int, what="the exploration table") or 100
        rates: list[Rate] = []
        for index, entry in enumerate(
            reader.get(table, "rates", list, what="the exploration table") or []
        ):
            where = self.at_item(reader, table["rates"], index)
            if (
                isinstance(entry, dict)
                and isinstance(entry.get("from"), int)
                and isinstance(entry.get("read"), int)
            ):
                rates.append(Rate(entry["from"], entry["read"]))
                self.refs.paragraphs.append((entry["read"], where))
            else:
                self.error(where, BAD_VALUE, "a rate is {from: percent, read: paragraph}")
        return ExplorationTable(
            {str(k): int(v) for k, v in points.items() if isinstance(v, int)}, full
        ), tuple(sorted(rates, key=lambda r: r.start))

    # Cards ------------------------------------------------------------------------

    def _locations(self) -> dict[str, Location]:
        reader = self.reader("locations.yaml")
        data = reader.mapping(reader.load(), "the locations file")
        raw: dict[str, tuple[str, str, list[str], int | None]] = {}
        for slug, body, what in reader.entries(
            data, "location", ("name", "area", "adjacent", "scene", "tokens")
        ):
            tokens = reader.get(body, "tokens", dict, what=what, required=False) or {}
            if all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in tokens.values()
            ):
                self.location_tokens[slug] = {str(k): int(v) for k, v in tokens.items()}
            else:
                self.error(
                    self.at(reader, body, "tokens"),
                    BAD_VALUE,
                    f"{what}: tokens map a name to a count of 0 or more",
                )
            self.where[f"location:{slug}"] = self.at(reader, data, slug)
            name = reader.get(body, "name", str, what=what) or slug
            area = reader.get(body, "area", str, what=what) or slug
            adjacent = [
                str(a) for a in reader.get(body, "adjacent", list, what=what, required=False) or []
            ]
            for index, other in enumerate(adjacent):
                self.refs.locations.append((other, self.at_item(reader, body["adjacent"], index)))
            scene = reader.get(body, "scene", int, what=what, required=False)
            if scene is not None:
                self.refs.paragraphs.append((scene, self.at(reader, body, "scene")))
            raw[slug] = (name, area, adjacent, scene)
        links = {slug: set(adj) for slug, (_, _, adj, _) in raw.items()}
        for slug, neighbours in list(links.items()):
            for other in neighbours:  # adjacency is symmetric
                links.setdefault(other, set()).add(slug)
        return {
            slug: Location(slug, name, area, frozenset(links[slug] & set(raw)), scene)
            for slug, (name, area, _, scene) in raw.items()
        }

    def _encounters(self) -> tuple[dict[str, Enemy], dict[str, Encounter]]:
        path = self.folder / "encounters.yaml"
        if not path.exists():
            return {}, {}
        reader = self.reader("encounters.yaml")
        data = reader.mapping(reader.load(), "the encounters file") or {}
        reader.only_keys(data, ("enemies", "encounters"), "the encounters file")
        enemies: dict[str, Enemy] = {}
        for slug, body, what in reader.entries(
            data.get("enemies"), "enemy", ("name", "wounds", "stratagem", "attacks")
        ):
            self.where[f"enemy:{slug}"] = self.at(reader, data["enemies"], slug)
            stratagem = reader.get(body, "stratagem", dict, what=what) or {}
            attribute = stratagem.get("attribute")
            if attribute not in [a.value for a in Attribute]:
                self.error(
                    self.at(reader, body, "stratagem"),
                    BAD_VALUE,
                    f"{what}: {attribute!r} is not an attribute"
                    f"{did_you_mean(str(attribute), [a.value for a in Attribute])}",
                )
                continue
            attacks = reader.get(body, "attacks", dict, what=what, required=False) or {}
            bad = [k for k in attacks if k not in [c.value for c in StatusCardKind]]
            bad += [v for v in attacks.values() if not isinstance(v, int) or isinstance(v, bool)]
            if bad:
                self.error(
                    self.at(reader, body, "attacks"),
                    BAD_VALUE,
                    f"{what}: attacks map a status card to a number of cards, not {bad[0]!r}",
                )
                continue
            wounds = reader.get(body, "wounds", int, what=what)
            successes = stratagem.get("successes")
            if wounds is None or not isinstance(successes, int):
                continue
            enemies[slug] = Enemy(
                slug,
                reader.get(body, "name", str, what=what) or slug,
                wounds,
                Attribute(attribute),
                successes,
                tuple((StatusCardKind(k), int(v)) for k, v in attacks.items()),
            )
        encounters: dict[str, Encounter] = {}
        for slug, body, what in reader.entries(
            data.get("encounters"), "encounter", ("name", "enemy", "defeated", "round_end")
        ):
            self.where[f"encounter:{slug}"] = self.at(reader, data["encounters"], slug)
            enemy = reader.get(body, "enemy", str, what=what)
            if enemy is not None and enemy not in enemies:
                self.error(
                    self.at(reader, body, "enemy"),
                    NO_CARD,
                    f"{what}: no enemy {enemy!r}{did_you_mean(enemy, enemies)}",
                )
                continue
            stages = {}
            for stage in ("defeated", "round_end"):
                number = reader.get(body, stage, int, what=what, required=False)
                if number is not None:
                    self.refs.paragraphs.append((number, self.at(reader, body, stage)))
                stages[stage] = number
            if enemy is not None:
                encounters[slug] = Encounter(
                    slug,
                    reader.get(body, "name", str, what=what) or slug,
                    enemies[enemy],
                    stages["defeated"],
                    stages["round_end"],
                )
        return enemies, encounters

    def _cards(self) -> tuple[dict[str, ItemCard], dict[str, str], dict[str, str]]:
        if not (self.folder / "cards.yaml").exists():
            return {}, {}, {}
        reader = self.reader("cards.yaml")
        data = reader.mapping(reader.load(), "the cards file") or {}
        reader.only_keys(data, ("items", "clues", "objectives"), "the cards file")
        from tales.story.core import item_card

        items: dict[str, ItemCard] = {}
        for slug, body, what in reader.entries(data.get("items"), "item", None):
            self.where[f"item:{slug}"] = self.at(reader, data["items"], slug)
            card = item_card(reader, slug, body, what)
            if card is not None:
                items[slug] = card
        named: list[dict[str, str]] = []
        for kind in ("clues", "objectives"):
            found: dict[str, str] = {}
            for slug, body, what in reader.entries(data.get(kind), kind[:-1], ("name", "text")):
                self.where[f"{kind[:-1]}:{slug}"] = self.at(reader, data[kind], slug)
                found[slug] = reader.get(body, "name", str, what=what) or slug
            named.append(found)
        return items, named[0], named[1]

    # Paragraphs -------------------------------------------------------------------

    def _paragraphs(self) -> dict[int, Paragraph]:
        paragraphs: dict[int, Paragraph] = {}
        folder = self.folder / "paragraphs"
        files = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
        if not files:
            self.error(Where(str(folder)), NO_PLACE, "the scenario has no paragraphs/*.yaml files")
        for path in files:
            reader = Reader(path, self.problems, fast=self.fast)
            data = reader.mapping(reader.load(), "a paragraphs file") or {}
            for number in data:
                where = self.at(reader, data, number)
                if not isinstance(number, int) or number < 1:
                    self.error(where, BAD_VALUE, f"paragraphs are numbered from 1, not {number!r}")
                    continue
                if number in paragraphs:
                    first = paragraphs[number].where
                    self.error(
                        where, DUPLICATE, f"paragraph {number} is written twice (first at {first})"
                    )
                    continue
                paragraph = self._paragraph(reader, data, number, where)
                if paragraph is not None:
                    paragraphs[number] = paragraph
        return paragraphs

    def _paragraph(
        self, reader: Reader, listed: dict[Any, Any], number: int, where: Where
    ) -> Paragraph | None:
        body = listed[number]
        text_at: tuple[Any, Any] = (listed, number)  # where the text was written
        if isinstance(body, str):  # a paragraph that is only text
            body = {"text": body}
        else:
            text_at = (body, "text")
        what = f"paragraph {number}"
        node = reader.mapping(body, what, (where.line, where.col))
        if node is None:
            return None
        reader.only_keys(node, _PARAGRAPH_KEYS, what)
        text = reader.get(node, "text", str, what=what, required=False) or ""
        if text:
            self._expression(reader, *text_at, template=True)
        goto = self._goto(reader, node, "goto", what)
        at = reader.get(node, "at", str, what=what, required=False)
        if at is not None:
            self.refs.locations.append((at, self.at(reader, node, "at")))
        options = tuple(
            o
            for o in (
                self._option(reader, node["options"], i, what)
                for i in range(len(self._list(reader, node, "options", what)))
            )
            if o is not None
        )
        choices = tuple(
            c
            for c in (
                self._choice(reader, node["choices"], i, what)
                for i in range(len(self._list(reader, node, "choices", what)))
            )
            if c is not None
        )
        if options and choices:
            self.error(
                where, BAD_VALUE, f"{what} offers both options and choices; give it one kind"
            )
        return Paragraph(
            number,
            text,
            self._effects(reader, node, "effects", what),
            self._effects(reader, node, "first_time", what),
            options,
            choices,
            goto,
            at,
            bool(reader.get(node, "once", bool, what=what, required=False)),
            bool(reader.get(node, "end", bool, what=what, required=False)),
            where,
        )

    def _list(self, reader: Reader, node: dict[str, Any], key: str, what: str) -> list[Any]:
        return reader.get(node, key, list, what=what, required=False) or []

    def _goto(self, reader: Reader, node: dict[str, Any], key: str, what: str) -> int | None:
        number = reader.get(node, key, int, what=what, required=False)
        if number is not None:
            self.refs.paragraphs.append((number, self.at(reader, node, key)))
        return number

    def _option(
        self, reader: Reader, listed: list[Any], index: int, owner: str
    ) -> OptionDef | None:
        where = self.at_item(reader, listed, index)
        what = f"an option of {owner}"
        node = reader.mapping(listed[index], what, (where.line, where.col))
        if node is None:
            return None
        reader.only_keys(node, _OPTION_KEYS, what)
        label = reader.get(node, "label", str, what=what)
        condition = self._condition(reader, node, what)
        cost = reader.get(node, "cost", int, what=what, required=False) or 0
        goto = self._goto(reader, node, "goto", what)
        test = None
        if "test" in node:
            test = self._test(reader, node, what)
        success = self._outcome(reader, node, "success", what)
        failure = self._outcome(reader, node, "failure", what)
        if test is not None and success is None:
            self.error(where, NO_OUTCOME, f"{what} has a test but no 'success' outcome")
        if test is None and (success or failure):
            self.error(where, NO_OUTCOME, f"{what} has outcomes but no 'test'")
        if test is not None and goto is not None:
            self.error(
                where,
                NO_OUTCOME,
                f"{what} has a test, so it goes on by 'success' and 'failure', not 'goto'",
            )
        if test is None and goto is None:
            self.error(where, NO_OUTCOME, f"{what} leads nowhere: give it 'goto' or a 'test'")
        if cost < 0:
            self.error(
                self.at(reader, node, "cost"), BAD_VALUE, f"{what}: a cost is 0 or more Actions"
            )
        if label is None:
            return None
        once = bool(reader.get(node, "once", bool, what=what, required=False))
        return OptionDef(label, condition, once, cost, goto, test, success, failure, where)

    def _choice(
        self, reader: Reader, listed: list[Any], index: int, owner: str
    ) -> ChoiceDef | None:
        where = self.at_item(reader, listed, index)
        what = f"a choice of {owner}"
        node = reader.mapping(listed[index], what, (where.line, where.col))
        if node is None:
            return None
        reader.only_keys(node, _CHOICE_KEYS, what)
        label = reader.get(node, "label", str, what=what)
        condition = self._condition(reader, node, what)
        outcome = Outcome(
            self._goto(reader, node, "goto", what), self._effects(reader, node, "effects", what)
        )
        if label is None:
            return None
        return ChoiceDef(label, condition, outcome, where)

    def _condition(self, reader: Reader, node: dict[str, Any], what: str) -> str | None:
        condition = reader.get(node, "if", str, what=what, required=False)
        if condition is not None:
            self._expression(reader, node, "if", template=False)
        return condition

    def _expression(
        self, reader: Reader, node: dict[Any, Any], key: Any, *, template: bool
    ) -> None:
        source, where = node[key], self.at(reader, node, key)
        analysis = analyse(source, template=template)
        for line, message in analysis.problems:  # at Jinja's line, with the line printed under
            at, shown = reader.in_text(node, key, line), source_line(source, line)
            self.problems.append(Problem(where.path, *at, BAD_EXPRESSION, message, source=shown))
        for word in analysis.arguments("keyword"):
            self.refs.keywords.append((word, where))
        for number in analysis.arguments("visited"):
            if number.isdecimal():
                self.refs.paragraphs.append((int(number), where))
        for kind in ("item", "clue", "objective"):
            for slug in analysis.arguments(kind):
                self.refs.cards.append((kind, slug, where))
        for slug in analysis.arguments("revealed") + analysis.arguments("location_token"):
            self.refs.locations.append((slug, where))
        for section in analysis.arguments("log"):
            self.refs.logs.append((section, where))
        for name in analysis.arguments("counter"):
            self.refs.counters.append((name, where))

    def _test(self, reader: Reader, node: dict[str, Any], what: str) -> TestDef | None:
        test = reader.get(node, "test", dict, what=what)
        if test is None:
            return None
        reader.only_keys(test, _TEST_KEYS, "a test")
        attribute = test.get("attribute")
        if attribute not in [a.value for a in Attribute]:
            self.error(
                self.at(reader, test, "attribute"),
                BAD_VALUE,
                f"{attribute!r} is not an attribute"
                f"{did_you_mean(str(attribute), [a.value for a in Attribute])}",
            )
            return None
        need = test.get("need")
        if not isinstance(need, int) or isinstance(need, bool) or need < 1:
            self.error(
                self.at(reader, test, "need"),
                BAD_VALUE,
                f"a test needs at least 1 success, not {need!r}",
            )
            return None
        ease = None
        eased = test.get("eased_by")
        if eased is not None:
            ease = self._ease(eased, self.at(reader, test, "eased_by"))
        return TestDef(Attribute(attribute), need, ease, bool(test.get("team", False)))

    def _ease(self, eased: Any, where: Where) -> Ease | None:
        if (
            not isinstance(eased, dict)
            or not isinstance(eased.get("by"), int)
            or (("item" in eased) == ("keyword" in eased))
        ):
            self.error(
                where, BAD_VALUE, "eased_by is {item: slug, by: N} or {keyword: WORD, by: N}"
            )
            return None
        if "item" in eased:
            self.refs.cards.append(("item", str(eased["item"]), where))
            return Ease(int(eased["by"]), item=str(eased["item"]))
        self.refs.keywords.append((str(eased["keyword"]), where))
        return Ease(int(eased["by"]), keyword=str(eased["keyword"]))

    def _outcome(self, reader: Reader, node: dict[str, Any], key: str, what: str) -> Outcome | None:
        if key not in node:
            return None
        value = node[key]
        where = self.at(reader, node, key)
        if isinstance(value, int) and not isinstance(value, bool):
            self.refs.paragraphs.append((value, where))
            return Outcome(value)
        if not isinstance(value, dict):
            self.error(
                where, BAD_VALUE, f"{what}: {key!r} is a paragraph number or {{goto, effects}}"
            )
            return None
        reader.only_keys(value, _OUTCOME_KEYS, f"the {key} of {what}")
        return Outcome(
            self._goto(reader, value, "goto", what), self._effects(reader, value, "effects", what)
        )

    def _effects(
        self, reader: Reader, node: dict[str, Any], key: str, what: str
    ) -> tuple[Effect, ...]:
        listed = self._list(reader, node, key, what)
        effects: list[Effect] = []
        for index, entry in enumerate(listed):
            where = self.at_item(reader, listed, index)
            effect, problem = parse_effect(entry, where)
            if effect is None:
                self.error(where, BAD_EFFECT, f"{what}: {problem}")
                continue
            effects.append(effect)
            self._effect_refs(effect)
        return tuple(effects)

    def _effect_refs(self, effect: Effect) -> None:
        """Note every name the effect's kind says it references, to check later."""
        where = effect.where
        for what, name in kind_of(effect.kind).refs(effect):
            if what == "paragraph" and isinstance(name, int):
                self.refs.paragraphs.append((name, where))
            elif what == "location":
                self.refs.locations.append((str(name), where))
            elif what == "keyword":
                self.refs.keywords.append((str(name), where))
            elif what == "log":
                self.refs.logs.append((str(name), where))
            elif what == "counter":
                self.refs.counters.append((str(name), where))
            else:  # an item, clue, objective or encounter
                self.refs.cards.append((what, str(name), where))

    # References ---------------------------------------------------------------------

    def _check_refs(
        self,
        keywords: Iterable[str],
        locations: dict[str, Location],
        encounters: dict[str, Encounter],
        items: dict[str, ItemCard],
        clues: dict[str, str],
        objectives: dict[str, str],
        paragraphs: dict[int, Paragraph],
    ) -> None:
        sheet = set(keywords)
        for number, where in self.refs.paragraphs:
            if number not in paragraphs:
                close = did_you_mean(str(number), map(str, paragraphs))
                self.error(where, NO_PARAGRAPH, f"there is no paragraph {number}{close}")
        for slug, where in self.refs.locations:
            if slug not in locations:
                self.error(
                    where,
                    NO_LOCATION,
                    f"there is no location {slug!r}{did_you_mean(slug, locations)}",
                )
        for word, where in self.refs.keywords:
            if word not in sheet:
                self.error(
                    where,
                    NO_KEYWORD,
                    f"keyword {word!r} is not on the scenario's Keyword sheet"
                    f"{did_you_mean(word, sheet)}",
                )
        known: dict[str, Mapping[str, object]] = {
            "item": items,
            "clue": clues,
            "objective": objectives,
            "encounter": encounters,
        }
        for kind, slug, where in self.refs.cards:
            if slug not in known[kind]:
                self.error(
                    where, NO_CARD, f"there is no {kind} {slug!r}{did_you_mean(slug, known[kind])}"
                )
        self._check_log_refs()

    def _check_log_refs(self) -> None:
        for section, where in self.refs.logs:
            if section not in self.sections:
                self.error(
                    where,
                    NO_LOG,
                    f"the campaign log has no section {section!r}"
                    f"{did_you_mean(section, self.sections)}",
                )
        for name, where in self.refs.counters:
            if name not in self.counters:
                self.error(
                    where,
                    NO_LOG,
                    f"the tale has no counter {name!r}{did_you_mean(name, self.counters)}",
                )


def standard_start_problem(start: dict[Any, Any]) -> str | None:
    """Rulebook: "The standard difficulty always starts on the 1st round." The
    problem with an Event board's ``start`` mapping, if its standard start is
    another space (another difficulty may start anywhere on the track)."""
    standard = start.get("standard")
    if standard is None or standard == 1:
        return None
    return (
        f'the standard difficulty starts on space 1, not {standard!r}: "The standard '
        'difficulty always starts on the 1st round."'
    )
