"""Between two scenarios of a campaign: items carried over, the interlude,
and the next scenario starting from what the first left.

Rulebook: "Each Player may choose 1 Item card to carry over into the next
campaign scenario. The chosen Item regains all of its starting Item use
tokens."
"""

from __future__ import annotations

import random
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from tales.authoring.bots import POLICIES
from tales.rules.scoring import exploration_points
from tales.story.campaign import CampaignState, following
from tales.story.game import Game, GameSetup, start_game
from tales.story.interpreter import StoryRead
from tales.story.loader import load_tale
from tales.story.model import Tale
from tests.conftest import ruling

ROOT = Path(__file__).resolve().parents[2]
TEAM = (("ezra-marsh", "philip-harris"), ("irene-dubois", "arthur-blackwood"))


def two_scenario_tale(folder: Path) -> Path:
    """The starter tale with its scenario played twice, as a two-part campaign."""
    root = folder / "campaign"
    shutil.copytree(ROOT / "storybooks" / "the-drowned-bell", root)
    shutil.copytree(root / "bell-house", root / "bell-house-again")
    tale = root / "tale.yaml"
    tale.write_text(
        tale.read_text().replace(
            "scenarios: [bell-house]", "scenarios: [bell-house, bell-house-again]"
        )
    )
    return root


@pytest.fixture(scope="module")
def tale(tmp_path_factory: pytest.TempPathFactory) -> Tale:
    loaded, problems = load_tale(two_scenario_tale(tmp_path_factory.mktemp("tale")))
    assert loaded is not None, problems
    return loaded


GOLDEN = ROOT / "tests" / "data" / "golden" / "drowned-bell-good-ending.yaml"


def golden_inputs() -> list[str]:
    """The recorded inputs of a game of the starter scenario that reaches its
    true ending (22) with TEAM and seed 21."""
    from ruamel.yaml import YAML

    golden = YAML(typ="safe", pure=True).load(GOLDEN.read_text(encoding="utf-8"))
    assert golden["setup"]["seed"] == 21 and tuple(golden["setup"]["players"]) == TEAM[0]
    return list(golden["inputs"])


def play_to_the_end(game: Game, seed: int, carry: dict[str, str] | None = None) -> list[str]:
    """The golden inputs where they fit (the first scenario), then a sensible
    bot; at the carry-over each player picks from ``carry``. The players asked
    to carry, in order."""
    rng, asked = random.Random(seed), []
    scripted = golden_inputs() if game.setup.scenario == "bell-house" else []
    while game.pending is not None:
        decision = game.pending
        if decision.kind == "carry-over":
            asked.append(decision.actor or "")
            wanted = f"carry:{(carry or {}).get(decision.actor or '', 'none')}"
            game.apply(wanted if wanted in decision.ids else "carry:none")
        elif scripted:
            game.apply(scripted.pop(0))
        else:
            game.apply(POLICIES["sensible"](decision, game.view, rng).id)
    return asked


def test_the_last_scenario_of_a_tale_asks_for_no_carry_over(core, tale: Tale) -> None:
    assert following(tale, "bell-house-again") is None
    game = start_game(core, tale, GameSetup("bell-house-again", *TEAM, "standard", 21))
    assert play_to_the_end(game, 21) == []
    assert game.next_scenario is None


def test_each_living_player_picks_an_item_and_the_next_scenario_starts_with_it(
    core, tale: Tale
) -> None:
    game = start_game(core, tale, GameSetup("bell-house", *TEAM, "standard", 21))
    asked = play_to_the_end(game, 21, {"philip-harris": "flensing-spade"})
    assert game.table.ended == "the story ends at paragraph 22"
    assert asked == [p.slug for p in game.table.players()]
    going_on = game.next_scenario
    assert going_on is not None and going_on.scenario == "bell-house-again"
    assert going_on.campaign.carried == {"philip-harris": "flensing-spade"}

    second = start_game(
        core,
        tale,
        GameSetup(going_on.scenario, *TEAM, "standard", going_on.seed),
        going_on.campaign,
    )
    philip = second.table.investigator("philip-harris")
    spade = philip.item("flensing-spade")
    assert spade is not None and spade.uses == spade.card.uses  # "regains all of its ... tokens"
    assert second.book.state.log == going_on.campaign.log
    assert second.book.state.counters == going_on.campaign.counters


def test_a_starting_item_is_not_offered_it_comes_back_anyway(core, tale: Tale) -> None:
    game = start_game(core, tale, GameSetup("bell-house", *TEAM, "standard", 21))
    for option_id in golden_inputs():
        game.apply(option_id)
    decision = game.pending
    assert decision is not None
    assert "carry:hatchet" not in decision.ids  # Ezra's own Starting Item card
    assert "carry:none" in decision.ids


def test_the_interlude_is_read_between_the_scenarios(core, tale: Tale) -> None:
    game = start_game(core, tale, GameSetup("bell-house", *TEAM, "standard", 21))
    play_to_the_end(game, 21)
    interlude = tale.interludes["the-bar-at-dawn"]
    read = [e.paragraph for e in game.events if isinstance(e, StoryRead)]
    assert interlude.start in read
    # Its paragraphs are not the scenario's: the numbers may repeat without sharing visited.
    assert interlude.start not in game.book.state.visited
    assert game.next_scenario is not None
    assert game.next_scenario.campaign.log == game.book.state.log


@ruling("exploration-carry", value=True)
def test_points_above_full_carry_in_and_only_a_later_scenario_passes_100(core, tale: Tale) -> None:
    """ "The most dedicated players can even exceed 100% exploration by carrying
    over their achievements from one scenario to the next." """
    first = start_game(core, tale, GameSetup("bell-house", *TEAM, "standard", 21))
    play_to_the_end(first, 21)
    assert first.next_scenario is not None
    full = first.table.scenario.exploration.full  # type: ignore[union-attr]
    surplus = max(0, exploration_points(first.table) - full)
    assert first.next_scenario.campaign.points == surplus
    assert Fraction(first.book.rate) <= 100  # started on its own: capped

    carried = CampaignState(points=30)
    second = start_game(core, tale, GameSetup("bell-house-again", *TEAM, "standard", 21), carried)
    play_to_the_end(second, 21)
    points = exploration_points(second.table)
    assert Fraction(second.book.rate) == Fraction(100 * (points + 30), full)


@ruling("exploration-carry", value=False)
def test_nothing_carries_and_every_scenario_stops_at_100_when_switched_off(
    core, tale: Tale
) -> None:
    """exploration-carry switched off: no surplus is carried and a later scenario is
    rated on its own points, at most 100%."""
    house = (("exploration-carry", False),)
    first = start_game(core, tale, GameSetup("bell-house", *TEAM, "standard", 21, house))
    play_to_the_end(first, 21)
    assert first.next_scenario is not None
    assert first.next_scenario.campaign.points == 0

    carried = CampaignState(points=30)
    setup = GameSetup("bell-house-again", *TEAM, "standard", 21, house)
    second = start_game(core, tale, setup, carried)
    play_to_the_end(second, 21)
    full = second.table.scenario.exploration.full  # type: ignore[union-attr]
    points = exploration_points(second.table)
    assert Fraction(second.book.rate) == min(Fraction(100), Fraction(100 * points, full))
    assert Fraction(second.book.rate) < Fraction(100 * (points + 30), full)
