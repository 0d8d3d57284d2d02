"""Modules over 500 lines and functions over 60 lines in tales/.

    python tools/size_report.py [--module-limit N] [--function-limit N]

Exits 1 when anything is over a limit, so a test can hold the line.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def oversized(package: Path, module_limit: int = 500, function_limit: int = 60) -> list[str]:
    found: list[str] = []
    for path in sorted(package.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        name = path.relative_to(package.parent)
        lines = source.count("\n")
        if lines > module_limit:
            found.append(f"{name}: {lines} lines (limit {module_limit})")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > function_limit:
                    found.append(
                        f"{name}:{node.lineno}: {node.name}() is {length} lines "
                        f"(limit {function_limit})"
                    )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--module-limit", type=int, default=500)
    parser.add_argument("--function-limit", type=int, default=60)
    args = parser.parse_args()
    found = oversized(ROOT / "tales", args.module_limit, args.function_limit)
    print("\n".join(found) or "nothing over the limits")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
