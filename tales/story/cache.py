"""A cache of checked tales and core components, keyed by the hash of their
files' contents.

Loading a large tale parses every YAML file; loading it again unchanged only
needs its hash and the cached model. A tale with problems is never cached;
its problems come from the one read, each with its file:line:col.
The cache holds only what ``tales`` itself wrote, never storybook content.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import pickle
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from tales import __version__
from tales.problems import Problem
from tales.story.hashing import gc_paused
from tales.story.stamps import quick_content_hash

if TYPE_CHECKING:
    from tales.story.core import Core
    from tales.story.model import Tale

CACHE_FORMAT = 2  # raise when the model's classes, or how they are pickled, change shape
_PACKAGE = Path(__file__).resolve().parents[1]
T = TypeVar("T")


@cache
def code_fingerprint() -> str:
    """Which code built a cached tale: the package's source files by name,
    size and modification time. A checkout that changes the model's classes
    without a new version number (a developer's tree, a git install) must
    never load a tale pickled by other code; stat-ing the files costs far
    less than parsing one storybook file."""
    digest = hashlib.sha256()
    for name, size, mtime in sorted(_sources(_PACKAGE)):
        digest.update(f"{name}:{size}:{mtime};".encode())
    return digest.hexdigest()[:16]


def _sources(package: Path) -> list[tuple[str, int, int]]:
    """Every ``*.py`` under ``package``: relative name, size, mtime (os.scandir:
    a fraction of what pathlib's glob costs on every start)."""
    found: list[tuple[str, int, int]] = []
    folders = [""]
    while folders:
        folder = folders.pop()
        for entry in os.scandir(package / folder):
            name = f"{folder}/{entry.name}" if folder else entry.name
            if entry.is_dir():
                folders.append(name)
            elif entry.name.endswith(".py"):
                info = entry.stat()
                found.append((name, info.st_size, info.st_mtime_ns))
    return found


def cache_dir() -> Path:
    """``$TALES_CACHE``, else ``$XDG_CACHE_HOME/tales``, else ``~/.cache/tales``."""
    if os.environ.get("TALES_CACHE"):
        return Path(os.environ["TALES_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tales"


def load_tale_cached(root: Path, cache: Path | None = None) -> tuple[Tale | None, list[Problem]]:
    from tales.story.model import Tale  # here: --version and the core need no model

    cache = cache or cache_dir()
    path = cache / f"tale-{content_key(root, cache)}.pickle"
    tale = cached_object(path, Tale)
    if tale is not None:
        return tale, []
    from tales.story.loader import load_tale  # only on a miss: a cached tale needs no loader

    tale, problems = load_tale(root)  # with positions: a problem needs no second read
    if tale is not None:
        store_object(path, tale)
    return tale, problems


def load_core_cached(root: Path, load: Callable[[Path], Core], cache: Path | None = None) -> Core:
    """The core components under ``root``: from the cache when its files are
    unchanged, else by ``load`` (which raises for a core with problems, so
    such a core is never cached). Every ``tales play`` starts by this
    (``tales check`` keeps its own record: :mod:`tales.authoring.checking`)."""
    from tales.story.core import Core  # the core module reads through this one

    cache = cache or cache_dir()
    path = cache / f"core-{content_key(root, cache)}.pickle"
    core = cached_object(path, Core)
    if core is not None:
        return core
    core = load(root)
    store_object(path, core)
    return core


def cached_object(path: Path, wanted: type[T]) -> T | None:
    """The ``wanted`` object pickled at ``path``, or None: not cached yet, or written
    by another version (then it is loaded afresh and written again)."""
    try:
        with path.open("rb") as stored, gc_paused():
            found = pickle.load(stored)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        return None
    return found if isinstance(found, wanted) else None


def content_key(root: Path, cache: Path) -> str:
    """The hash of ``root``'s YAML files and of the code that reads them:
    what anything cached from those files is kept by."""
    code = f"{__version__}-{CACHE_FORMAT}-{code_fingerprint()}"
    return f"{quick_content_hash(root, cache, code)}-{code}"


def store_object(path: Path, kept: object) -> None:
    """Write atomically; a cache that cannot be written is simply not used."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=path.parent, delete=False) as out:
            _Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(kept)
        os.replace(out.name, path)
    except OSError:
        pass


class _Pickler(pickle.Pickler):
    """Frozen slotted dataclasses (a tale's paragraphs, effects, positions:
    most of its objects) pickled as a call of their own constructor. Left to
    themselves they unpickle through ``dataclasses``' ``__setstate__``, which
    looks every field up again for every object: two thirds of a warm load."""

    def reducer_override(self, obj: Any) -> Any:
        kind: type = type(obj)
        names = _constructed(kind)
        if names is None:
            return NotImplemented
        return kind, tuple([getattr(obj, name) for name in names])


@cache
def _constructed(kind: type) -> tuple[str, ...] | None:
    """The fields ``kind(*values)`` rebuilds an object from, in order; None
    for a class that must be pickled the usual way (not a frozen slotted
    dataclass, or its constructor does more than set the fields)."""
    params = getattr(kind, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in kind.__dict__:
        return None
    if getattr(kind.__dict__.get("__setstate__"), "__name__", "") != "_dataclass_setstate":
        return None  # the class pickles itself its own way
    fields = dataclasses.fields(kind)
    init = kind.__dict__.get("__init__")
    plain = init is not None and init.__code__.co_argcount == len(fields) + 1
    if not plain or hasattr(kind, "__post_init__") or not all(f.init for f in fields):
        return None
    return tuple(f.name for f in fields)
