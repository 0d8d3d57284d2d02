"""What the cache asks of a tale's folder before anything is loaded: the hash
of its files, and the collector paused while a model is built or unpickled.

Kept apart from :mod:`tales.story.loader` so that a tale or the core found in
the cache (:mod:`tales.story.cache`, every ``tales play`` and benchmark starts
so) does not import the loader, its schema and Jinja to read it.
"""

from __future__ import annotations

import gc
import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tales import safefile
from tales.errors import LimitExceeded, UnsafeFile


@contextmanager
def gc_paused() -> Iterator[None]:
    """Loading builds many objects and no garbage cycles; the cyclic
    collector would only rescan them again and again (a large tale loaded
    several times slower than linear)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def content_hash(root: Path) -> str:
    """A hash of every YAML file of a tale, by relative path and bytes.

    Each file is read as the loader reads it (:mod:`tales.safefile`): a
    regular file inside the tale, within the size limit, a symlink followed
    only inside the tale. One that is not hashes as the reason it is refused:
    the load reports it, and a tale with problems is never cached."""
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*.yaml") if p.is_file()):  # not a folder.yaml/
        digest.update(str(path.relative_to(root)).encode())
        digest.update(b"\0")
        try:
            digest.update(safefile.read_bytes(path, folder=root))
        except (OSError, UnsafeFile, LimitExceeded) as refused:
            digest.update(b"\0refused:" + type(refused).__name__.encode())
    return digest.hexdigest()[:16]
