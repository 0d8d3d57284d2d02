"""Setting up the table: investigators at their maxima, decks shuffled."""

from __future__ import annotations

import functools
import operator
import random
from collections.abc import Callable, Mapping, Sequence

from tales.errors import RulesError
from tales.rules.activities import gain_item
from tales.rules.cards import Card
from tales.rules.copying import Copy, NotPlanned, planned_copy
from tales.rules.dice import DiceSet
from tales.rules.events import Moved
from tales.rules.investigators import Investigator, InvestigatorSheet
from tales.rules.items import ItemCard
from tales.rules.rulings import Rulings
from tales.rules.scenario import Scenario
from tales.rules.supply import Supply, SupplyCounts
from tales.rules.table import Table
from tales.rules.terms import and_list

TEAM_SIZE = 4  # "there will always be four Investigators in play"


def new_table(
    players: Sequence[InvestigatorSheet],
    companions: Sequence[InvestigatorSheet],
    *,
    dice: DiceSet,
    supply: SupplyCounts,
    seed: int,
    rulings: Rulings,
) -> Table:
    """A table ready for the first round. Every deck is shuffled from the one
    seeded stream, in seating order; a solo player gets a Heroism card."""
    table = _seated(players, companions, dice=dice, supply=supply, rulings=rulings)
    deal(table, seed)
    return table


def _seated(
    players: Sequence[InvestigatorSheet],
    companions: Sequence[InvestigatorSheet],
    *,
    dice: DiceSet,
    supply: SupplyCounts,
    rulings: Rulings,
) -> Table:
    """The team at the table, decks in their printed order, nothing drawn
    from the seeded stream yet (:func:`deal` does that)."""
    if not 1 <= len(players) <= TEAM_SIZE:
        raise RulesError(f"Miskatonic Tales is played by 1 to 4 players, not {len(players)}")
    if len(players) + len(companions) > TEAM_SIZE:
        raise RulesError(
            f"the team has {TEAM_SIZE} investigators; {len(players)} players leave room "
            f"for {TEAM_SIZE - len(players)} companions, not {len(companions)}"
        )
    names = [s.name for s in [*players, *companions]]
    doubled = sorted({n for n in names if names.count(n) > 1})
    if doubled:
        raise RulesError(f"each investigator plays once; {and_list(doubled)} chosen twice")
    pool = Supply.full(supply)
    table = Table({}, pool, dice, random.Random(0), rulings)  # deal() gives the game's own
    for sheet in players:
        table.investigators[sheet.slug] = Investigator.fresh(sheet)
    for sheet in companions:
        table.investigators[sheet.slug] = Investigator.fresh(sheet, companion=True)
    if len(players) == 1:
        heroism = pool.take_heroism_card()
        if heroism is not None:
            table.investigators[players[0].slug].deck.append(heroism)
    return table


def deal(table: Table, seed: int) -> None:
    """What a table's seed decides at setup: its random stream, and every
    player's deck shuffled from it, in seating order. Nothing else laid out
    at setup draws from the stream, so it may be dealt last."""
    table.seed = seed
    table.rng = rng = random.Random(seed)
    for inv in table.players():
        shuffle_deck(rng, inv.deck)


def shuffle_deck(rng: random.Random, deck: list[Card]) -> None:
    """``rng.shuffle(deck)``: the same permutation from the same draws, the
    loop of CPython's ``Random.shuffle`` and ``_randbelow_with_getrandbits``
    (unchanged since 3.2) written out with ``getrandbits`` bound once. Four
    decks are shuffled for every new game, and the two method calls per card
    were a third of setting one up. A generator of another class (one that
    draws otherwise) shuffles by its own method. tests/rules/test_shuffle_deck.py
    checks the two agree, cards and the generator's state after."""
    if type(rng) is not random.Random:
        rng.shuffle(deck)
        return
    getrandbits = rng.getrandbits
    for i, below, bits in _draws(len(deck)):
        j = getrandbits(bits)
        while j >= below:  # rejected: drawn again, as _randbelow does
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]


@functools.lru_cache(maxsize=64)
def _draws(size: int) -> tuple[tuple[int, int, int], ...]:
    """Each swap of a shuffle of ``size`` cards: the place, the bound of its
    draw and the bits drawn for it (``_randbelow``'s ``k``), worked out once."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, size)))


def new_game(
    sheets: Mapping[str, InvestigatorSheet],
    items: Mapping[str, ItemCard],
    scenario: Scenario,
    *,
    players: Sequence[str],
    companions: Sequence[str],
    difficulty: str,
    dice: DiceSet,
    supply: SupplyCounts,
    seed: int,
    rulings: Rulings,
) -> Table:
    """A scenario ready for its first round: "Regardless of the number of
    players, there will always be four Investigators in play"; players stand
    on the starting location with their starting items; the time marker
    "on the space that matches the selected difficulty level".

    Everything but the seed's part is laid out once per team, scenario and
    box (:class:`Template`) and copied for each game: a walk of a branching
    tale is a new game, and laying one out was half of its cost."""
    _check(sheets, scenario, players, companions, difficulty)
    chosen = [sheets[p] for p in players]
    kept = (
        scenario,
        dice,
        supply,
        rulings.rulings,
        *chosen,
        *[sheets[c] for c in companions],
        *[items.get(sheet.starting_item) for sheet in chosen],
    )
    key = (len(players), difficulty, tuple(rulings.overrides.items()), *map(id, kept))
    template = _TEMPLATES.get(key)
    if template is None or not all(map(operator.is_, template.kept, kept)):
        lay = functools.partial(
            lay_out,
            sheets,
            items,
            scenario,
            players=tuple(players),
            companions=tuple(companions),
            difficulty=difficulty,
            dice=dice,
            supply=supply,
            rulings=rulings,
        )
        if len(_TEMPLATES) >= 64:  # tests and sweeps set up many teams
            _TEMPLATES.clear()
        template = _TEMPLATES[key] = Template(lay, kept)
    return template.table_for(seed, rulings)


def lay_out(
    sheets: Mapping[str, InvestigatorSheet],
    items: Mapping[str, ItemCard],
    scenario: Scenario,
    *,
    players: Sequence[str],
    companions: Sequence[str],
    difficulty: str,
    dice: DiceSet,
    supply: SupplyCounts,
    rulings: Rulings,
) -> Table:
    """:func:`new_game`'s table before its seed is dealt (:func:`deal`),
    laid out from scratch."""
    _check(sheets, scenario, players, companions, difficulty)
    table = _seated(
        [sheets[p] for p in players],
        [sheets[c] for c in companions],
        dice=dice,
        supply=supply,
        rulings=rulings,
    )
    table.scenario = scenario
    table.difficulty = difficulty
    table.time = scenario.board.start[difficulty]
    table.revealed = {scenario.start, *scenario.revealed}
    for inv in table.players():
        inv.location = scenario.start
        table.emit(Moved(inv.slug, None, scenario.start, "setup"))
        starting = items.get(inv.sheet.starting_item)
        if starting is not None:
            gain_item(table, inv, starting)
    return table


def _check(
    sheets: Mapping[str, InvestigatorSheet],
    scenario: Scenario,
    players: Sequence[str],
    companions: Sequence[str],
    difficulty: str,
) -> None:
    if not 1 <= len(players) <= TEAM_SIZE:
        raise RulesError(f"Miskatonic Tales is played by 1 to 4 players, not {len(players)}")
    unknown = sorted((set(players) | set(companions)) - set(sheets))
    if unknown:
        raise RulesError(f"no investigator named {unknown[0]!r}; there are {', '.join(sheets)}")
    if len(players) + len(companions) != TEAM_SIZE:
        raise RulesError(
            f"the team is always {TEAM_SIZE} investigators: {_count(len(players), 'player')} "
            f"{'needs' if len(players) == 1 else 'need'} "
            f"{_count(TEAM_SIZE - len(players), 'companion')}, not {len(companions)}"
        )
    if difficulty not in scenario.board.start:
        levels = ", ".join(scenario.board.start)
        raise RulesError(f"{scenario.title} has no {difficulty!r} difficulty; choose {levels}")


class Template:
    """A table laid out (:func:`lay_out`) and never played: each game gets a
    copy sharing nothing it may change (:func:`tales.rules.copying.planned_copy`),
    then its own rulings and seed. Planned at a team's second game (a game
    set up once is laid out as ever: a plan costs more than one layout);
    where no plan may be made (a table holding what a planned copy
    refuses), each game is laid out from scratch."""

    __slots__ = ("copy", "games", "kept", "laid", "lay")

    def __init__(self, lay: Callable[[], Table], kept: tuple[object, ...]) -> None:
        self.lay = lay  # the layout from scratch
        # What it was laid out from, kept so that the ids in its key are never another's.
        self.kept = kept
        self.games = 0
        self.laid: Table | None = None  # the template itself, once planned
        self.copy: Copy | None = None

    def table_for(self, seed: int, rulings: Rulings) -> Table:
        """A game's table: a copy of the template (or a new layout), with its
        rulings and its seed dealt."""
        if self.games == 1:  # a second game of this team: worth a plan
            self._plan()
        self.games += 1
        table: Table = self.copy(self.laid) if self.copy is not None else self.lay()
        table.rulings = rulings
        deal(table, seed)
        return table

    def _plan(self) -> None:
        laid = self.lay()
        try:
            self.copy = planned_copy(laid, shared=(laid.rng,))  # each game is dealt its own
        except NotPlanned:
            return  # each game laid out from scratch
        self.laid = laid


# Templates by what they were laid out from (Template.kept: the scenario, the
# box's dice and supply, the rulings' texts, the sheets, the starting items),
# with the team's size, the difficulty and the house rules.
_TEMPLATES: dict[tuple[object, ...], Template] = {}


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def revealed_in_reading_order(table: Table) -> list[str]:
    """The cards revealed at setup, in the order their scenes are read: the
    one the team stands on first, then the others as the setup lists them
    (not by name: Gannet Light's team read three other cards before the
    wharf it stood on)."""
    listed = [table.scenario.start, *table.scenario.revealed] if table.scenario else []
    listed += sorted(table.revealed - set(listed))
    return [slug for slug in dict.fromkeys(listed) if slug in table.revealed]
