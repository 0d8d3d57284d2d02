"""What ``tales check`` checks, given paths: core components and tales."""

from __future__ import annotations

from pathlib import Path

from tales.errors import TalesError
from tales.problems import Problem
from tales.story.core import Core, core_dir, read_core, strays


def check_paths(paths: list[Path]) -> tuple[list[Problem], dict[str, dict[str, int]]]:
    """Every problem in the content under ``paths``, and per-scenario stats.

    A path holding ``dice.yaml``, or named ``core``, is a core folder; one holding ``tale.yaml``
    is a tale; any other folder is searched one level down for both."""
    from tales.authoring.check_cache import CoreTerms, check_tale_cached

    problems: list[Problem] = []
    stats: dict[str, dict[str, int]] = {}
    cores, tales = _sort_out(paths)
    core: Core | None = None
    for root in cores:
        loaded, found = _read_core(root)
        problems += found
        core = core or loaded
    if tales and core is None:
        core, found = _read_core(core_dir())
        problems += found
    terms = None
    if core is not None:
        keywords = frozenset(s.keyword for s in core.investigators.values())
        terms = CoreTerms(keywords, frozenset(core.items), frozenset(core.investigators))
    for root in tales:
        found, counted = check_tale_cached(root, terms)
        problems += found
        stats.update(counted)
    return sorted(set(problems)), stats


def _read_core(root: Path) -> tuple[Core | None, list[Problem]]:
    """The core, read once by libyaml with positions: each problem has its
    file:line:col. A core read without a single problem (not even a
    warning) is kept by the hash of its files, so checking a tale does not
    read the unchanged core again; files the core loader does not read
    (which the hash does not cover) are looked for every time."""
    from tales.story.cache import load_core_cached

    try:
        core = load_core_cached(root, _clean_core, kind="checked-core")
    except _NotClean as found:
        return found.core, found.problems
    if strays(root):  # a new stray beside an unchanged core: read it all again
        return read_core(root)
    return core, []


class _NotClean(Exception):
    """A core read with problems: never cached, its problems told."""

    def __init__(self, core: Core | None, problems: list[Problem]) -> None:
        super().__init__(f"{len(problems)} problems")
        self.core, self.problems = core, problems


def _clean_core(root: Path) -> Core:
    core, problems = read_core(root)
    if core is None or problems:
        raise _NotClean(core, problems)
    return core


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
