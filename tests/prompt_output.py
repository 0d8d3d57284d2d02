"""Reading what ``tales play`` printed from a script: the answer to each command."""

from __future__ import annotations

END = "End of input: the game stops here."


def replies(output: str, command: str) -> list[list[str]]:
    """The lines shown in answer to each ``command`` typed, in order."""
    found: list[list[str]] = []
    current: list[str] | None = None
    for line in output.splitlines():
        if line.startswith("> ") or line == END:
            if current is not None:
                found.append(current)
            current = [] if line == f"> {command}" else None
        elif current is not None:
            current.append(line)
    if current is not None:
        found.append(current)
    return found
