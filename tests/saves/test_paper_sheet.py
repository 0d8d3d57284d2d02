"""A paper Save sheet typed in by hand (no `digital:` part) loads, completed
by the sheet-* rulings, and becomes a digital sheet the first time it is saved.

Rulebook, Saving System: "Write down the number of STRESS, INJURY, PANIC, and
POISON cards in your deck. Note all their Item cards in the appropriate field
based on the number of available uses left on them. Finally, list all the
Clue cards, Status tokens, and any Special cards." And: "When setting up the
game again, just follow the Save sheet and pass out Character cards."
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from tales.errors import SheetError
from tales.rules.items import BACKPACK, HAND
from tales.rules.terms import EventSymbol, StatusCardKind, StatusToken
from tales.saves.fields import Fields
from tales.saves.load import read_sheet
from tales.saves.restore import Restored, restore
from tales.saves.session import load_saved
from tales.saves.store import SaveFiles
from tests.conftest import ruling
from tests.saves.helpers import DATA, copy_sheet, picture

PAPER = DATA / "paper-sheet.yaml"


def edited(saves: Path, *changes: tuple[str, str], name: str = "sunday") -> SaveFiles:
    files = copy_sheet(PAPER, saves, name)
    text = files.sheet.read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    files.sheet.write_text(text, encoding="utf-8")
    return files


def restored(files: SaveFiles, core, seed: int = 11) -> Restored:
    """The table as the sheet sets it, before the next round begins."""
    loaded = read_sheet(files, core)
    fields = Fields(str(files.sheet))
    result = restore(loaded.data, fields, core, loaded.tale, fresh_seed=seed)
    assert result is not None, [str(p) for p in fields.problems]
    assert not result.exact
    return result


def refused(files: SaveFiles, core) -> SheetError:
    before = files.sheet.read_bytes()
    with pytest.raises(SheetError) as error:
        load_saved(files, core)
    assert files.sheet.read_bytes() == before
    return error.value


# Loading -------------------------------------------------------------------------------


def test_the_paper_sheet_loads_as_it_states(core, saves):
    files = copy_sheet(PAPER, saves, "sunday")
    game, warnings = load_saved(files, core)
    assert sorted(w.split("(")[-1].rstrip(")") for w in warnings) == [
        "ruling sheet-story-memory",
        "ruling sheet-time",
    ]
    assert all(w.startswith("a sheet typed in by hand") for w in warnings)
    assert game.table.round == 4 and game.game.pending is not None

    table = restored(copy_sheet(PAPER, saves, "typed"), core).table
    ezra, laszlo = table.investigators["ezra-marsh"], table.investigators["laszlo-varga"]
    irene, arthur = table.investigators["irene-dubois"], table.investigators["arthur-blackwood"]
    assert (ezra.vitality, ezra.sanity, ezra.energy, ezra.magic) == (5, 4, 2, 1)
    assert (laszlo.vitality, laszlo.sanity, laszlo.energy, laszlo.magic) == (6, 3, 3, 0)
    assert (irene.energy, irene.magic, arthur.energy, arthur.magic) == (1, 4, 2, 2)
    assert irene.companion and arthur.companion and not ezra.companion
    assert (ezra.location, laszlo.location) == ("sea-stair", "boat-shed")
    assert {h.slug: h.uses for h in ezra.items} == {
        "hatchet": 2,
        "storm-lantern": 1,
        "bell-clapper": 1,
    }
    assert {h.slug: h.uses for h in laszlo.items} == {
        "pocket-pistol": 3,
        "flensing-spade": 2,
        "prayer-book": 1,
    }
    assert +ezra.tokens == Counter({StatusToken.BLEEDING: 1})
    assert +laszlo.tokens == Counter({StatusToken.ADVANTAGE: 2})
    assert table.revealed == {"landing", "nave", "bell-house", "boat-shed", "sea-stair"}
    assert table.keywords == {"CHOIR", "FAITH"}
    assert dict(+table.event_tokens) == {
        EventSymbol.SKULL: 2,
        EventSymbol.TENTACLE: 2,
        EventSymbol.STAR: 1,
    }
    assert table.round == 4  # the sheet names round 3, just played
    assert table.found["clue"] == {"ringers-log"}
    [choir] = table.encounters.values()
    assert (choir.location, choir.encounter.slug, choir.path, choir.tokens) == (
        "sea-stair",
        "the-choir-on-the-stair",
        "combat",
        2,
    )


def test_after_loading_the_sheet_is_digital_and_the_paper_one_is_kept(core, saves):
    files = copy_sheet(PAPER, saves, "sunday")
    load_saved(files, core)
    assert files.backup.read_bytes() == PAPER.read_bytes()
    written = YAML(typ="safe").load(files.sheet.read_text(encoding="utf-8"))
    assert isinstance(written["digital"]["seed"], int)
    assert set(written["digital"]["decks"]) == {"ezra-marsh", "laszlo-varga"}
    assert (written["session"], written["round"], written["scenario"]) == (
        "sunday",
        3,
        "bell-house",
    )


def test_loading_the_converted_sheet_again_gives_the_same_game(core, saves):
    files = copy_sheet(PAPER, saves, "sunday")
    first, _ = load_saved(files, core)
    again, warnings = load_saved(files, core)
    assert warnings == []
    assert picture(again.game) == picture(first.game)


def test_the_notes_of_a_paper_sheet_survive_its_conversion(core, saves):
    files = copy_sheet(PAPER, saves, "sunday")
    load_saved(files, core)
    written = YAML(typ="safe").load(files.sheet.read_text(encoding="utf-8"))
    assert written["notes"] == "Ezra carries the tongue; Laszlo is still in the boat shed."


# The sheet-* rulings -------------------------------------------------------------------


@ruling("sheet-decks")
def test_decks_are_dealt_again_and_shuffled_with_a_fresh_seed(core, saves):
    """Rulebook: "Once noted, take all their cards together, including the
    Character deck": a deck is the character's 15 cards and the stated
    status cards (and Heroism), in no remembered order, none in hand."""
    files = copy_sheet(PAPER, saves, "sunday")
    one = restored(files, core, seed=1)
    ezra = one.table.investigators["ezra-marsh"]
    laszlo = one.table.investigators["laszlo-varga"]
    for inv, statuses, heroism in (
        (ezra, {StatusCardKind.STRESS: 1, StatusCardKind.INJURY: 2}, 1),
        (laszlo, {StatusCardKind.STRESS: 2, StatusCardKind.PANIC: 1}, 0),
    ):
        assert inv.hand == [] and inv.play_area == [] and inv.discard == []
        own = sorted(c.id for c in inv.sheet.deck)
        assert len(own) == 15
        assert sorted(c.id for c in inv.deck if c.status is None and c.id in own) == own
        assert Counter(c.status for c in inv.deck if c.status is not None) == Counter(statuses)
        assert sum(c.id.startswith("heroism") for c in inv.deck) == heroism
        assert len(inv.deck) == 15 + sum(statuses.values()) + heroism
    # Shuffled from the fresh seed, which the game keeps: the same seed deals
    # the same decks, another seed others.
    assert one.seed == one.table.seed == 1
    same = restored(files, core, seed=1).table.investigators["ezra-marsh"]
    other = restored(files, core, seed=2).table.investigators["ezra-marsh"]
    assert [c.id for c in same.deck] == [c.id for c in ezra.deck]
    assert [c.id for c in other.deck] != [c.id for c in ezra.deck]
    assert [c.id for c in ezra.deck] != sorted(c.id for c in ezra.deck)


@ruling("sheet-time")
def test_without_time_the_marker_is_one_space_a_round_past_the_start(core, saves):
    """Rulebook: "Advance the time marker on the Event board to the next space"
    at every round end; the paper sheet does not record where it stands."""
    standard = restored(copy_sheet(PAPER, saves, "standard"), core)
    assert standard.table.time == 1 + 3  # start 1 (standard), 3 rounds played
    assert any("sheet-time" in note for note in standard.notes)
    hard = restored(edited(saves, ("difficulty: standard", "difficulty: hard"), name="hard"), core)
    assert hard.table.time == 3 + 3  # start 3 on hard
    late = edited(saves, ("difficulty: standard", "difficulty: hard"), ("round: 3", "round: 7"))
    assert restored(late, core).table.time == 8  # never past the last space
    given = restored(edited(saves, ("round: 3\n", "round: 3\ntime: 6\n"), name="given"), core)
    assert given.table.time == 6
    assert not any("sheet-time" in note for note in given.notes)


@ruling("sheet-story-memory")
def test_the_storybook_memory_is_rebuilt_from_the_revealed_locations(core, saves):
    """Rulebook: "You also have space to write any additional notes that may
    be needed to set up the game again." The rest is rebuilt."""
    result = restored(copy_sheet(PAPER, saves, "sunday"), core)
    state, book = result.book.state, result.book.book
    scenes = {"landing": 2, "nave": 7, "bell-house": 12, "boat-shed": 5, "sea-stair": 14}
    assert state.scenes == scenes
    assert state.visited == {book.introduction, *scenes.values(), 13, 17}  # with `read`
    # The one-off "Read the office for the burial of the dead at sea" (14,
    # option 2) leads to 17, which was read: it is gone. Nothing else is.
    assert state.taken == {(14, 1)}
    assert result.table.location_tokens["sea-stair"] == {"flood": 0}
    assert state.last_actor == "ezra-marsh"
    assert state.log == {"the-bell": {"seen-from-innsmouth": False}}
    assert state.counters == {"innsmouth-watch": 1}
    # Scenario items held were found, except the one given at setup.
    assert result.table.found["item"] == {"bell-clapper", "flensing-spade"}
    assert "storm-lantern" in book.setup_items
    assert any("sheet-story-memory" in note for note in result.notes)


def test_a_read_paragraph_that_does_not_exist_is_refused(core, saves):
    error = refused(edited(saves, ("read: [13, 17]", "read: [13, 999]")), core)
    assert any(p.field == "read" and p.line == 12 and "999" in p.message for p in error.problems)


@ruling("sheet-thresholds")
def test_thresholds_the_tokens_already_complete_have_been_read(core, saves):
    """Rulebook: "If this token completes a condition on the current space of
    the Event track, read the corresponding narrative." Two tentacles have
    completed theirs; two skulls complete one on hard only; three are needed
    otherwise."""
    fired = restored(copy_sheet(PAPER, saves, "standard"), core).table.fired
    assert {(t.symbol, t.count, t.paragraph) for t in fired} == {(EventSymbol.TENTACLE, 2, 26)}
    hard = edited(saves, ("difficulty: standard", "difficulty: hard"), name="hard")
    fired = restored(hard, core).table.fired
    assert {(t.symbol, t.count, t.paragraph) for t in fired} == {
        (EventSymbol.TENTACLE, 2, 26),
        (EventSymbol.SKULL, 2, 27),
    }
    none = edited(saves, ("{skull: 2, tentacle: 2, star: 1}", "{skull: 0, tentacle: 1, star: 1}"))
    assert restored(none, core).table.fired == set()


@ruling("sheet-supply")
def test_the_supply_is_the_box_less_what_the_sheet_puts_in_play(core, saves):
    """Rulebook: "Components Golden Rule: If during your adventure the
    Resource Pool of any component won't allow you to get that specific
    component, you just continue the game without it." """
    box = core.supply
    supply = restored(copy_sheet(PAPER, saves, "sunday"), core).table.supply
    cards = {k: len(v) for k, v in supply.status_cards.items()}
    assert cards == {
        StatusCardKind.STRESS: box.status_cards[StatusCardKind.STRESS] - 3,
        StatusCardKind.INJURY: box.status_cards[StatusCardKind.INJURY] - 2,
        StatusCardKind.PANIC: box.status_cards[StatusCardKind.PANIC] - 1,
        StatusCardKind.POISON: box.status_cards[StatusCardKind.POISON],
    }
    assert len(supply.heroism_cards) == box.heroism_cards - 1
    assert (
        supply.status_tokens[StatusToken.ADVANTAGE] == box.status_tokens[StatusToken.ADVANTAGE] - 2
    )
    assert supply.status_tokens[StatusToken.BLEEDING] == box.status_tokens[StatusToken.BLEEDING] - 1
    assert supply.status_tokens[StatusToken.FOCUS] == box.status_tokens[StatusToken.FOCUS]
    assert supply.event_tokens[EventSymbol.SKULL] == box.event_tokens[EventSymbol.SKULL] - 2
    assert supply.event_tokens[EventSymbol.TENTACLE] == box.event_tokens[EventSymbol.TENTACLE] - 2
    assert supply.event_tokens[EventSymbol.STAR] == box.event_tokens[EventSymbol.STAR] - 1
    assert supply.use_markers == box.use_markers - (2 + 1 + 1 + 3 + 2 + 1)
    assert supply.encounter_tokens == box.encounter_tokens - 2


@ruling("sheet-supply")
def test_a_sheet_holding_more_status_tokens_than_the_box_is_refused(core, saves):
    files = edited(saves, ("{BLEEDING: 1}", "{ADVANTAGE: 7}"))  # and Laszlo's 2: 9 of 8
    error = refused(files, core)
    assert any("ADVANTAGE" in p.message and "the box has 8" in p.message for p in error.problems)


@ruling("sheet-supply")
def test_a_sheet_holding_more_status_cards_than_the_box_is_refused(core, saves):
    files = edited(
        saves,
        (
            "{STRESS: 1, INJURY: 2, PANIC: 0, POISON: 0}",
            "{STRESS: 1, INJURY: 2, PANIC: 8, POISON: 0}",
        ),
        (
            "{STRESS: 2, INJURY: 0, PANIC: 1, POISON: 0}",
            "{STRESS: 2, INJURY: 0, PANIC: 7, POISON: 0}",
        ),
    )  # 15 PANIC cards; the box has 14
    error = refused(files, core)
    assert any("PANIC" in p.message for p in error.problems)


@ruling("sheet-supply")
@pytest.mark.parametrize("tokens", [9, -3])
def test_encounter_tokens_beyond_the_box_are_refused(core, saves, tokens):
    files = edited(saves, ("path: combat, tokens: 2}", f"path: combat, tokens: {tokens}}}"))
    error = refused(files, core)
    assert any(p.field.startswith("encounters") for p in error.problems)


@ruling("sheet-hands")
def test_without_in_hands_weapons_are_held_ready_first_come_first(core, saves):
    """Rulebook: "Note all their Item cards in the appropriate field based on
    the number of available uses left on them": not where they lie."""
    table = restored(copy_sheet(PAPER, saves, "sunday"), core).table
    places = {
        slug: {h.slug: h.place for h in table.investigators[slug].items}
        for slug in ("ezra-marsh", "laszlo-varga")
    }
    assert places["ezra-marsh"] == {
        "hatchet": HAND,  # a one-handed weapon
        "storm-lantern": BACKPACK,  # not a weapon
        "bell-clapper": BACKPACK,
    }
    assert places["laszlo-varga"] == {
        "pocket-pistol": HAND,  # first come: one hand
        "flensing-spade": BACKPACK,  # two hands needed, one free
        "prayer-book": BACKPACK,
    }


@ruling("sheet-hands")
def test_in_hands_says_what_is_held(core, saves):
    files = edited(
        saves,
        ("    items: {pocket-pistol", "    in_hands: [flensing-spade]\n    items: {pocket-pistol"),
    )
    laszlo = restored(files, core).table.investigators["laszlo-varga"]
    assert {h.slug: h.place for h in laszlo.items} == {
        "pocket-pistol": BACKPACK,
        "flensing-spade": HAND,
        "prayer-book": BACKPACK,
    }
    three = edited(
        saves,
        (
            "    items: {pocket-pistol",
            "    in_hands: [flensing-spade, pocket-pistol]\n    items: {pocket-pistol",
        ),
        name="three-hands",
    )
    error = refused(three, core)
    assert any(
        p.field == "players.Laszlo Varga.in_hands" and p.line == 33 and "two hands" in p.message
        for p in error.problems
    )


LOW_WATER_PAPER = DATA / "low-water-paper.yaml"


@ruling("sheet-story-memory")
def test_a_player_standing_inside_a_card_has_the_inside_scene(core, saves):
    """A newcomer copied a Low Water sheet by hand with Arthur in The Railway
    Cutting: the menu there lost "Rest in the platelayers' hut" and "Put the
    handcar on the line", the options of what is met inside (its
    ``on_enter``, 103), and offered only what is seen of it from outside. To
    stand on a card is to have gone in: the inside's scene is the one shown,
    and its entering paragraph is not read again."""
    result = restored(copy_sheet(LOW_WATER_PAPER, saves, "marsh"), core)
    state, table = result.book.state, result.table
    assert state.scenes["railway-cutting"] == 103
    assert 103 in state.visited and "railway-cutting" in table.entered
    labels = [o.label for o in result.book.book.paragraphs[103].options]
    assert "Rest in the platelayers' hut" in labels
    # Elizabeth stands on the Fish Wharf: its inside (30) was gone into too.
    assert 30 in state.visited and "fish-wharf" in table.entered
    # The Old Mill has an inside (96) nobody stands on: seen from outside (170).
    assert state.scenes["old-mill"] == 170 and 96 not in state.visited
