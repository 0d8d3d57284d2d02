"""The command line's one error boundary: every command and subcommand, found
by walking the click group (so a command added later is covered without a
line here), given a missing path, an empty folder and an unreadable argument
in each place it takes a path or a name, answers with one clear line and a
non-zero exit code, never a traceback. And every command has help, as
sqlite-utils asks of its own."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from tales.cli import TalesGroup, cli

# Only to keep the runs short: a command missing here runs with its defaults.
QUICK = {"simulate": ["--runs", "1", "--jobs", "1"], "play": ["--seed", "1"]}
# One clear line: click's "Error: ..." or one problem as path:line:col.
CLEAR = re.compile(r"^Error: \S|^\S+:\d+:\d+: error\[E\d+\]: \S")


def commands(group: click.Group, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            yield from commands(command, (*path, name))
        else:
            yield (*path, name)


def command_of(path: tuple[str, ...]) -> click.Command:
    command: click.Command = cli
    for name in path:
        assert isinstance(command, click.Group)
        command = command.commands[name]
    return command


def takes_a_path(param: click.Parameter) -> bool:
    """Arguments (a path, a tale, a save name), options naming a file or
    folder, and options naming a thing (a scenario, an investigator, a save)."""
    names = isinstance(param.type, click.Path | click.File | click.types.StringParamType)
    return isinstance(param, click.Argument) or names


def cases() -> Iterator[tuple[tuple[str, ...], str]]:
    for path in commands(cli):
        for param in command_of(path).params:
            if takes_a_path(param):
                assert param.name is not None
                yield path, param.name


def filler(param: click.Parameter) -> list[str]:
    """A harmless value for a required parameter that is not under test."""
    value = "1" if isinstance(param.type, click.types.IntParamType) else "missing-name"
    return [value] if isinstance(param, click.Argument) else [param.opts[0], value]


def argv(path: tuple[str, ...], name: str, bad: str) -> list[str]:
    args = [*path, *QUICK.get(path[-1], [])]
    for param in command_of(path).params:
        if param.name == name:
            args += [bad] if isinstance(param, click.Argument) else [param.opts[0], bad]
        elif param.required:
            args += filler(param)
    return args


@pytest.fixture
def places(tmp_path: Path) -> dict[str, str]:
    """A missing path, an empty folder, and arguments that cannot be read as
    what they name (the tests run as root, who can read a mode-000 file)."""
    (tmp_path / "empty").mkdir()
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"\xff\xfe\x00 not UTF-8 \x81")
    (tmp_path / "folder.yaml").mkdir()
    return {
        "missing": str(tmp_path / "missing"),
        "empty": str(tmp_path / "empty"),
        "not-utf-8": str(bad),
        "folder-for-a-file": str(tmp_path / "folder.yaml"),
        "under-a-file": str(bad / "inside"),
    }


def run(args: list[str]) -> Result:
    # catch_exceptions=False: an exception the boundary lets through fails here.
    return CliRunner().invoke(cli, args, input="", catch_exceptions=False)


def test_the_walk_finds_every_command() -> None:
    found = set(commands(cli))
    assert {("check",), ("play",), ("saves", "show"), ("saves", "rm")} <= found
    assert all(isinstance(g, TalesGroup) for g in (cli, cli.commands["saves"]))


CASES = list(cases())
KINDS = ["missing", "empty", "not-utf-8", "folder-for-a-file", "under-a-file"]


@pytest.mark.parametrize(("path", "name"), CASES, ids=[f"{'-'.join(p)}:{n}" for p, n in CASES])
@pytest.mark.parametrize("kind", KINDS)
def test_a_wrong_path_gets_one_clear_line(
    path: tuple[str, ...], name: str, kind: str, places: dict[str, str]
) -> None:
    args = argv(path, name, places[kind])
    result = run(args)
    shown = f"tales {' '.join(args)} -> {result.exit_code}:\n{result.output}"
    assert "Traceback" not in result.output, shown
    param = next(p for p in command_of(path).params if p.name == name)
    if isinstance(param, click.Argument):  # what the command is about: wrong is an error
        assert result.exit_code != 0, shown
    if result.exit_code != 0:
        clear = [line for line in result.output.splitlines() if CLEAR.match(line)]
        assert len(clear) == 1, shown


@pytest.mark.parametrize("path", list(commands(cli)), ids="-".join)
def test_every_command_has_help(path: tuple[str, ...]) -> None:
    command = command_of(path)
    assert command.help and command.help.strip(), f"tales {' '.join(path)} has no help"
    assert run([*path, "--help"]).exit_code == 0


def test_every_group_has_help() -> None:
    assert cli.help and cli.commands["saves"].help


def test_the_console_entry_point_says_one_line_on_stderr(tmp_path: Path) -> None:
    """The real program, not the test runner: an empty folder to check was a
    traceback before the boundary."""
    done = subprocess.run(
        [sys.executable, "-m", "tales", "check", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == f"Error: no storybook content to check in {str(tmp_path)!r}\n"


def test_a_misspelt_scenario_is_one_line_with_a_suggestion() -> None:
    result = run(["simulate", "--scenario", "low-watr", "--runs", "1"])
    assert result.exit_code == 1
    assert result.output == (
        "Error: The Reef Ledger has no scenario 'low-watr'; did you mean 'low-water'? "
        "(it has low-water, gannet-light, the-settling)\n"
    )


def test_ctrl_c_is_one_line_and_exit_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("tales.rules.odds.pass_probability", interrupted)
    result = run(["odds", "--dice", "1", "--need", "1"])
    assert result.exit_code == 130
    assert result.output == "Interrupted.\n"


def test_an_os_error_of_any_command_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*_: object, **__: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("tales.authoring.schema.schema", full)
    result = run(["schema"])
    assert result.exit_code == 1
    assert result.output == "Error: [Errno 28] No space left on device\n"
