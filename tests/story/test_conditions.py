"""Conditions and texts: Jinja in its sandbox, over the story vocabulary only.

Every classic template-injection escape must fail as a
:class:`StoryExpressionError`, and a text must never print a Python object's
insides."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tales.errors import StoryExpressionError
from tales.story.conditions import (
    VOCABULARY,
    called_with,
    evaluate,
    problems_in,
    render,
)

# What a rendered text must never show: a Python object's repr.
LEAK = re.compile(
    r"<class|function|module|<built-in|bound method|object at 0x|TemplateReference|jinja2"
)


def story_context(**overrides: Any) -> dict[str, Any]:
    """A context shaped as the interpreter builds it (interpreter.py ``context``)."""
    keywords = {"LAMP"}
    context: dict[str, Any] = {
        "keyword": lambda word: word in keywords,
        "item": lambda slug: slug == "rope",
        "clue": lambda slug: slug == "note",
        "objective": lambda slug: False,
        "information": lambda slug: False,
        "visited": lambda number: number in {1, 3},
        "revealed": lambda slug: slug == "beach",
        "log": lambda section, entry: False,
        "counter": lambda name: 2,
        "here": "beach",
        "actor": "Ezra Marsh",
        "round": 2,
        "time": 3,
        "difficulty": "standard",
        "players": 2,
        "tokens": {"skull": 1, "tentacle": 0, "star": 2},
        "vitality": 5,
        "sanity": 4,
        "energy": 1,
        "magic": 0,
    }
    context.update(overrides)
    return context


def assert_safe_text(source: str, context: dict[str, Any]) -> None:
    """Rendering ``source`` fails as a story error, or shows no Python insides."""
    try:
        output = render(source, context)
    except StoryExpressionError:
        return
    assert not LEAK.search(output), f"{source!r} rendered {output!r}"


# The vocabulary works ----------------------------------------------------------------


def test_conditions_read_the_vocabulary() -> None:
    context = story_context()
    assert evaluate('keyword("LAMP") and not visited(40)', context) is True
    assert evaluate('item("rope") and clue("note") and revealed("beach")', context) is True
    assert evaluate("tokens.skull >= 1 and tokens.star == 2 and round < time", context) is True
    assert evaluate('here == "beach" and counter("trust") > 1 and players == 2', context) is True
    assert evaluate('keyword("DIARY") or log("fates", "crab-fled")', context) is False


def test_texts_read_the_vocabulary() -> None:
    text = '{% if keyword("LAMP") %}Lit{% endif %} by {{ actor }}, {{ tokens.star }} stars.'
    assert render(text, story_context()) == "Lit by Ezra Marsh, 2 stars."


# The sandbox ---------------------------------------------------------------------------

ESCAPES = [
    "().__class__.__bases__[0].__subclasses__()",
    "''.__class__.__mro__[1].__subclasses__()",
    "[].__class__.__base__",
    "keyword.__globals__",
    "keyword.__code__.co_consts",
    "keyword('LAMP').__class__",
    "cycler.__init__.__globals__",
    "cycler(1, 2).__init__",
    "joiner.__init__.__globals__",
    "namespace.__init__.__globals__",
    "self.__init__.__globals__",
    "self._TemplateReference__context",
    "lipsum.__globals__",
    "lipsum.__globals__['os']",
    "range.__self__",
    "dict.__base__.__subclasses__()",
    "request.application",
    "request.application.__globals__.__builtins__",
    "config.items()",
    "config.__class__.__init__.__globals__",
    "url_for.__globals__",
    "get_flashed_messages.__globals__",
    "[].pop.__self__",
    "{}.update.__self__",
    "'{0.__class__}'.format(keyword)",
    "'{0.__globals__}'.format(keyword)",
    "'{0.__class__.__base__}'.format(tokens)",
    "'{0[__class__]}'.format(tokens)",
    "'{x.__globals__}'.format_map({'x': keyword})",
    "'{t.__class__}'.format_map({'t': tokens})",
    "tokens.__class__",
    "tokens.__getitem__('skull')",
    "tokens['__class__']",
    "tokens|attr('__class__')",
    "tokens|attr('update')",
    "tokens.update({'skull': 9})",
    "tokens.pop('skull')",
    "tokens.popitem()",
    "tokens.setdefault('moon', 1)",
    "tokens.clear()",
    "(tokens|string).__class__",
    "here.__class__",
    "actor.format.__self__",
]


@pytest.mark.parametrize("source", ESCAPES)
def test_an_escape_fails_as_a_condition(source: str) -> None:
    with pytest.raises(StoryExpressionError):
        evaluate(source, story_context())


@pytest.mark.parametrize("source", ESCAPES)
def test_an_escape_fails_as_a_text(source: str) -> None:
    with pytest.raises(StoryExpressionError):
        render("{{ " + source + " }}", story_context())
    assert_safe_text("{% if " + source + " %}yes{% endif %}", story_context())


@pytest.mark.parametrize(
    "source",
    [
        "{% for c in ().__class__.__bases__[0].__subclasses__() %}{{ c }}{% endfor %}",
        "{% set g = keyword.__globals__ %}{{ g }}",
        "{% with g = lipsum.__globals__ %}{{ g }}{% endwith %}",
        "{{ '%s' % keyword.__globals__ }}",
        "{{ '{0.__globals__}'.format(lipsum) }}",
        "{{ tokens|attr('__class__') }}",
        "{% set t = tokens %}{{ t.__class__.__mro__ }}",
        "{{ self.__dict__ }}",
        "{% import 'os' as os %}{{ os }}",
        "{% include '/etc/passwd' %}",
        "{% extends '/etc/passwd' %}",
    ],
)
def test_template_statements_do_not_escape_either(source: str) -> None:
    with pytest.raises(StoryExpressionError):
        render(source, story_context())


def test_an_escape_never_calls_into_python(tmp_path: Path) -> None:
    marker = tmp_path / "escaped"
    command = f"'touch {marker}'"
    attempts = [
        f"lipsum.__globals__.os.system({command})",
        f"cycler.__init__.__globals__.os.popen({command}).read()",
        f"self.__init__.__globals__.__builtins__.__import__('os').system({command})",
        f"().__class__.__base__.__subclasses__()[0].__init__.__globals__.os.system({command})",
    ]
    for source in attempts:
        with pytest.raises(StoryExpressionError):
            evaluate(source, story_context())
        with pytest.raises(StoryExpressionError):
            render("{{ " + source + " }}", story_context())
    assert not marker.exists()


def test_the_context_cannot_be_changed() -> None:
    context = story_context()
    for source in ("tokens.clear()", "tokens.update({'skull': 9})", "tokens.pop('skull')"):
        with pytest.raises(StoryExpressionError):
            evaluate(source, context)
    assert context["tokens"] == {"skull": 1, "tentacle": 0, "star": 2}


_LEAVES_THE_SANDBOX = (
    "evaluate and render let other exceptions out (conditions.py evaluate/render catch "
    "only UndefinedError, SecurityError, TemplateSyntaxError, TypeError, ValueError)"
)


@pytest.mark.parametrize(
    "source",
    [
        pytest.param(
            "range(10**9)|list",
        ),
        pytest.param(
            "'{0.__globals__}'.format_map([keyword])",
        ),
        pytest.param(
            "'{moon}'.format_map(tokens)",
        ),
        pytest.param(
            "tokens.skull / tokens.tentacle",
        ),
        "'{0.__globals__}'.format(keyword)",
        "keyword()",
        "tokens.moon",
    ],
)
def test_every_failure_is_a_story_expression_error(source: str) -> None:
    with pytest.raises(StoryExpressionError):
        evaluate(source, story_context())
    with pytest.raises(StoryExpressionError):
        render("{{ " + source + " }}", story_context())


_JINJA_GLOBALS = (
    "Jinja's default globals (range, dict, lipsum, cycler, joiner, namespace) and 'self' "
    "are in reach of conditions and texts, though docs/storybook.md says they see the "
    "vocabulary 'and nothing else' (conditions.py environment() keeps env.globals)"
)


@pytest.mark.parametrize(
    "source",
    [
        *("joiner", "joiner()", "cycler", "cycler(1, 2)", "namespace", "dict"),
        *("lipsum", "lipsum()", "range(3)", "self"),
    ],
)
def test_names_outside_the_vocabulary_are_undefined_in_conditions(source: str) -> None:
    with pytest.raises(StoryExpressionError):
        evaluate(source, story_context())


@pytest.mark.parametrize(
    "source",
    [
        *("joiner", "joiner()", "cycler", "namespace", "dict", "lipsum", "self"),
        *("keyword", "tokens.get", "actor.upper", "''.join", "cycler(1, 2).next"),
    ],
)
def test_a_text_never_prints_a_python_object(source: str) -> None:
    assert_safe_text("{{ " + source + " }}", story_context())


# StrictUndefined -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "source", ["lantern", "kyeword('LAMP')", "tokens.moon", "tokens['moon']", "here.nowhere"]
)
def test_an_unknown_name_raises(source: str) -> None:
    with pytest.raises(
        StoryExpressionError, match=r"undefined|no attribute|not in the story vocabulary"
    ):
        evaluate(source, story_context())
    with pytest.raises(
        StoryExpressionError, match=r"undefined|no attribute|not in the story vocabulary"
    ):
        render("Before {{ " + source + " }} after", story_context())


def test_an_unknown_name_raises_even_where_it_is_only_tested() -> None:
    with pytest.raises(StoryExpressionError):
        evaluate("lantern is defined or keyword('LAMP') and lantern", story_context())
    with pytest.raises(StoryExpressionError):
        render("{% if lantern %}x{% endif %}", story_context())


# Checking at load time -------------------------------------------------------------------


def test_problems_in_names_an_unknown_name_with_its_did_you_mean() -> None:
    assert problems_in('kyeword("LAMP")', template=False) == [
        "'kyeword' is not in the story vocabulary; did you mean 'keyword'?"
    ]
    assert problems_in("{{ vitalty }} left", template=True) == [
        "'vitalty' is not in the story vocabulary; did you mean 'vitality'?"
    ]


def test_problems_in_names_every_unknown_name() -> None:
    found = problems_in('kyeword("A") or lantern or vistied(3)', template=False)
    assert found == [
        "'kyeword' is not in the story vocabulary; did you mean 'keyword'?",
        "'lantern' is not in the story vocabulary",
        "'vistied' is not in the story vocabulary; did you mean 'visited'?",
    ]


@pytest.mark.parametrize(
    ("source", "template", "words"),
    [
        ('keyword("LAMP") and', False, "unexpected"),
        ('keyword("LAMP"', False, "expected ')'"),
        ("tokens.", False, "expected name"),
        ('{% if keyword("LAMP") %}lit', True, "endif"),
        ("{{ round ", True, "unexpected end of template"),
        ("{% frobnicate %}", True, "frobnicate"),
    ],
)
def test_problems_in_reports_a_syntax_error(source: str, template: bool, words: str) -> None:
    found = problems_in(source, template=template)
    assert len(found) == 1
    assert found[0].startswith("Jinja syntax: ")
    assert words.lower() in found[0].lower()


def test_problems_in_accepts_the_whole_vocabulary() -> None:
    assert problems_in(" and ".join(VOCABULARY), template=False) == []
    text = "{% set n = round %}{% for s in ['a'] %}{{ s }}{{ n }}{% endfor %}"
    assert problems_in(text, template=True) == []


@pytest.mark.parametrize(
    "source", ["range(3)", "lipsum()", "joiner()", "cycler(1)", "namespace()", "dict()", "self"]
)
def test_problems_in_flags_jinja_globals(source: str) -> None:
    assert problems_in(source, template=False) != []


# called_with -------------------------------------------------------------------------------


def test_called_with_finds_literal_arguments() -> None:
    source = 'keyword("LAMP") and not keyword(\'DIARY\') or keyword(here) or item("rope")'
    assert called_with(source, "keyword") == ["LAMP", "DIARY"]
    assert called_with(source, "item") == ["rope"]
    assert called_with(source, "clue") == []


def test_called_with_finds_numbers_and_nested_calls() -> None:
    assert called_with("visited(14) or visited(round)", "visited") == ["14"]
    assert called_with('keyword("A", "B") or keyword(keyword("C"))', "keyword") == ["A", "B", "C"]


def test_called_with_reads_texts() -> None:
    text = '{% if item("rope") %}{{ clue("note") }}{% endif %}'
    assert called_with(text, "item", template=True) == ["rope"]
    assert called_with(text, "clue", template=True) == ["note"]


def test_called_with_ignores_methods_and_broken_sources() -> None:
    assert called_with('tokens.keyword("X")', "keyword") == []
    assert called_with('keyword("X"', "keyword") == []
    assert called_with('{% if keyword("X") %}', "keyword", template=True) == []
