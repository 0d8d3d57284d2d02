"""Property: in random games of the bundled tales, by every bot of
tales/authoring/bots.py, the numbers of a skill test's options hold.

README.md: "each card, helper's card, Companion marker and die keeps its
number until the test ends". Checked on what the prompt's keys show at every
decision of a test:

- an option offered twice in a row in one part of a test (the preparation,
  the choices after the roll, a pick list of dice) keeps its number;
- in the preparation and after the roll, an option keeps the number it was
  first given for the whole test, even with other menus asked in between,
  and a number never names two options;
- the first menu of each of those parts reads 1 to n;
- in a menu of dice, a die's number is the roll's (white die 3 is 3).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings

from tales.rules.decisions import Decision, DecisionKind
from tales.rules.options import CancelDie, KeepRed, ToggleDie
from tales.story.core import Core
from tales.story.game import start_game
from tales.story.model import Tale
from tales.ui.keys import Keys
from tests.story.random_games import RANDOM_GAMES, RandomGame, load_bundled

MAX_INPUTS = 400
HELD = (DecisionKind.PREPARE, DecisionKind.AFTER_ROLL)  # held from the test's start to its end
DIE_OPTIONS = (ToggleDie, CancelDie, KeepRed)


@pytest.fixture(scope="module")
def tales() -> dict[str, Tale]:
    return load_bundled()


@dataclass
class Part:
    """What one held part of the test under way has shown."""

    key_of: dict[str, str] = field(default_factory=dict)  # option id -> key
    named: dict[str, str] = field(default_factory=dict)  # key -> option id


@dataclass
class Watch:
    test: object | None = None  # the TestState of the test under way
    parts: dict[DecisionKind, Part] = field(default_factory=dict)
    last: tuple[Decision, dict[str, str]] | None = None
    tests_seen: int = 0

    def see(self, decision: Decision, shown: dict[str, str]) -> None:
        if decision.kind.in_test and decision.context is not self.test:
            self.test, self.parts = decision.context, {}
            self.tests_seen += 1
        if decision.kind.in_test:
            self._in_a_row(decision, shown)
            self._dice(decision, shown)
        if decision.kind in HELD:
            self._held(decision, shown)
        self.last = (decision, shown)

    def _in_a_row(self, decision: Decision, shown: dict[str, str]) -> None:
        if self.last is None:
            return
        before, keys_before = self.last
        if before.kind is not decision.kind or before.context is not decision.context:
            return
        was = {oid: key for key, oid in keys_before.items()}
        for key, oid in shown.items():
            assert was.get(oid, key) == key, f"{oid} went from {was[oid]} to {key} in a row"

    def _held(self, decision: Decision, shown: dict[str, str]) -> None:
        part = self.parts.get(decision.kind)
        if part is None:
            numbers = sorted(int(k) for k in shown if k != "r")
            assert numbers == list(range(1, len(numbers) + 1)), f"{decision.kind}: {numbers}"
            part = self.parts[decision.kind] = Part()
        for key, oid in shown.items():
            assert part.key_of.setdefault(oid, key) == key, f"{oid}: {part.key_of[oid]} -> {key}"
            assert part.named.setdefault(key, oid) == oid, f"{key}: {part.named[key]} -> {oid}"

    def _dice(self, decision: Decision, shown: dict[str, str]) -> None:
        if decision.kind not in (
            DecisionKind.REROLL,
            DecisionKind.CANCEL_DIE,
            DecisionKind.KEEP_RED,
        ):
            return
        for option in decision.options:
            if isinstance(option, DIE_OPTIONS):
                assert shown[str(option.index + 1)] == option.id


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drawn=RANDOM_GAMES)
def test_an_option_offered_again_in_a_test_keeps_its_number(
    core: Core, tales: dict[str, Tale], drawn: RandomGame
) -> None:
    tale = tales[drawn.tale]
    game = start_game(core, tale, drawn.setup(tale))
    bot, rng = drawn.bot()
    keys, watch = Keys(), Watch()
    for _ in range(MAX_INPUTS):
        decision = game.engine.pending
        if decision is None:
            break
        keys.assign(decision)
        watch.see(decision, dict(keys.shown))
        chosen = bot(decision, game.view, rng)
        keys.chose(chosen.id)
        game.push(chosen)
