"""A tale's content hash, without reading its files when none has changed.

:func:`tales.story.hashing.content_hash` reads and hashes every YAML file:
exact, but the largest part of a warm load once the model itself unpickles
quickly. Here the files are first listed with their stat stamps (size,
modification and change times, inode), as git's index does; when the listing
equals the one recorded beside the hash last time, that hash is the answer.

Still exact, by two rules. A listing is trusted only when nothing in it can
hide a change: any symlink (whose target may change unseen) or unreadable
folder means the files are hashed. And a listing is recorded only when every
file was last changed well before it was taken (``SETTLED_NS``): a file
written again within the file system's timestamp granularity of being hashed
could keep its stamps with other bytes (git's "racily clean" entries). Such
a tale is hashed again on the next load, and recorded once its files settle.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import tempfile
import time
from pathlib import Path

from tales.story.hashing import content_hash

# Coarser than any file system's timestamps (FAT's are 2 s, ext4's a kernel tick).
SETTLED_NS = 2_000_000_000

Stamp = tuple[str, int, int, int, int]  # relative path, size, mtime_ns, ctime_ns, inode
_now = time.time_ns  # the clock a test may move on, since no file's ctime can be set back


def quick_content_hash(root: Path, cache: Path, salt: str) -> str:
    """``content_hash(root)``, from the record in ``cache`` when the files'
    stamps are unchanged. ``salt`` names the code that hashed (a record made
    by other code is not used)."""
    listing = stamps(root)
    record = cache / f"stamps-{_name(root)}.json"
    if listing is not None and (known := _recorded(record, salt, listing)) is not None:
        return known
    digest = content_hash(root)
    if listing is not None and settled(listing, _now()):
        _record(record, salt, listing, digest)
    return digest


def tree_entries(root: Path) -> list[tuple[str, os.stat_result]] | None:
    """Every file and folder under ``root``, by its name relative to it, with
    its own status (links not followed); None when the walk cannot be trusted
    to show every change: a symlink, or a folder that cannot be read."""
    found: list[tuple[str, os.stat_result]] = []
    folders = [""]
    while folders:
        folder = folders.pop()
        try:
            entries = list(os.scandir(root / folder if folder else root))
        except OSError:
            return None
        for entry in entries:
            relative = f"{folder}/{entry.name}" if folder else entry.name
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                return None
            if stat.S_ISLNK(info.st_mode):
                return None
            if stat.S_ISDIR(info.st_mode):
                folders.append(relative)
            found.append((relative, info))
    return found


def stamps(root: Path) -> list[Stamp] | None:
    """Every ``*.yaml`` regular file under ``root`` (as ``content_hash``
    finds them) with its stamps, sorted; None when the listing cannot be
    trusted to show every change (a symlink, a folder that cannot be read)."""
    entries = tree_entries(root)
    if entries is None:
        return None
    return sorted(
        (relative, info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino)
        for relative, info in entries
        if stat.S_ISREG(info.st_mode) and relative.endswith(".yaml")
    )


def settled(listing: list[Stamp], now_ns: int) -> bool:
    """Whether every file was last changed ``SETTLED_NS`` before ``now_ns``."""
    return all(max(mtime, ctime) < now_ns - SETTLED_NS for _, _, mtime, ctime, _ in listing)


def _name(root: Path) -> str:
    return hashlib.sha256(str(root.resolve()).encode()).hexdigest()[:16]


def _recorded(record: Path, salt: str, listing: list[Stamp]) -> str | None:
    try:
        data = json.loads(record.read_bytes())
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("salt") != salt:
        return None
    if [tuple(s) for s in data.get("files", ())] != listing:
        return None
    digest = data.get("hash")
    return digest if isinstance(digest, str) else None


def _record(record: Path, salt: str, listing: list[Stamp], digest: str) -> None:
    """Write atomically; a record that cannot be written is simply not used."""
    try:
        record.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=record.parent, delete=False) as out:
            json.dump({"salt": salt, "hash": digest, "files": listing}, out)
        os.replace(out.name, record)
    except OSError:
        pass
