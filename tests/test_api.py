"""The curated public API: docs/api.md's example runs, and tales exports
exactly the names it lists, loaded only when used."""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import tales

DOC = Path(__file__).resolve().parents[1] / "docs" / "api.md"


def python_blocks(text: str) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", text, re.S | re.M)


def test_the_example_in_docs_api_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every python block of docs/api.md, run in order as one script, so the
    documentation cannot drift from the code."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the doc's save folder
    blocks = python_blocks(DOC.read_text(encoding="utf-8"))
    assert len(blocks) >= 5
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)
    assert namespace["loaded"] is not namespace["saved"]


def test_all_lists_exactly_the_public_names() -> None:
    """Each name in __all__ resolves to the object of the module it is said
    to live in, and nothing public is loaded that __all__ does not list."""
    assert sorted(tales.__all__) == sorted(["__version__", *tales._WHERE])
    assert sorted(dir(tales)) == sorted(tales.__all__)
    for name, module in tales._WHERE.items():
        value = getattr(tales, name)
        assert value is getattr(sys.modules[module], name)


def test_every_public_name_is_in_the_doc_table() -> None:
    text = DOC.read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `(\w+)", text, re.M))
    listed |= set(re.findall(r"^\| `\w+`, `(\w+)`", text, re.M))
    listed |= set(re.findall(r"^\| `\w+`, `\w+`, `(\w+)`", text, re.M))
    assert set(tales.__all__) - {"__version__"} == listed


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Board'"):
        tales.Board  # noqa: B018 - the lookup is the test


def test_importing_tales_loads_no_engine() -> None:
    """`tales --version` must stay quick: the API loads on first use."""
    code = (
        "import sys, tales; "
        "print(sorted(m for m in sys.modules if m.startswith('tales.'))); "
        "tales.new_game; "
        "print('tales.story.game' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out == ["[]", "True"]


def test_a_save_is_never_overwritten(tmp_path: Path) -> None:
    storybook = tales.load_tale("the-drowned-bell")
    game = tales.new_game(storybook, players=["ezra-marsh"], seed=3)
    tales.save_game(storybook, game, "kept", tmp_path)
    with pytest.raises(tales.TalesError, match="already a save named 'kept'"):
        tales.save_game(storybook, game, "kept", tmp_path)


def test_a_tale_with_errors_is_refused_with_its_problems(tmp_path: Path) -> None:
    (tmp_path / "tale.yaml").write_text("id: broken\n", encoding="utf-8")
    with pytest.raises(tales.ContentError):
        tales.load_tale(tmp_path)
