"""Count a storybook's prose tics per 10,000 words, and find sentences it
shares with other texts: the editor's check from the review of Low Water
(../shared/reviews/low-water.md), which counted "the way a ...", "like a",
"as if / as though", dog similes, "grey", "nobody" and "does not hurry".

    python tools/prose_tics.py storybooks/the-reef-ledger/gannet-light \\
        storybooks/the-reef-ledger/interludes/the-ten-days.yaml \\
        --against storybooks/the-reef-ledger/low-water --against storybooks/the-drowned-bell \\
        --against /work/shared/reference --shingle 8

Prose is every string value of the YAML files except conditions (``if``), with
Jinja tags removed; a reference folder's ``.txt`` files are read as they are.
A shingle is a run of N words (lower case, punctuation dropped) found in both.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from pathlib import Path

import yaml

TICS = {
    "the way a/an/you": r"\bthe way (?:a|an|you|one|men|people)\b",
    "like a/an": r"\blike (?:a|an)\b",
    "as if/as though": r"\bas (?:if|though)\b",
    "dog similes": r"\b(?:like|the way|as) (?:a|an) (?:dog|hound)\b",
    "grey/gray": r"\bgr[ae]y\b",
    "nobody": r"\bnobody\b",
    "(does) not hurry": r"\b(?:not|never|no) hurr|\bunhurried\b",
    "patient/patiently": r"\bpatient(?:ly)?\b",
    "British -our": r"\b(?:harbour|colour|parlour|honour|labour|neighbour|favour|odour)s?\b",
    "British other": r"\b(?:grey|kerb|jewellery|mould|towards|whilst|lorry|realise[sd]?)\b",
    "time as 11.52": r"\b\d{1,2}\.\d{2}\s*[AP]\.?M",
}
NOT_PROSE = {"if"}


def _strings(node: object) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            if key not in NOT_PROSE:
                yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)


def prose(paths: list[Path]) -> str:
    """The prose of the YAML (and reference .txt) files under ``paths``."""
    parts: list[str] = []
    for path in paths:
        files = sorted(path.rglob("*")) if path.is_dir() else [path]
        for file in files:
            if file.suffix == ".yaml":
                text = "\n".join(_strings(yaml.safe_load(file.read_text())))
                parts.append(re.sub(r"\{%.*?%\}|\{\{.*?\}\}", " ", text, flags=re.S))
            elif file.suffix == ".txt" and path.is_dir():
                parts.append(file.read_text(errors="ignore"))
    return "\n".join(parts)


def tic_counts(text: str) -> tuple[int, dict[str, int]]:
    """The word count and each tic's count."""
    words = len(re.findall(r"[A-Za-z']+", text))
    return words, {name: len(re.findall(rx, text, flags=re.I)) for name, rx in TICS.items()}


def shingles(text: str, size: int) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9']+", text.lower())
    return {tuple(words[i : i + size]) for i in range(len(words) - size + 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path, help="storybook folders or YAML files")
    parser.add_argument("--against", action="append", type=Path, default=[])
    parser.add_argument("--shingle", type=int, default=8, help="words in a shared run")
    args = parser.parse_args()
    text = prose(args.paths)
    words, counts = tic_counts(text)
    print(f"{words} words")
    for name, count in counts.items():
        print(f"  {name:20s} {count:4d}  {count * 10000 / max(words, 1):6.2f} per 10,000 words")
    ours = shingles(text, args.shingle)
    for other in args.against:
        common = sorted(ours & shingles(prose([other]), args.shingle))
        print(f"{len(common)} {args.shingle}-word runs shared with {other}")
        for run in common:
            print("   ", " ".join(run))


if __name__ == "__main__":
    main()
