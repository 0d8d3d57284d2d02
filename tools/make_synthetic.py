"""Write a valid synthetic tale of any size, for load and playtest benchmarks.

    python tools/make_synthetic.py /tmp/synthetic --paragraphs 1000

The tale has one scenario: a ring of locations, each with a scene, and
chains of paragraphs with options, tests and effects, every one reachable.
Its prose is filler of a realistic length, not meant to be read.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

ATTRIBUTES = ["AGILITY", "APPEARANCE", "CONSTITUTION", "EDUCATION", "POWER", "STRENGTH"]
WORDS = [
    "salt",
    "tide",
    "lantern",
    "rope",
    "bell",
    "chapel",
    "gull",
    "weed",
    "pier",
    "fog",
    "shingle",
    "brine",
    "oar",
    "net",
    "stair",
    "keeper",
    "ledger",
    "dusk",
    "reef",
    "wind",
    "lamp",
    "hull",
    "iron",
    "rust",
    "tar",
]


def sentence(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(words)).capitalize() + "."


# How one paragraph of a chain leads to the next: "mixed" (a goto or an
# option gated by a keyword), "goto" (only gotos: one chain of goto as long
# as the tale) or "visited" (an option gated by ``visited()`` of the
# paragraph itself, which a reachability walk can only open once it has
# noted the paragraph reached).
LINKS = ("mixed", "goto", "visited")


def _link(rng: random.Random, n: int, keywords: list[str], links: str) -> str:
    if links == "goto" or (links == "mixed" and rng.random() < 0.6):
        return f"  goto: {n + 1}"
    gate = (
        f"visited({n})" if links == "visited" else f'keyword("{rng.choice(keywords)}") or round > 1'
    )
    return f"  options:\n    - label: Go on\n      if: {gate}\n      goto: {n + 1}"


def write(root: Path, paragraphs: int, seed: int = 1, links: str = "mixed") -> None:
    rng = random.Random(seed)
    scenario = root / "synthetic"
    (scenario / "paragraphs").mkdir(parents=True, exist_ok=True)
    locations = max(3, paragraphs // 50)
    keywords = [f"MARK{i}" for i in range(10)]
    (root / "tale.yaml").write_text(
        "title: Synthetic\nscenarios: [synthetic]\nlog: {sections: [notes]}\ncounters: [score]\n"
    )
    # Paragraphs 1-5 are the rules' (introduction, Event board, death, ending);
    # location i's scene is paragraph 5 + i.
    scenes = list(range(6, locations + 6))
    lines = [
        "title: Synthetic",
        "introduction: 1",
        "setup:",
        "  start: loc-1",
        f"  revealed: [{', '.join(f'loc-{i}' for i in range(1, locations + 1))}]",
        "event_board:",
        "  length: 8",
        "  start: {easy: 1, standard: 1, hard: 3}",
        "  spaces: {3: 1, 6: 2}",
        "  thresholds:",
        "    - {symbol: tentacle, count: 2, read: 3}",
        "  death: 4",
        f"keywords: [{', '.join(keywords)}]",
        "exploration:",
        "  points: {information: 1, keyword: 2, survivor: 5}",
        "  full: 100",
        "  rates:",
        "    - {from: 0, read: 5}",
        "endings: [5]",
    ]
    (scenario / "scenario.yaml").write_text("\n".join(lines) + "\n")
    loc_lines = []
    for i in range(1, locations + 1):
        nxt = i % locations + 1
        loc_lines.append(
            f"loc-{i}:\n  name: Location {i}\n  area: area-{i % 4}\n"
            f"  adjacent: [loc-{nxt}]\n  scene: {i + 5}"
        )
    (scenario / "locations.yaml").write_text("\n".join(loc_lines) + "\n")
    per_file = 100
    for start in range(1, paragraphs + 1, per_file):
        chunk = []
        for n in range(start, min(start + per_file, paragraphs + 1)):
            text = " ".join(sentence(rng, rng.randint(8, 16)) for _ in range(rng.randint(3, 8)))
            body = [f"{n}:", "  text: >-", f"    {text}"]
            if n == 5:
                body.append("  end: true")
            elif n in (1, 2, 3, 4) or n > locations + 5:
                body.append(
                    f"  effects: [{{keyword: {rng.choice(keywords)}}}, {{information: i{n}}}]"
                )
            if n in scenes:
                first = locations + 6
                chain = first + (n - 6) * ((paragraphs - first) // locations)
                body += [
                    "  options:",
                    "    - label: Look closer",
                    "      cost: 1",
                    f"      goto: {min(chain, paragraphs)}",
                    "    - label: Try your luck",
                    f"      test: {{attribute: {rng.choice(ATTRIBUTES)}, "
                    f"need: {rng.randint(1, 4)}}}",
                    f"      success: {min(chain + 1, paragraphs)}",
                    "      failure: {effects: [{status: BLEEDING}]}",
                ]
            elif n > locations + 5 and n < paragraphs:
                body.append(_link(rng, n, keywords, links))
            chunk.append("\n".join(body))
        (scenario / "paragraphs" / f"part-{start // per_file:03d}.yaml").write_text(
            "\n".join(chunk) + "\n"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("root", type=Path)
    parser.add_argument("--paragraphs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--links", choices=LINKS, default="mixed")
    args = parser.parse_args()
    write(args.root, args.paragraphs, args.seed, args.links)
    print(f"wrote a tale of {args.paragraphs} paragraphs to {args.root}")


if __name__ == "__main__":
    main()
