"""What every part of the command line shares: the one error boundary
(:class:`TalesGroup`), the one way to print (:func:`echo`) and the one way to
read a script of commands (:func:`read_script`)."""

from __future__ import annotations

import importlib
import io
import signal
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import click

from tales import signals
from tales.errors import TalesError

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

MAX_SCRIPT_BYTES = 16 * 1024 * 1024  # a million commands is far past any game
SAVES_HELP = "Folder of the saves (default: $TALES_SAVES, else ./saves)."


def echo(text: str, **options: Any) -> None:
    """The one way the command line prints: text from a storybook, a sheet or
    a file name goes out with every control character shown as its code, so
    content cannot retitle the window or clear the screen."""
    from tales.safefile import printable  # here: --version prints nothing of content

    click.echo(printable(text), **options)


class TalesGroup(click.Group):
    """The one error boundary of the command line, for every command and
    subcommand present and future: an error a user can cause (a
    :class:`TalesError`, a file that cannot be read or decoded) becomes one
    clear ``Error:`` message and exit 1; Ctrl-C becomes "Interrupted." and
    exit 130 (tales.signals, which ends SIGTERM and SIGHUP too). Any other
    exception is a bug in ``tales`` and is not dressed up as the user's mistake.

    ``lazy`` names commands by (module, attribute), imported only when one is
    run or listed, so ``tales --version`` and ``tales play`` do not build the
    commands of ``tales guide``, ``tales saves`` and ``tales simulate``."""

    def __init__(
        self, *args: Any, lazy: Mapping[str, tuple[str, str]] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        where = self.lazy.get(cmd_name)
        if where is not None and cmd_name not in self.commands:
            module, name = where
            self.add_command(getattr(importlib.import_module(module), name), cmd_name)
        return super().get_command(ctx, cmd_name)

    def invoke(self, ctx: click.Context) -> Any:
        from tales.safefile import printable  # here: --version never gets this far

        try:
            return super().invoke(ctx)
        except BrokenPipeError:  # main() quiets it: the reader of a pipe stopped
            raise
        except (TalesError, OSError) as error:
            raise click.ClickException(printable(str(error))) from None
        except UnicodeDecodeError as error:  # bytes that are not UTF-8, from a file named
            message = f"cannot read the input as UTF-8 text: {error}"
            raise click.ClickException(printable(message)) from None
        except KeyboardInterrupt as stop:  # before click's own "Aborted!"
            signals.end(signal.SIGINT, stop)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise  # click's own: a usage error, --help, an exit code asked for
        except Exception as bug:  # the last boundary: a bug in tales (tales.bugs)
            raise _bug(bug, playing=ctx.invoked_subcommand == "play") from None

    group_class = type  # its subgroups (tales saves ...) are boundaries too


def _bug(error: Exception, *, playing: bool) -> _Bug:
    """A bug in ``tales``, told in one paragraph with its report written
    (:mod:`tales.bugs`); under ``TALES_BUGS=raise``, the exception itself."""
    from tales import bugs
    from tales.safefile import printable

    if bugs.letting_through():
        raise error
    written, why_not = bugs.report(error, sys.argv)
    return _Bug(printable(bugs.message(error, written, why_not, playing=playing)))


class _Bug(click.ClickException):
    """Shown as click shows an error, with the exit status of a bug."""

    exit_code = 70  # tales.bugs.BUG_EXIT, EX_SOFTWARE


def complete_tales(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """:func:`tales.ui.completion.tale_paths`, imported only when a shell asks."""
    from tales.ui.completion import tale_paths

    return tale_paths(ctx, param, incomplete)


def complete_saves(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """:func:`tales.ui.completion.save_names`, imported only when a shell asks."""
    from tales.ui.completion import save_names

    return save_names(ctx, param, incomplete)


def read_script(path: Path) -> IO[str]:
    """A script's commands, read safely (a regular file of bounded size; see
    tales.safefile), or standard input for ``-``."""
    if str(path) == "-":
        return sys.stdin
    from tales.safefile import read_text

    # A script saved by Windows Notepad starts with a byte-order mark: not a command.
    return io.StringIO(read_text(path, limit=MAX_SCRIPT_BYTES).removeprefix("\ufeff"))
