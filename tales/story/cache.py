"""A cache of checked tales and core components, keyed by the hash of their
files' contents.

Loading a large tale parses every YAML file; loading it again unchanged only
needs its hash and the cached model. A tale with problems is never cached;
its problems come from the one read, each with its file:line:col.
The cache holds only what ``tales`` itself wrote, never storybook content.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from tales import __version__
from tales.problems import Problem
from tales.story.hashing import content_hash, gc_paused

if TYPE_CHECKING:
    from tales.story.core import Core
    from tales.story.model import Tale

CACHE_FORMAT = 1  # raise when the model's classes change shape
_PACKAGE = Path(__file__).resolve().parents[1]


@cache
def code_fingerprint() -> str:
    """Which code built a cached tale: the package's source files by name,
    size and modification time. A checkout that changes the model's classes
    without a new version number (a developer's tree, a git install) must
    never load a tale pickled by other code; stat-ing the files costs far
    less than parsing one storybook file."""
    digest = hashlib.sha256()
    for path in sorted(_PACKAGE.rglob("*.py")):
        stat = path.stat()
        digest.update(f"{path.relative_to(_PACKAGE)}:{stat.st_size}:{stat.st_mtime_ns};".encode())
    return digest.hexdigest()[:16]


def cache_dir() -> Path:
    """``$TALES_CACHE``, else ``$XDG_CACHE_HOME/tales``, else ``~/.cache/tales``."""
    if os.environ.get("TALES_CACHE"):
        return Path(os.environ["TALES_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tales"


def load_tale_cached(root: Path, cache: Path | None = None) -> tuple[Tale | None, list[Problem]]:
    from tales.story.model import Tale  # here: --version and the core need no model

    cache = cache or cache_dir()
    key = f"{content_hash(root)}-{__version__}-{CACHE_FORMAT}-{code_fingerprint()}"
    path = cache / f"tale-{key}.pickle"
    try:
        with path.open("rb") as stored, gc_paused():
            tale = pickle.load(stored)
        if isinstance(tale, Tale):
            return tale, []
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        pass  # not cached yet, or written by another version: load afresh
    from tales.story.loader import load_tale  # only on a miss: a cached tale needs no loader

    tale, problems = load_tale(root)  # with positions: a problem needs no second read
    if tale is not None:
        _store(path, tale)
    return tale, problems


def load_core_cached(root: Path, load: Callable[[Path], Core], cache: Path | None = None) -> Core:
    """The core components under ``root``: from the cache when its files are
    unchanged, else by ``load`` (which raises for a core with problems, so
    such a core is never cached). Every ``tales play`` starts by this."""
    from tales.story.core import Core  # the core module reads through this one

    key = f"{content_hash(root)}-{__version__}-{CACHE_FORMAT}-{code_fingerprint()}"
    path = (cache or cache_dir()) / f"core-{key}.pickle"
    try:
        with path.open("rb") as stored, gc_paused():
            core = pickle.load(stored)
        if isinstance(core, Core):
            return core
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        pass  # not cached yet, or written by another version: load afresh
    core = load(root)
    _store(path, core)
    return core


def _store(path: Path, tale: Tale | Core) -> None:
    """Write atomically; a cache that cannot be written is simply not used."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=path.parent, delete=False) as out:
            pickle.dump(tale, out, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(out.name, path)
    except OSError:
        pass
