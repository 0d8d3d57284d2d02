"""A new game's table copied from its team's template (tales.rules.setup.Template)
is the table laid out from scratch for the same seed, and two games of one
template share nothing a game may change."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from tales import api
from tales.rules import setup
from tales.rules.cards import Card, CardKind
from tales.rules.copying import NotPlanned, planned_copy
from tales.rules.events import KeywordMarked
from tales.rules.rulings import Rulings
from tales.rules.scenario import Scenario
from tales.rules.table import Table
from tales.rules.terms import EventSymbol, StatusCardKind, StatusToken
from tales.story.core import Core
from tests.conftest import harbour_scenario

TEAMS = [
    (("ezra-marsh",), ("arthur-blackwood", "irene-dubois", "laszlo-varga")),  # solo: Heroism
    (("margaret-sinclair", "philip-harris"), ("sarah-elington", "ezra-marsh")),
    (("arthur-blackwood", "ezra-marsh", "irene-dubois", "laszlo-varga"), ()),
    (("sarah-elington", "elizabeth-hawthorne", "arthur-blackwood"), ("margaret-sinclair",)),
]


@pytest.fixture(autouse=True)
def _no_templates(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(setup, "_TEMPLATES", {})


def _rulings(core: Core, house: bool) -> Rulings:
    if not house:
        return core.rulings
    flipped = {r.id: not r.default for r in core.rulings.switches()[:3]}
    return core.rulings.overriding(flipped)


def _templated(
    core: Core, scenario: Scenario, team: Any, difficulty: str, seed: int, rulings: Rulings
) -> Table:
    players, companions = team
    return setup.new_game(
        core.investigators,
        core.items,
        scenario,
        players=players,
        companions=companions,
        difficulty=difficulty,
        dice=core.dice,
        supply=core.supply,
        seed=seed,
        rulings=rulings,
    )


def _scratch(
    core: Core, scenario: Scenario, team: Any, difficulty: str, seed: int, rulings: Rulings
) -> Table:
    players, companions = team
    table = setup.lay_out(
        core.investigators,
        core.items,
        scenario,
        players=players,
        companions=companions,
        difficulty=difficulty,
        dice=core.dice,
        supply=core.supply,
        rulings=rulings,
    )
    setup.deal(table, seed)
    return table


def _state(table: Table) -> dict[str, object]:
    """Everything on the table, the generator by its state and the sink by its events."""
    state = {k: v for k, v in vars(table).items() if k not in ("rng", "sink")}
    state["rng"] = table.rng.getstate()
    state["events"] = table.sink.take()
    state["emitted"] = table.sink.emitted
    return state


@pytest.mark.parametrize("team", TEAMS, ids=["solo", "two", "four", "three"])
@pytest.mark.parametrize("difficulty", ["easy", "hard"])
@pytest.mark.parametrize("house", [False, True], ids=["rulebook", "house-rules"])
def test_a_templated_table_is_the_table_laid_out_from_scratch(core, team, difficulty, house):
    scenario, rulings = harbour_scenario(), _rulings(core, house)
    for seed in (0, 1, 7, 123456):  # the first game lays out, the later ones copy
        made = _templated(core, scenario, team, difficulty, seed, rulings)
        assert made.rulings is rulings and made.seed == seed
        assert _state(made) == _state(_scratch(core, scenario, team, difficulty, seed, rulings))
    assert [t.copy is not None for t in setup._TEMPLATES.values()] == [True]  # it was copied


def test_each_team_scenario_and_difficulty_has_its_own_template(core):
    scenario, other = harbour_scenario(), harbour_scenario()  # equal, but another object
    for team in TEAMS:
        for where in (scenario, other):
            for difficulty in ("easy", "hard"):
                for seed in (3, 4):
                    made = _templated(core, where, team, difficulty, seed, core.rulings)
                    scratch = _scratch(core, where, team, difficulty, seed, core.rulings)
                    assert made.scenario is where and _state(made) == _state(scratch)
    assert len(setup._TEMPLATES) == len(TEAMS) * 2 * 2


def _mutable(value: object, seen: dict[int, object]) -> None:
    """Every mutable object reachable from ``value``, by id (records, frozen
    dataclasses and what they hold are the box's, shared by every game)."""
    if isinstance(value, str | int | float | type(None)) or _frozen(value):
        return
    if isinstance(value, tuple | frozenset):
        for item in value:
            _mutable(item, seen)
        return
    if id(value) in seen:
        return
    seen[id(value)] = value
    if isinstance(value, dict):
        for key, item in value.items():
            _mutable(key, seen)
            _mutable(item, seen)
    elif isinstance(value, list | set):
        for item in value:
            _mutable(item, seen)
    elif hasattr(value, "__dict__"):
        for item in vars(value).values():
            _mutable(item, seen)


def _frozen(value: object) -> bool:
    params = getattr(type(value), "__dataclass_params__", None)
    return hasattr(type(value), "__record_fields__") or bool(params and params.frozen)


def test_two_games_of_one_template_share_no_mutable_object(core):
    scenario = harbour_scenario()
    tables = [_templated(core, scenario, TEAMS[0], "easy", seed, core.rulings) for seed in range(4)]
    template = next(iter(setup._TEMPLATES.values())).laid
    assert template is not None
    reached = []
    for table in [*tables, template]:
        seen: dict[int, object] = {}
        _mutable(table, seen)
        reached.append(seen)
    assert len(reached[1]) > 30  # the team, their decks and items, the supply, the sink...
    for i, first in enumerate(reached):
        for second in reached[i + 1 :]:
            assert not first.keys() & second.keys()


def test_a_game_changing_its_table_changes_no_other_game(core):
    scenario = harbour_scenario()
    first = _templated(core, scenario, TEAMS[1], "easy", 5, core.rulings)
    played = _templated(core, scenario, TEAMS[1], "easy", 5, core.rulings)  # a copy
    inv = next(iter(played.investigators.values()))
    inv.deck.pop()
    inv.hand.append(Card("x", CardKind.ATTRIBUTE))
    inv.items[0].uses -= 1
    inv.tokens[StatusToken.FOCUS] += 1
    inv.vitality -= 2
    inv.markers_used.add("action")
    played.supply.take_status_card(StatusCardKind.PANIC)
    played.supply.status_tokens[StatusToken.FOCUS] -= 1
    played.supply.event_tokens[EventSymbol.STAR] -= 1
    played.supply.heroism_cards.clear()
    played.event_tokens[EventSymbol.STAR] += 1
    played.keywords.add("DIARY")
    played.revealed.add("sea-cave")
    played.found.setdefault("clue", set()).add("a-clue")
    played.location_tokens["pier"] = {"flood": 1}
    played.automation.dice = played.automation.dice
    played.emit(KeywordMarked("DIARY"))
    played.sink.subscribe(print)
    for seed in (5, 6):
        later = _templated(core, scenario, TEAMS[1], "easy", seed, core.rulings)
        scratch = _scratch(core, scenario, TEAMS[1], "easy", seed, core.rulings)
        assert _state(later) == _state(scratch)
    assert (
        _state(first)["investigators"]
        == _state(_scratch(core, scenario, TEAMS[1], "easy", 5, core.rulings))["investigators"]
    )


def _games(storybook: api.Storybook, seeds: Sequence[int]) -> list[object]:
    played: list[object] = []
    for seed in seeds:
        game = api.new_game(storybook, players=TEAMS[1][0], seed=seed)
        rng = random.Random(seed)
        while game.pending is not None and len(game.inputs) < 150:
            game.push(rng.choice(game.pending.options))
        played += [repr(event) for event in game.events]
        played += [game.inputs, game.summary()]
    return played


@pytest.mark.parametrize("tale", ["the-drowned-bell", "the-reef-ledger"])
def test_games_from_templates_play_as_games_laid_out_each_time(monkeypatch, tale):
    storybook = api.load_tale(tale)
    templated = _games(storybook, range(6))
    assert any(t.copy is not None for t in setup._TEMPLATES.values())
    with monkeypatch.context() as patched:
        patched.setattr(setup, "_TEMPLATES", {})
        patched.setattr(setup.Template, "_plan", lambda self: None)  # never copied
        scratch = _games(storybook, range(6))
    assert templated == scratch


# The planned copy itself -------------------------------------------------------------


@dataclass
class _Held:
    uses: int
    card: Card


@dataclass
class _Box:
    items: list[_Held] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)
    by_name: dict[str, list[Card]] = field(default_factory=dict)
    tags: set[str] = field(default_factory=set)
    pair: tuple[int, list[int]] = (0, [])
    card: Card = field(default_factory=lambda: Card("c", CardKind.ATTRIBUTE))


def _walk(value: object) -> Iterator[object]:
    seen: dict[int, object] = {}
    _mutable(value, seen)
    yield from seen.values()


def test_a_planned_copy_is_equal_and_shares_only_frozen_values():
    box = _Box(
        [_Held(2, Card("a", CardKind.ATTRIBUTE))],
        Counter(x=2),
        {"k": [Card("b", CardKind.ATTRIBUTE)]},
        {"t"},
        (1, [2]),
    )
    copy = planned_copy(box)(box)
    assert copy == box and copy is not box
    assert copy.card is box.card and copy.items[0].card is box.items[0].card  # records: shared
    assert type(copy.counts) is Counter
    assert not {id(v) for v in _walk(copy)} & {id(v) for v in _walk(box)}


def test_a_planned_copy_refuses_what_it_cannot_copy_faithfully():
    shared: list[int] = []
    with pytest.raises(NotPlanned):
        planned_copy(_Box(pair=(0, shared), by_name={"k": shared}))  # type: ignore[dict-item]
    with pytest.raises(NotPlanned):
        planned_copy([random.Random(1)])  # a kind it does not know
    generator = random.Random(1)
    assert planned_copy([generator], shared=[generator])([generator])[0] is generator


class _Guarded:
    def __init__(self) -> None:
        self._value = 1

    @property
    def value(self) -> int:
        return self._value

    @value.setter
    def value(self, value: int) -> None:
        self._value = value


def test_a_planned_copy_sets_each_attribute_in_its_order_or_refuses():
    box = _Box()
    copy = planned_copy(box)(box)
    assert list(vars(copy)) == list(vars(box))  # the order __init__ gave them
    guarded = _Guarded()
    vars(guarded)["value"] = 2  # what a plain assignment would not set: the property would
    with pytest.raises(NotPlanned):
        planned_copy(guarded)
