"""Shell completion (click's own): save names and tale paths complete."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tales.cli import cli


def _complete(words: str, env: dict[str, str] | None = None) -> list[str]:
    parts = words.split(" ")
    result = CliRunner().invoke(
        cli,
        prog_name="tales",
        env={
            "_TALES_COMPLETE": "bash_complete",
            "COMP_WORDS": words,
            "COMP_CWORD": str(len(parts) - 1),
            **(env or {}),
        },
    )
    assert result.exit_code == 0, result.output
    return [line.split(",", 1)[1] for line in result.output.splitlines() if "," in line]


def test_a_tale_completes_by_its_bundled_name() -> None:
    assert _complete("tales play the-d") == ["the-drowned-bell"]
    assert {"the-drowned-bell", "the-reef-ledger"} <= set(_complete("tales play "))


def test_a_save_name_completes_from_the_saves_folder(tmp_path: Path) -> None:
    for name in ("friday-night", "friday-late", "monday"):
        (tmp_path / f"{name}.yaml").write_text("format_version: 1\n", encoding="utf-8")
    env = {"TALES_SAVES": str(tmp_path)}
    assert sorted(_complete("tales play --load fri", env)) == ["friday-late", "friday-night"]
    assert _complete("tales saves rm mon", env) == ["monday"]
    assert _complete("tales saves show zzz", env) == []
