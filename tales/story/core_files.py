"""Where the core components live and which files a core folder holds.

What ``tales check`` asks of a core before it reads one (or instead, when
the core's check is kept by the hash of its files): kept apart from
:mod:`tales.story.core`, whose import brings in every class of the rules.
"""

from __future__ import annotations

import os
from pathlib import Path

from tales.problems import Problem

# What a core folder holds; anything else is never read, so it is named.
CORE_ENTRIES = frozenset(
    {"dice.yaml", "items.yaml", "supply.yaml", "rulings.yaml", "investigators", "README.md"}
)


def storybooks_dir() -> Path:
    """``$TALES_STORYBOOKS``, else the ``storybooks/`` folder beside the package."""
    env = os.environ.get("TALES_STORYBOOKS")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "storybooks"


def core_dir() -> Path:
    return storybooks_dir() / "core"


def strays(root: Path) -> list[Problem]:
    """A warning (W304) for each file or folder in ``root`` the core loader
    does not read: a misnamed file must not pass for a part of the core."""
    return [
        Problem(
            str(entry),
            1,
            1,
            "W304",
            f"the core loader does not read {entry.name!r}; it holds "
            f"{', '.join(sorted(CORE_ENTRIES - {'README.md'}))}",
            "warning",
        )
        for entry in sorted(root.iterdir())
        if entry.name not in CORE_ENTRIES and not entry.name.startswith(".")
    ]
