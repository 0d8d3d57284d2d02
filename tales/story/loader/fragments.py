"""Schema fragments: the helpers every part of the storybook schema uses,
and the shape of a paragraph (options, choices, tests, outcomes, effects),
which scenario paragraphs files and interludes share. :mod:`.shape`
assembles them into the schema of each file."""

from __future__ import annotations

from typing import Any

from tales.rules.terms import Attribute
from tales.story.effects import KINDS, WHO
from tales.story.effects.kind import KEYWORD, NUMBER, SLUG, enum_schema, map_schema, object_schema
from tales.story.loader.codes import BAD_VALUE, WRONG_TYPE

Schema = dict[str, Any]

TEXT: Schema = {"type": "string"}
FLAG: Schema = {"type": "boolean"}
PARAGRAPH_KEY = "^[1-9][0-9]*$"
NAME: Schema = {
    **SLUG,
    "x-code": BAD_VALUE,
    "x-message": "{what}: {label} should be a name in lower case such as 'sea-cave', not {value!r}",
}


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
        properties: Schema = {name: kind.schema, "if": TEXT}
        if kind.who:
            named_one = object_schema({"investigator": SLUG}, ("investigator",))
            properties["who"] = {"anyOf": [enum_schema(WHO), named_one]}
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


def ease(key: str = "eased_by") -> Schema:
    variants = [
        object_schema({"item": SLUG, "by": NUMBER}, ("item", "by")),
        object_schema({"keyword": KEYWORD, "by": NUMBER}, ("keyword", "by")),
    ]
    return coded({"oneOf": variants}, key + " is {{item: slug, by: N}} or {{keyword: WORD, by: N}}")


def test() -> Schema:
    need = coded(NUMBER, "a test needs at least 1 success, not {value!r}")
    properties = {
        "attribute": attribute(),
        "need": need,
        "eased_by": ease(),
        "hardened_by": ease("hardened_by"),
        "team": FLAG,
    }
    return named(object_schema(properties, ("attribute", "need")), "a test")


def option() -> Schema:
    cost = coded({"type": "integer", "minimum": 0}, "{what}: a cost is 0 or more Actions")
    properties = {
        "label": TEXT,
        "if": TEXT,
        "once": FLAG,
        "repeat": FLAG,
        "once_a_round": FLAG,
        "cost": cost,
        "goto": NUMBER,
        "test": test(),
        "success": outcome(),
        "failure": outcome(),
    }
    return named(object_schema(properties, ("label",)), "an option of {what}")


def branches() -> Schema:
    """``goto``: a number, or ``{if, goto}`` branches with a last ``{goto}`` fallback."""
    branch = named(object_schema({"if": TEXT, "goto": NUMBER}, ("goto",)), "a branch of {what}")
    return coded(
        {"oneOf": [NUMBER, listed(branch)]},
        "{what}: goto is a paragraph number or a list of {{if, goto}} ending with {{goto}}",
    )


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
        "goto": branches(),
        "at": NAME,
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
