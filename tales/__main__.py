"""``python -m tales`` runs the command line.

Signals are handled before anything else is imported, so that Ctrl-C,
SIGTERM or SIGHUP during start-up end as cleanly as later (tales.signals).
"""

from tales import signals


def main() -> None:
    """The console entry point: the command line, under the signal handlers."""
    signals.install()
    signals.run(_cli)


def _cli() -> None:
    from tales.cli import main as cli_main

    cli_main()


if __name__ == "__main__":
    main()
