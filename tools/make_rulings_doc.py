"""Write docs/rulings.md from storybooks/core/rulings.yaml.

Run ``python tools/make_rulings_doc.py``; a test fails when the doc is stale.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tales.rules.rulings import RulingKind  # noqa: E402
from tales.story.core import core_dir, load_rulings  # noqa: E402
from tales.story.reader import Reader  # noqa: E402

HEADER = """\
# Rulings

Every point the Miskatonic Tales rulebook leaves open is settled here by a named
ruling. Each has an id (the engine and the tests use it), a kind, a value, the reason
for it and, where the rulebook speaks, its own words. Each is pinned down by at
least one test marked `@pytest.mark.ruling("<id>")`.

Each ruling is of one of two kinds:

- a **switch** is true or false; the engine reads it, and a group may flip it
  as a house rule. Every switch is tested with both values.
- a **reading** is a fixed interpretation of the rulebook (what a symbol
  means, how the box's components divide); no group would flip it.

To play with house rules, give `--ruling ID=VALUE` once per switch:

    tales play --ruling explosions-optional=false --ruling test-once-a-round=false

or answer "y" to "House rules?" in the interactive setup. The values are part of
the game's setup and are written on its save sheet (`rulings:`), so a loaded
game keeps its house rules.

This page is generated from `storybooks/core/rulings.yaml` by
`python tools/make_rulings_doc.py`; edit the YAML, not this page.
"""


def render() -> str:
    problems: list[object] = []
    rulings = load_rulings(Reader(core_dir() / "rulings.yaml", problems))  # type: ignore[arg-type]
    if problems:
        raise SystemExit("\n".join(map(str, problems)))
    parts = [HEADER, "\n## Switches\n\n"]
    parts += [f"- `{r.id}` (default `{_text(r.default)}`): {r.title}\n" for r in rulings.switches()]
    for ruling in rulings.rulings.values():
        parts.append(f"\n## `{ruling.id}`: {ruling.title}\n")
        label = "Default" if ruling.kind is RulingKind.SWITCH else "Reading"
        parts.append(f"\n**Kind:** {ruling.kind}. **{label}:** `{_text(ruling.default)}`\n")
        parts.append(f"\n{ruling.rationale}\n")
        if ruling.rulebook:
            parts.append(f"\n> Rulebook: {ruling.rulebook}\n")
    return "".join(parts)


def _text(value: object) -> str:
    """Booleans as the YAML and ``--ruling`` spell them."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def main() -> None:
    target = ROOT / "docs" / "rulings.md"
    target.write_text(render(), encoding="utf-8")
    print(f"wrote {target.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
