"""Every ruling is data, documented, and pinned by a test."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _marked_rulings() -> set[str]:
    pattern = re.compile(r"""ruling\(\s*["']([a-z0-9-]+)["']\s*\)""")
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        found |= set(pattern.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_ruling_is_pinned_by_a_test(core):
    missing = sorted(set(core.rulings.rulings) - _marked_rulings())
    assert not missing, f"rulings with no @ruling(...) test: {missing}"


def test_tests_name_only_rulings_that_exist(core):
    unknown = sorted(_marked_rulings() - set(core.rulings.rulings))
    assert not unknown, f"tests mark rulings that rulings.yaml lacks: {unknown}"


def test_rulings_named_in_the_engine_exist(core):
    """Docstrings and flags name rulings as ``ruling `id` `` or flag("id")."""
    pattern = re.compile(r"""ruling\s+``([a-z0-9-]+)``|flag\(\s*"([a-z0-9-]+)"\s*\)""")
    named: set[str] = set()
    for path in (ROOT / "tales").rglob("*.py"):
        for a, b in pattern.findall(path.read_text(encoding="utf-8")):
            named.add(a or b)
    unknown = sorted(named - set(core.rulings.rulings))
    assert not unknown, f"the engine names rulings that rulings.yaml lacks: {unknown}"


def test_every_ruling_has_a_rationale(core):
    for ruling in core.rulings.rulings.values():
        assert len(ruling.rationale.split()) >= 10, ruling.id


def test_rulings_doc_is_up_to_date():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_rulings_doc
    finally:
        sys.path.pop(0)
    doc = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    if doc != make_rulings_doc.render():
        pytest.fail("docs/rulings.md is stale: run python tools/make_rulings_doc.py")
