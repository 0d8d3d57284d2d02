"""The direct path (tales.story.plans) and the general reading give the same
games: seeded random games, every decision's option chosen by the seed
(story choices, abilities beside them, and the rules' own decisions after),
played once with plans and once with every paragraph read the general way,
must emit the very same events, log the same inputs and end the same way."""

from __future__ import annotations

import dataclasses
import functools
import importlib.util
import itertools
import json
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tales import api
from tales.rules.abilities import ability_options
from tales.rules.decisions import DecisionKind
from tales.rules.options import UseAbility
from tales.story import plans
from tales.story.effects import kind_of
from tales.story.model import ChoiceDef, Effect, Outcome, Paragraph
from tales.story.options import StoryChoice
from tales.story.story_events import StoryDeadEnd, StoryRead, StoryWarning

ROOT = Path(__file__).resolve().parents[2]
TEAM = ("arthur-blackwood", "ezra-marsh", "irene-dubois", "laszlo-varga")


@functools.cache
def _bench_peers() -> ModuleType:
    """tools/bench_peers.py, whose generated story is the direct path's own case."""
    spec = importlib.util.spec_from_file_location("bench_peers", ROOT / "tools" / "bench_peers.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _play(storybook: api.Storybook, scenario: str | None, seed: int, games: int) -> list[object]:
    """``games`` seeded games, each to its end or 400 decisions."""
    played: list[object] = []
    for number in range(seed * 100, seed * 100 + games):
        game = api.new_game(storybook, scenario, players=TEAM, seed=number)
        rng = random.Random(number)
        while game.pending is not None and len(game.inputs) < 400:
            game.push(rng.choice(game.pending.options))
        played += [repr(event) for event in game.events]
        played += [game.inputs, game.summary()]
    return played


def _both_ways(
    monkeypatch: pytest.MonkeyPatch,
    storybook: api.Storybook,
    scenario: str | None,
    seed: int,
    games: int = 8,
) -> tuple[list[object], list[object]]:
    direct = _play(storybook, scenario, seed, games)
    with monkeypatch.context() as patched:
        patched.setattr(plans, "_PLANS", {})
        patched.setattr(plans, "plan_of", lambda paragraph: None)  # every paragraph: general
        general = _play(storybook, scenario, seed, games)
    return direct, general


def _bench_tale(tmp_path: Path, seed: int, size: int) -> Path:
    bench = _bench_peers()
    return bench.write_tale(bench.generate(seed, size), tmp_path / "tale")  # type: ignore[no-any-return]


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_the_bench_story_plays_the_same_either_way(tmp_path, monkeypatch, seed):
    storybook = api.load_tale(_bench_tale(tmp_path, seed, 80 + 40 * seed), cached=False)
    direct, general = _both_ways(monkeypatch, storybook, "bench", seed, games=30)
    assert direct == general
    assert sum("StoryRead(" in str(e) for e in direct) > 200
    made = plans.plans_for(storybook.tale.scenarios["bench"].paragraphs)
    assert sum(plan is not None for plan in made.values()) > 20  # the direct path was taken


def _edited_bench(tmp_path: Path) -> Path:
    """The bench story with what a plan must leave to the general path or
    handle as it does: a templated text, a condition that fails in play (a
    warning, the choice closed), a first-time effect, a dead end."""
    root = _bench_tale(tmp_path, 7, 60)
    story = root / "bench" / "paragraphs" / "story.yaml"
    entries = {}
    for line in story.read_text().splitlines():
        number, entry = line.split(": ", 1)
        entries[int(number)] = json.loads(entry)
    entries[1]["text"] = 'Paragraph 1.{% if keyword("F1") %} The bell.{% endif %}'
    entries[2]["first_time"] = [{"keyword": "F2"}]
    entries[1]["choices"].append({"label": "Fails", "if": 'counter("c0") > "two"', "goto": 4})
    entries[4]["choices"] = [{"label": "Closed", "if": 'keyword("F11") and counter("c5") > 40'}]
    entries[4].pop("goto", None)
    lines = [f"{number}: {json.dumps(entry)}" for number, entry in sorted(entries.items())]
    story.write_text("\n".join(lines) + "\n")
    return root


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_warnings_templated_text_and_dead_ends_are_the_same_either_way(tmp_path, monkeypatch, seed):
    storybook = api.load_tale(_edited_bench(tmp_path), cached=False)
    direct, general = _both_ways(monkeypatch, storybook, "bench", seed, games=30)
    assert direct == general


def test_the_edited_story_reaches_what_it_was_edited_for(tmp_path):
    storybook = api.load_tale(_edited_bench(tmp_path), cached=False)
    seen: set[type] = set()
    for seed in range(40):
        game = api.new_game(storybook, "bench", players=TEAM, seed=seed)
        rng = random.Random(seed)
        while game.pending is not None and len(game.inputs) < 200:
            game.push(rng.choice(game.pending.options))
        seen |= {type(e) for e in game.events if isinstance(e, StoryWarning | StoryDeadEnd)}
    assert seen == {StoryWarning, StoryDeadEnd}


@pytest.mark.parametrize("tale", ["the-drowned-bell", "the-reef-ledger"])
@pytest.mark.parametrize("seed", [3, 11])
def test_the_bundled_tales_play_the_same_either_way(monkeypatch, tale, seed):
    storybook = api.load_tale(tale)
    for scenario in storybook.tale.scenarios:
        direct, general = _both_ways(monkeypatch, storybook, scenario, seed, games=2)
        assert direct == general, scenario


def _paragraph(**given: object) -> Paragraph:
    choices = (ChoiceDef("On", outcome=Outcome(3)), ChoiceDef("Back", "keyword('F1')", Outcome(1)))
    return Paragraph(**{"number": 2, "text": "Plain.", "choices": choices, **given})  # type: ignore[arg-type]


def test_keywords_counters_and_choices_take_the_direct_path():
    effects = (Effect("keyword", "F1"), Effect("counter", {"c0": 1}), Effect("lose_keyword", "F2"))
    plan = plans.plan_of(_paragraph(effects=effects))
    assert plan is not None
    assert plan.read == StoryRead(2, "Plain.")
    assert len(plan.steps) == 3 and [c.goto for c in plan.choices] == [3, 1]
    assert plan.conditional and plan.choices[1].closure is not None


@pytest.mark.parametrize(
    "given",
    [
        {"effects": (Effect("status", "BLEEDING"),)},  # more than a keyword or a counter
        {"effects": (Effect("keyword", "F1", condition="round > 1"),)},
        {"effects": (Effect("keyword", "F1", who="all"),)},
        {"first_time": (Effect("reveal", "quay"),)},
        {"choices": (ChoiceDef("Hurt", outcome=Outcome(3, (Effect("damage", 1),))),)},
        {"end": True},
        {"options": (object(),)},  # a scene
    ],
    ids=["gain", "if", "who", "reveal", "choice-effect", "end", "scene"],
)
def test_a_paragraph_that_does_more_takes_the_general_path(given):
    assert plans.plan_of(_paragraph(**given)) is None


def test_only_kinds_that_write_are_bound():
    assert kind_of("keyword").bind is not None and kind_of("counter").bind is not None
    assert kind_of("status").bind is None and kind_of("read").bind is None


def test_the_abilities_offered_beside_a_planned_choice_are_those_usable_now(tmp_path):
    """The direct path keeps the abilities offered from one planned choice
    to the next: at every story choice they are those usable now, whichever
    were used before (an ability spends ENERGY: fewer are offered after)."""
    storybook = api.load_tale(_bench_tale(tmp_path, 9, 200), cached=False)
    asked = 0
    for seed in range(30):
        game = api.new_game(storybook, "bench", players=TEAM, seed=seed)
        rng = random.Random(seed)
        while (pending := game.pending) is not None and pending.kind is DecisionKind.STORY_CHOICE:
            offered = [o for o in pending.options if isinstance(o, UseAbility)]
            assert offered == ability_options(game.table)
            asked += 1
            game.push(rng.choice(pending.options))
    assert asked > 300


def test_a_planned_choice_tells_how_many_options_are_the_storys(tmp_path):
    """``Decision.leading``, set by the direct path, is the count
    ``Game.story_options`` would make: the story's options, then the abilities."""
    storybook = api.load_tale(_bench_tale(tmp_path, 4, 120), cached=False)
    told = 0
    for seed in range(20):
        game = api.new_game(storybook, "bench", players=TEAM, seed=seed)
        rng = random.Random(seed)
        while (pending := game.pending) is not None and pending.kind is DecisionKind.STORY_CHOICE:
            story = [o for o in pending.options if isinstance(o, StoryChoice)]
            assert game.story_options == tuple(story) == pending.options[: len(story)]
            assert pending.leading == len(story)
            told += 1
            game.push(rng.choice(pending.options))
    assert told > 100


def test_a_planned_question_is_made_once_for_every_game_of_the_storybook(tmp_path):
    """With every choice open and the same abilities beside them, games of
    one storybook are asked by the very same Decision: a frozen value, so
    sharing it shares nothing a game could change."""
    storybook = api.load_tale(_bench_tale(tmp_path, 2, 100), cached=False)
    first = [api.new_game(storybook, "bench", players=TEAM, seed=s).pending for s in range(3)]
    assert first[0] is not None and first[0].kind is DecisionKind.STORY_CHOICE
    assert first[0] is first[1] is first[2]
    with pytest.raises(dataclasses.FrozenInstanceError):
        first[0].prompt = "changed"  # type: ignore[misc]


def test_a_paragraph_asked_again_at_once_is_a_new_decision(tmp_path):
    """A choice that leads back to its own paragraph asks the same question
    again: a prompt must see a new decision (it shows a decision once, by
    identity), so the kept one is never asked twice in a row."""
    root = _bench_tale(tmp_path, 3, 40)
    story = root / "bench" / "paragraphs" / "story.yaml"
    entries = {}
    for line in story.read_text().splitlines():
        number, entry = line.split(": ", 1)
        entries[int(number)] = json.loads(entry)
    entries[1]["choices"] = [{"label": "Wait", "goto": 1}, {"label": "On", "goto": 2}]
    story.write_text("\n".join(f"{n}: {json.dumps(e)}" for n, e in sorted(entries.items())) + "\n")
    storybook = api.load_tale(root, cached=False)
    game = api.new_game(storybook, "bench", players=TEAM, seed=1)
    asked = [game.pending]
    for _ in range(4):
        game.push(game.story_options[0])  # wait: paragraph 1 again
        asked.append(game.pending)
    assert all(a is not b and a == b for a, b in itertools.pairwise(asked))
    assert asked[0] is asked[2]  # kept, and asked again once another came between


def test_a_planned_question_with_choices_closed_is_made_once_too(tmp_path):
    """The question asking only the open choices is kept by which are open:
    met again with the same choices open (in this game or another) it is
    the very same Decision, and it offers exactly the choices open then
    (what the other games here check, event for event, against the general
    path)."""
    storybook = api.load_tale(_bench_tale(tmp_path, 5, 150), cached=False)
    paragraphs = storybook.tale.scenarios["bench"].paragraphs
    kept: dict[tuple[str, tuple[object, ...]], object] = {}
    reused = 0
    for seed in range(30):
        game = api.new_game(storybook, "bench", players=TEAM, seed=seed)
        rng, last = random.Random(seed), None
        while (pending := game.pending) is not None and pending.kind is DecisionKind.STORY_CHOICE:
            number = int(pending.prompt.split()[1].rstrip(":"))
            story = game.story_options
            if len(story) < len(paragraphs[number].choices):
                assert story == tuple(pending.options[: pending.leading])
                key = (pending.prompt, pending.options)
                known = kept.get(key)
                if known is None:
                    kept[key] = pending
                else:
                    assert known is pending or known is last  # never the one asked just before
                    reused += known is pending
            last = pending
            game.push(rng.choice(story))  # no ability used: every question is the reading's
    assert reused > 50
