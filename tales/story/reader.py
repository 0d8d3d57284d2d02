"""A checking reader over parsed YAML: typed field access that records a
:class:`Problem` with file:line:col instead of stopping at the first one."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar, cast

from tales.errors import YamlFileError
from tales.problems import Problem, did_you_mean
from tales.story.yamlio import TYPE_NAMES, PositionReader, describe, is_kind, position, read_yaml
from tales.story.yamllimits import Limits

T = TypeVar("T")

# No number in a storybook needs more: paragraphs, spaces of the Event board, tokens.
STORYBOOK = Limits(largest=1_000_000)

MISSING_KEY = "E101"
WRONG_TYPE = "E102"
UNKNOWN_KEY = "E103"
BAD_VALUE = "E104"


class Reader(PositionReader):
    """Reads one storybook file, collecting problems in ``problems``."""

    def __init__(self, path: Path, problems: list[Problem]) -> None:
        super().__init__(path, problems)
        self.unreadable = False  # already reported: say nothing more of its shape

    def load(self) -> Any:
        try:
            return read_yaml(self.path, limits=STORYBOOK)
        except YamlFileError as error:
            self.problems.append(error.problem)
            self.unreadable = True
            return None

    def error(self, where: tuple[int, int], code: str, message: str) -> None:
        self.record(where, code, message)

    def mapping(
        self, node: Any, what: str, where: tuple[int, int] = (1, 1)
    ) -> dict[Any, Any] | None:
        if isinstance(node, dict):
            return node
        if node is None and self.unreadable:
            return None
        self.error(where, WRONG_TYPE, f"{what} should be a mapping, not {describe(node)}")
        return None

    def get(
        self,
        mapping: dict[Any, Any],
        key: str,
        kind: type[T],
        *,
        what: str,
        required: bool = True,
    ) -> T | None:
        if key not in mapping:
            if required:
                self.error(position(mapping, None), MISSING_KEY, f"{what} lacks {key!r}")
            return None
        value = mapping[key]
        if not is_kind(value, kind):
            self.error(
                position(mapping, key),
                WRONG_TYPE,
                f"{what}: {key!r} should be {TYPE_NAMES.get(kind, kind.__name__)}, "
                f"not {describe(value)}",
            )
            return None
        return cast(T, value)

    def entries(
        self, data: dict[Any, Any] | None, noun: str, allowed: Iterable[str] | None
    ) -> Iterator[tuple[str, dict[Any, Any], str]]:
        """Each ``key: {mapping}`` entry of a file such as items.yaml, as
        (key, mapping, "noun 'key'"), with its fields checked against
        ``allowed`` (None: the caller checks them); entries that are not
        mappings are reported and skipped."""
        for key, entry in (data or {}).items():
            what = f"{noun} {key!r}"
            body = self.mapping(entry, what, position(data, key))
            if body is not None:
                if allowed is not None:
                    self.only_keys(body, allowed, what)
                yield str(key), body, what

    def only_keys(self, mapping: dict[Any, Any], allowed: Iterable[str], what: str) -> None:
        allowed = list(allowed)
        for key in mapping:
            if key not in allowed:
                self.error(
                    position(mapping, key),
                    UNKNOWN_KEY,
                    f"{what} has no field {key!r}{did_you_mean(str(key), allowed)}",
                )
