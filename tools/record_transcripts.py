"""Record the golden transcripts of seeded, scripted games of ``tales play``.

Each case in tests/data/transcripts is three files:

    NAME.args    the arguments after ``tales play`` (``tales guide`` for the
                 Travel Guide's cases, named ``guide-*``), one shell-quoted line;
                 ``{script}`` stands for the path of NAME.script (``--script``);
                 without it the script is typed on standard input instead
    NAME.script  the commands, one a line, as a player would type them
    NAME.txt     the golden: the whole standard output of the game
    NAME.exit    (optional) the exit code the game must end with, else 0: a
                 script with a line the game does not understand exits 1

A case of several invocations sharing one saves folder (a campaign played
through the saves between its scenarios) has NAME.steps instead of
NAME.args: one line a ``tales`` command (``play ...``, ``play --load X``),
``{root}`` standing for the repository; its script's commands for each
invocation are separated by a line ``--- next``, and the golden is each
invocation's output after a ``$ tales ...`` line.

The test tests/ui/test_transcripts.py plays every case and compares the
output with its golden exactly. Rewrite the goldens after changing the
story, the rules or the wording on purpose, and read the diff:

    python tools/record_transcripts.py            # rewrite every golden
    python tools/record_transcripts.py NAME ...   # only these cases
    python tools/record_transcripts.py --check    # exit 1 if a golden differs
"""

from __future__ import annotations

import argparse
import difflib
import shlex
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from click.testing import CliRunner  # noqa: E402

from tales.cli import cli  # noqa: E402

CASES = ROOT / "tests" / "data" / "transcripts"


@dataclass(frozen=True, slots=True)
class Case:
    """One scripted game and where its golden transcript lives."""

    name: str
    args: tuple[str, ...]
    script: Path
    golden: Path
    exit_code: int = 0
    steps: tuple[tuple[str, ...], ...] = ()  # several invocations (NAME.steps)

    @property
    def command(self) -> str:
        return "guide" if self.name.startswith("guide-") else "play"

    @property
    def uses_stdin(self) -> bool:
        return "{script}" not in self.args


@dataclass(frozen=True, slots=True)
class Played:
    exit_code: int
    stdout: str
    stderr: str


def cases(folder: Path = CASES) -> list[Case]:
    found = []
    for script in sorted(folder.glob("*.script")):
        steps = script.with_suffix(".steps")
        if steps.exists():
            lines = steps.read_text(encoding="utf-8").splitlines()
            run = tuple(tuple(shlex.split(line.replace("{root}", str(ROOT)))) for line in lines)
            found.append(Case(script.stem, (), script, script.with_suffix(".txt"), steps=run))
            continue
        args = tuple(shlex.split(script.with_suffix(".args").read_text(encoding="utf-8")))
        code = script.with_suffix(".exit")
        exit_code = int(code.read_text(encoding="utf-8")) if code.exists() else 0
        found.append(Case(script.stem, args, script, script.with_suffix(".txt"), exit_code))
    return found


def play(case: Case) -> Played:
    """Run ``tales play`` (or ``guide``) on the case in-process, as a script or a pipe would."""
    if case.steps:
        return play_steps(case)
    args = [case.command, *(str(case.script) if a == "{script}" else a for a in case.args)]
    text = case.script.read_text(encoding="utf-8") if case.uses_stdin else ""
    # Each case saves into a fresh folder, so its save is always named the same.
    with tempfile.TemporaryDirectory() as saves:
        result = CliRunner(env={"TALES_SAVES": saves}).invoke(
            cli, args, input=text, catch_exceptions=False
        )
    return Played(result.exit_code, result.stdout, result.stderr)


def play_steps(case: Case) -> Played:
    """Each invocation of a case of several, in one saves folder, its part of
    the script typed on standard input; the first failing one ends the case."""
    parts = case.script.read_text(encoding="utf-8").split("--- next\n")
    out, err = [], []
    with tempfile.TemporaryDirectory() as saves:
        for index, args in enumerate(case.steps):
            shown = shlex.join(a.replace(str(ROOT), "{root}") for a in args)
            out.append(f"$ tales {shown}\n")
            text = parts[index] if index < len(parts) else ""
            result = CliRunner(env={"TALES_SAVES": saves}).invoke(
                cli, list(args), input=text, catch_exceptions=False
            )
            out.append(result.stdout)
            err.append(result.stderr)
            if result.exit_code != 0:
                return Played(result.exit_code, "".join(out), "".join(err))
    return Played(0, "".join(out), "".join(err))


def diff(expected: str, actual: str, name: str) -> str:
    return "".join(
        difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            f"{name}.txt (golden)",
            f"{name} (this run)",
        )
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("names", nargs="*", help="cases to record (default: all)")
    parser.add_argument("--check", action="store_true", help="change nothing; report diffs")
    options = parser.parse_args()
    chosen = [c for c in cases() if not options.names or c.name in options.names]
    unknown = set(options.names) - {c.name for c in chosen}
    if unknown:
        parser.error(f"no such case: {', '.join(sorted(unknown))}")
    failed = False
    for case in chosen:
        played = play(case)
        if played.exit_code != case.exit_code:
            print(f"{case.name}: exit code {played.exit_code}\n{played.stderr}", file=sys.stderr)
            failed = True
            continue
        old = case.golden.read_text(encoding="utf-8") if case.golden.exists() else ""
        if old == played.stdout:
            print(f"{case.name}: unchanged ({len(old.splitlines())} lines)")
        elif options.check:
            print(diff(old, played.stdout, case.name), end="")
            failed = True
        else:
            case.golden.write_text(played.stdout, encoding="utf-8")
            print(f"{case.name}: wrote {case.golden.relative_to(ROOT)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
