"""Write the hostile-input issue's "100,000-paragraph goto chain" as a tale.

The tiny test tale with one more choice at its first paragraph: a causeway
of N paragraphs, each a line of text and a ``goto`` to the next, the last
going to the tale's ending. ``tales check`` must read and check it within
the issue's bounds (10 s, 500 MB):

    python tools/make_chain.py /tmp/chain --paragraphs 100000
    /usr/bin/time -f "%U user %S sys %M KB" tales check /tmp/chain
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TINY = ROOT / "tests" / "data" / "tiny-tale"
FIRST = 1000  # above every paragraph of the tiny tale


def write_chain(root: Path, count: int) -> None:
    if root.exists():
        shutil.rmtree(root)
    shutil.copytree(TINY, root)
    cove = root / "cove" / "paragraphs" / "cove.yaml"
    text = cove.read_text(encoding="utf-8")
    text = text.replace(
        "    - label: Wait\n",
        f"    - label: Walk the long causeway\n      goto: {FIRST}\n    - label: Wait\n",
        1,
    )
    cove.write_text(text, encoding="utf-8")
    last = FIRST + count - 1
    lines = [f"{n}: {{text: On along the causeway., goto: {n + 1}}}\n" for n in range(FIRST, last)]
    lines.append(f"{last}: {{text: The causeway ends on the beach., goto: 12}}\n")
    (root / "cove" / "paragraphs" / "chain.yaml").write_text("".join(lines), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--paragraphs", type=int, default=100_000)
    args = parser.parse_args()
    write_chain(args.root, args.paragraphs)
    print(f"wrote a {args.paragraphs}-paragraph goto chain in {args.root}")


if __name__ == "__main__":
    main()
