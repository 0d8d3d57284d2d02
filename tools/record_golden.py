"""Record a golden playthrough: a seeded bot plays a scenario to its end and
the setup and inputs, with what they came to, are written for a test to
replay (tests/story/test_playthrough.py).

    python tools/record_golden.py storybooks/the-drowned-bell bell-house \\
        --players ezra-marsh,philip-harris --companions irene-dubois,arthur-blackwood \\
        --seed 7 --out tests/data/golden/drowned-bell-good-ending.yaml

Re-record after changing the story on purpose.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ruamel.yaml import YAML

from tales.authoring.bots import POLICIES
from tales.story.core import load_core
from tales.story.game import GameSetup, start_game
from tales.story.loader import load_tale


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("tale", type=Path)
    parser.add_argument("scenario")
    parser.add_argument("--players", required=True, help="comma-separated investigators")
    parser.add_argument("--companions", default="", help="comma-separated investigators")
    parser.add_argument("--difficulty", default="standard")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", default="sensible", choices=sorted(POLICIES))
    parser.add_argument("--limit", type=int, default=5000, help="most inputs to play")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()

    tale, problems = load_tale(args.tale)
    if tale is None:
        raise SystemExit("\n".join(map(str, problems)))
    setup = GameSetup(
        args.scenario,
        tuple(p for p in args.players.split(",") if p),
        tuple(c for c in args.companions.split(",") if c),
        args.difficulty,
        args.seed,
    )
    game = start_game(load_core(), tale, setup)
    rng = random.Random(args.seed)
    while game.engine.pending is not None and len(game.inputs) < args.limit:
        game.apply(POLICIES[args.policy](game.pending, game.view, rng).id)
    if game.engine.pending is not None:
        raise SystemExit(f"the game had not ended after {args.limit} inputs")
    golden = {
        "tale": str(args.tale),
        "setup": {
            "scenario": setup.scenario,
            "players": list(setup.players),
            "companions": list(setup.companions),
            "difficulty": setup.difficulty,
            "seed": setup.seed,
        },
        "expected": game.summary(),
        "inputs": game.inputs,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    with args.out.open("w", encoding="utf-8") as out:
        yaml.dump(golden, out)
    print(f"wrote {args.out}: {game.summary()}")


if __name__ == "__main__":
    main()
