"""Story choices a second: tales against two ink runtimes, on one story.

Generates one seeded random branching story (flags, counters, conditional
choices, endings; about 300 paragraphs), writes it as ink source (compiled to
JSON by the npm ``inkjs`` package's own compiler) and as a tales storybook (a
scenario of paragraphs and choices only), then plays it with seeded
uniform-random choices in ONE interleaved run, round after round:

- bink, the Rust ink runtime (PyPI ``bink``), in this process;
- inkjs (npm) in one long-lived node process, which reports its own CPU time;
- tales, the story layer of a real game (``tales.api.new_game``), every rule
  in force, choosing among the story's choices only.

All three choose with one seeded generator (mulberry32, the same in Python
and JavaScript: choice ``floor(next() * open)`` among the open choices), so
they play the very same walks through the very same story: the run checks
that each made the same number of choices in the same number of walks, and
says so. Each engine's figure is story choices per second of CPU time (its
own process's), so the shared machine's load matters less; the wall time and
the load averages before and after are printed beside them. A walk starts
over as each engine starts over (ink's ``ResetState``; a new tales game,
whose table setup is then part of its cost). Run by hand, never by the test
suite:

    pip install bink
    python3 tools/bench_peers.py            # installs inkjs with npm into ~/.cache/tales-bench
    python3 tools/bench_peers.py --rounds 5 --choices 5000 --seed 1
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "tales-bench"
FLAGS, COUNTERS, ENDINGS = 12, 6, 11
TEAM = ("arthur-blackwood", "ezra-marsh", "irene-dubois", "laszlo-varga")


@dataclass
class Node:
    number: int
    end: bool = False
    flag: int | None = None  # the flag reading this paragraph sets
    counter: int | None = None  # the counter it adds one to
    choices: list[tuple[int, str]] = field(default_factory=list)  # (target, gate kind)
    gates: list[tuple[str, int]] = field(default_factory=list)  # per choice: (kind, which)


def generate(seed: int, size: int = 300) -> list[Node]:
    """A random graph with cycles; the last ENDINGS paragraphs end the story.
    Every paragraph's first choice is open and leads to a later paragraph, so
    no walk is stuck in a loop whose other choices are all closed."""
    rng = random.Random(seed)
    nodes = []
    for number in range(1, size + 1):
        node = Node(number, end=number > size - ENDINGS)
        if not node.end:
            node.flag = rng.randrange(FLAGS) if rng.random() < 0.25 else None
            node.counter = rng.randrange(COUNTERS) if rng.random() < 0.25 else None
            for index in range(rng.choice((2, 2, 3))):
                # The open first choice always leads on (cycles come from the
                # others), so every walk ends with probability one.
                ahead = min(size, number + rng.randint(1, 20))
                target = ahead if index == 0 else rng.randrange(2, size + 1)
                kind = "open" if index == 0 else rng.choice(("open", "flag", "noflag", "count"))
                which = rng.randrange(FLAGS if kind != "count" else COUNTERS)
                node.choices.append((target, kind))
                node.gates.append((kind, which))
        nodes.append(node)
    return nodes


def to_ink(nodes: list[Node]) -> str:
    lines = [f"VAR f{i} = false" for i in range(FLAGS)]
    lines += [f"VAR c{i} = 0" for i in range(COUNTERS)]
    lines.append("-> p1")
    gate = {"flag": "{{f{}}} ", "noflag": "{{not f{}}} ", "count": "{{c{} >= 2}} ", "open": ""}
    for node in nodes:
        lines.append(f"=== p{node.number} ===")
        if node.flag is not None:
            lines.append(f"~ f{node.flag} = true")
        if node.counter is not None:
            lines.append(f"~ c{node.counter} = c{node.counter} + 1")
        lines.append(f"Paragraph {node.number}.")
        if node.end:
            lines.append("-> END")
        for (target, _), (kind, which) in zip(node.choices, node.gates, strict=True):
            lines.append(f"+ {gate[kind].format(which)}[Go to {target}] -> p{target}")
    return "\n".join(lines) + "\n"


def write_tale(nodes: list[Node], root: Path) -> Path:
    """The same story as a tales storybook: one scenario, paragraphs and choices."""
    size = len(nodes)
    scene, rated, death = size + 1, size + 2, size + 3
    (root / "bench" / "paragraphs").mkdir(parents=True)
    counters = [f"c{i}" for i in range(COUNTERS)]
    (root / "tale.yaml").write_text(
        json.dumps(
            {
                "title": "Bench",
                "scenarios": ["bench"],
                "counters": counters,
                "standalone": {"bench": {"log": {}, "counters": {}}},
            }
        )
    )
    keywords = [f"F{i}" for i in range(FLAGS)]
    scenario = {
        "title": "Bench",
        "introduction": 1,
        "setup": {"start": "hall", "revealed": ["hall"], "keywords": []},
        "event_board": {
            "length": 12,
            "start": {"easy": 1, "standard": 1, "hard": 1},
            "spaces": {},
            "thresholds": [],
            "death": death,
        },
        "keywords": keywords,
        "exploration": {
            "points": {
                "information": 1,
                "objective": 1,
                "item": 1,
                "clue": 1,
                "keyword": 1,
                "survivor": 1,
            },
            "full": 10,
            "rates": [{"from": 0, "read": rated}],
        },
        "endings": [n.number for n in nodes if n.end],
    }
    (root / "bench" / "scenario.yaml").write_text(json.dumps(scenario))
    (root / "bench" / "locations.yaml").write_text(
        json.dumps({"hall": {"name": "The Hall", "area": "house", "scene": scene}})
    )
    gate = {
        "flag": 'keyword("F{}")',
        "noflag": 'not keyword("F{}")',
        "count": 'counter("c{}") >= 2',
    }
    paragraphs: dict[int, object] = {
        scene: {"text": "A hall."},
        rated: {"text": "Rated."},
        death: {"text": "Gone."},
    }
    for node in nodes:
        entry: dict[str, object] = {"text": f"Paragraph {node.number}."}
        effects: list[object] = []
        if node.flag is not None:
            effects.append({"keyword": f"F{node.flag}"})
        if node.counter is not None:
            effects.append({"counter": {f"c{node.counter}": 1}})
        if effects:
            entry["effects"] = effects
        if node.end:
            entry["end"] = True
        choices = []
        for (target, _), (kind, which) in zip(node.choices, node.gates, strict=True):
            choice: dict[str, object] = {"label": f"Go to {target}", "goto": target}
            if kind != "open":
                choice["if"] = gate[kind].format(which)
            choices.append(choice)
        if choices:
            entry["choices"] = choices
        paragraphs[node.number] = entry
    # YAML in flow style (JSON) with plain number keys: paragraphs are numbered.
    lines = [f"{number}: {json.dumps(entry)}" for number, entry in sorted(paragraphs.items())]
    (root / "bench" / "paragraphs" / "story.yaml").write_text("\n".join(lines) + "\n")
    return root


def mulberry32(seed: int) -> Callable[[], float]:
    """The generator NODE_SCRIPT uses, bit for bit: uniform floats in [0, 1)."""
    state = seed & 0xFFFFFFFF

    def imul(a: int, b: int) -> int:
        return (a * b) & 0xFFFFFFFF

    def next_float() -> float:
        nonlocal state
        state = (state + 0x6D2B79F5) & 0xFFFFFFFF
        t = imul(state ^ (state >> 15), 1 | state)
        t = ((t + imul(t ^ (t >> 7), 61 | t)) & 0xFFFFFFFF) ^ t
        return (t ^ (t >> 14)) / 4294967296

    return next_float


Player = Callable[[int, int], tuple[int, int, float]]  # (choices, seed) -> (made, walks, CPU s)


NODE_SCRIPT = r"""
const {Compiler} = require('inkjs/compiler/Compiler');
const {Story} = require('inkjs');
const readline = require('readline');
const fs = require('fs');
const source = fs.readFileSync(process.argv[2], 'utf8');
const json = new Compiler(source).Compile().ToJson();
fs.writeFileSync(process.argv[3], json);
const story = new Story(json);
function rng(seed) {  // mulberry32
  return function() {
    seed |= 0; seed = seed + 0x6D2B79F5 | 0;
    let t = Math.imul(seed ^ seed >>> 15, 1 | seed);
    t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t;
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}
process.stdout.write('ready\n');
readline.createInterface({input: process.stdin}).on('line', (line) => {
  const [want, seed] = line.split(' ').map(Number);
  const next = rng(seed);
  const start = process.cpuUsage();
  let choices = 0, walks = 0;
  while (choices < want) {
    story.ResetState();
    walks++;
    for (;;) {
      story.ContinueMaximally();
      const open = story.currentChoices.length;
      if (open === 0) break;
      story.ChooseChoiceIndex(Math.floor(next() * open));
      choices++;
    }
  }
  const used = process.cpuUsage(start);
  const cpu = (used.user + used.system) / 1e6;
  process.stdout.write(JSON.stringify({choices, walks, cpu}) + '\n');
});
"""


def inkjs_folder() -> Path:
    """inkjs installed once into the cache folder (npm's own client)."""
    if not (CACHE / "node_modules" / "inkjs").is_dir():
        if shutil.which("npm") is None:
            sys.exit("inkjs needs node and npm: apt-get install nodejs npm")
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--prefix", str(CACHE), "inkjs"], check=True)
    return CACHE


class InkJs:
    def __init__(self, ink: Path, compiled: Path) -> None:
        folder = inkjs_folder()
        script = folder / "bench_peers.js"
        script.write_text(NODE_SCRIPT)
        self.process = subprocess.Popen(
            ["node", str(script), str(ink), str(compiled)],
            cwd=folder,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        if self.process.stdout.readline().strip() != "ready":
            sys.exit("inkjs could not compile the story")

    def play(self, choices: int, seed: int) -> tuple[int, int, float]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{choices} {seed}\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        return answer["choices"], answer["walks"], answer["cpu"]

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


def bink_player(compiled: Path) -> Player:
    try:
        from bink.story import Story
    except ImportError:
        sys.exit("bink is not installed: pip install bink")
    story = Story(compiled.read_text(encoding="utf-8-sig"))

    def play(want: int, seed: int) -> tuple[int, int, float]:
        rng, made, walks, start = mulberry32(seed), 0, 0, time.process_time()
        while made < want:
            story.reset_state()
            walks += 1
            while True:
                story.continue_maximally()
                open_choices = len(story.get_current_choices())
                if open_choices == 0:
                    break
                story.choose_choice_index(int(rng() * open_choices))
                made += 1
        return made, walks, time.process_time() - start

    return play


def tales_player(root: Path) -> Player:
    from tales.api import load_tale, new_game

    storybook = load_tale(root, cached=False)

    def play(want: int, seed: int) -> tuple[int, int, float]:
        rng, made, walks, start = mulberry32(seed), 0, 0, time.process_time()
        while made < want:
            # The table's own seed (its dice and decks) is the walk's number:
            # the story's choices come from the one generator all three share.
            game = new_game(storybook, "bench", players=TEAM, seed=walks)
            walks += 1
            while True:
                story = game.story_options  # the story's own, not the abilities beside them
                if not story:
                    break  # the story is over; what remains is the rules' own business
                game.push(story[int(rng() * len(story))])
                made += 1
        return made, walks, time.process_time() - start

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--paragraphs", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--choices", type=int, default=5000, help="per engine per round")
    args = parser.parse_args()
    nodes = generate(args.seed, args.paragraphs)
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="tales-bench-") as folder:
        work = Path(folder)
        (work / "story.ink").write_text(to_ink(nodes))
        compiled = work / "story.json"
        inkjs = InkJs(work / "story.ink", compiled)
        players: dict[str, Player] = {
            "bink": bink_player(compiled),
            "inkjs": inkjs.play,
            "tales": tales_player(write_tale(nodes, work / "tale")),
        }
        totals = {name: [0, 0, 0.0] for name in players}
        started = time.perf_counter()
        for round_ in range(args.rounds):
            order = list(players)[round_ % 3 :] + list(players)[: round_ % 3]
            for name in order:  # interleaved, the order turning each round
                made, walks, cpu = players[name](args.choices, args.seed * 1000 + round_)
                totals[name][0] += made
                totals[name][1] += walks
                totals[name][2] += cpu
                print(f"round {round_ + 1} {name:>6}: {made / cpu:>9,.0f} choices/s (CPU)")
        inkjs.close()
    wall = time.perf_counter() - started
    report(args, totals, wall, load_before)


def report(
    args: argparse.Namespace,
    totals: dict[str, list[float]],
    wall: float,
    load_before: tuple[float, float, float],
) -> None:
    rate = {name: made / cpu for name, (made, _, cpu) in totals.items()}
    print(f"\n{args.paragraphs} paragraphs, {args.rounds} rounds of {args.choices:,} choices each")
    for name, value in rate.items():
        print(f"  {name:>6}: {value:>9,.0f} story choices per CPU second")
    print(f"  tales / bink  = {rate['tales'] / rate['bink']:.2f}")
    print(f"  tales / inkjs = {rate['tales'] / rate['inkjs']:.2f}")
    walked = {(int(made), int(walks)) for made, walks, _ in totals.values()}
    if len(walked) == 1:
        made, walks = walked.pop()
        print(f"  the same walks: each engine made {made:,} choices in {walks:,} walks")
    else:
        print(
            "  THE WALKS DIFFER: "
            + ", ".join(f"{n} {m:,}/{w:,}" for n, (m, w, _) in totals.items())
        )
    loads = " ".join(f"{x:.2f}" for x in load_before), " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"  wall {wall:.1f} s; load average {loads[0]} before, {loads[1]} after")


if __name__ == "__main__":
    main()
