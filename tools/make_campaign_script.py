"""Write the scripts of the golden transcripts that play a whole campaign
through the saves between its scenarios, one ``tales play`` a scenario, each
loading the sheet the one before saved (tests/data/transcripts/NAME.*):

* ``campaign-through-saves``: the campaign-tale fixture, sensible bot, from
  its prologue to its epilogue;
* ``reef-ledger-whole-campaign``: *The Reef Ledger*, all three scenarios and
  their interludes to the campaign's last page, goal-directed bot.

    python tools/make_campaign_script.py NAME ...   # then: python tools/record_transcripts.py NAME

It writes NAME.script (the keys the prompt shows, tales.ui.keys, so the
script reads as a player would type it) and NAME.steps (the invocations).
Run it again only when the tale changes.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tales.authoring.bots import POLICIES  # noqa: E402
from tales.saves.session import SavedGame, load_saved, new_context, start_saved  # noqa: E402
from tales.saves.store import SaveFiles  # noqa: E402
from tales.story.cache import load_tale_cached  # noqa: E402
from tales.story.core import load_core  # noqa: E402
from tales.story.game import start_game  # noqa: E402
from tales.ui.keys import Keys  # noqa: E402
from tales.ui.setup import Choices, complete  # noqa: E402

TRANSCRIPTS = ROOT / "tests" / "data" / "transcripts"
NEXT = "--- next"  # the line between two invocations' commands


@dataclass(frozen=True)
class Campaign:
    """One recorded campaign: the tale, who plays it, and how the bot chooses."""

    tale: str  # relative to the repository
    save: str
    seed: int
    team: tuple[str, ...]
    companions: tuple[str, ...]
    policy: str
    scenario: str | None = None
    difficulty: str | None = None  # None: the command line leaves the default

    def first_step(self) -> str:
        words = [f"play {{root}}/{self.tale}"]
        if self.scenario is not None:
            words.append(f"--scenario {self.scenario}")
        if self.difficulty is not None:
            words.append(f"--difficulty {self.difficulty}")
        words.append(f"--seed {self.seed} --players {len(self.team)}")
        words += [f"--investigator {who}" for who in self.team]
        words += [f"--companion {who}" for who in self.companions]
        words.append(f"--save {self.save}")
        return " ".join(words)


CAMPAIGNS = {
    # its sensible players board the boat, carry the harbour key on, free the boy
    "campaign-through-saves": Campaign(
        "tests/data/campaign-tale",
        "campaign",
        56,
        ("ezra", "philip"),
        ("irene", "laszlo"),
        "sensible",
    ),
    "reef-ledger-whole-campaign": Campaign(
        "storybooks/the-reef-ledger",
        "reef",
        11,
        ("philip", "ezra"),
        ("irene", "laszlo"),
        "goal",
        scenario="low-water",
        difficulty="easy",
    ),
}


def _keys_played(saved: SavedGame, policy: str, rng: random.Random) -> list[str]:
    keys, typed = Keys(), []
    while (pending := saved.game.pending) is not None:
        chosen = POLICIES[policy](pending, saved.game.view, rng)
        keys.assign(pending)
        key = next(k for k, oid in keys.shown.items() if oid == chosen.id)
        typed.append(key)
        saved.apply(chosen.id)
    return typed


def play(campaign: Campaign) -> list[list[str]]:
    """The keys typed in each invocation, from the first scenario to the last page."""
    core = load_core()
    tale, problems = load_tale_cached(ROOT / campaign.tale)
    assert tale is not None, problems
    choices = Choices(
        None,
        campaign.scenario,
        campaign.difficulty or "standard",
        len(campaign.team),
        campaign.team,
        campaign.companions,
        campaign.seed,
    )
    setup = complete(core, tale, choices)
    rng = random.Random(campaign.seed)
    sections: list[list[str]] = []
    with tempfile.TemporaryDirectory() as folder:
        files = SaveFiles.named(Path(folder), campaign.save)
        path = ROOT / campaign.tale
        context = new_context(campaign.save, path, setup.scenario, tale.content_hash)
        saved = start_saved(lambda: start_game(core, tale, setup), files, context, core)
        sections.append(_keys_played(saved, campaign.policy, rng))
        while saved.game.next_scenario is not None:
            saved, _ = load_saved(files, core)
            sections.append(_keys_played(saved, campaign.policy, rng))
    return sections


def write(name: str, campaign: Campaign) -> None:
    sections = play(campaign)
    case = TRANSCRIPTS / name
    script = f"\n{NEXT}\n".join("\n".join(keys) for keys in sections) + "\n"
    case.with_suffix(".script").write_text(script, encoding="utf-8")
    steps = [campaign.first_step()] + [f"play --load {campaign.save}"] * (len(sections) - 1)
    case.with_suffix(".steps").write_text("\n".join(steps) + "\n", encoding="utf-8")
    print(f"{name}: {len(sections)} invocations, {sum(map(len, sections))} inputs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="+", choices=sorted(CAMPAIGNS))
    for name in parser.parse_args().names:
        write(name, CAMPAIGNS[name])


if __name__ == "__main__":
    main()
