"""The one description of the storybook files' shape: a JSON Schema.

``tales schema`` prints it for editors; the loader checks every file against
it (:mod:`tales.story.loader.validate`), so the two cannot drift, and only
checks of meaning (a start space on the track, a test with its outcomes) and
of references stay in Python. ``x-`` keywords carry the loader's codes and
wording; JSON Schema validators ignore them.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from tales.rules.scenario import DIFFICULTIES
from tales.rules.scoring import ELEMENTS
from tales.rules.terms import Attribute, EventSymbol, StatusCardKind
from tales.story.effects import KINDS, WHO
from tales.story.effects.kind import KEYWORD, NUMBER, SLUG, enum_schema, map_schema, object_schema
from tales.story.loader.codes import BAD_VALUE, WRONG_TYPE

Schema = dict[str, Any]

FILES = ("tale", "scenario", "locations", "encounters", "cards", "paragraphs", "interlude")

TEXT: Schema = {"type": "string"}
FLAG: Schema = {"type": "boolean"}
PARAGRAPH_KEY = "^[1-9][0-9]*$"


def named(schema: Schema, noun: str, file: str | None = None) -> Schema:
    """``schema`` with the name messages give the object (``x-what``)."""
    return {**schema, "x-what": noun, **({"x-file": file} if file else {})}


def coded(schema: Schema, message: str, code: str = BAD_VALUE) -> Schema:
    """``schema`` with the code and message of a value it refuses."""
    return {**schema, "x-code": code, "x-message": message}


def listed(items: Schema) -> Schema:
    return {"type": "array", "items": items}


def numbered(value: Schema) -> Schema:
    """A map keyed by paragraph or space numbers, which YAML reads as numbers."""
    return {**map_schema(value, PARAGRAPH_KEY), "x-number-keys": True}


def attribute() -> Schema:
    return coded(enum_schema(Attribute), "{value!r} is not an attribute{close}")


def keyword() -> Schema:
    return coded(KEYWORD, "keyword {value!r} should be written in capitals")


# Paragraphs ---------------------------------------------------------------------------


def effect() -> Schema:
    """One variant per registered effect kind, each with the keys it takes."""
    variants = []
    for name, kind in KINDS.items():
        properties: Schema = {name: kind.schema}
        if kind.who:
            properties["who"] = enum_schema(WHO)
        if kind.count:
            properties["count"] = NUMBER
        variants.append({**object_schema(properties, (name,)), "description": kind.shape})
    return {"oneOf": variants}


def effects() -> Schema:
    # The registry checks each effect (E207), with its own words for each kind.
    return {"type": "array", "items": effect(), "x-registry": True}


def outcome() -> Schema:
    goto = named(
        object_schema({"goto": NUMBER, "effects": {"$ref": "#/$defs/effects"}}),
        "the {key} of {what}",
    )
    return coded(
        {"oneOf": [NUMBER, goto]}, "{what}: {label} is a paragraph number or {{goto, effects}}"
    )


def ease() -> Schema:
    variants = [
        object_schema({"item": SLUG, "by": NUMBER}, ("item", "by")),
        object_schema({"keyword": KEYWORD, "by": NUMBER}, ("keyword", "by")),
    ]
    return coded(
        {"oneOf": variants}, "eased_by is {{item: slug, by: N}} or {{keyword: WORD, by: N}}"
    )


def test() -> Schema:
    need = coded(NUMBER, "a test needs at least 1 success, not {value!r}")
    properties = {"attribute": attribute(), "need": need, "eased_by": ease(), "team": FLAG}
    return named(object_schema(properties, ("attribute", "need")), "a test")


def option() -> Schema:
    cost = coded({"type": "integer", "minimum": 0}, "{what}: a cost is 0 or more Actions")
    properties = {
        "label": TEXT,
        "if": TEXT,
        "once": FLAG,
        "cost": cost,
        "goto": NUMBER,
        "test": test(),
        "success": outcome(),
        "failure": outcome(),
    }
    return named(object_schema(properties, ("label",)), "an option of {what}")


def choice() -> Schema:
    properties = {"label": TEXT, "if": TEXT, "goto": NUMBER, "effects": {"$ref": "#/$defs/effects"}}
    return named(object_schema(properties, ("label",)), "a choice of {what}")


def paragraph() -> Schema:
    properties = {
        "text": TEXT,
        "effects": {"$ref": "#/$defs/effects"},
        "first_time": {"$ref": "#/$defs/effects"},
        "options": listed(option()),
        "choices": listed(choice()),
        "goto": NUMBER,
        "at": SLUG,
        "once": FLAG,
        "end": FLAG,
    }
    body = named(object_schema(properties), "paragraph {key}")
    return coded(
        {"oneOf": [TEXT, body]}, "paragraph {label} should be a mapping, not {shown}", WRONG_TYPE
    )


def paragraphs() -> Schema:
    keys = {"code": BAD_VALUE, "message": "paragraphs are numbered from 1, not {value!r}"}
    return named(
        {**numbered({"$ref": "#/$defs/paragraph"}), "x-keys": keys}, "", "a paragraphs file"
    )


# The tale and its scenarios -----------------------------------------------------------


def tale() -> Schema:
    log = named(object_schema({"sections": listed(SLUG)}), "the campaign log")
    properties = {
        "title": TEXT,
        "scenarios": listed(SLUG),
        "log": log,
        "counters": listed(SLUG),
        "standalone": {"type": "object"},
    }
    return named(object_schema(properties, ("title", "scenarios")), "the tale", "the tale file")


def setup() -> Schema:
    properties = {
        "start": SLUG,
        "revealed": listed(SLUG),
        "keywords": listed(keyword()),
        "items": listed(SLUG),
    }
    return named(object_schema(properties, ("start",)), "the setup")


def threshold() -> Schema:
    symbol = coded(enum_schema(EventSymbol), "{value!r} is not an Event board symbol{close}")
    levels = coded(
        enum_schema(DIFFICULTIES),
        "a threshold's difficulties are some of " + ", ".join(DIFFICULTIES),
    )
    properties = {
        "symbol": symbol,
        "count": NUMBER,
        "read": NUMBER,
        "spaces": listed(NUMBER),
        "difficulties": listed(levels),
    }
    return named(object_schema(properties, ("symbol", "count", "read")), "a threshold")


def event_board() -> Schema:
    level = {"type": "integer", "minimum": 1}
    start = named(
        {
            **map_schema(level, "^(" + "|".join(DIFFICULTIES) + ")$"),
            "x-keys": {
                "code": BAD_VALUE,
                "message": "{value!r} is not a difficulty{close}",
                "choices": list(DIFFICULTIES),
            },
        },
        "the Event board",
    )
    properties = {
        "length": NUMBER,
        "start": start,
        "spaces": numbered(NUMBER),
        "thresholds": listed(threshold()),
        "death": NUMBER,
    }
    return named(object_schema(properties, ("length", "start")), "the Event board")


def exploration() -> Schema:
    points = named(
        object_schema({e: {"type": "integer"} for e in ELEMENTS}), "the exploration points"
    )
    rate = named(
        object_schema(
            {"from": {"type": "integer", "minimum": 0}, "read": NUMBER}, ("from", "read")
        ),
        "a rate",
    )
    properties = {"points": points, "full": NUMBER, "rates": listed(rate)}
    return named(object_schema(properties, ("points", "full", "rates")), "the exploration table")


def scenario() -> Schema:
    properties = {
        "title": TEXT,
        "introduction": NUMBER,
        "setup": setup(),
        "event_board": event_board(),
        "keywords": listed(keyword()),
        "exploration": exploration(),
        "endings": listed(NUMBER),
    }
    required = ("title", "introduction", "setup", "event_board", "keywords", "exploration")
    return named(object_schema(properties, required), "the scenario", "the scenario file")


# Components ---------------------------------------------------------------------------


def locations() -> Schema:
    tokens = coded(
        {"type": "integer", "minimum": 0}, "{what}: tokens map a name to a count of 0 or more"
    )
    properties = {
        "name": TEXT,
        "area": SLUG,
        "adjacent": listed(SLUG),
        "scene": NUMBER,
        "tokens": map_schema(tokens),
    }
    place = named(object_schema(properties, ("name", "area")), "location {key!r}")
    return named(map_schema(place), "", "the locations file")


def enemy() -> Schema:
    stratagem = object_schema(
        {"attribute": attribute(), "successes": NUMBER}, ("attribute", "successes")
    )
    attacks = object_schema({k.value: {"type": "integer"} for k in StatusCardKind})
    properties = {"name": TEXT, "wounds": NUMBER, "stratagem": stratagem, "attacks": attacks}
    return named(object_schema(properties, ("name", "wounds", "stratagem")), "enemy {key!r}")


def encounters() -> Schema:
    properties = {"name": TEXT, "enemy": SLUG, "defeated": NUMBER, "round_end": NUMBER}
    encounter = named(object_schema(properties, ("name", "enemy")), "encounter {key!r}")
    both = {"enemies": map_schema(enemy()), "encounters": map_schema(encounter)}
    return named(object_schema(both), "the encounters file", "the encounters file")


def cards() -> Schema:
    kind = coded(
        enum_schema(("item", "weapon")), "{what}: kind is 'weapon' or 'item', not {value!r}"
    )
    properties = {
        "name": TEXT,
        "kind": kind,
        "uses": NUMBER,
        "hands": {"enum": [0, 1, 2]},
        "attribute": attribute(),
        "damage": {"type": "integer"},
        "effect": {"type": "object"},
        "text": TEXT,
        "owner": SLUG,
    }
    item = named(object_schema(properties, ("name", "kind", "uses")), "item {key!r}")
    clue = named(object_schema({"name": TEXT, "text": TEXT}, ("name",)), "clue {key!r}")
    objective = named(object_schema({"name": TEXT, "text": TEXT}, ("name",)), "objective {key!r}")
    found = {
        "items": map_schema(item),
        "clues": map_schema(clue),
        "objectives": map_schema(objective),
    }
    return named(object_schema(found), "the cards file", "the cards file")


def interlude() -> Schema:
    properties = {"after": SLUG, "start": NUMBER, "paragraphs": {"$ref": "#/$defs/paragraphs"}}
    return named(
        object_schema(properties, ("after", "start", "paragraphs")),
        "an interlude",
        "an interlude file",
    )


DEFINITIONS = {
    "effects": effects,
    "paragraph": paragraph,
    "paragraphs": paragraphs,
    "tale": tale,
    "scenario": scenario,
    "locations": locations,
    "encounters": encounters,
    "cards": cards,
    "interlude": interlude,
}


@cache
def definitions() -> Schema:
    return {name: build() for name, build in DEFINITIONS.items()}


def schema(file: str | None = None) -> Schema:
    """The schema of one kind of file, or of all with ``file=None``."""
    base: Schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$defs": copy.deepcopy(definitions()),
    }
    if file is None:
        return {
            **base,
            "title": "tales storybook files",
            "anyOf": [{"$ref": f"#/$defs/{name}"} for name in FILES],
        }
    if file not in FILES:
        raise ValueError(f"no schema for {file!r}; the files are {', '.join(FILES)}")
    return {**base, "title": f"tales {file} file", "$ref": f"#/$defs/{file}"}
