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

from tales.rules.scenario import DIFFICULTIES
from tales.rules.scoring import ELEMENTS
from tales.rules.terms import Attribute, EventSymbol, StatusCardKind
from tales.story.effects.kind import NUMBER, enum_schema, map_schema, object_schema
from tales.story.effects.routes import BARRIER_SCHEMA
from tales.story.loader.codes import BAD_VALUE
from tales.story.loader.fragments import (
    NAME,
    TEXT,
    Schema,
    attribute,
    coded,
    effects,
    keyword,
    listed,
    named,
    numbered,
    paragraph,
    paragraphs,
)

FILES = ("tale", "scenario", "locations", "encounters", "cards", "paragraphs", "interlude")

# The tale and its scenarios -----------------------------------------------------------


def tale() -> Schema:
    sections = {"oneOf": [listed(NAME), map_schema(listed(NAME))]}
    log = named(object_schema({"sections": sections}), "the campaign log")
    counters = {"oneOf": [listed(NAME), map_schema({"type": "integer"})]}
    properties = {
        "title": TEXT,
        "scenarios": listed(NAME),
        "log": log,
        "counters": coded(counters, "counters are a list of names or a mapping of each to a start"),
        "standalone": {"type": "object"},
        "lone_choice": coded(
            {"enum": ["ask", "take"]}, "lone_choice is 'ask' or 'take', not {value!r}"
        ),
    }
    return named(object_schema(properties, ("title", "scenarios")), "the tale", "the tale file")


def setup() -> Schema:
    properties = {
        "start": NAME,
        "revealed": listed(NAME),
        "keywords": listed(keyword()),
        "items": listed(NAME),
        "barriers": listed(named(BARRIER_SCHEMA, "a barrier")),
    }
    return named(object_schema(properties, ("start",)), "the setup")


def vehicles() -> Schema:
    properties = {
        "name": TEXT,
        "at": NAME,
        "seats": NUMBER,
        "independent": {"type": "boolean"},
    }
    vehicle = named(object_schema(properties, ("name", "at")), "vehicle {key!r}")
    return named(map_schema(vehicle), "the vehicles")


def prisoners() -> Schema:
    marker = named(object_schema({"name": TEXT, "at": NAME}, ("name", "at")), "prisoner {key!r}")
    properties = {"log": NAME, "markers": map_schema(marker)}
    return named(object_schema(properties, ("log", "markers")), "the prisoners")


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
        "vehicles": vehicles(),
        "prisoners": prisoners(),
        "investigation_tokens": NUMBER,
        "group": named(object_schema({"at": NAME}, ("at",)), "the Group token"),
        "on_defeat": named(object_schema({"goto": NUMBER}, ("goto",)), "on_defeat"),
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
        "area": NAME,
        "adjacent": listed(NAME),
        "by_vehicle": listed(NAME),
        "by_story": listed(NAME),
        "only_with": {"type": "integer", "minimum": 1, "maximum": 8},
        "scene": NUMBER,
        "on_enter": NUMBER,
        "tokens": map_schema(tokens),
        "limits": map_schema(
            named(
                object_schema({"min": {"type": "integer", "minimum": 0}, "max": NUMBER}), "a limit"
            )
        ),
    }
    place = named(object_schema(properties, ("name", "area")), "location {key!r}")
    return named(map_schema(place), "", "the locations file")


def enemy() -> Schema:
    fought = coded(enum_schema(Attribute), "{what}: {value!r} is not an attribute{close}")
    stratagem = object_schema(
        {"attribute": fought, "successes": NUMBER}, ("attribute", "successes")
    )
    attacks = object_schema({k.value: {"type": "integer"} for k in StatusCardKind})
    attacks = named(attacks, "the attacks of {what}")
    properties = {"name": TEXT, "wounds": NUMBER, "stratagem": stratagem, "attacks": attacks}
    return named(object_schema(properties, ("name", "wounds", "stratagem")), "enemy {key!r}")


def encounters() -> Schema:
    properties = {"name": TEXT, "enemy": NAME, "defeated": NUMBER, "round_end": NUMBER}
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
        "owner": NAME,
        "bound": listed(NAME),  # items bound to it: one leaves, all leave
    }
    item = named(object_schema(properties, ("name", "kind", "uses")), "item {key!r}")
    clue = named(object_schema({"name": TEXT, "text": TEXT}, ("name",)), "clue {key!r}")
    objective = named(object_schema({"name": TEXT, "text": TEXT}, ("name",)), "objective {key!r}")
    # Information is found by any name an effect gives; naming it here is how it reads.
    information = named(object_schema({"name": TEXT}, ("name",)), "information {key!r}")
    found = {
        "items": map_schema(item),
        "clues": map_schema(clue),
        "objectives": map_schema(objective),
        "information": map_schema(information),
    }
    return named(object_schema(found), "the cards file", "the cards file")


def interlude() -> Schema:
    properties = {
        "after": NAME,
        "before": NAME,  # the prologue: before the first scenario
        "epilogue": {"const": True},  # the epilogue: after the last
        "start": NUMBER,
        "paragraphs": {"$ref": "#/$defs/paragraphs"},
    }
    return named(
        object_schema(properties, ("start", "paragraphs")),
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
