"""Between two scenarios of a campaign: the items carried over, the
interlude, and what the next scenario starts from.

Rulebook: "Each Player may choose 1 Item card to carry over into the next
campaign scenario. The chosen Item regains all of its starting Item use
tokens." -- "The most dedicated players can even exceed 100% exploration by
carrying over their achievements from one scenario to the next."
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tales.rules.activities import gain_item, lose_item
from tales.rules.decisions import Decision, DecisionKind, Proc
from tales.rules.events import NothingToCarry
from tales.rules.investigators import Investigator
from tales.rules.items import ItemCard
from tales.rules.options import Option
from tales.rules.scoring import carry_over, exploration_points
from tales.rules.table import Table
from tales.story.campaign_shape import after_of, epilogues, read_interludes
from tales.story.interpreter import Book
from tales.story.model import Tale
from tales.story.options import CarryItem, CarryNothing


@dataclass
class CampaignState:
    """What a campaign carries from one scenario into the next."""

    log: dict[str, dict[str, bool]] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict)
    carried: dict[str, str] = field(default_factory=dict)  # investigator -> item
    points: int = 0  # exploration points carried in (ruling ``exploration-carry``)
    continues: bool = True  # False: a scenario started on its own
    # Investigators dead in the campaign's earlier scenarios: "permanently
    # removed from the game", they never come back (ruling ``dead-replaced``).
    fallen: tuple[str, ...] = ()
    # The carried cards themselves, by carrier: a later scenario may print
    # another item under the same slug, and the carried card stays its own.
    cards: dict[str, ItemCard] = field(default_factory=dict, compare=False)
    # Shuffled sets, in the order the seed drew them (``shuffle``).
    shuffles: dict[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class NextScenario:
    """Where a campaign goes on: the scenario, its seed and what it carries."""

    scenario: str
    after: str
    seed: int
    campaign: CampaignState
    # The next scenario's team: the dead replaced (ruling ``dead-replaced``).
    players: tuple[str, ...] = ()
    companions: tuple[str, ...] = ()


def standalone_campaign(tale: Tale, scenario: str, seed: int = 0) -> CampaignState:
    """A scenario started on its own: its standalone preset's log and
    counters; of a ``random:`` list of presets, the one the game's seed draws
    (the same seed, the same preset: a replay or a loaded setup draws it again)."""
    preset = tale.standalone.get(scenario, {})
    choices = preset.get("random")
    if isinstance(choices, list) and choices:
        # A stream of its own: the table's shuffles stay as they were.
        drawn = choices[random.Random(f"standalone {scenario} {seed}").randrange(len(choices))]
        preset = drawn if isinstance(drawn, dict) else {}
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


def item_cards(
    core_items: Mapping[str, ItemCard], tale: Tale, upto: str | None = None
) -> dict[str, ItemCard]:
    """Every Item card a campaign can carry: the box's and each scenario's
    played up to ``upto`` (all without it); of two cards under one slug, the
    later scenario's, the one the team last held."""
    cards = dict(core_items)
    for slug, book in tale.scenarios.items():
        cards.update(book.scenario.items)
        if slug == upto:
            break
    return cards


def played_before(tale: Tale, scenario: str) -> str | None:
    """The scenario played just before ``scenario``, or None for the first."""
    order = list(tale.scenarios)
    index = order.index(scenario)
    return order[index - 1] if index > 0 else None


def following(tale: Tale, scenario: str) -> str | None:
    """The scenario played after ``scenario``, or None after the last."""
    order = list(tale.scenarios)
    index = order.index(scenario)
    return order[index + 1] if index + 1 < len(order) else None


def between_scenarios(
    table: Table,
    book: Book,
    tale: Tale,
    scenario: str,
    seed: int,
    came_in: CampaignState,
    roster: Sequence[str] = (),
) -> Proc[NextScenario | None]:
    """After a scenario of a campaign: each living player picks an item to
    carry, the interlude is read, and the next scenario is set, the dead
    replaced from ``roster`` (every investigator in the box, in its order)."""
    after = following(tale, scenario)
    if book.state.lost or (not table.players() and book.book.on_defeat is None):
        return None  # the campaign is lost, or ends with its team
    if after is None:  # the last scenario: the epilogue, and the campaign is over
        yield from read_interludes(epilogues(tale), book.state, table.sink)
        return None
    fallen = (*came_in.fallen, *(i.slug for i in table.investigators.values() if i.dead))
    team = next_team(table, roster, fallen)
    if team is None:
        return None  # no one is left to take a fallen investigator's seat
    picks: dict[str, str] = {}
    for inv in table.players():
        pick = yield from _carry_choice(table, inv)
        if pick is not None:
            picks[inv.slug] = pick
    carried = carry_over(table, picks)
    yield from read_interludes(after_of(tale, scenario), book.state, table.sink)
    if book.state.lost:  # an interlude may lose the campaign too
        return None
    assert table.scenario is not None
    full = table.scenario.exploration.full
    surplus = max(0, exploration_points(table) + came_in.points - full)
    if not table.rulings.flag("exploration-carry"):
        surplus = 0  # every scenario is rated on its own
    campaign = CampaignState(
        {section: dict(entries) for section, entries in book.state.log.items()},
        dict(book.state.counters),
        {slug: card.slug for slug, card in carried.items()},
        surplus,
        fallen=fallen,
        cards=carried,
        shuffles=dict(book.state.shuffles),
    )
    seed_next = random.Random(seed).randrange(1_000_000)
    return NextScenario(after, scenario, seed_next, campaign, *team)


def _carry_choice(table: Table, inv: Investigator) -> Proc[str | None]:
    """Ask ``inv`` which item to carry over. Their own Starting Item is not
    among the choices: every setup deals it again with all its uses (ruling
    ``carried-starting-item``), so a player holding nothing else is not
    asked, and the table is told why."""
    own = inv.item(inv.sheet.starting_item) if inv.sheet.starting_item else None
    names = {h.slug: h.card.name for h in inv.items if h is not own}
    if not names:
        table.emit(NothingToCarry(inv.slug, own.slug if own is not None else None))
        return None
    options: list[Option] = [CarryItem(slug, label=f"Carry {name}") for slug, name in names.items()]
    options.append(CarryNothing(label="Carry nothing"))
    comes_back = (
        f" {own.card.name}, {inv.name}'s Starting Item, comes back at the next setup anyway."
        if own is not None
        else ""
    )
    choice = yield Decision(
        inv.slug,
        DecisionKind.CARRY_OVER,
        f"{inv.name}: carry one item into the next scenario? It regains all its uses.{comes_back}",
        tuple(options),
    )
    return choice.item if isinstance(choice, CarryItem) else None


def next_team(
    table: Table, roster: Sequence[str], fallen: Sequence[str]
) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The next scenario's players and Companions. "Permanently removed from
    the game": a dead player's seat goes to the first investigator of the box
    who is neither in the team nor fallen earlier (ruling ``dead-replaced``),
    so the team stays four; None when the box has no one left."""
    team = set(table.investigators)
    fresh = [slug for slug in roster if slug not in team and slug not in fallen]
    players: list[str] = []
    for inv in table.investigators.values():
        if inv.companion:
            continue
        if not inv.dead:
            players.append(inv.slug)
        elif fresh:
            players.append(fresh.pop(0))
        else:
            return None
    return tuple(players), tuple(i.slug for i in table.companions())


def deal_carried(table: Table, carried: Mapping[str, ItemCard]) -> None:
    """Each carried item to its carrier, with all its uses. There is one card
    of an item: another investigator's Starting Item carried in leaves its
    owner's setup (ruling ``carried-starting-item``)."""
    for slug, card in carried.items():
        inv = table.investigators.get(slug)
        if inv is None or not inv.active:
            continue
        for other in table.investigators.values():
            if other is not inv and other.item(card.slug) is not None:
                lose_item(table, other, card.slug)
        if inv.item(card.slug) is None:
            gain_item(table, inv, card)
