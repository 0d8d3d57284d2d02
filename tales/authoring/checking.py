"""What ``tales check`` checks, given paths: core components and tales."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tales.authoring.check_cache import CoreTerms, check_tale_cached
from tales.errors import TalesError
from tales.problems import Problem
from tales.story.cache import cache_dir, cached_object, content_key, store_object
from tales.story.core_files import core_dir, strays

if TYPE_CHECKING:
    from tales.story.core import Core


def check_paths(paths: list[Path]) -> tuple[list[Problem], dict[str, dict[str, int]]]:
    """Every problem in the content under ``paths``, and per-scenario stats.

    A path holding ``dice.yaml``, or named ``core``, is a core folder; one holding ``tale.yaml``
    is a tale; any other folder is searched one level down for both."""
    problems: list[Problem] = []
    stats: dict[str, dict[str, int]] = {}
    cores, tales = _sort_out(paths)
    terms: CoreTerms | None = None  # what the first core read gives every tale's check
    for root in cores:
        read, found = _read_core(root)
        problems += found
        terms = terms if terms is not None else read
    if tales and terms is None:
        terms, found = _read_core(core_dir())
        problems += found
    for root in tales:
        found, counted = check_tale_cached(root, terms)
        problems += found
        stats.update(counted)
    return sorted(set(problems)), stats


def _read_core(root: Path) -> tuple[CoreTerms | None, list[Problem]]:
    """What a tale's check takes from the core under ``root`` (None when it
    cannot be read), and its problems, read by libyaml with positions: each
    problem has its file:line:col. Of a core read without a single problem
    (not even a warning) only those terms are kept, by the hash of its files:
    checking a tale beside an unchanged core neither reads it nor imports the
    rules' classes. Files the core loader does not read (which the hash does
    not cover) are looked for every time."""
    cache = cache_dir()
    path = cache / f"checked-core-{content_key(root, cache)}.pickle"
    kept = cached_object(path, CoreTerms)
    if kept is not None and not strays(root):
        return kept, []
    core, problems = read_core(root)
    terms = None if core is None else _terms(core)
    if terms is not None and not problems:
        store_object(path, terms)
    return terms, problems


def read_core(root: Path) -> tuple[Core | None, list[Problem]]:
    """:func:`tales.story.core.read_core`, imported only when a core is read."""
    from tales.story.core import read_core as read

    return read(root)


def _terms(core: Core) -> CoreTerms:
    keywords = frozenset(sheet.keyword for sheet in core.investigators.values())
    return CoreTerms(keywords, frozenset(core.items), frozenset(core.investigators))


def _sort_out(paths: list[Path]) -> tuple[list[Path], list[Path]]:
    cores: list[Path] = []
    tales: list[Path] = []
    for path in paths:
        found = False
        for candidate in [path, *sorted(p for p in path.iterdir() if p.is_dir())]:
            # A core folder is one by its name too: a core that lacks its dice
            # file is checked (and refused), never passed over for the bundled one.
            if (candidate / "dice.yaml").is_file() or candidate.name == "core":
                cores.append(candidate)
                found = True
            elif (candidate / "tale.yaml").is_file():
                tales.append(candidate)
                found = True
            if candidate == path and found:
                break
        if not found:
            raise TalesError(f"no storybook content to check in {str(path)!r}")
    return cores, tales
