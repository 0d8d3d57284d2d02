"""Reading YAML safely, keeping where every value was written.

libyaml (through :mod:`tales.story.yamlnodes`) records line and column of
each key and item, so every problem can be reported with file:line:col. Tags are
refused outright: content is data, and nothing in it is ever constructed as
a Python object.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeGuard

from ruamel.yaml.composer import Composer, ComposerError
from ruamel.yaml.events import AliasEvent

from tales import safefile
from tales.errors import LimitExceeded, UnsafeFile, YamlFileError
from tales.problems import Problem
from tales.story import yamlnodes
from tales.story.yamllimits import ANY_FILE, Limits, long_line
from tales.story.yamlnodes import Lines

# How a problem names the type a field should have.
TYPE_NAMES: dict[type, str] = {
    str: "text",
    int: "a whole number",
    bool: "true or false",
    dict: "a mapping",
    list: "a list",
}


def is_whole(value: Any) -> TypeGuard[int]:
    """A whole number as a YAML file or a sheet gives it: not true or false
    (a bool is an int to Python), and not only a plain int (ruamel reads some
    as its own int subclass)."""
    return isinstance(value, int) and not isinstance(value, bool)


def read_yaml(path: Path, *, limits: Limits = ANY_FILE, folder: Path | None = None) -> Any:
    """Parse ``path``; raise :class:`YamlFileError` on a syntax error, a tag
    or a passed limit (:mod:`tales.story.yamllimits`).

    libyaml parses (:mod:`tales.story.yamlnodes`), and every mapping and
    list keeps where its keys and items were written.
    The file is read by :mod:`tales.safefile`, only if it is a regular file
    inside ``folder`` (default: the tale it is part of, else its own folder).
    """
    return parse_yaml(path, _read(path, folder), limits)


def parse_yaml(path: Path, text: str, limits: Limits = ANY_FILE) -> Any:
    """:func:`read_yaml` of text already read safely (``path`` names it in problems)."""
    problem = long_line(str(path), text)
    if problem is not None:
        raise YamlFileError(problem)
    return _parse(path, text, limits)


def _read(path: Path, folder: Path | None) -> str:
    try:
        return safefile.read_text(path, folder=folder or tale_folder(path))
    except (OSError, UnicodeDecodeError, UnsafeFile, LimitExceeded) as error:
        shown = error.strerror if isinstance(error, OSError) and error.strerror else error
        message = f"cannot read the file: {safefile.printable(str(shown))}"
        raise YamlFileError(Problem(str(path), 1, 1, "E001", message)) from None


def tale_folder(path: Path) -> Path:
    """The tale a storybook file is part of (the nearest folder up with a
    tale.yaml), else the folder the file is in: symlinks may not leave it."""
    for folder in path.absolute().parents:
        if (folder / "tale.yaml").is_file():
            return folder
        if folder.name in ("paragraphs", "interludes") or (folder / "scenario.yaml").is_file():
            continue  # the tale is further up
        break
    return path.absolute().parent


def _parse(path: Path, text: str, limits: Limits) -> Any:
    from ruamel.yaml.error import YAMLError

    try:
        data = yamlnodes.load(str(path), text, limits)
    except (YAMLError, RecursionError) as error:
        # libyaml words and places a syntax error its own way; the pure parser
        # (slow, but only on a broken file) says it as authors have read it so far.
        raise _refusal(path, text, _pure_error(text) or error) from None
    return data


def _pure_error(text: str) -> Exception | None:
    """The error the pure-Python parser finds in ``text``, if any."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    yaml = YAML(typ="rt", pure=True)
    yaml.Composer = NoAliasComposer
    try:
        yaml.load(text)
    except (YAMLError, RecursionError) as error:
        return error
    return None


def _refusal(path: Path, text: str, error: Exception) -> YamlFileError:
    """The problem a YAML error is, at its line and column."""
    from ruamel.yaml.constructor import ConstructorError
    from ruamel.yaml.error import MarkedYAMLError
    from ruamel.yaml.reader import ReaderError

    if isinstance(error, ConstructorError):  # a tag
        mark = error.problem_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        message = f"YAML tag not allowed in content: {error.problem}"
        return YamlFileError(Problem(str(path), line, col, "E003", message))
    if isinstance(error, MarkedYAMLError):
        from tales.story.yaml_errors import explain  # the author's words and the fix

        told = explain(error, text)
        return YamlFileError(Problem(str(path), told.line, told.col, "E002", told.message))
    if isinstance(error, ReaderError):  # a character YAML does not allow, such as a control code
        before = text[: error.position]
        line, col = before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
        code = error.character
        shown = repr(chr(code)) if isinstance(code, int) else repr(code)
        message = f"YAML cannot hold the character {shown}"
        return YamlFileError(Problem(str(path), line, col, "E002", message))
    message = "YAML nested too deeply" if isinstance(error, RecursionError) else f"YAML: {error}"
    return YamlFileError(Problem(str(path), 1, 1, "E002", message))


class NoAliasComposer(Composer):
    """The pure loader's composer (used only to word a syntax error),
    refusing an alias: nothing is ever expanded."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.parser.check_event(AliasEvent):
            event = self.parser.get_event()
            raise ComposerError(None, None, "YAML aliases are not allowed", event.start_mark)
        return super().compose_node(parent, index)


def position(mapping: Any, key: Any) -> tuple[int, int]:
    """1-based (line, col) of ``mapping[key]``'s key, or of the mapping."""
    lc = getattr(mapping, "lc", None)
    if lc is None:
        return (1, 1)
    try:
        line, col = lc.key(key)
        return (line + 1, col + 1)
    except (KeyError, TypeError, AttributeError):
        return (lc.line + 1, lc.col + 1)


def item_position(sequence: Any, index: int) -> tuple[int, int]:
    lc = getattr(sequence, "lc", None)
    if lc is None:
        return (1, 1)
    try:
        line, col = lc.item(index)
        return (line + 1, col + 1)
    except (KeyError, IndexError, TypeError, AttributeError):
        return (lc.line + 1, lc.col + 1)


def is_kind(value: Any, kind: type) -> bool:
    """``isinstance``, except that true and false are not whole numbers."""
    return isinstance(value, kind) and not (kind is int and isinstance(value, bool))


def describe(value: Any) -> str:
    """A value as a problem quotes it: ``'lantern'``, ``3``, ``a list``..."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if not isinstance(value, str | int | float):
        return type(value).__name__
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:40] + "..."


class PositionReader:
    """What the storybook reader and the save-sheet reader share: one file's
    problems, collected with the line and column of the value at fault."""

    def __init__(self, path: Path, problems: list[Problem]) -> None:
        self.path = path
        self.problems = problems

    def record(self, where: tuple[int, int], code: str, message: str, field: str = "") -> None:
        self.problems.append(
            Problem(str(self.path), where[0], where[1], code, message, field=field)
        )

    def at(self, mapping: Any, key: Any) -> tuple[int, int]:
        return position(mapping, key)

    def at_item(self, sequence: Any, index: int) -> tuple[int, int]:
        return item_position(sequence, index)

    def in_text(self, mapping: Any, key: Any, line: int) -> tuple[int, int]:
        """Where line ``line`` (1-based) of the text ``mapping[key]`` was
        written. A literal block (``|``) keeps its lines, so that is the
        line inside the block; folded or quoted text does not, and a file
        read without positions knows none: there, where the key is."""
        start = block_start(mapping, key)
        if start is None:
            return self.at(mapping, key)
        at = start + line - 1
        try:
            written = safefile.read_text(self.path, folder=tale_folder(self.path))
            written = written.splitlines()[at - 1]
        except (OSError, UnicodeDecodeError, IndexError, UnsafeFile, LimitExceeded):
            return self.at(mapping, key)
        return (at, len(written) - len(written.lstrip()) + 1)


def block_start(mapping: Any, key: Any) -> int | None:
    """1-based line of the first line of the literal block ``mapping[key]``,
    or None when the value is not a literal block read with positions."""
    lc = getattr(mapping, "lc", None)
    if not isinstance(lc, Lines) or not lc.literal(key):
        return None
    try:
        indicator_line, _ = lc.value(key)  # 0-based line of the "|"
    except (KeyError, TypeError, AttributeError):
        return None
    return int(indicator_line) + 2
