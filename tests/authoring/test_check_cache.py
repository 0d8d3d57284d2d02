"""``tales check`` keeps what it reported of a tale the loader read cleanly
(issue 16): read again unchanged, the same problems and stats without
reading it; any change the check could see between two checks is seen."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from tales.authoring import check_cache
from tales.authoring.check_cache import CoreTerms, check_key, entry_names
from tales.authoring.checking import check_paths

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from make_synthetic import write  # noqa: E402

UNREAD = "999:\n  text: Nobody reads this.\n"


@pytest.fixture
def tale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A small synthetic tale with one graph warning: a paragraph nothing leads to."""
    monkeypatch.setenv("TALES_CACHE", str(tmp_path / "cache"))
    root = tmp_path / "small"
    write(root, 60)
    with (root / "synthetic" / "paragraphs" / "part-000.yaml").open("a") as part:
        part.write(UNREAD)
    return root


def _refuse_loading(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(root: Path, **_: object) -> object:
        raise AssertionError(f"{root} was read again")

    monkeypatch.setattr("tales.story.loader.load_tale", refuse)


def _kept(tale: Path) -> list[Path]:
    return sorted((tale.parent / "cache").glob("checked-tale-*.pickle"))


def test_an_unchanged_tale_reports_the_same_without_being_read(
    tale: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = check_paths([tale])
    assert [p.code for p in first[0]] == ["W301"]
    assert first[1]["small/synthetic"]["paragraphs"] == 61
    assert len(_kept(tale)) == 1
    _refuse_loading(monkeypatch)
    assert check_paths([tale]) == first


def test_an_edited_paragraph_is_checked_again(tale: Path) -> None:
    check_paths([tale])
    part = tale / "synthetic" / "paragraphs" / "part-000.yaml"
    part.write_text(part.read_text().replace(UNREAD, ""))
    problems, stats = check_paths([tale])
    assert problems == [] and stats["small/synthetic"]["paragraphs"] == 60


def test_a_new_error_is_reported_with_its_place(tale: Path) -> None:
    check_paths([tale])
    part = tale / "synthetic" / "paragraphs" / "part-000.yaml"
    part.write_text(part.read_text().replace("goto: 9\n", "goto: 9000\n", 1))
    problems, _ = check_paths([tale])
    errors = [p for p in problems if p.severity == "error"]
    assert errors and all(Path(p.path) == part and p.line > 1 for p in errors)


def test_a_stray_file_added_after_a_check_is_found(tale: Path) -> None:
    """The YAML hash does not cover a ``notes.txt``: the names of the files do."""
    check_paths([tale])
    (tale / "synthetic" / "notes.txt").write_text("not a scenario file\n")
    problems, _ = check_paths([tale])
    assert sorted(p.code for p in problems) == ["W301", "W304"]


def test_a_tale_with_a_loader_warning_is_never_kept(tale: Path) -> None:
    (tale / "synthetic" / "notes.txt").write_text("not a scenario file\n")
    first, _ = check_paths([tale])
    assert sorted(p.code for p in first) == ["W301", "W304"]
    assert _kept(tale) == []


def test_a_copy_names_its_own_files(tale: Path) -> None:
    """The same bytes elsewhere: each problem names the file it was given."""
    check_paths([tale])
    copy = tale.parent / "copy"
    shutil.copytree(tale, copy)
    problems, _ = check_paths([copy])
    assert [Path(p.path).parts[-4] for p in problems] == ["copy"]


def test_what_the_core_gives_is_part_of_the_key(tale: Path) -> None:
    cache = tale.parent / "cache"
    terms = CoreTerms(frozenset({"BRAVE"}), frozenset({"lamp"}), frozenset({"ezra-marsh"}))
    fewer = CoreTerms(frozenset({"BRAVE"}), frozenset({"lamp"}), frozenset())
    keys = {check_key(tale, t, cache) for t in (terms, fewer, None)}
    assert len(keys) == 3 and None not in keys


def test_a_symlink_in_the_tale_is_checked_afresh_every_time(
    tale: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tale / "synthetic" / "README.md").symlink_to(tale / "tale.yaml")
    assert entry_names(tale) is None
    check_paths([tale])
    assert _kept(tale) == []
    reads: list[Path] = []
    afresh = check_cache.check_tale_afresh

    def counted(root: Path, terms: CoreTerms | None) -> object:
        reads.append(root)
        return afresh(root, terms)

    monkeypatch.setattr(check_cache, "check_tale_afresh", counted)
    check_paths([tale])
    assert reads == [tale]


def test_a_second_check_imports_neither_the_loader_nor_the_rules(tale: Path) -> None:
    """Kept: the tale's report and the core's terms, so nothing need be read."""
    import subprocess

    code = (
        "import sys; from pathlib import Path\n"
        "from tales.authoring.checking import check_paths\n"
        "check_paths([Path(sys.argv[1])])\n"
        "heavy = ('tales.story.loader', 'tales.story.core', 'tales.authoring.check')\n"
        "print(' '.join(m for m in heavy if m in sys.modules))\n"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", code, str(tale)],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        ).stdout.split()
        for _ in range(2)
    ]
    assert runs == [["tales.story.loader", "tales.story.core", "tales.authoring.check"], []]
