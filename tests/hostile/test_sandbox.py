"""Only words and numbers print, in bounded time: each hostile condition or
text is evaluated in a subprocess bounded in time and memory, and must fail
as a StoryExpressionError (or print no Python insides)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.hostile.conftest import SECONDS, _bounded
from tests.story.test_conditions import LEAK

_PROGRAM = """
import json, sys
from tales.errors import StoryExpressionError
from tales.story.conditions import evaluate, problems_in, render
from tests.story.test_conditions import story_context
source, template = json.loads(sys.argv[1])
found = {"problems": problems_in(source, template=template)}
try:
    shown = render(source, story_context()) if template else evaluate(source, story_context())
    found["shown"] = str(shown)
except StoryExpressionError as error:
    found["error"] = str(error)[:500]
print(json.dumps(found))
"""


def outcome(source: str, *, template: bool) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", _PROGRAM, json.dumps([source, template])],
        capture_output=True,
        text=True,
        timeout=SECONDS,
        preexec_fn=_bounded,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return dict(json.loads(done.stdout))


PRINTS_AN_OBJECT = [
    "'{0}'.format(keyword)",
    "'{}'.format(tokens)",
    "'{x}'.format_map({'x': keyword})",
    "'%s' % keyword",
    "'%s' % (tokens,)",
    "keyword|string",
    "keyword ~ ''",
    "'' ~ tokens",
    "[keyword]|join",
    "[keyword]|join(',')",
    "', '.join([keyword])",
    "keyword|pprint",
    "tokens|pprint",
    "'%s'|format(keyword)",
    "tokens|tojson",
    "tokens|items|list",
    "tokens|dictsort",
    "[keyword]|map('string')|join",
]


@pytest.mark.parametrize("source", PRINTS_AN_OBJECT)
def test_only_words_and_numbers_are_turned_into_text(source: str) -> None:
    for template in (False, True):
        text = "{{ " + source + " }}" if template else f"({source}) == 'x'"
        result = outcome(text, template=template)
        assert "error" in result, result
        assert not LEAK.search(str(result)), result


HANGS = [
    "([[1] * 10000] * 10000)|sum(start=[])",  # quadratic: a hang in tales check
    "(([1] * 10000)|join) * 2",
    "('a' * 10000) ~ ('a' * 10000)",
    "('a' * 9000 + 'a' * 9000)",
    "('a' * 10000).replace('a', 'a' * 10000)",
    "'a'.ljust(1000000000)",
    "'a'.center(1000000000)",
    "'{:>999999999}'.format(1)",
    "'a' * 10000 * 10000",
    "'%999999999d' % 1",
    "9 ** (9 ** 9)",
    "(('a' * 10000)|replace('a', 'aaaa'))",
]


@pytest.mark.parametrize("source", HANGS)
def test_a_condition_builds_nothing_large(source: str) -> None:
    result = outcome(f"({source}) == 1", template=False)
    assert "error" in result, result


LOOPS = [
    "{% for a in [1] * 10000 %}{% for b in [1] * 10000 %}x{% endfor %}{% endfor %}",
    "{% for a in [1] * 10000 %}{% for b in [1] * 10000 %}{% for c in [1] * 10000 %}"
    "{% endfor %}{% endfor %}{% endfor %}",
    "{% for a in 'a' * 10000 %}{{ 'b' * 10000 }}{% endfor %}",
    "{% macro f() %}{{ f() }}{{ f() }}{% endmacro %}{{ f() }}",
    "{% for x in [[1]] recursive %}{{ loop(x * 2) }}{% endfor %}",
]


@pytest.mark.parametrize("source", LOOPS)
def test_a_text_loops_a_bounded_number_of_times(source: str) -> None:
    result = outcome(source, template=True)
    assert "error" in result, result


@pytest.mark.parametrize(
    "source",
    [
        "'%s' % keyword",
        "{% macro f() %}{% endmacro %}",
        "x|pprint",
        "{% for x in [1] recursive %}{% endfor %}",
    ],
)
def test_the_checker_names_what_the_sandbox_refuses(source: str) -> None:
    template = source.startswith("{%")
    result = outcome(source if template else "{{ " + source + " }}", template=True)
    assert result["problems"], result


@pytest.mark.parametrize(
    ("source", "limit"),
    [("1" + " + 1" * 3000, "limit of 2,000"), ("(" * 900 + "1" + ")" * 900, "")],
)
def test_huge_or_deep_expressions_are_problems_not_crashes(source: str, limit: str) -> None:
    result = outcome(source, template=False)
    assert "error" in result and result["problems"], result
    assert limit in str(result["problems"])


def test_words_and_numbers_still_print() -> None:
    source = "{{ actor ~ ' has ' ~ vitality }}{{ '{0} at {1}'.format(actor, here) }}"
    source += (
        "{% for n in [1, 2, 3] %}{{ n }}{% endfor %}{{ [1, 2]|sum }}{{ ['a', 'b']|join(',') }}"
    )
    assert outcome(source, template=True)["shown"] == "Ezra Marsh has 5Ezra Marsh at beach1233a,b"
