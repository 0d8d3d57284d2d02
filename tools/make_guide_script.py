"""Write the script of a seeded Travel Guide game played by the sensible bot.

The script is what a player would type at ``tales guide --script``: each
choice in its short form (``3``, ``34``, ``33n 32w``), with a few commands a
person uses (``help``, ``board``, an illegal drawing refused, ``undo``), so
the golden transcript recorded from it shows the whole prompt at work.

    python tools/make_guide_script.py --players 2 --seed 7 > tests/data/transcripts/guide-duo.script

Then ``python tools/record_transcripts.py guide-duo`` records its golden.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tales.guide.bots import SensibleBot  # noqa: E402
from tales.guide.data import load_components  # noqa: E402
from tales.guide.kinds import Kind  # noqa: E402
from tales.guide.options import shown  # noqa: E402
from tales.guide_ui.session import GuideSession, GuideSetup  # noqa: E402


def script(players: int, seed: int, level: str, goal: int) -> list[str]:
    components = load_components()
    session = GuideSession(components, GuideSetup(players, False, seed, level, goal), [])
    bot = SensibleBot(components.city, random.Random(seed))
    lines: list[str] = ["help commands"]
    shown_extras = False
    while session.pending is not None:
        decision = session.pending
        if decision.kind is Kind.DRAW and not shown_extras:
            # Once: look at the board, try a drawing the rules refuse, draw, take it back.
            lines += ["board", "help draw", "33n 66w"]
            first = shown(decision.options[0])
            session.play(first)
            session.undo()
            lines += [first, "undo"]
            shown_extras = True
        choice = bot.choose(session.view, decision)
        session.play(choice.id)
        lines.append("best" if decision.kind is Kind.ROUTE else shown(choice))
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--challenge", default="beginner:16")
    options = parser.parse_args()
    level, _, goal = options.challenge.partition(":")
    print("\n".join(script(options.players, options.seed, level, int(goal))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
