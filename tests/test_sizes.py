"""Issue 12's size limits: no module in tales/ over 500 lines, no function
over 60 (tools/size_report.py), with no exceptions."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def size_report() -> ModuleType:
    spec = importlib.util.spec_from_file_location("size_report", ROOT / "tools" / "size_report.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_module_or_function_is_over_the_limits() -> None:
    offenders = size_report().oversized(ROOT / "tales")
    assert offenders == [], "\n".join(offenders)


def test_the_report_finds_a_long_module_and_a_long_function(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    body = "".join(f"    x{i} = {i}\n" for i in range(61))
    (package / "long.py").write_text("def long():\n" + body + "\n" * 440, encoding="utf-8")
    (package / "short.py").write_text("def short():\n    return 1\n", encoding="utf-8")
    assert size_report().oversized(package) == [
        "pkg/long.py: 502 lines (limit 500)",
        "pkg/long.py:1: long() is 62 lines (limit 60)",
    ]
