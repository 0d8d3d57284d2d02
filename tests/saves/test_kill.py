"""A player process SIGKILLed at random moments, many times: every save it
leaves loads at exactly the last input it acknowledged (or the next one,
when the kill came after that input was durable and before it was
acknowledged), and every input given after the reload is kept."""

from __future__ import annotations

import random

from tests.saves.killing import LENGTH, SEEDS, random_kills, script_of

KILLS = 30


def test_every_scripted_game_is_longer_than_the_kills_look(core, bell):
    for seed in SEEDS:
        assert len(script_of(core, bell, seed).inputs) > LENGTH + 1, seed


def test_a_player_killed_at_random_resumes_at_its_last_acknowledged_input(core, bell, saves):
    results = random_kills(core, bell, saves, KILLS, random.Random(21))
    assert len(results) == KILLS
    assert all(r.at in (r.acked, r.acked + 1) for r in results)
    # The kills came while games were being played and saved, not before.
    assert sum(r.at > 0 for r in results) >= KILLS * 2 // 3
