"""Write docs/rulings.md from storybooks/core/rulings.yaml.

Run ``python tools/make_rulings_doc.py``; a test fails when the doc is stale.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tales.story.core import core_dir, load_rulings  # noqa: E402
from tales.story.reader import Reader  # noqa: E402

HEADER = """\
# Rulings

Every point the Miskatonic Tales rulebook leaves open is settled here by a named
ruling. Each has an id (the engine and the tests use it), a default, the reason
for it and, where the rulebook speaks, its own words. Each is pinned down by at
least one test marked `@pytest.mark.ruling("<id>")`.

This page is generated from `storybooks/core/rulings.yaml` by
`python tools/make_rulings_doc.py`; edit the YAML, not this page.
"""


def render() -> str:
    problems: list[object] = []
    rulings = load_rulings(Reader(core_dir() / "rulings.yaml", problems))  # type: ignore[arg-type]
    if problems:
        raise SystemExit("\n".join(map(str, problems)))
    parts = [HEADER]
    for ruling in rulings.rulings.values():
        parts.append(f"\n## `{ruling.id}`: {ruling.title}\n")
        parts.append(f"\n**Default:** `{ruling.default}`\n")
        parts.append(f"\n{ruling.rationale}\n")
        if ruling.rulebook:
            parts.append(f"\n> Rulebook: {ruling.rulebook}\n")
    return "".join(parts)


def main() -> None:
    target = ROOT / "docs" / "rulings.md"
    target.write_text(render(), encoding="utf-8")
    print(f"wrote {target.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
