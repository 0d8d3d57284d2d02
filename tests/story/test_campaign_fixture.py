"""The Done-means fixture of issue 14 (tests/data/campaign-tale) uses every
construct of the issue that is built: this test fails when one is dropped.
(Map barriers, vehicles, per-investigator state and area token effects are
added by their own branch: the fixture marks their place "Reserved".)"""

from __future__ import annotations

from collections.abc import Iterator

from tales.story.model import Effect, Paragraph, Tale
from tests.story.campaign_tale import CAMPAIGN, campaign_tale


def _paragraphs(tale: Tale) -> Iterator[Paragraph]:
    for book in tale.scenarios.values():
        yield from book.paragraphs.values()
    for interlude in tale.interludes.values():
        yield from interlude.paragraphs.values()


def _effects(paragraph: Paragraph) -> Iterator[Effect]:
    yield from (*paragraph.effects, *paragraph.first_time)
    for choice in paragraph.choices:
        yield from choice.outcome.effects
    for option in paragraph.options:
        for outcome in (option.success, option.failure):
            yield from outcome.effects if outcome else ()


def _sources(paragraph: Paragraph) -> Iterator[str]:
    yield paragraph.text
    yield from (b.condition for b in paragraph.branches)
    yield from (c.condition for c in paragraph.choices if c.condition)
    yield from (o.condition for o in paragraph.options if o.condition)
    yield from (e.condition for e in _effects(paragraph) if e.condition)
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
        assert "# Reserved (lang-map)" in text
