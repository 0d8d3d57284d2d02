"""``tales check`` of a tale unchanged since it was last checked: what it
reported, from the cache, without reading or checking the tale again.

What the check of one tale reports is a function of exactly these, and the
record is kept by all of them:

- the bytes of its YAML files and the code that reads and checks them
  (:func:`tales.story.cache.content_key`, through the files' stamps);
- the name of every file and folder in it, which the YAML hash does not
  cover (a stray ``notes.txt`` beside ``scenario.yaml`` is a warning);
- the folder as given and as resolved: each problem names its file by the
  path the check was given;
- what the check takes from the core components (:class:`CoreTerms`).

Only a tale the loader read without a single problem is kept (its graph
checks may still find some, which are kept with it); a tale holding a
symlink is checked afresh every time, since its target may change unseen.
"""

from __future__ import annotations

import hashlib
import json
import stat
from dataclasses import dataclass
from pathlib import Path

from tales.problems import Problem
from tales.story.cache import cache_dir, cached_object, content_key, store_object
from tales.story.stamps import tree_entries

Stats = dict[str, dict[str, int]]


@dataclass(frozen=True)
class CoreTerms:
    """What checking a tale takes from the core: the keywords any game may
    hold (investigators' own), the starting items, the investigators' names."""

    keywords: frozenset[str]
    items: frozenset[str]
    investigators: frozenset[str]


@dataclass(frozen=True)
class CheckedTale:
    """One tale's check, as it reported it."""

    problems: tuple[Problem, ...]
    stats: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]


def check_tale_cached(root: Path, terms: CoreTerms | None) -> tuple[list[Problem], Stats]:
    """The problems and per-scenario stats of the tale in ``root``: from the
    cache when nothing the check depends on has changed, else checked afresh.
    ``terms`` is None when no core could be read."""
    cache = cache_dir()
    key = check_key(root, terms, cache)
    path = cache / f"checked-tale-{key}.pickle" if key else None
    kept = cached_object(path, CheckedTale) if path else None
    if kept is not None:
        return list(kept.problems), {name: dict(counts) for name, counts in kept.stats}
    problems, stats, clean = check_tale_afresh(root, terms)
    if path is not None and clean:
        frozen = tuple((name, tuple(counts.items())) for name, counts in stats.items())
        store_object(path, CheckedTale(tuple(problems), frozen))
    return problems, stats


def check_tale_afresh(root: Path, terms: CoreTerms | None) -> tuple[list[Problem], Stats, bool]:
    """Read and check the tale; the last value says whether the loader found
    no problem at all (only then may the outcome be kept)."""
    # Here, not at the top: a check found in the cache needs neither the loader nor the checks.
    from tales.authoring.check import check_tale, scenario_stats
    from tales.authoring.named import unknown_investigators
    from tales.story.loader import load_tale

    tale, loaded = load_tale(root)
    if tale is None:
        return loaded, {}, False
    keywords, items = (set(terms.keywords), set(terms.items)) if terms else (set(), set())
    problems = [*loaded, *check_tale(tale, keywords, items)]
    if terms is not None:  # no core read: nobody to compare the names with
        problems += unknown_investigators(tale, set(terms.investigators))
    stats = {f"{tale.id}/{name}": scenario_stats(book) for name, book in tale.scenarios.items()}
    return problems, stats, not loaded


def check_key(root: Path, terms: CoreTerms | None, cache: Path) -> str | None:
    """What a tale's check is kept by (see the module's docstring), or None
    when its folder cannot be listed in full (a symlink, an unreadable folder)."""
    names = entry_names(root)
    if names is None:
        return None
    whole = [
        content_key(root, cache),
        str(root),
        str(root.resolve()),
        names,
        [sorted(terms.keywords), sorted(terms.items), sorted(terms.investigators)]
        if terms
        else None,
    ]
    return hashlib.sha256(json.dumps(whole).encode()).hexdigest()[:32]


def entry_names(root: Path) -> list[str] | None:
    """Every file and folder under ``root`` by its relative name (a folder's
    ending in ``/``), sorted; None when a symlink or an unreadable folder is met."""
    entries = tree_entries(root)
    if entries is None:
        return None
    return sorted(f"{name}/" if stat.S_ISDIR(info.st_mode) else name for name, info in entries)
