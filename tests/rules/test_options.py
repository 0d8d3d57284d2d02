"""Typed options: every option's text id round-trips, as ``chess.Move.from_uci`` does.

Journals, save sheets, golden transcripts and scripts store option ids, so
each kind's id text is pinned here exactly; ``parse_option`` reads it back to
an equal option, and refuses anything else with a narrow ``OptionIdError``
that quotes the text.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tales.authoring.bots import sensible_policy
from tales.errors import IllegalInput, OptionIdError, TalesError
from tales.records import record
from tales.rules.automation import Source
from tales.rules.decisions import Decision, DecisionKind, Engine, EventSink, Proc
from tales.rules.dice import Face
from tales.rules.entries import Drew, Faces
from tales.rules.options import (
    Accept,
    Assist,
    Attempt,
    Back,
    CancelDie,
    Combat,
    Confirm,
    Discard,
    DrawOn,
    EndRound,
    Equip,
    Explode,
    Focus,
    GiveItem,
    GiveUp,
    HelpMarker,
    KeepCards,
    KeepRed,
    Move,
    Option,
    PayCard,
    PayMarker,
    PlayCard,
    Recover,
    Reroll,
    Rest,
    ReturnCard,
    Roll,
    Run,
    StopDrawing,
    Stratagem,
    TakeBackToken,
    TakeCard,
    TakeOnPrisoner,
    ToggleDie,
    UseAbility,
    UseItem,
    option,
    option_classes,
    parse_option,
    written,
)
from tales.rules.randomness import (
    CardsBy,
    DiceBy,
    DrawForUs,
    RollForUs,
)
from tales.rules.terms import Attribute, StatusCardKind
from tales.story.core import Core
from tales.story.game import Game, GameSetup, start_game
from tales.story.loader import load_tale
from tales.story.model import Tale
from tales.story.options import CarryItem, CarryNothing, StoryChoice, StoryOption
from tests.rules.test_game_invariants import draw_game, play
from tests.story.test_campaign import two_scenario_tale

ROOT = Path(__file__).resolve().parents[2]

# One option of each kind, with its id exactly as journals and saves hold it.
EXAMPLES: list[tuple[Option, str]] = [
    (EndRound(), "end-round"),
    (Rest("ezra-marsh"), "rest:ezra-marsh"),
    (Move("ezra-marsh", "nave"), "move:ezra-marsh:nave"),
    (Run("ezra-marsh", "bell-house"), "run:ezra-marsh:bell-house"),
    (Recover("ezra-marsh", StatusCardKind.STRESS), "recover:ezra-marsh:STRESS"),
    (UseItem("ezra-marsh", "whiskey"), "use:ezra-marsh:whiskey"),
    (GiveItem("ezra-marsh", "philip-harris", "lantern"), "give:ezra-marsh:philip-harris:lantern"),
    (Equip("ezra-marsh", "revolver"), "equip:ezra-marsh:revolver"),
    (Combat("ezra-marsh", "revolver"), "combat:ezra-marsh:revolver"),
    (Stratagem("ezra-marsh"), "stratagem:ezra-marsh"),
    (UseAbility("irene-dubois", "ezra-marsh"), "ability:irene-dubois:ezra-marsh"),
    (TakeBackToken("ezra-marsh"), "take-token:ezra-marsh"),
    (TakeOnPrisoner("ezra-marsh", "old-obed"), "take-on:ezra-marsh:old-obed"),
    (PayCard("ezra-marsh-03"), "pay:ezra-marsh-03"),
    (PayMarker("irene-dubois", "POWER"), "marker:irene-dubois:POWER"),
    (Back(), "back"),
    (DrawOn(), "draw"),
    (StopDrawing(), "stop"),
    (Discard("ezra-marsh-04"), "discard:ezra-marsh-04"),
    (KeepCards(), "keep"),
    (ReturnCard("stress-02"), "return:stress-02"),
    (Focus(Attribute.EDUCATION), "focus:EDUCATION"),
    (PlayCard("ezra-marsh-01"), "play:ezra-marsh-01"),
    (Assist("philip-harris-02"), "assist:philip-harris-02"),
    (HelpMarker("irene-dubois"), "marker:irene-dubois"),
    (Roll(), "roll"),
    (Explode(), "explode"),
    (Reroll("philip-harris"), "reroll:philip-harris"),
    (Accept(), "accept"),
    (KeepRed(1), "keep-red:1"),
    (ToggleDie(0), "die:0"),
    (Confirm(), "confirm"),
    (TakeCard("ezra-marsh-05"), "take:ezra-marsh-05"),
    (CancelDie(2), "cancel:2"),
    (Attempt("philip-harris"), "attempt:philip-harris"),
    (GiveUp(), "give-up"),
    (StoryOption("ezra-marsh", 12, 0), "story:ezra-marsh:12:0"),
    (StoryChoice(3), "choice:3"),
    (CarryItem("lantern"), "carry:lantern"),
    (CarryNothing(), "carry:none"),
    # A physical table: who rolls, and what the real dice and decks gave.
    (DiceBy(Source.PHYSICAL), "dice-by:physical"),
    (CardsBy(Source.DIGITAL), "cards-by:digital"),
    (RollForUs(), "roll-for-us"),
    (DrawForUs(), "draw-for-us"),
    (Faces((Face.parse("success"), Face()), (Face.parse("skull"),)), "faces:success,blank:skull"),
    (Faces((Face.parse("explode"),), ()), "faces:explode:"),
    (Drew("ezra-marsh-03"), "drew:ezra-marsh-03"),
]


@pytest.mark.parametrize(("option", "text"), EXAMPLES, ids=[t for _, t in EXAMPLES])
def test_each_kind_of_option_keeps_its_id_and_round_trips(option: Option, text: str) -> None:
    assert option.id == text
    assert parse_option(text) == option
    assert type(option).from_id(text) == option


def test_every_registered_option_of_the_engine_has_an_example() -> None:
    shown = {type(option) for option, _ in EXAMPLES}
    # The Travel Guide's options share the registry; tests/guide pins theirs.
    engine = {
        c
        for c in option_classes()
        if c.__module__.startswith("tales.") and not c.__module__.startswith("tales.guide.")
    }
    assert engine <= shown, sorted(c.__name__ for c in engine - shown)


def test_the_label_takes_no_part_in_equality() -> None:
    told, other = Move("ezra-marsh", "nave", label="Ezra moves"), Move("ezra-marsh", "nave")
    assert told == other and hash(told) == hash(other)
    assert parse_option(told.id).label == ""
    assert Rest("ezra-marsh") != Stratagem("ezra-marsh"), "the kind is part of the value"
    assert Move("ezra-marsh", "nave") != Move("ezra-marsh", "landing")


def test_a_field_holding_the_separator_is_refused() -> None:
    with pytest.raises(ValueError, match="may not contain"):
        _ = Move("ezra-marsh", "a:b").id


MALFORMED = [
    "",
    "move",
    "move:ezra-marsh",
    "move:ezra-marsh:nave:again",
    "keep-red:x",
    "keep-red:01",
    "keep-red:+1",
    "focus:LUCK",
    "recover:ezra-marsh:PANICKY",
    "story:ezra-marsh:twelve:0",
    "nonsense:1",
    "end-round:now",
    "Roll",
    " roll",
]


@pytest.mark.parametrize("text", MALFORMED)
def test_a_malformed_id_raises_a_narrow_error_quoting_it(text: str) -> None:
    with pytest.raises(OptionIdError) as raised:
        parse_option(text)
    assert repr(text) in str(raised.value)
    assert isinstance(raised.value, ValueError) and isinstance(raised.value, TalesError)


def test_an_id_of_another_kind_is_refused_by_from_id() -> None:
    with pytest.raises(OptionIdError, match=r"'rest:ezra-marsh' is not the id of a Move"):
        Move.from_id("rest:ezra-marsh")


def test_a_decision_in_a_test_carries_its_test_and_only_those_do() -> None:
    with pytest.raises(ValueError, match="needs test state"):
        Decision("ezra-marsh", DecisionKind.PREPARE, "Prepare", (Roll(),))
    assert DecisionKind.PREPARE == "prepare", "the kinds keep their words"
    assert {k for k in DecisionKind if k.in_test} == {
        DecisionKind.PREPARE,
        DecisionKind.AFTER_ROLL,
        DecisionKind.KEEP_RED,
        DecisionKind.REROLL,
        DecisionKind.CANCEL_DIE,
        DecisionKind.ENTER_DICE,  # the faces of a test's real dice
    }


def test_the_procedure_receives_the_typed_option() -> None:
    received: list[Option] = []

    def ask() -> Engine[None]:
        def procedure():  # type: ignore[no-untyped-def]
            received.append((yield Decision(None, DecisionKind.ACTIVITY, "Go?", (Rest("a"),))))

        return Engine(procedure(), EventSink())

    engine = ask()
    engine.apply("rest:a")
    assert received == [Rest("a")] and isinstance(received[0], Rest)


# --- random whole games --------------------------------------------------------


def assert_round_trips(decision: Decision | None) -> None:
    if decision is None:
        return
    for offered in decision.options:
        assert parse_option(offered.id) == offered, offered


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_every_option_of_the_rules_round_trips(core: Core, data: st.DataObject) -> None:
    """Random games of the real round (1 to 4 players, the Wrecker's
    encounters): every option offered reads back from its id."""
    game = draw_game(data, core)
    for step in play(core, game):
        assert_round_trips(step.engine.pending)


@pytest.fixture(scope="module")
def tales_(tmp_path_factory: pytest.TempPathFactory) -> list[Tale]:
    """The starter tale as a two-part campaign (items carried, the interlude
    read) and the Reef Ledger."""
    roots = [
        two_scenario_tale(tmp_path_factory.mktemp("tale")),
        ROOT / "storybooks" / "the-reef-ledger",
    ]
    loaded = [load_tale(root) for root in roots]
    assert all(tale is not None for tale, _ in loaded), [problems for _, problems in loaded]
    return [tale for tale, _ in loaded if tale is not None]


STEP_CAP = 3000
SENSIBLE = 0.7  # how often the group plays the sensible bot, so games get far


@settings(max_examples=16, deadline=None)
@given(
    which=st.integers(min_value=0, max_value=1),
    players=st.integers(min_value=1, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_every_option_of_a_storybook_game_round_trips(
    core: Core, tales_: list[Tale], which: int, players: int, seed: int
) -> None:
    """Whole games of the bundled tales, 1 to 4 players, choices drawn at
    random or by the sensible bot, on into a campaign's next scenario: story
    options, choices and the items carried over read back from their ids."""
    rng = random.Random(seed)
    tale = tales_[which]
    team = rng.sample(sorted(core.investigators), 4)
    scenario = next(iter(tale.scenarios))
    setup = GameSetup(scenario, tuple(team[:players]), tuple(team[players:]), seed=seed)
    game: Game = start_game(core, tale, setup)
    for _ in range(STEP_CAP):
        pending = game.pending
        if pending is None:
            if game.next_scenario is None:
                break
            going_on = game.next_scenario
            next_setup = GameSetup(going_on.scenario, setup.players, setup.companions, seed=seed)
            game = start_game(core, tale, next_setup, going_on.campaign)
            continue
        assert_round_trips(pending)
        if rng.random() < SENSIBLE:
            choice = sensible_policy(pending, game.view, rng).id
        else:
            choice = rng.choice(pending.options).id
        game.apply(choice)
    assert game.inputs is game.engine.inputs, "one input log, the engine's"


def test_an_option_is_pushed_as_itself_or_by_an_equal_value() -> None:
    """``Engine.push`` plays an option object (python-chess's ``push``), and
    logs its id as ``apply`` does; an option not offered is refused."""

    def two_rests() -> Proc[list[Option]]:
        first = yield Decision(None, DecisionKind.ACTIVITY, "Who?", (Rest("a"), Rest("b")))
        second = yield Decision(None, DecisionKind.ACTIVITY, "Who?", (Rest("a"), Rest("b")))
        return [first, second]

    engine = Engine(two_rests(), EventSink())
    assert engine.pending is not None
    engine.push(engine.pending.options[1])
    with pytest.raises(IllegalInput, match="'rest:c' is not a legal choice"):
        engine.push(Rest("c"))
    engine.push(Rest("a", label="an equal value"))
    assert engine.inputs == ["rest:b", "rest:a"]
    assert engine.result == [Rest("b"), Rest("a")]


def test_an_option_class_must_be_registered_to_have_an_id() -> None:
    @record
    class Unregistered(Option):
        name: str

    with pytest.raises(TypeError, match="Unregistered is not registered"):
        _ = Unregistered("x").id


def test_two_classes_may_not_claim_the_same_id_shape() -> None:
    with pytest.raises(ValueError, match="'move' is taken by Move"):

        @option("move")
        @record
        class AnotherMove(Option):
            investigator: str
            destination: str


def test_an_id_already_written_is_found_without_a_parse_and_an_unwritten_one_is_not() -> None:
    """Decision.get looks first among the ids the prompt or a bot has written
    (``written``); an option whose id nobody wrote is found by its parse."""
    first, second = PlayCard("vigor-01", label="Play"), PlayCard("vigor-02", label="Play")
    assert written((first, second), "play:vigor-02") is None, "no id written yet"
    assert second.id == "play:vigor-02"
    assert written((first, second), "play:vigor-02") is second
    assert written((first, second), "") is None
    decision = Decision(None, DecisionKind.ACTIVITY, "?", (first, second))
    assert decision.get("play:vigor-01") is first, "found by its parse"
    assert first.id == "play:vigor-01"


@pytest.mark.parametrize(
    ("option", "text"),
    [(PlayCard("vigor-01"), "play:vigor-01"), (KeepRed(1), "keep-red:1")],
)
def test_a_one_field_id_is_written_as_the_prefix_and_the_field(option: Option, text: str) -> None:
    assert option.id == text and parse_option(text) == option
    with pytest.raises(ValueError, match="may not contain ':'"):
        _ = PlayCard("a:b").id
