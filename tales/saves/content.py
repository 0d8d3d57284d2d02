"""Which storybook files a save was made under, to say what has changed."""

from __future__ import annotations

import hashlib
from pathlib import Path

from tales.errors import TalesError
from tales.safefile import read_bytes


def content_files(root: Path) -> dict[str, str]:
    """Each YAML file of a tale by relative path, with a short hash of its
    bytes; a file that cannot be read safely (a FIFO, a symlink out of the
    tale: see tales.safefile) hashes as unreadable rather than blocking."""
    return {
        path.relative_to(root).as_posix(): _hash(path, root)
        for path in sorted(root.rglob("*.yaml"))
    }


def _hash(path: Path, root: Path) -> str:
    try:
        return hashlib.sha256(read_bytes(path, folder=root)).hexdigest()[:12]
    except (OSError, TalesError):
        return "unreadable"


def describe_changes(saved: dict[str, str], now: dict[str, str]) -> str:
    """ "changed: a.yaml; removed: b.yaml", or "" when nothing changed."""
    parts = []
    changed = sorted(p for p in saved.keys() & now.keys() if saved[p] != now[p])
    for label, paths in (
        ("changed", changed),
        ("added", sorted(now.keys() - saved.keys())),
        ("removed", sorted(saved.keys() - now.keys())),
    ):
        if paths:
            shown = ", ".join(paths[:5]) + (f" and {len(paths) - 5} more" if len(paths) > 5 else "")
            parts.append(f"{label}: {shown}")
    return "; ".join(parts)


def tale_name(root: Path) -> str:
    """How a sheet names its tale: the folder name when bundled, else the path."""
    from tales.story.core import storybooks_dir

    try:
        if root.resolve().parent == storybooks_dir().resolve():
            return root.name
    except OSError:
        pass
    return str(root.resolve())  # loadable from any folder
