"""Paragraphs: their text, options, choices, tests, outcomes and effects.

The schema has checked each file's shape; what is left is meaning: an option
that leads nowhere, a test with no ``success``, a condition or text Jinja
cannot read, and effects, which the effect registry checks kind by kind.
"""

from __future__ import annotations

import re
from typing import Any

from tales.problems import Problem
from tales.rules.terms import Attribute
from tales.rules.teststate import Ease
from tales.story.conditions import analyse, source_line
from tales.story.effects import kind_of, parse_effect
from tales.story.loader.codes import (
    BAD_EFFECT,
    BAD_EXPRESSION,
    BAD_VALUE,
    DUPLICATE,
    NO_OUTCOME,
    NO_PLACE,
)
from tales.story.loader.context import Context, flag, listing, read_checked, text, whole
from tales.story.loader.runtime_limits import runtime_limits
from tales.story.model import (
    Branch,
    ChoiceDef,
    Effect,
    OptionDef,
    Outcome,
    Paragraph,
    TestDef,
    Where,
)
from tales.story.reader import Reader
from tales.story.yamlio import is_whole

_ATTRIBUTES = frozenset(a.value for a in Attribute)
# The map's words that name a vehicle or a prisoner (tales/story/map_vocabulary.py).
_PIECE_ASKED = {
    **dict.fromkeys(("vehicle_at", "aboard", "seats_free", "driving", "riding"), "vehicle"),
    **dict.fromkeys(("prisoner", "prisoner_at", "escorting", "escorted"), "prisoner"),
}
# The map's values that read a piece the scenario may not have (E216 then:
# in a scenario without it they are the same in every game).
_PIECE_READ = {
    **dict.fromkeys(("group_at", "group_hidden", "group_may_hide"), "group"),
    "investigation_tokens": "investigation",
}
# log("fates", "crab-fled") or crossed_out(...): an entry asked about by name.
_ENTRY_ASKED = re.compile(
    r"\b(?:log|crossed_out)\(\s*[\"']([a-z0-9][a-z0-9-]*)[\"']\s*,\s*[\"']([a-z0-9][a-z0-9-]*)[\"']\s*\)"
)


def load_paragraphs(context: Context) -> dict[int, Paragraph]:
    """Every ``paragraphs/*.yaml`` of a scenario; a number written twice is an error."""
    paragraphs: dict[int, Paragraph] = {}
    folder = context.folder / "paragraphs"
    files = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    if not files:
        context.error(Where(str(folder)), NO_PLACE, "the scenario has no paragraphs/*.yaml files")
    for path in files:
        reader = Reader(path, context.problems)
        data = read_checked(reader, "paragraphs") or {}
        for number, paragraph in numbered(context, reader, data):
            if number in paragraphs:
                first = paragraphs[number].where
                context.error(
                    paragraph.where,
                    DUPLICATE,
                    f"paragraph {number} is written twice (first at {first})",
                )
            else:
                paragraphs[number] = paragraph
    return paragraphs


def numbered(
    context: Context, reader: Reader, listed: dict[Any, Any]
) -> list[tuple[int, Paragraph]]:
    """The paragraphs of a ``number: paragraph`` mapping the schema has checked."""
    found = []
    for number in listed:
        if is_whole(number) and number >= 1:  # the schema reported any other key
            paragraph = read_paragraph(context, reader, listed, number)
            if paragraph is not None:
                found.append((int(number), paragraph))
    return found


def read_paragraph(
    context: Context, reader: Reader, listed: dict[Any, Any], number: int
) -> Paragraph | None:
    where = context.at(reader, listed, number)
    body = listed[number]
    text_at: tuple[Any, Any] = (listed, number)  # where the text was written
    if isinstance(body, str):  # a paragraph that is only text
        body = {"text": body}
    elif isinstance(body, dict):
        text_at = (body, "text")
    else:
        return None
    what = f"paragraph {number}"
    words = text(body, "text") or ""
    if words:
        expression(context, reader, *text_at, template=True)
    branches, goto = _branches(context, reader, body)
    at = text(body, "at")
    if at is not None:
        context.refs.locations.append((at, context.at(reader, body, "at")))
    offered = listing(body, "options")
    options = [_option(context, reader, offered, i, what) for i in range(len(offered))]
    given = listing(body, "choices")
    choices = [_choice(context, reader, given, i, what) for i in range(len(given))]
    if offered and given:
        context.error(where, BAD_VALUE, f"{what} offers both options and choices; give it one kind")
    return Paragraph(
        int(number),
        words,
        effects(context, reader, body, "effects", what),
        effects(context, reader, body, "first_time", what),
        tuple(o for o in options if o is not None),
        tuple(c for c in choices if c is not None),
        goto,
        at,
        flag(body, "once"),
        flag(body, "end"),
        where,
        branches,
    )


def _branches(
    context: Context, reader: Reader, body: dict[Any, Any]
) -> tuple[tuple[Branch, ...], int | None]:
    """A paragraph's ``goto``: a number, or ``{if, goto}`` branches and the
    fallback ``{goto}`` (which must come last: nothing after it is ever read)."""
    listed = body.get("goto")
    if not isinstance(listed, list):
        return (), _goto(context, reader, body, "goto")
    found: list[Branch] = []
    fallback = None
    for index, node in enumerate(listed):
        if not isinstance(node, dict):
            continue  # the schema has said what is wrong
        where = context.at_item(reader, listed, index)
        if fallback is not None:
            context.error(where, BAD_VALUE, "a goto branch after the fallback {goto} is never read")
        number = _goto(context, reader, node, "goto")
        condition = _condition(context, reader, node)
        if number is None:
            continue
        if condition is None:
            fallback = number
        else:
            found.append(Branch(condition, number, where))
    return tuple(found), fallback


def _goto(context: Context, reader: Reader, node: dict[Any, Any], key: str) -> int | None:
    number = whole(node, key)
    if number is not None:
        context.refs.paragraphs.append((number, context.at(reader, node, key)))
    return number


def _option(
    context: Context, reader: Reader, listed: list[Any], index: int, owner: str
) -> OptionDef | None:
    node = listed[index]
    if not isinstance(node, dict):
        return None
    where = context.at_item(reader, listed, index)
    what = f"an option of {owner}"
    condition = _condition(context, reader, node)
    goto = _goto(context, reader, node, "goto")
    test = _test(context, reader, node) if "test" in node else None
    success = _outcome(context, reader, node, "success", what)
    failure = _outcome(context, reader, node, "failure", what)
    leads = _leads_nowhere(test is not None, "test" in node, success, failure, goto)
    if leads:
        context.error(where, NO_OUTCOME, f"{what} {leads}")
    label = text(node, "label")
    if label is None:
        return None
    cost = max(whole(node, "cost") or 0, 0)
    once, repeat = flag(node, "once"), flag(node, "repeat")
    return OptionDef(
        label,
        condition,
        once,
        cost,
        goto,
        test,
        success,
        failure,
        where,
        repeat=repeat,
        once_a_round=flag(node, "once_a_round"),
    )


def _leads_nowhere(
    tested: bool, written: bool, success: Any, failure: Any, goto: int | None
) -> str | None:
    """What is wrong with where an option goes on, or None."""
    if tested and success is None:
        return "has a test but no 'success' outcome"
    if not written and (success or failure):
        return "has outcomes but no 'test'"
    if tested and goto is not None:
        return "has a test, so it goes on by 'success' and 'failure', not 'goto'"
    if not written and goto is None:
        return "leads nowhere: give it 'goto' or a 'test'"
    return None


def _choice(
    context: Context, reader: Reader, listed: list[Any], index: int, owner: str
) -> ChoiceDef | None:
    node = listed[index]
    if not isinstance(node, dict):
        return None
    where = context.at_item(reader, listed, index)
    what = f"a choice of {owner}"
    condition = _condition(context, reader, node)
    goto = _goto(context, reader, node, "goto")
    outcome = Outcome(goto, effects(context, reader, node, "effects", what))
    label = text(node, "label")
    return None if label is None else ChoiceDef(label, condition, outcome, where)


def _condition(context: Context, reader: Reader, node: dict[Any, Any]) -> str | None:
    condition = text(node, "if")
    if condition is not None:
        expression(context, reader, node, "if", template=False)
    return condition


def expression(
    context: Context,
    reader: Reader,
    node: dict[Any, Any],
    key: Any,
    *,
    template: bool,
    where: Where | None = None,
) -> None:
    """Check a condition or text with Jinja and note every name it asks about;
    ``where``: a condition inside an effect's value, reported at the effect."""
    source = node[key]
    analysis = analyse(source, template=template)
    refused = runtime_limits(source, template=template) if not analysis.problems else ()
    pieces = sorted(analysis.names & _PIECE_READ.keys())
    if not analysis.calls and not analysis.problems and not refused and not pieces:
        return  # plain prose, the most common text by far
    inside = where is not None
    where = where or context.at(reader, node, key)
    for line, message in (*analysis.problems, *refused):  # at Jinja's line, the line under
        at = (where.line, where.col) if inside else reader.in_text(node, key, line)
        shown = source_line(source, line)
        context.problems.append(Problem(where.path, *at, BAD_EXPRESSION, message, source=shown))
    refs = context.refs
    refs.pieces += [(_PIECE_READ[word], word, where) for word in pieces]
    for section, entry in _ENTRY_ASKED.findall(source):  # both written out: check the entry
        refs.logs.append((f"{section}/{entry}", where))
    for function, position, argument in analysis.calls:
        if function == "barriers" and position in (0, 1):
            refs.locations.append((argument, where))
        if position != 0:
            continue
        if function in _PIECE_ASKED:  # a vehicle's or a prisoner's slug, as an item's
            refs.cards.append((_PIECE_ASKED[function], argument, where))
        elif function == "keyword":
            refs.keywords.append((argument, where))
        elif function == "visited" and argument.isdecimal():
            refs.paragraphs.append((int(argument), where))
        elif function in ("item", "clue", "objective"):
            refs.cards.append((function, argument, where))
        elif function in ("revealed", "location_token"):
            refs.locations.append((argument, where))
        elif function in ("log", "crossed_out", "entries"):
            refs.logs.append((argument, where))
        elif function == "counter":
            refs.counters.append((argument, where))


def _test(context: Context, reader: Reader, node: dict[Any, Any]) -> TestDef | None:
    test = node["test"]
    attribute, need = text(test, "attribute"), whole(test, "need")
    if attribute not in _ATTRIBUTES or need is None or need < 1:
        return None  # the schema has said what is wrong
    ease = _ease(context, reader, test, "eased_by")
    harden = _ease(context, reader, test, "hardened_by")
    return TestDef(Attribute(attribute), need, ease, flag(test, "team"), harden)


def _ease(context: Context, reader: Reader, test: dict[Any, Any], key: str) -> Ease | None:
    """``eased_by`` or its mirror ``hardened_by``: an item or keyword, and by how much."""
    given = test.get(key)
    by = whole(given, "by")
    if not isinstance(given, dict) or by is None:
        return None  # absent, or the schema has said what is wrong
    where = context.at(reader, test, key)
    if isinstance(given.get("item"), str):
        context.refs.cards.append(("item", given["item"], where))
        return Ease(by, item=given["item"])
    if isinstance(given.get("keyword"), str):
        context.refs.keywords.append((given["keyword"], where))
        return Ease(by, keyword=given["keyword"])
    return None


def _outcome(
    context: Context, reader: Reader, node: dict[Any, Any], key: str, what: str
) -> Outcome | None:
    if key not in node:
        return None
    value = node[key]
    if is_whole(value):
        context.refs.paragraphs.append((int(value), context.at(reader, node, key)))
        return Outcome(int(value))
    if not isinstance(value, dict):
        return None
    goto = _goto(context, reader, value, "goto")
    return Outcome(goto, effects(context, reader, value, "effects", what))


def effects(
    context: Context, reader: Reader, node: dict[Any, Any], key: str, what: str
) -> tuple[Effect, ...]:
    """The effects listed under ``key``, each checked by the effect registry."""
    listed = listing(node, key)
    found: list[Effect] = []
    for index, entry in enumerate(listed):
        where = context.at_item(reader, listed, index)
        effect, problem = parse_effect(entry, where)
        if effect is None:
            context.error(where, BAD_EFFECT, f"{what}: {problem}")
            continue
        found.append(effect)
        context.refs.note_effect(effect)
        if effect.condition is not None:
            expression(context, reader, entry, "if", template=False)
        for index, condition in enumerate(kind_of(effect.kind).conditions(effect)):
            expression(context, reader, {index: condition}, index, template=False, where=where)
    return tuple(found)
