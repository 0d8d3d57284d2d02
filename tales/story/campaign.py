"""Between two scenarios of a campaign: the items carried over, the
interlude, and what the next scenario starts from.

Rulebook: "Each Player may choose 1 Item card to carry over into the next
campaign scenario. The chosen Item regains all of its starting Item use
tokens." -- "The most dedicated players can even exceed 100% exploration by
carrying over their achievements from one scenario to the next."
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from tales.rules.decisions import Decision, DecisionKind, Proc
from tales.rules.items import ItemCard
from tales.rules.options import Option
from tales.rules.scoring import carry_over, exploration_points
from tales.rules.table import Table
from tales.story.interlude import play_interlude
from tales.story.interpreter import Book
from tales.story.model import Tale
from tales.story.options import CarryItem, CarryNothing
from tales.story.state import StoryState


@dataclass
class CampaignState:
    """What a campaign carries from one scenario into the next."""

    log: dict[str, dict[str, bool]] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict)
    carried: dict[str, str] = field(default_factory=dict)  # investigator -> item
    points: int = 0  # exploration points carried in (ruling ``exploration-carry``)
    continues: bool = True  # False: a scenario started on its own


@dataclass(frozen=True, slots=True)
class NextScenario:
    """Where a campaign goes on: the scenario, its seed and what it carries."""

    scenario: str
    after: str
    seed: int
    campaign: CampaignState


def standalone_campaign(tale: Tale, scenario: str) -> CampaignState:
    """A scenario started on its own: its standalone preset's log and counters."""
    preset = tale.standalone.get(scenario, {})
    counters, log = preset.get("counters"), preset.get("log")
    return CampaignState(
        log={str(s): {str(e): False for e in entries or ()} for s, entries in log.items()}
        if isinstance(log, dict)
        else {},
        # Declared starts, then what the preset says.
        counters={**tale.counter_starts, **{str(k): int(v) for k, v in counters.items()}}
        if isinstance(counters, dict)
        else dict(tale.counter_starts),
        continues=False,
    )


def item_cards(core_items: Mapping[str, ItemCard], tale: Tale) -> dict[str, ItemCard]:
    """Every Item card a campaign can carry: the box's and every scenario's."""
    cards = dict(core_items)
    for book in tale.scenarios.values():
        cards.update(book.scenario.items)
    return cards


def following(tale: Tale, scenario: str) -> str | None:
    """The scenario played after ``scenario``, or None after the last."""
    order = list(tale.scenarios)
    index = order.index(scenario)
    return order[index + 1] if index + 1 < len(order) else None


def between_scenarios(
    table: Table, book: Book, tale: Tale, scenario: str, seed: int, came_in: CampaignState
) -> Proc[NextScenario | None]:
    """After a scenario of a campaign: each living player picks an item to
    carry, the interlude is read, and the next scenario is set."""
    after = following(tale, scenario)
    if after is None or not table.players():
        return None
    picks: dict[str, str] = {}
    for inv in table.players():
        # A character's own starting item comes back at every setup anyway.
        names = {h.slug: h.card.name for h in inv.items if h.slug != inv.sheet.starting_item}
        if not names:
            continue
        options: list[Option] = [
            CarryItem(slug, label=f"Carry {name}") for slug, name in names.items()
        ]
        options.append(CarryNothing(label="Carry nothing"))
        choice = yield Decision(
            inv.slug,
            DecisionKind.CARRY_OVER,
            f"{inv.name}: carry one item into the next scenario? It regains all its uses.",
            tuple(options),
        )
        if isinstance(choice, CarryItem):
            picks[inv.slug] = choice.item
    carried = carry_over(table, picks)
    for interlude in tale.interludes.values():
        if interlude.after == scenario:
            # The campaign's log and counters, but paragraphs read of its own:
            # an interlude's numbers may repeat the scenario's.
            memory = StoryState(log=book.state.log, counters=book.state.counters)
            yield from play_interlude(interlude, memory, table.sink)
    assert table.scenario is not None
    full = table.scenario.exploration.full
    surplus = max(0, exploration_points(table) + came_in.points - full)
    if not table.rulings.flag("exploration-carry"):
        surplus = 0  # every scenario is rated on its own
    return NextScenario(
        after,
        scenario,
        random.Random(seed).randrange(1_000_000),
        CampaignState(
            {section: dict(entries) for section, entries in book.state.log.items()},
            dict(book.state.counters),
            {slug: card.slug for slug, card in carried.items()},
            surplus,
        ),
    )
