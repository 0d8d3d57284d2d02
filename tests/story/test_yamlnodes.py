"""libyaml's reading (tales.story.yamlnodes) against ruamel's round-trip
loader, which checking used before (issue 16): the same data and the same
line and column for every key and item of every bundled file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from tales.story import yamlnodes
from tales.story.yamlio import block_start, item_position, position
from tales.story.yamllimits import ANY_FILE

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(
    path
    for folder in (ROOT / "storybooks", ROOT / "tests" / "data")
    for path in folder.rglob("*.yaml")
    if "damaged" not in path.parts and "hostile" not in path.parts
)


def _places(node: Any, where: str = "") -> dict[str, Any]:
    """Every value with its position and, for text, whether it is a literal block."""
    found: dict[str, Any] = {}
    pending = [(node, where)]
    while pending:
        value, at = pending.pop()
        if isinstance(value, dict):
            for key, child in value.items():
                found[f"{at}/{key}"] = (position(value, key), block_start(value, key))
                pending.append((child, f"{at}/{key}"))
        elif isinstance(value, list):
            for index, child in enumerate(value):
                found[f"{at}[{index}]"] = item_position(value, index)
                pending.append((child, f"{at}[{index}]"))
        else:
            found[at] = (type(value) is bool, value)
    return found


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_value_and_position_is_read_as_before(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    try:
        before = YAML(typ="rt", pure=True).load(text)
    except Exception:  # a file broken on purpose: the error tests cover it
        pytest.skip("not YAML the round-trip loader reads")
    now = yamlnodes.load(str(path), text, ANY_FILE)
    assert _places(now) == _places(before)


def test_a_value_past_a_limit_is_refused_before_it_is_built() -> None:
    from tales.errors import YamlFileError

    nested = "a: " + "[" * 60 + "]" * 60 + "\n"
    with pytest.raises(YamlFileError) as refused:
        yamlnodes.load("deep.yaml", nested, ANY_FILE)
    assert "nested deeper than" in refused.value.problem.message
