"""Content is data: YAML tags are refused, problems carry file:line:col."""

from __future__ import annotations

import pytest

from tales.errors import YamlFileError
from tales.story.yamlio import read_yaml


@pytest.mark.parametrize(
    ("text", "where", "tag"),
    [
        ("a: !!python/object/apply:os.system [echo]\n", (1, 1), "python/object/apply:os.system"),
        ("a: 1\nb:\n  - !custom [1]\n", (3, 5), "!custom"),
        ("a: !!binary aGk=\n", (1, 1), "!!binary"),
        ("!key a: 1\n", (1, 1), "!key"),  # on a key as on a value
    ],
)
def test_tags_are_refused_with_their_position(tmp_path, text, where, tag):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(YamlFileError) as caught:
        read_yaml(path)
    problem = caught.value.problem
    assert (problem.line, problem.col, problem.code) == (*where, "E003")
    assert tag in problem.message


def test_a_syntax_error_names_its_line(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("ok: 1\nlist: [1, 2\n")
    with pytest.raises(YamlFileError) as caught:
        read_yaml(path)
    assert caught.value.problem.code == "E002"
    assert str(caught.value).startswith(f"{path}:3:")


def test_plain_data_loads(tmp_path):
    path = tmp_path / "ok.yaml"
    path.write_text("a: [1, two]\nb: {c: true}\n")
    assert read_yaml(path) == {"a": [1, "two"], "b": {"c": True}}
