"""A fixture storybook copied and edited for one test: the way the loader's
and the checker's refusals are shown a mistake."""

from __future__ import annotations

import shutil
from pathlib import Path


def edited_copy(source: Path, root: Path, *edits: tuple[str | Path, str, str]) -> Path:
    """``source`` copied to ``root`` with each ``(file, old, new)`` edit made
    once: ``old`` must stand in the file, so an edit that misses fails here,
    not as a refusal the test then never sees."""
    shutil.copytree(source, root)
    for file, old, new in edits:
        path = root / file
        text = path.read_text(encoding="utf-8")
        assert old in text, (file, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return root
