"""A cache of checked tales, keyed by the hash of their files' contents.

Loading a large tale parses every YAML file; loading it again unchanged only
needs its hash and the cached model. A tale with problems is never cached,
and is loaded again with positions so every problem has its file:line:col.
The cache holds only what ``tales`` itself wrote, never storybook content.
"""

from __future__ import annotations

import os
import pickle
import tempfile
from pathlib import Path

from tales import __version__
from tales.problems import Problem
from tales.story.loader import content_hash, gc_paused, load_tale
from tales.story.model import Tale

CACHE_FORMAT = 1  # raise when the model's classes change shape


def cache_dir() -> Path:
    """``$TALES_CACHE``, else ``$XDG_CACHE_HOME/tales``, else ``~/.cache/tales``."""
    if os.environ.get("TALES_CACHE"):
        return Path(os.environ["TALES_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tales"


def load_tale_cached(root: Path, cache: Path | None = None) -> tuple[Tale | None, list[Problem]]:
    cache = cache or cache_dir()
    path = cache / f"tale-{content_hash(root)}-{__version__}-{CACHE_FORMAT}.pickle"
    try:
        with path.open("rb") as stored, gc_paused():
            tale = pickle.load(stored)
        if isinstance(tale, Tale):
            return tale, []
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        pass  # not cached yet, or written by another version: load afresh
    tale, problems = load_tale(root, fast=True)
    if tale is None:
        return load_tale(root)  # again, with positions for the report
    _store(path, tale)
    return tale, problems


def _store(path: Path, tale: Tale) -> None:
    """Write atomically; a cache that cannot be written is simply not used."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=path.parent, delete=False) as out:
            pickle.dump(tale, out, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(out.name, path)
    except OSError:
        pass
