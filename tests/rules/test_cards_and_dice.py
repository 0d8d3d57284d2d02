"""Components: die faces, dice sets, cards, the supply, the core investigators and
setting up the table.

"Components Golden Rule: If during your adventure the Resource Pool of any
component won't allow you to get that specific component, you just continue the
game without it."
"""

from __future__ import annotations

from collections import Counter

import pytest

from tales.errors import FaceError
from tales.rules.cards import CardKind, heroism_card, status_card
from tales.rules.dice import DiceSet, Face, Symbol
from tales.rules.setup import new_table
from tales.rules.supply import Supply, SupplyCounts
from tales.rules.terms import Attribute, EventSymbol, StatusCardKind, StatusToken, Track
from tales.story.core import Core
from tests.conftest import ruling, table_for

CORE_WHITE = ["blank", "blank", "success", "success", "explode", "shatter"]
CORE_RED = ["blank", "success", "success", "skull", "tentacle", "star"]


# --- Faces -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "symbols"),
    [
        ("blank", set()),
        ("success", {Symbol.SUCCESS}),
        ("explode", {Symbol.EXPLODE}),
        ("shatter", {Symbol.SHATTER}),
        ("skull", {Symbol.SKULL}),
        ("tentacle", {Symbol.TENTACLE}),
        ("star", {Symbol.STAR}),
        ("success+skull", {Symbol.SUCCESS, Symbol.SKULL}),
    ],
)
def test_face_words_round_trip(text: str, symbols: set[Symbol]) -> None:
    """The rulebook names the symbols: Success, "Exploding Success", "Shattered Star"
    and the narrative "skull, tentacle or star"."""
    face = Face.parse(text)
    assert face.symbols == symbols
    assert str(face) == text
    assert Face.parse(str(face)) == face
    assert repr(face) == f"Face.parse({text!r})"


def test_a_two_symbol_face_reads_in_any_order_and_case() -> None:
    face = Face.parse(" Skull + SUCCESS ")
    assert face == Face.parse("success+skull")
    assert (face.successes, face.event, face.explodes, face.shatters) == (
        1,
        EventSymbol.SKULL,
        False,
        False,
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("sucess", "'sucess' is not a die face; faces use the words blank, success,"),
        ("success+blank", "'success+blank' is not a die face"),
        ("", "'' is not a die face"),
        ("star+star", "'star+star' names a symbol twice"),
    ],
)
def test_bad_face_words_raise_face_error_quoting_the_input(text: str, message: str) -> None:
    with pytest.raises(FaceError) as error:
        Face.parse(text)
    assert str(error.value).startswith(message)
    assert isinstance(error.value, ValueError)


@ruling("exploding-success-counts")
def test_what_each_face_counts() -> None:
    """The rulebook: "Each Success symbol rolled counts as 1 Success"; "The Exploding
    Success symbol is an Exploding Success"; "The Shattered Star symbol is a Shattered
    Star -- it cancels 1 other rolled Success"."""
    counts = {
        w: (Face.parse(w).successes, Face.parse(w).explodes, Face.parse(w).shatters)
        for w in ("blank", "success", "explode", "shatter", "star")
    }
    assert counts == {
        "blank": (0, False, False),
        "success": (1, False, False),
        "explode": (1, True, False),
        "shatter": (0, False, True),
        "star": (0, False, False),
    }
    assert [Face.parse(w).event for w in ("skull", "tentacle", "star", "success")] == [
        EventSymbol.SKULL,
        EventSymbol.TENTACLE,
        EventSymbol.STAR,
        None,
    ]


# --- Dice sets ---------------------------------------------------------------------


def test_a_die_has_six_faces() -> None:
    with pytest.raises(FaceError, match="a white die has 6 faces, not 5"):
        DiceSet.from_words(CORE_WHITE[:5], CORE_RED)
    with pytest.raises(FaceError, match="a red die has 6 faces, not 7"):
        DiceSet.from_words(CORE_WHITE, [*CORE_RED, "blank"])


def test_white_dice_carry_no_narrative_symbol() -> None:
    """The rulebook: "Finally, check the red die. If it shows any of the Event
    symbols (skull, tentacle or star), place the appropriate token" -- only the red."""
    with pytest.raises(FaceError, match="white dice carry no narrative symbol"):
        DiceSet.from_words([*CORE_WHITE[:5], "success+star"], CORE_RED)


@pytest.mark.parametrize("word", ["explode", "shatter"])
def test_red_dice_carry_no_explosion_or_shattered_star(word: str) -> None:
    """The rulebook: an Exploding Success rolls "1 additional white die"; "Red dice can
    never be rerolled"."""
    with pytest.raises(FaceError, match="red dice carry no Exploding Success"):
        DiceSet.from_words(CORE_WHITE, [*CORE_RED[:5], word])


@ruling("dice-faces")
def test_core_dice_are_the_rulings_faces(core: Core) -> None:
    """The rulebook: "All 8 dice (6 white and 2 red)"; the layout is the ruling's."""
    words = core.rulings.value("dice-faces")
    assert words == {"white": CORE_WHITE, "red": CORE_RED}
    assert core.dice == DiceSet.from_words(CORE_WHITE, CORE_RED)
    assert (core.dice.white_count, core.dice.red_count) == (6, 2)
    white_successes = sum(f.successes for f in core.dice.white)
    red_events = sum(f.event is not None for f in core.dice.red)
    assert (white_successes, red_events) == (3, 3)


# --- Cards -------------------------------------------------------------------------


@ruling("heroism-card")
def test_the_heroism_card_is_a_wild_success_with_the_action_icon() -> None:
    """The rulebook: "If you decide to play in solo mode, add 1 Heroism card to your
    Investigator's deck." Ruling: "1 guaranteed Success in a test of any attribute,
    and the Action icon"."""
    card = heroism_card(1)
    assert card.kind is CardKind.HEROISM and card.id == "heroism-1"
    assert [card.successes_for(a) for a in Attribute] == [1] * 6
    assert [card.dice_for(a) for a in Attribute] == [0] * 6
    assert card.action and not card.is_status
    assert str(card) == "Heroism card"


@ruling("heroism-card")
def test_a_solo_deck_holds_sixteen_cards_with_the_heroism_card(core: Core) -> None:
    """The rulebook: "In solo mode, you control one Investigator and three selected
    Companions"; "add 1 Heroism card to your Investigator's deck"."""
    solo = table_for(core, ["laszlo-varga"], ["ezra-marsh", "irene-dubois", "sarah-elington"])
    deck = solo.investigator("laszlo-varga").deck
    assert len(deck) == 16
    assert [c.id for c in deck if c.kind is CardKind.HEROISM] == ["heroism-1"]
    assert len(solo.supply.heroism_cards) == 3

    pair = table_for(core, ["laszlo-varga", "ezra-marsh"])
    for inv in pair.players():
        assert len(inv.deck) == 15
        assert not any(c.kind is CardKind.HEROISM for c in inv.deck)
    assert len(pair.supply.heroism_cards) == 4


def test_status_cards_have_no_action_icon() -> None:
    """The rulebook: "These cards must be played in your Play Area"."""
    card = status_card(StatusCardKind.STRESS, 3)
    assert (card.id, card.status, card.action, card.is_status) == (
        "stress-03",
        StatusCardKind.STRESS,
        False,
        True,
    )
    assert not any(card.helps(a) for a in Attribute)
    assert str(card) == "STRESS card"


# --- The supply --------------------------------------------------------------------


def test_an_empty_supply_gives_nothing_and_raises_nothing() -> None:
    """Components Golden Rule: "you just continue the game without it"."""
    counts = SupplyCounts(
        {StatusCardKind.PANIC: 1},
        {StatusToken.FOCUS: 1},
        {EventSymbol.STAR: 1},
        heroism_cards=1,
    )
    supply = Supply.full(counts)
    assert [c.id for c in supply.status_cards[StatusCardKind.PANIC]] == ["panic-01"]
    assert supply.status_cards[StatusCardKind.STRESS] == []

    panic = supply.take_status_card(StatusCardKind.PANIC)
    assert panic is not None and panic.id == "panic-01"
    assert supply.take_status_card(StatusCardKind.PANIC) is None
    assert supply.take_status_card(StatusCardKind.STRESS) is None
    assert (supply.take_token(StatusToken.FOCUS), supply.take_token(StatusToken.FOCUS)) == (
        True,
        False,
    )
    assert supply.take_token(StatusToken.SCARED) is False
    assert supply.take_event_token(EventSymbol.STAR) is True
    assert supply.take_event_token(EventSymbol.STAR) is False
    assert supply.take_event_token(EventSymbol.SKULL) is False
    assert supply.take_heroism_card() is not None
    assert supply.take_heroism_card() is None

    supply.return_card(panic)
    supply.return_token(StatusToken.FOCUS)
    assert supply.take_status_card(StatusCardKind.PANIC) == panic
    assert supply.take_token(StatusToken.FOCUS) is True


def test_only_status_cards_return_to_the_supply() -> None:
    """The rulebook: "return them to the general supply" speaks of Status cards."""
    supply = Supply.full(SupplyCounts({}, {}, {}))
    with pytest.raises(
        ValueError, match="only status cards go back to the supply, not 'heroism-1'"
    ):
        supply.return_card(heroism_card(1))


def test_a_solo_table_without_a_heroism_card_left_still_sets_up(core: Core) -> None:
    """Components Golden Rule, for the Heroism card."""
    box = SupplyCounts(
        core.supply.status_cards, core.supply.status_tokens, core.supply.event_tokens, 0
    )
    sheet = core.investigators["laszlo-varga"]
    table = new_table([sheet], [], dice=core.dice, supply=box, seed=3, rulings=core.rulings)
    assert len(table.investigator("laszlo-varga").deck) == 15


# --- The core investigators ----------------------------------------------------------


@ruling("investigator-numbers")
def test_core_investigators_share_the_box(core: Core) -> None:
    """The rulebook: "8 Investigator boards"; "120 Attribute cards (20 per attribute)";
    "24 MAGIC tokens"; "24 ENERGY tokens"."""
    sheets = core.investigators
    assert len(sheets) == 8
    assert all(len(s.deck) == 15 for s in sheets.values())
    per_attribute = Counter(c.attribute for s in sheets.values() for c in s.deck)
    assert per_attribute == {a: 20 for a in Attribute}
    assert all(s.maxima[Track.VITALITY] + s.maxima[Track.SANITY] == 12 for s in sheets.values())
    assert sum(s.maxima[Track.ENERGY] for s in sheets.values()) == 24
    assert sum(s.maxima[Track.MAGIC] for s in sheets.values()) == 24
    ids = [c.id for s in sheets.values() for c in s.deck]
    assert len(set(ids)) == 120, "card ids are unique across the box"


@ruling("investigator-numbers")
def test_every_deck_can_try_any_test(core: Core) -> None:
    """Ruling investigator-numbers: "a speciality of 4 or 5 cards and at least one
    card of each attribute"."""
    for slug, sheet in core.investigators.items():
        counts = Counter(c.attribute for c in sheet.deck)
        assert set(counts) == set(Attribute), slug
        assert max(counts.values()) in (4, 5), slug


@ruling("investigator-numbers")
def test_ezra_as_the_rulebook_prints_him(core: Core) -> None:
    """The rulebook: "He also has 3 MAGIC points ... The keyword SEA is also counted
    as validated." """
    ezra = core.investigators["ezra-marsh"]
    assert ezra.name == "Ezra Marsh" and ezra.keyword == "SEA"
    assert ezra.maxima[Track.MAGIC] == 3
    assert len(ezra.companion_markers) == 3


def test_investigators_start_at_their_maxima(core: Core) -> None:
    """The rulebook: "ENERGY and MAGIC tokens, according to the maximum values shown on
    the Investigator board." "VITALITY and SANITY markers, both placed at the maximum
    value on their respective tracks." """
    table = table_for(core, ["ezra-marsh", "irene-dubois"])
    for inv in table.investigators.values():
        assert {t: inv.track(t) for t in Track} == dict(inv.sheet.maxima)
        assert sorted(c.id for c in inv.deck) == sorted(c.id for c in inv.sheet.deck)


# --- Setup -------------------------------------------------------------------------


def test_five_players_are_refused(core: Core) -> None:
    """The rulebook: "there will always be four Investigators in play"."""
    with pytest.raises(ValueError, match="played by 1 to 4 players, not 5"):
        table_for(core, list(core.investigators)[:5])


def test_no_players_are_refused(core: Core) -> None:
    with pytest.raises(ValueError, match="played by 1 to 4 players, not 0"):
        table_for(core, [], ["ezra-marsh"])


def test_an_investigator_chosen_twice_is_refused(core: Core) -> None:
    """The rulebook: "Each Investigator board is double-sided" -- one board, one role."""
    with pytest.raises(ValueError, match=r"each investigator plays once; Ezra Marsh chosen twice$"):
        table_for(core, ["arthur-blackwood", "ezra-marsh"], ["ezra-marsh"])


def test_too_many_companions_are_refused(core: Core) -> None:
    """The rulebook: "in a two-player game, the team consists of two player-controlled
    Investigators and two Companions"."""
    with pytest.raises(ValueError, match="2 players leave room for 2 companions, not 3") as error:
        table_for(
            core,
            ["arthur-blackwood", "ezra-marsh"],
            ["irene-dubois", "laszlo-varga", "sarah-elington"],
        )
    assert str(error.value).startswith("the team has 4 investigators;")
