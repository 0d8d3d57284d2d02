"""JSON Schema of the storybook files, for editors with a YAML language server.

Put this modeline at the top of a paragraphs file, after writing the schema
with ``tales schema --file paragraphs > schema/paragraphs.json``::

    # yaml-language-server: $schema=../../../schema/paragraphs.json

The schema is built from the same vocabularies the loader checks against,
so it cannot drift from them.
"""

from __future__ import annotations

from typing import Any

from tales.rules.scenario import DIFFICULTIES
from tales.rules.scoring import ELEMENTS
from tales.rules.terms import Attribute, EventSymbol, StatusCardKind
from tales.story.effects import KINDS, WHO
from tales.story.effects.kind import KEYWORD as _KEYWORD
from tales.story.effects.kind import NUMBER as _NUMBER
from tales.story.effects.kind import SLUG as _SLUG
from tales.story.effects.kind import enum_schema as _enum
from tales.story.effects.kind import map_schema as _map_of
from tales.story.effects.kind import object_schema as _object

FILES = ("tale", "scenario", "locations", "encounters", "cards", "paragraphs", "interlude")

Schema = dict[str, Any]


_ATTRIBUTE = _enum(Attribute)


def _effect() -> Schema:
    """One variant per registered effect kind, each with the keys it takes."""
    variants = []
    for name, kind in KINDS.items():
        properties: Schema = {name: kind.schema}
        if kind.who:
            properties["who"] = _enum(WHO)
        if kind.count:
            properties["count"] = _NUMBER
        variants.append({**_object(properties, (name,)), "description": kind.shape})
    return {"oneOf": variants}


def _definitions() -> Schema:
    outcome = {
        "oneOf": [_NUMBER, _object({"goto": _NUMBER, "effects": {"$ref": "#/$defs/effects"}})]
    }
    ease = {
        "oneOf": [
            _object({"item": _SLUG, "by": _NUMBER}, ("item", "by")),
            _object({"keyword": _KEYWORD, "by": _NUMBER}, ("keyword", "by")),
        ]
    }
    test = _object(
        {"attribute": _ATTRIBUTE, "need": _NUMBER, "eased_by": ease, "team": {"type": "boolean"}},
        ("attribute", "need"),
    )
    option = _object(
        {
            "label": {"type": "string"},
            "if": {"type": "string"},
            "once": {"type": "boolean"},
            "repeat": {"type": "boolean"},
            "cost": {"type": "integer", "minimum": 0},
            "goto": _NUMBER,
            "test": test,
            "success": outcome,
            "failure": outcome,
        },
        ("label",),
    )
    choice = _object(
        {
            "label": {"type": "string"},
            "if": {"type": "string"},
            "goto": _NUMBER,
            "effects": {"$ref": "#/$defs/effects"},
        },
        ("label",),
    )
    paragraph = {
        "oneOf": [
            {"type": "string"},
            _object(
                {
                    "text": {"type": "string"},
                    "effects": {"$ref": "#/$defs/effects"},
                    "first_time": {"$ref": "#/$defs/effects"},
                    "options": {"type": "array", "items": option},
                    "choices": {"type": "array", "items": choice},
                    "goto": _NUMBER,
                    "at": _SLUG,
                    "once": {"type": "boolean"},
                    "end": {"type": "boolean"},
                }
            ),
        ]
    }
    threshold = _object(
        {
            "symbol": _enum(EventSymbol),
            "count": _NUMBER,
            "read": _NUMBER,
            "spaces": {"type": "array", "items": _NUMBER},
            "difficulties": {"type": "array", "items": _enum(DIFFICULTIES)},
        },
        ("symbol", "count", "read"),
    )
    item = _object(
        {
            "name": {"type": "string"},
            "kind": _enum(("item", "weapon")),
            "uses": _NUMBER,
            "hands": {"enum": [0, 1, 2]},
            "attribute": _ATTRIBUTE,
            "damage": {"type": "integer"},
            "effect": {"type": "object"},
            "text": {"type": "string"},
            "owner": _SLUG,
        },
        ("name", "kind", "uses"),
    )
    named = _object({"name": {"type": "string"}, "text": {"type": "string"}}, ("name",))
    return {
        "effects": {"type": "array", "items": _effect()},
        "tale": _object(
            {
                "title": {"type": "string"},
                "scenarios": {"type": "array", "items": _SLUG},
                "log": _object({"sections": {"type": "array", "items": _SLUG}}),
                "counters": {"type": "array", "items": _SLUG},
                "standalone": {"type": "object"},
            },
            ("title", "scenarios"),
        ),
        "scenario": _object(
            {
                "title": {"type": "string"},
                "introduction": _NUMBER,
                "setup": _object(
                    {
                        "start": _SLUG,
                        "revealed": {"type": "array", "items": _SLUG},
                        "keywords": {"type": "array", "items": _KEYWORD},
                        "items": {"type": "array", "items": _SLUG},
                    },
                    ("start",),
                ),
                "event_board": _object(
                    {
                        "length": _NUMBER,
                        "start": _object({d: _NUMBER for d in DIFFICULTIES}),
                        "spaces": _map_of(_NUMBER, "^[0-9]+$"),
                        "thresholds": {"type": "array", "items": threshold},
                        "death": _NUMBER,
                    },
                    ("length", "start"),
                ),
                "keywords": {"type": "array", "items": _KEYWORD},
                "exploration": _object(
                    {
                        "points": _object({e: {"type": "integer"} for e in ELEMENTS}),
                        "full": _NUMBER,
                        "rates": {
                            "type": "array",
                            "items": _object(
                                {"from": {"type": "integer", "minimum": 0}, "read": _NUMBER},
                                ("from", "read"),
                            ),
                        },
                    },
                    ("points", "full", "rates"),
                ),
                "endings": {"type": "array", "items": _NUMBER},
            },
            ("title", "introduction", "setup", "event_board", "keywords", "exploration"),
        ),
        "locations": _map_of(
            _object(
                {
                    "name": {"type": "string"},
                    "area": _SLUG,
                    "adjacent": {"type": "array", "items": _SLUG},
                    "scene": _NUMBER,
                    "tokens": _map_of({"type": "integer", "minimum": 0}),
                },
                ("name", "area"),
            )
        ),
        "encounters": _object(
            {
                "enemies": _map_of(
                    _object(
                        {
                            "name": {"type": "string"},
                            "wounds": _NUMBER,
                            "stratagem": _object(
                                {"attribute": _ATTRIBUTE, "successes": _NUMBER},
                                ("attribute", "successes"),
                            ),
                            "attacks": _object({k.value: _NUMBER for k in StatusCardKind}),
                        },
                        ("name", "wounds", "stratagem"),
                    )
                ),
                "encounters": _map_of(
                    _object(
                        {
                            "name": {"type": "string"},
                            "enemy": _SLUG,
                            "defeated": _NUMBER,
                            "round_end": _NUMBER,
                        },
                        ("name", "enemy"),
                    )
                ),
            }
        ),
        "cards": _object(
            {"items": _map_of(item), "clues": _map_of(named), "objectives": _map_of(named)}
        ),
        "paragraphs": _map_of(paragraph, "^[0-9]+$"),
        "interlude": _object(
            {"after": _SLUG, "start": _NUMBER, "paragraphs": _map_of(paragraph, "^[0-9]+$")},
            ("after", "start", "paragraphs"),
        ),
    }


def schema(file: str | None = None) -> Schema:
    """The schema of one kind of file, or of all with ``file=None``."""
    definitions = _definitions()
    base: Schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": definitions}
    if file is None:
        return {
            **base,
            "title": "tales storybook files",
            "anyOf": [{"$ref": f"#/$defs/{name}"} for name in FILES],
        }
    if file not in FILES:
        raise ValueError(f"no schema for {file!r}; the files are {', '.join(FILES)}")
    return {**base, "title": f"tales {file} file", "$ref": f"#/$defs/{file}"}
