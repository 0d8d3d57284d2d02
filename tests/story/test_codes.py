"""The one table of check codes: every code has its row in docs/storybook.md,
and every code the code base emits is in the table."""

from __future__ import annotations

import re
from pathlib import Path

from tales.story import reader
from tales.story.loader import codes

ROOT = Path(__file__).resolve().parents[2]
_CODE = re.compile(r"""["']([EW]\d{3})["']""")


def _doc_rows() -> dict[str, str]:
    text = (ROOT / "docs" / "storybook.md").read_text(encoding="utf-8")
    return dict(re.findall(r"^\| ([EW]\d{3}) \| (.+?) \|$", text, flags=re.MULTILINE))


def test_every_code_has_its_row_in_the_docs_with_its_meaning() -> None:
    assert _doc_rows() == codes.CODES


def test_every_code_the_code_base_emits_is_in_the_table() -> None:
    emitted = {
        (code, str(path.relative_to(ROOT)))
        for path in (ROOT / "tales").rglob("*.py")
        for code in _CODE.findall(path.read_text(encoding="utf-8"))
    }
    assert {code for code, _ in emitted} <= set(codes.CODES), sorted(
        (code, path) for code, path in emitted if code not in codes.CODES
    )


def test_every_named_code_is_a_row_of_the_table() -> None:
    named = {v for k, v in vars(codes).items() if k.isupper() and isinstance(v, str)}
    assert named == set(codes.CODES)


def test_the_reader_speaks_the_tables_codes() -> None:
    # reader.py cannot import the loader package (the package imports it).
    assert (reader.MISSING_KEY, reader.WRONG_TYPE, reader.UNKNOWN_KEY, reader.BAD_VALUE) == (
        codes.MISSING_KEY,
        codes.WRONG_TYPE,
        codes.UNKNOWN_KEY,
        codes.BAD_VALUE,
    )
