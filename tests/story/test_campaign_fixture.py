"""The Done-means fixture of issue 14 (tests/data/campaign-tale) uses every
construct of the issue, the map's too (barriers, routes, vehicles,
per-investigator marks, for_each, prisoners, the Group and Investigation
tokens): these tests fail when one is dropped, or is written but never
played."""

from __future__ import annotations

from collections.abc import Iterator

from tales.authoring.campaign_report import simulate_campaign
from tales.rules.activities import move_targets
from tales.rules.paths import in_play
from tales.story.campaign import CampaignState
from tales.story.effects.each import nested
from tales.story.game import start_game
from tales.story.model import Effect, Paragraph, Tale
from tests.story.campaign_tale import CAMPAIGN, TEAM, campaign_tale, setup
from tests.story.playing import story_ids, take_option, to_activity

EZRA, PHILIP = TEAM[0]


def _paragraphs(tale: Tale) -> Iterator[Paragraph]:
    for book in tale.scenarios.values():
        yield from book.paragraphs.values()
    for interlude in tale.interludes.values():
        yield from interlude.paragraphs.values()


def _effects(paragraph: Paragraph) -> Iterator[Effect]:
    listed = [*paragraph.effects, *paragraph.first_time]
    for choice in paragraph.choices:
        listed.extend(choice.outcome.effects)
    for option in paragraph.options:
        for outcome in (option.success, option.failure):
            listed.extend(outcome.effects if outcome else ())
    for effect in listed:
        yield from _with_nested(effect)


def _with_nested(effect: Effect) -> Iterator[Effect]:
    """The effect, and those a ``for_each`` applies as each one it falls on."""
    yield effect
    for inner in nested(effect.value, effect.where) if effect.kind == "for_each" else ():
        assert isinstance(inner, Effect), inner
        yield from _with_nested(inner)


def _sources(paragraph: Paragraph) -> Iterator[str]:
    yield paragraph.text
    yield from (b.condition for b in paragraph.branches)
    yield from (c.condition for c in paragraph.choices if c.condition)
    yield from (o.condition for o in paragraph.options if o.condition)
    yield from (e.condition for e in _effects(paragraph) if e.condition)
    for effect in _effects(paragraph):  # who a for_each falls on
        if effect.kind == "for_each" and isinstance(effect.value, dict):
            yield str(effect.value.get("if", ""))
    for effect in _effects(paragraph):  # expressions set into counters
        if effect.kind == "set_counter" and isinstance(effect.value, dict):
            yield from (v for v in effect.value.values() if isinstance(v, str))


def test_the_fixture_has_three_scenarios_two_interludes_a_prologue_and_an_epilogue() -> None:
    tale = campaign_tale()
    assert len(tale.scenarios) >= 3
    between = [i for i in tale.interludes.values() if i.after]
    assert len(between) >= 2
    assert [i.before for i in tale.interludes.values() if i.before] == ["harbour"]
    assert sum(i.epilogue for i in tale.interludes.values()) == 1


def test_the_fixture_uses_every_construct_of_issue_14() -> None:
    tale = campaign_tale()
    paragraphs = list(_paragraphs(tale))
    effects = [e for p in paragraphs for e in _effects(p)]
    kinds = {e.kind for e in effects}
    assert {
        "pick", "shuffle", "lose_campaign", "remove_item", "set_counter", "cross_out",
        "location_token", "encounter", "log", "counter",
    } <= kinds  # fmt: skip
    assert any(e.condition for e in effects), "if: on an effect"
    assert any(
        isinstance(e.value, dict) and "at" in e.value for e in effects if e.kind == "encounter"
    )
    assert any(e.who not in ("actor", "here", "all") for e in effects), "who: {investigator}"
    words = {"position", "crossed_out", "entries", "playing", "log", "counter"}
    asked = {
        word for p in paragraphs for source in _sources(p) for word in words if word + "(" in source
    }
    assert asked == words
    assert any(p.branches for p in paragraphs), "a conditional goto"
    assert any(p.choices and p.goto is not None for p in paragraphs), "choices plus goto"
    tests = [o.test for p in paragraphs for o in p.options if o.test]
    assert any(t.harden for t in tests) and any(t.ease for t in tests)
    books = tale.scenarios.values()
    assert any(b.on_defeat for b in books) and any(b.token_limits for b in books)
    assert any(b.lone_choice for b in books), "lone_choice: take"
    items = [c for b in books for c in b.scenario.items.values()]
    assert any(c.bound for c in items), "items bound to each other"
    slugs = [c.slug for c in items]
    assert slugs.count("silver-key") == 3, "one slug, a card in each scenario"
    assert any("random" in p for p in tale.standalone.values()), "a random standalone preset"
    assert tale.counter_starts, "counters that start from declared values"
    assert tale.log_entries["culprit"], "declared entries"
    interlude_numbers = {n for i in tale.interludes.values() for n in i.paragraphs}
    assert interlude_numbers & set(tale.scenarios["harbour"].paragraphs), "repeated numbers"
    for book_folder in ("harbour", "archive", "reef"):
        text = (CAMPAIGN / book_folder / "scenario.yaml").read_text(encoding="utf-8")
        assert "Reserved" not in text, "the map constructs have their place filled"


MAP_EFFECTS = {
    "barrier", "remove_barrier", "board", "leave_vehicle", "drive", "mark", "for_each",
    "free_prisoner", "leave_prisoner", "prisoner_fate", "place_investigation",
    "take_investigation", "hide_group", "show_group", "move_group",
}  # fmt: skip
MAP_WORDS = {
    "mark", "barriers", "riding", "driving", "vehicle_at", "seats_free", "prisoner",
    "prisoner_at", "escorted", "escorting",
}  # fmt: skip
MAP_VALUES = {"investigators", "investigation_tokens", "group_at", "group_hidden"}


def test_the_fixture_uses_every_map_construct_of_issue_14() -> None:
    tale = campaign_tale()
    paragraphs = list(_paragraphs(tale))
    effects = [e for p in paragraphs for e in _effects(p)]
    assert {e.kind for e in effects} >= MAP_EFFECTS
    each = [e.value for e in effects if e.kind == "for_each" and isinstance(e.value, dict)]
    assert {"who", "at", "if"} <= {key for value in each for key in value}, "for_each who/at/if"
    named = [e for e in effects if e.kind == "mark" and e.who not in ("actor", "here", "all")]
    assert named, "a mark for a named investigator"
    sources = [s for p in paragraphs for s in _sources(p)]
    assert {w for w in MAP_WORDS for s in sources if w + "(" in s} == MAP_WORDS
    assert {w for w in MAP_VALUES for s in sources if w in s} == MAP_VALUES
    assert any(o.once_a_round for p in paragraphs for o in p.options), "once_a_round"
    scenarios = [b.scenario for b in tale.scenarios.values()]
    places = [place for s in scenarios for place in s.locations.values()]
    assert any(p.by_vehicle for p in places) and any(p.by_story for p in places)
    assert any(p.only_with for p in places), "a card left out below a player count"
    assert any(s.barriers for s in scenarios), "barriers laid at the start"
    assert any(b.count > 1 for s in scenarios for b in s.barriers), "a count of barriers"
    assert any(v.seats for s in scenarios for v in s.vehicles.values()), "a vehicle with seats"
    assert any(s.prisoners for s in scenarios) and any(s.group for s in scenarios)
    assert any(s.investigation_tokens for s in scenarios)


def test_every_paragraph_of_the_fixture_is_played_but_the_deaths() -> None:
    """Nothing faked: the bots read every paragraph that holds a map construct
    (only the two death paragraphs no bot's investigator reaches are left)."""
    # 300 runs: at 120 reef:24 (a prisoner left behind, taken on again) hung on
    # the bots' option lists staying exactly as they were (seeds 4, 5, 6 reach it).
    data = simulate_campaign(CAMPAIGN, runs=300, seed=4, policy="both").as_json()
    assert data["crashes"] == 0 and data["dead_ends"] == []
    assert set(data["unreached"]) <= {"harbour:31", "reef:31"}, data["unreached"]
    assert data["interludes_unreached"] == []


def test_the_harbour_boat_seats_two_fishes_once_a_round_and_rows_out(core) -> None:
    tale = campaign_tale()
    key = tale.scenarios["harbour"].scenario.items["silver-key"]
    carried = CampaignState(carried={EZRA: "silver-key"}, cards={EZRA: key})
    game = start_game(core, tale, setup("harbour"), carried)
    to_activity(game)
    table = game.table
    assert table.barriers == {("boathouse", "quay"): 1}, "the boathouse door is chained"
    take_option(game, EZRA, 10, 1)  # Get into the boat
    take_option(game, PHILIP, 10, 1)
    boat = table.vehicles["boat"]
    assert boat.aboard == [EZRA, PHILIP] and boat.driver == EZRA
    assert move_targets(table, table.investigator(PHILIP)) == [], "it cannot move independently"
    take_option(game, PHILIP, 10, 2)  # Fish from the boat
    assert f"story:{EZRA}:10:2" not in story_ids(game), "once a round, whoever took it"
    take_option(game, EZRA, 10, 4)  # Take the boat out
    assert boat.at == "breakwater" and table.investigator(PHILIP).location == "breakwater"
    assert table.ended is not None


def test_the_archives_locked_floor_opens_bolt_by_bolt_and_the_dust_marks_each(core) -> None:
    game = start_game(core, campaign_tale(), setup("archive"), CampaignState())
    to_activity(game)
    table = game.table
    assert not in_play(table, "gallery"), "two players: the gallery stays in the box"
    for inv in table.players():
        inv.location = "stacks"
    assert table.group is not None
    table.group.at = "stacks"
    ezra = table.investigator(EZRA)
    for bolts_left in (2, 1):
        assert "lower-stacks" not in move_targets(table, ezra), f"{bolts_left} bolts left"
        take_option(game, EZRA, 20, 1)  # Draw a bolt of the locked floor
    assert "lower-stacks" in move_targets(table, ezra)
    for inv in table.players():
        inv.location = "lower-stacks"
    take_option(game, EZRA, 50, 0)  # Lay an Investigation token in the dust
    assert table.location_tokens["lower-stacks"]["investigation"] == 1
    take_option(game, EZRA, 50, 1)  # Sift the dust where the token lies
    assert table.marks == {EZRA: {"dust": 1}, PHILIP: {"dust": 1}}, "each one down here"
