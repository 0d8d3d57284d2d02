"""Benchmark: whole rounds played per second through the decision interface.

A random bot plays whole games of the bare mechanics (``NoStory``) on the
``harbour_scenario()`` test scenario, at the standard difficulty, with the
team of four the rulebook always has ("Regardless of the number of players,
there will always be four Investigators in play"), in two configurations:

- solo: 1 player and 3 Companions (the player gets the Heroism card);
- four players: 4 players, no Companion.

Each game's team is drawn from the core investigators and its table seeded
from ``--seed``, so a run is reproducible. At every decision the bot picks
uniformly among the legal options, except that when ``end-round`` is offered
it first takes it outright one time in 8 (:data:`END_ROUND_BIAS`). The bias
keeps rounds from being endless: free activities (exchanging items, equipping
weapons...) could otherwise be chosen over and over, and a uniform pick among
a few dozen options would rarely end the round.

The bot hands the engine the option it picked (``Engine.push``, as the
playtest bots do and python-chess pushes a ``Move``); with ``--ids`` it
gives the option's id instead (``Engine.apply``, as a script or a journal
being replayed does), which writes and reads one id per decision.

Rounds are counted by the ``RoundStarted`` events; games last until the
scenario ends (the time track runs out, or every player is dead). Timings
include setting up each game.

Run ``python tools/bench_rounds.py [--games N] [--seed S] [--ids] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tales.rules.decisions import Decision, Engine
from tales.rules.events import RoundStarted
from tales.rules.options import EndRound, Option
from tales.rules.round import END_ROUND, NoStory, play_scenario
from tales.rules.setup import TEAM_SIZE, new_game
from tales.story.core import Core, load_core
from tests.conftest import harbour_scenario

END_ROUND_BIAS = 8  # when offered, "end-round" is taken outright one time in 8
CONFIGURATIONS = {"solo": 1, "four players": 4}  # players; Companions fill the team


@dataclass(frozen=True)
class Report:
    """One configuration's figures."""

    configuration: str
    players: int
    games: int
    rounds: int
    decisions: int
    seconds: float
    cpu_seconds: float  # time.process_time(): what the machine's load does not inflate
    rounds_per_second: float
    decisions_per_second: float
    games_per_second: float
    rounds_per_game: float
    decisions_per_round: float


def choose(bot: random.Random, decision: Decision) -> Option:
    """A legal option: ``end-round`` one time in :data:`END_ROUND_BIAS` when
    it is offered, otherwise any option, uniformly. (The same draws as when
    the bot picked among ids, so the games played are the same.)"""
    options = decision.options
    # The rules list it last (tales.rules.round.activity_options): looked at, not searched for.
    if isinstance(options[-1], EndRound) and bot.randrange(END_ROUND_BIAS) == 0:
        return END_ROUND
    return bot.choice(options)


def play_game(
    core: Core, team: Sequence[str], players: int, seed: int, bot: random.Random, by_id: bool
) -> tuple[int, int]:
    """Play one whole game; return (rounds started, decisions taken)."""
    table = new_game(
        core.investigators,
        core.items,
        harbour_scenario(),
        players=team[:players],
        companions=team[players:],
        difficulty="standard",
        dice=core.dice,
        supply=core.supply,
        seed=seed,
        rulings=core.rulings,
    )
    engine = Engine(play_scenario(table, NoStory()), table.sink)
    rounds = sum(isinstance(e, RoundStarted) for e in engine.opening_events)
    decisions = 0
    while engine.pending is not None:
        chosen = choose(bot, engine.pending)
        events = engine.apply(chosen.id) if by_id else engine.push(chosen)
        rounds += sum(isinstance(e, RoundStarted) for e in events)
        decisions += 1
    return rounds, decisions


def run(core: Core, configuration: str, games: int, seed: int, by_id: bool = False) -> Report:
    """Play ``games`` games of one configuration and time them."""
    players = CONFIGURATIONS[configuration]
    bot = random.Random(f"{seed}:{configuration}")
    slugs = sorted(core.investigators)
    rounds = decisions = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for _ in range(games):
        team = bot.sample(slugs, TEAM_SIZE)
        played, decided = play_game(core, team, players, bot.randrange(2**32), bot, by_id)
        rounds += played
        decisions += decided
    seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu_start
    return Report(
        configuration=configuration,
        players=players,
        games=games,
        rounds=rounds,
        decisions=decisions,
        seconds=seconds,
        cpu_seconds=cpu_seconds,
        rounds_per_second=rounds / seconds,
        decisions_per_second=decisions / seconds,
        games_per_second=games / seconds,
        rounds_per_game=rounds / games,
        decisions_per_round=decisions / rounds,
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description="Rounds per second with a random bot (solo and four players)."
    )
    parser.add_argument("--games", type=int, default=500, help="games per configuration")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--ids", action="store_true", help="apply each choice by its id")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    core = load_core()
    reports = [run(core, name, args.games, args.seed, args.ids) for name in CONFIGURATIONS]
    if args.json:
        print(json.dumps([asdict(r) for r in reports], indent=2))
        return
    for r in reports:
        print(
            f"{r.configuration} ({r.players} player{'s' if r.players > 1 else ''}, "
            f"{TEAM_SIZE - r.players} Companions): {r.games:,} games, {r.rounds:,} rounds, "
            f"{r.decisions:,} decisions in {r.seconds:.2f} s ({r.cpu_seconds:.2f} s CPU)"
        )
        print(
            f"  rounds:    {r.rounds_per_second:,.0f} per second ({r.rounds_per_game:.1f} a game)"
        )
        print(
            f"  decisions: {r.decisions_per_second:,.0f} per second "
            f"({r.decisions_per_round:.1f} a round)"
        )
        print(f"  games:     {r.games_per_second:,.1f} per second")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
