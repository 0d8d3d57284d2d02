"""``tales fmt``: rewrite storybook files in one canonical layout, keeping
comments and the order the author chose (ruamel.yaml's round trip)."""

from __future__ import annotations

import io
from pathlib import Path

from tales.errors import TalesError, YamlFileError
from tales.problems import Problem
from tales.story.yamlio import read_yaml

# Canonical form is layout (indentation, spacing), not wrapping: long lines
# stay as the author wrote them.
WIDTH = 4096


def formatted(path: Path) -> str:
    """The canonical text of ``path``; raises YamlFileError on a bad file."""
    from ruamel.yaml import YAML

    read_yaml(path)  # refuses tags and reports syntax errors with positions
    yaml = YAML(typ="rt", pure=True)
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.width = WIDTH
    yaml.preserve_quotes = True
    yaml.brace_single_entry_mapping_in_flow_sequence = True  # keep [{item: x}] as written
    data = yaml.load(path.read_text(encoding="utf-8"))
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


def yaml_files(paths: list[Path]) -> list[Path]:
    """The files named, and the YAML files under each folder named; a folder
    without any is a mistake, not nothing to do."""
    found: list[Path] = []
    for path in paths:
        if not path.is_dir():
            found.append(path)
            continue
        inside = sorted(p for p in path.rglob("*.yaml") if p.is_file())
        if not inside:
            raise TalesError(f"there are no storybook files (*.yaml) to format in {str(path)!r}")
        found += inside
    return found


def format_paths(paths: list[Path], *, check: bool) -> tuple[list[Path], list[Problem]]:
    """Files that are (or, with ``check``, would be) rewritten, and files that
    could not be read. A file is written only when its text changes."""
    changed: list[Path] = []
    problems: list[Problem] = []
    for path in yaml_files(paths):
        try:
            text = formatted(path)
        except YamlFileError as error:
            problems.append(error.problem)
            continue
        if text != path.read_text(encoding="utf-8"):
            changed.append(path)
            if not check:
                path.write_text(text, encoding="utf-8")
    return changed, problems
